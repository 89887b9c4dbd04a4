/**
 * The manifest of the folder `npm run ai:data` writes (manifest.json) and its README.md: per set, what the
 * text is, the Debian packages it was read from (name, version, copyright file, the files read), its licence,
 * and how many passages and words it holds per language.
 */
import type { CutOptions } from './text.ts';

export interface PackageProvenance {
  readonly name: string;
  readonly version: string;
  /** `text`: the package whose text is in the set; `tool`: a program that read it. */
  readonly role: 'text' | 'tool';
  readonly copyright: { readonly path: string; readonly licenses: readonly string[] | null } | null;
  /** The files read, for a text package. */
  readonly files: readonly string[];
  readonly what?: string;
}

export interface LanguageCounts {
  readonly passages: number;
  readonly words: number;
  readonly domains: Readonly<Record<string, number>>;
}

export interface SetManifest {
  readonly name: string;
  readonly file: string;
  readonly description: string;
  readonly licence: string;
  readonly languages: Readonly<Record<string, LanguageCounts>>;
  readonly packages: readonly PackageProvenance[];
  /** Packages that were missing, with the inputs of the set that were skipped for want of them. */
  readonly skipped: readonly { readonly package: string; readonly what: string }[];
  /** Passages cut but not kept: a copy of an earlier one, not in the set's language, beyond the cap. */
  readonly dropped: { readonly duplicate: number; readonly otherLanguage: number; readonly overCap: number };
}

export interface Manifest {
  readonly format: 'veritext-ai-data-local/1';
  readonly rowFormat: string;
  readonly cut: CutOptions & { readonly capPerLanguage: number; readonly seed: number };
  readonly sets: readonly SetManifest[];
}

const fmt = (n: number): string => n.toLocaleString('en-GB');

/** Passages and words per set and language, with totals per language, as a Markdown table. */
export function summaryTable(sets: readonly SetManifest[]): string {
  const lines = ['| set | lang | passages | words |', '|---|---|---:|---:|'];
  const totals = new Map<string, { passages: number; words: number }>();
  for (const set of sets) {
    for (const [lang, counts] of Object.entries(set.languages).sort()) {
      lines.push(`| ${set.name} | ${lang} | ${fmt(counts.passages)} | ${fmt(counts.words)} |`);
      const total = totals.get(lang) ?? { passages: 0, words: 0 };
      total.passages += counts.passages;
      total.words += counts.words;
      totals.set(lang, total);
    }
  }
  for (const [lang, total] of [...totals].sort()) {
    lines.push(`| **all** | ${lang} | ${fmt(total.passages)} | ${fmt(total.words)} |`);
  }
  return lines.join('\n');
}

/** The folder's README: how it was made, the table, and per set its text, licence and packages. */
export function readme(manifest: Manifest): string {
  const { cut } = manifest;
  const out = [
    '# Human-written text from Debian packages (built by `npm run ai:data`)',
    '',
    'Made by `packages/ai/cli/data.ts` from installed Debian packages; nothing else was downloaded. Not committed:',
    'rebuild it with `npm run ai:data` (as root it installs the packages it needs with apt-get). Every row is',
    `human-written. Row format as in ../shared/data/ai: ${manifest.rowFormat}; \`source\` is the set name,`,
    '`id` is `<set>:<file>:<n>` (passages of one file share its middle part: split by it, not by row).',
    '',
    `Passages are runs of whole paragraphs of one file, ${cut.minWords}-${cut.maxWords} words (a length drawn per`,
    `passage; a file with less text gives one shorter passage), at least ${cut.minChars} characters, normalised as in`,
    '../shared/data/ai (NFC, LF, no BOM, collapsed spaces). Only prose is kept: headings, code, tables, lists of',
    "options and boilerplate are left out. A passage that the detector's language check does not read as its",
    'language is dropped, and so is a copy of a passage kept before (same text ignoring case and punctuation, in',
    `this folder's set order). At most ${fmt(cut.capPerLanguage)} passages per set and language are kept, chosen by a hash of the id`,
    `(seed ${cut.seed}), so a rebuild from the same package versions gives the same files.`,
    '',
    '## Passages and words',
    '',
    summaryTable(manifest.sets),
    '',
    '## Sets',
  ];
  for (const set of manifest.sets) {
    out.push('', `### \`${set.file}\``, '', set.description, '', `- Licence: ${set.licence}`);
    const domains = Object.entries(set.languages)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([lang, c]) => Object.entries(c.domains).map(([d, n]) => `${lang}/${d}: ${fmt(n)}`))
      .join('; ');
    if (domains !== '') out.push(`- Domains: ${domains}`);
    for (const p of set.packages) {
      const licences = p.copyright?.licenses?.length
        ? ` (copyright file licences: ${p.copyright.licenses.join(', ')})`
        : '';
      const read =
        p.role === 'text' ? `, ${fmt(p.files.length)} file${p.files.length === 1 ? '' : 's'} read` : ', tool';
      out.push(`- \`${p.name}\` ${p.version}${read}${p.what === undefined ? '' : `: ${p.what}`}${licences}`);
    }
    for (const s of set.skipped) out.push(`- Skipped, \`${s.package}\` not installed: ${s.what}`);
    const d = set.dropped;
    out.push(
      `- Dropped: ${fmt(d.duplicate)} duplicates, ${fmt(d.otherLanguage)} in another language, ${fmt(d.overCap)} over the cap`,
    );
  }
  out.push('', 'The files read by each package are listed in manifest.json.', '');
  return out.join('\n');
}
