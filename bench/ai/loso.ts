/**
 * The leave-one-source-out table of `npm run bench:ai`: for each source of the committed model's training data in
 * turn, a model is trained without it (out of training and calibration alike: `ai:train --exclude SOURCE`, the
 * same seed and code), and every text of that source is scored by it. This is what an acceptance run on writing
 * the detector has never seen resembles: a source's texts meet thresholds that were set without any of its kind.
 * Folds are trained in child processes, `jobs` at a time; a source that the committed model never trains on (all of
 * it held out, like argugpt) is scored by the committed model itself.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_MODEL_PATH, detectAi, modelFromFile, type Model, type ModelFile } from '@veritext/ai';
import { HELD_OUT_DOMAINS, type Row } from '../../packages/ai/cli/dataset.ts';

const TRAIN = resolve(import.meta.dirname, '../../packages/ai/cli/train.ts');

export interface LosoOptions {
  readonly data: string;
  readonly local: string | null;
  readonly seed: number;
  /** The committed model's sources: each is left out in turn. */
  readonly sources: readonly string[];
  readonly rows: readonly Row[];
  readonly committed: Model;
  readonly work: string;
  readonly jobs: number;
  readonly log: (line: string) => void;
}

export interface LosoScores {
  /** Truth lines (ai-measures.mjs format) and score lines, one per text of every left-out source. */
  readonly truth: string[];
  readonly scores: string[];
  /** Seconds each fold's training took. */
  readonly trainSeconds: Record<string, number>;
  /**
   * Per left-out source and language with human texts: the genre shift (logit units, added to the flag thresholds
   * set without any shift) that would have kept 99.5 % of its human texts unflagged, and the shift its fold's model
   * set itself from calibration (train.ts genreShift).
   */
  readonly shifts: Record<string, { readonly needed: number; readonly own: number; readonly human: number }>;
}

const logit = (p: number): number => Math.log(p / (1 - p));

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function trainWithout(source: string, o: LosoOptions): Promise<{ model: Model; seconds: number }> {
  const out = join(o.work, `without-${source}.json`);
  const logPath = join(o.work, `without-${source}.log`);
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
    const logFile = createWriteStream(logPath);
    child.stderr.pipe(logFile);
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) {
        fail(new Error(`training without ${source} failed (exit ${String(code)}); see ${logPath}`));
        return;
      }
      const model = modelFromFile(JSON.parse(readFileSync(out, 'utf8')) as ModelFile);
      done({ model, seconds: (Date.now() - began) / 1000 });
    });
  });
}

/** A source the split never trains on: held out whole (dataset.ts HELD_OUT_DOMAINS names it alone). */
function neverTrained(source: string): boolean {
  return HELD_OUT_DOMAINS.has(source);
}

export async function leaveOneSourceOut(o: LosoOptions): Promise<LosoScores> {
  const truth: string[] = [];
  const scores: string[] = [];
  const trainSeconds: Record<string, number> = {};
  const shifts: Record<string, { needed: number; own: number; human: number }> = {};
  const score = (source: string, model: Model): void => {
    const margins = new Map<string, number[]>();
    for (const row of o.rows) {
      if (row.source !== source) continue;
      const r = detectAi(row.text, { model });
      if (row.label === 'human' && r.status === 'ok' && (r.lang === 'en' || r.lang === 'es')) {
        // the score is the logistic of (combined - flag threshold); an unfamiliar style is never flagged
        const own = model.file.languages[r.lang].genreShift ?? 0;
        const margin = r.unfamiliar || r.score === null ? -Infinity : logit(r.score) + own;
        margins.set(r.lang, [...(margins.get(r.lang) ?? []), margin]);
      }
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
      scores.push(JSON.stringify({ id: row.id, score: r.score, flagged: r.flagged, status: r.status }));
    }
    for (const [lang, values] of margins) {
      shifts[`${source}/${lang}`] = {
        needed: quantile(values, 0.995),
        own: model.file.languages[lang as 'en' | 'es'].genreShift ?? 0,
        human: values.length,
      };
    }
  };
  const queue = [...o.sources];
  for (const source of queue.filter(neverTrained)) score(source, o.committed);
  const pending = queue.filter((s) => !neverTrained(s));
  const worker = async (): Promise<void> => {
    for (let source = pending.shift(); source !== undefined; source = pending.shift()) {
      o.log(`bench:ai: leave-one-source-out: training without ${source}`);
      const { model, seconds } = await trainWithout(source, o);
      trainSeconds[source] = Math.round(seconds);
      o.log(`bench:ai: leave-one-source-out: without ${source} trained in ${Math.round(seconds)} s; scoring it`);
      score(source, model);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.jobs) }, worker));
  return { truth, scores, trainSeconds, shifts };
}
