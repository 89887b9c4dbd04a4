/**
 * The leave-one-source-out tables of `npm run bench:ai`: for each source of the committed model's training data in
 * turn, a model is trained without it (out of training and calibration alike: `ai:train --exclude SOURCE`, the
 * same seed and code), and every text of that source is scored by it. This is what an acceptance run on writing
 * the detector has never seen resembles: a source's texts meet thresholds that were set without any of its kind.
 *
 * Two readings of the same scores:
 * - **own thresholds**: each fold's model as trained (its genre shift set from its calibration side alone);
 * - **measured shift**: the rule the committed model follows. For every source with human texts, the genre shift
 *   that would have kept 99.5 % of them unflagged is measured (`needed`); the committed model's shift is the
 *   largest needed over the g sources of its language, scaled by (g + 1) / g (`measuredShift`, given to
 *   `ai:train --genre-shift`). A fold is read with the shift measured WITHOUT its own source (nested: the largest
 *   of the other sources' needs, scaled the same way), so no source helps set the line it is judged by.
 *
 * Folds are trained in child processes, `jobs` at a time, into `models` (a fold whose file is there already is
 * reused: the same code, data and seed make the same file); a source the committed model never trains on (all of
 * it held out, like argugpt) is scored by the committed model itself.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_MODEL_PATH, detectAi, modelFromFile, type Model, type ModelFile } from '@veritext/ai';
import { HELD_OUT_DOMAINS, type Row } from '../../packages/ai/cli/dataset.ts';

const TRAIN = resolve(import.meta.dirname, '../../packages/ai/cli/train.ts');
/** A source's human texts set a needed shift when it has at least this many in the language. */
const MIN_HUMAN = 20;
/** The share of a source's human texts the flag must leave alone. */
const KEEP = 0.995;

type Lang = 'en' | 'es';

export interface LosoOptions {
  readonly data: string;
  readonly local: string | null;
  readonly seed: number;
  /** The committed model's sources: each is left out in turn. */
  readonly sources: readonly string[];
  readonly rows: readonly Row[];
  readonly committed: Model;
  /** Where the fold models are written (and reused from). */
  readonly models: string;
  readonly jobs: number;
  readonly log: (line: string) => void;
}

export interface LosoResult {
  /** Truth lines (ai-measures.mjs format), one per text of every left-out source. */
  readonly truth: string[];
  /** Score lines read with each fold's own thresholds, and with the nested measured shift. */
  readonly ownScores: string[];
  readonly shiftedScores: string[];
  /** Seconds each fold's training took (0: reused). */
  readonly trainSeconds: Record<string, number>;
  /**
   * Per left-out source and language with human texts: the shift that would have kept 99.5 % of them unflagged,
   * the shift its fold set itself, and the nested measured shift it was read with.
   */
  readonly shifts: Record<
    string,
    { readonly needed: number; readonly own: number; readonly nested: number; readonly human: number }
  >;
  /** The rule's shift over all sources, per language: what the committed model should be trained with. */
  readonly measuredShift: Record<Lang, number | null>;
}

const logit = (p: number): number => Math.log(p / (1 - p));
const logistic = (z: number): number => 1 / (1 + Math.exp(-z));

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** The largest of g needs, scaled by (g + 1) / g as train.ts genreShift does; null with fewer than two. */
export function ruleShift(needs: readonly number[]): number | null {
  if (needs.length < 2) return null;
  const largest = Math.max(0, ...needs);
  return (largest * (needs.length + 1)) / needs.length;
}

function foldModel(source: string, o: LosoOptions): Promise<{ model: Model; seconds: number }> {
  const out = join(o.models, `without-${source}.json`);
  const load = (): Model => modelFromFile(JSON.parse(readFileSync(out, 'utf8')) as ModelFile);
  if (existsSync(out)) return Promise.resolve({ model: load(), seconds: 0 });
  const logPath = join(o.models, `without-${source}.log`);
  const args = [
    TRAIN,
    '--data',
    o.data,
    '--exclude',
    source,
    '--seed',
    String(o.seed),
    '--out',
    out,
    '--no-calibration',
  ];
  args.push(...(o.local === null ? ['--no-local'] : ['--local', o.local]));
  // only the languages the source has are trained (and scored); the other comes from the committed model
  const languages = [...new Set(o.rows.filter((r) => r.source === source).map((r) => r.lang))].filter(
    (l) => l === 'en' || l === 'es',
  );
  if (languages.length === 1) args.push('--languages', languages[0]!, '--rest', DEFAULT_MODEL_PATH);
  const began = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.pipe(createWriteStream(logPath));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) fail(new Error(`training without ${source} failed (exit ${String(code)}); see ${logPath}`));
      else done({ model: load(), seconds: (Date.now() - began) / 1000 });
    });
  });
}

/** A source the split never trains on: held out whole (dataset.ts HELD_OUT_DOMAINS names it alone). */
function neverTrained(source: string): boolean {
  return HELD_OUT_DOMAINS.has(source);
}

interface Scored {
  readonly row: Row;
  readonly status: string;
  readonly score: number | null;
  readonly flagged: boolean;
  /** logit(score) + the fold's own shift: how far above the fold's unshifted flag line; -Infinity if never flagged. */
  readonly margin: number;
  readonly own: number;
  readonly trained: boolean;
}

export async function leaveOneSourceOut(o: LosoOptions): Promise<LosoResult> {
  mkdirSync(o.models, { recursive: true });
  const scored: Scored[] = [];
  const trainSeconds: Record<string, number> = {};
  const score = (source: string, model: Model, trained: boolean): void => {
    for (const row of o.rows) {
      if (row.source !== source) continue;
      const r = detectAi(row.text, { model });
      const lang = r.lang === 'en' || r.lang === 'es' ? r.lang : null;
      const own = lang === null ? 0 : (model.file.languages[lang].genreShift ?? 0);
      // the score is the logistic of (combined - flag threshold); an unfamiliar style is never flagged
      const margin = r.status !== 'ok' || r.unfamiliar || r.score === null ? -Infinity : logit(r.score) + own;
      scored.push({ row, status: r.status, score: r.score, flagged: r.flagged, margin, own, trained });
    }
  };
  for (const source of o.sources.filter(neverTrained)) score(source, o.committed, false);
  const pending = o.sources.filter((s) => !neverTrained(s));
  const worker = async (): Promise<void> => {
    for (let source = pending.shift(); source !== undefined; source = pending.shift()) {
      o.log(`bench:ai: leave-one-source-out: the model without ${source}`);
      const { model, seconds } = await foldModel(source, o);
      trainSeconds[source] = Math.round(seconds);
      o.log(
        `bench:ai: leave-one-source-out: without ${source} ready (${Math.round(seconds)} s of training); scoring it`,
      );
      score(source, model, true);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.jobs) }, worker));

  // what each source's human texts needed, per language
  const needs = new Map<string, { lang: Lang; source: string; needed: number; own: number; human: number }>();
  for (const lang of ['en', 'es'] as const) {
    for (const source of o.sources) {
      const mine = scored.filter(
        (s) => s.trained && s.row.source === source && s.row.lang === lang && s.row.label === 'human',
      );
      if (mine.length < MIN_HUMAN) continue;
      needs.set(`${source}/${lang}`, {
        lang,
        source,
        needed: quantile(
          mine.map((s) => s.margin),
          KEEP,
        ),
        own: mine[0]!.own,
        human: mine.length,
      });
    }
  }
  const needsOf = (lang: Lang, without: string | null): number[] =>
    [...needs.values()].filter((n) => n.lang === lang && n.source !== without).map((n) => n.needed);
  const measuredShift = { en: ruleShift(needsOf('en', null)), es: ruleShift(needsOf('es', null)) };
  const shifts: LosoResult['shifts'] = {};
  for (const [key, n] of needs) {
    shifts[key] = {
      needed: n.needed,
      own: n.own,
      nested: ruleShift(needsOf(n.lang, n.source)) ?? Infinity,
      human: n.human,
    };
  }

  const truth: string[] = [];
  const ownScores: string[] = [];
  const shiftedScores: string[] = [];
  for (const s of scored) {
    const { row } = s;
    truth.push(
      JSON.stringify({
        id: row.id,
        label: row.label,
        lang: row.lang,
        source: `${row.source}/${row.lang}`,
        domain: `${row.source}/${row.domain}`,
        generator: row.generator,
      }),
    );
    ownScores.push(JSON.stringify({ id: row.id, score: s.score, flagged: s.flagged, status: s.status }));
    // read with the shift measured without this source (the committed model's rule, nested)
    const lang = row.lang === 'es' ? 'es' : 'en';
    const nested = s.trained ? (ruleShift(needsOf(lang, row.source)) ?? Infinity) : s.own;
    const raise = Math.max(0, nested - s.own);
    const score = s.score === null || !Number.isFinite(s.margin) ? s.score : logistic(logit(s.score) - raise);
    shiftedScores.push(
      JSON.stringify({
        id: row.id,
        score,
        flagged: s.flagged && s.margin >= Math.max(nested, s.own),
        status: s.status,
      }),
    );
  }
  return { truth, ownScores, shiftedScores, trainSeconds, shifts, measuredShift };
}
