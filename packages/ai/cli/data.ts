/**
 * npm run ai:data -- [--out DIR] [--sets NAME,...] [--cap N] [--seed N] [--no-install]
 *
 * Builds sets of human-written English and Spanish text of the kinds the labelled data of ../shared/data/ai
 * lacks (religious, old, legal, reference and technical writing) from Debian packages, into an ignored folder
 * (default packages/ai/data-local): one JSONL file per set in the row format of ../shared/data/ai, all rows
 * `human`, plus manifest.json and README.md with each set's provenance (package versions, files read) and
 * licence. The sets are described in cli/data/sets.ts.
 *
 * Packages that are missing are installed with `apt-get install -y --no-install-recommends` when the
 * process is root (unless --no-install); otherwise the script names them and skips what needs them. It
 * fetches nothing else.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { countWords } from '@veritext/text';
import { identifyLanguage } from '../src/language.ts';
import { aptInstall, canInstall, copyrightInfo, installedVersion } from './data/debian.ts';
import { readme, summaryTable, type Manifest, type PackageProvenance, type SetManifest } from './data/manifest.ts';
import { SETS, fileContext, type SetSpec } from './data/sets.ts';
import { DEFAULT_CUT, cutPassages, dedupKey, normalise, sampleByHash } from './data/text.ts';

export const DEFAULT_OUT = resolve(import.meta.dirname, '../data-local');
const DEFAULT_CAP = 3000;
const DEFAULT_SEED = 20261123;

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] ? U[] : T[K] };

interface DataRow {
  readonly id: string;
  readonly text: string;
  readonly label: 'human';
  readonly lang: string;
  readonly source: string;
  readonly domain: string;
  readonly generator: null;
}

function neededPackages(sets: readonly SetSpec[]): string[] {
  return [...new Set(sets.flatMap((s) => s.inputs.flatMap((i) => [i.package, ...i.tools])))];
}

async function buildSet(
  set: SetSpec,
  seen: { readonly passages: Set<string>; readonly paragraphs: Set<string> },
  cap: number,
  seed: number,
): Promise<{ rows: DataRow[]; manifest: SetManifest }> {
  const rows: DataRow[] = [];
  const packages = new Map<string, Mutable<PackageProvenance>>();
  const skipped: { package: string; what: string }[] = [];
  const dropped = { duplicate: 0, otherLanguage: 0, overCap: 0 };
  for (const input of set.inputs) {
    const missing = [input.package, ...input.tools].filter((p) => installedVersion(p) === null);
    if (missing.length > 0) {
      for (const p of missing) skipped.push({ package: p, what: input.what });
      continue;
    }
    const started = Date.now();
    const other = input.lang === 'en' ? 'es' : 'en';
    const ctx = fileContext();
    const docs = await input.documents(ctx);
    let kept = 0;
    for (const doc of docs) {
      // A paragraph is kept once: boilerplate repeated across files (licence notes, translation credits) and
      // texts quoted whole (a licence as a manual's appendix) would otherwise recur. Verses may repeat.
      // Translations leave some paragraphs in the original language: a paragraph read as the other language
      // is dropped before cutting, so that a passage is not a mix.
      const paragraphs =
        doc.joiner === undefined
          ? doc.paragraphs.filter((p) => {
              const key = dedupKey(p);
              if (seen.paragraphs.has(key) || identifyLanguage(p).lang === other) return false;
              seen.paragraphs.add(key);
              return true;
            })
          : doc.paragraphs;
      const passages = cutPassages(`${set.name}:${doc.key}`, paragraphs, {
        ...DEFAULT_CUT,
        joiner: doc.joiner ?? '\n\n',
      });
      passages.forEach((raw, n) => {
        const text = normalise(raw);
        const key = dedupKey(text);
        if (seen.passages.has(key)) {
          dropped.duplicate++;
          return;
        }
        if (identifyLanguage(text).lang !== input.lang) {
          dropped.otherLanguage++;
          return;
        }
        seen.passages.add(key);
        kept++;
        rows.push({
          id: `${set.name}:${doc.key}:${n}`,
          text,
          label: 'human',
          lang: input.lang,
          source: set.name,
          domain: input.domain,
          generator: null,
        });
      });
    }
    for (const [name, role] of [[input.package, 'text'] as const, ...input.tools.map((t) => [t, 'tool'] as const)]) {
      const known = packages.get(name);
      if (known !== undefined) {
        if (role === 'text') {
          known.files.push(...ctx.files);
          known.what = `${known.what ?? ''}; ${input.what}`.replace(/^; /, '');
        }
        continue;
      }
      packages.set(name, {
        name,
        version: installedVersion(name) ?? 'unknown',
        role,
        copyright: role === 'text' ? copyrightInfo(name) : null,
        files: role === 'text' ? [...ctx.files] : [],
        ...(role === 'text' ? { what: input.what } : {}),
      });
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.error(
      `  ${set.name}/${input.lang} ${input.package}: ${docs.length} documents, ${kept} passages (${seconds} s)`,
    );
  }
  const capped: DataRow[] = [];
  for (const lang of ['en', 'es']) {
    const ofLang = rows.filter((r) => r.lang === lang);
    const sample = sampleByHash(ofLang, cap, seed);
    dropped.overCap += ofLang.length - sample.length;
    capped.push(...sample);
  }
  const languages: Record<string, { passages: number; words: number; domains: Record<string, number> }> = {};
  for (const row of capped) {
    const counts = (languages[row.lang] ??= { passages: 0, words: 0, domains: {} });
    counts.passages++;
    counts.words += countWords(row.text);
    counts.domains[row.domain] = (counts.domains[row.domain] ?? 0) + 1;
  }
  return {
    rows: capped,
    manifest: {
      name: set.name,
      file: `${set.name}.jsonl`,
      description: set.description,
      licence: set.licence,
      languages,
      packages: [...packages.values()],
      skipped,
      dropped,
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: DEFAULT_OUT },
      sets: { type: 'string' },
      cap: { type: 'string', default: String(DEFAULT_CAP) },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      'no-install': { type: 'boolean', default: false },
    },
  });
  const started = Date.now();
  const wanted = values.sets?.split(',').map((s) => s.trim());
  const unknown = wanted?.filter((name) => !SETS.some((s) => s.name === name)) ?? [];
  if (unknown.length > 0)
    throw new Error(`unknown set(s) ${unknown.join(', ')}; known: ${SETS.map((s) => s.name).join(', ')}`);
  const sets = SETS.filter((s) => wanted === undefined || wanted.includes(s.name));
  const cap = Number(values.cap);
  const seed = Number(values.seed);

  const missing = neededPackages(sets).filter((p) => installedVersion(p) === null);
  if (missing.length > 0) {
    if (!values['no-install'] && canInstall()) {
      console.error(`installing ${missing.join(' ')}`);
      if (!aptInstall(missing)) console.error('apt-get failed; the sets that need these packages are skipped');
    } else {
      console.error(
        `missing packages, skipped with what needs them; install with:\n  apt-get install -y --no-install-recommends ${missing.join(' ')}`,
      );
    }
  }

  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  // The folder holds what the manifest lists: a set not built this time leaves no stale file behind.
  for (const set of SETS) if (!sets.includes(set)) rmSync(resolve(out, `${set.name}.jsonl`), { force: true });
  const seen = { passages: new Set<string>(), paragraphs: new Set<string>() };
  const manifests: SetManifest[] = [];
  for (const set of sets) {
    console.error(`${set.name}:`);
    const { rows, manifest } = await buildSet(set, seen, cap, seed);
    writeFileSync(resolve(out, manifest.file), rows.map((r) => JSON.stringify(r) + '\n').join(''));
    manifests.push(manifest);
  }
  const manifest: Manifest = {
    format: 'veritext-ai-data-local/1',
    rowFormat: '{"id", "text", "label", "lang", "source", "domain", "generator"}',
    cut: { ...DEFAULT_CUT, capPerLanguage: cap, seed },
    sets: manifests,
  };
  writeFileSync(resolve(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  writeFileSync(resolve(out, 'README.md'), readme(manifest));
  console.log(summaryTable(manifests));
  console.log(`\nwritten to ${out} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

await main();
