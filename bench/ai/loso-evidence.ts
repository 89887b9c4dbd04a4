/**
 * Which evidence carries over to writing the detector has never seen (issue 15, point 4). It reads the fold models
 * of `bench:ai`'s leave-one-source-out stage (`DIR/without-SOURCE.json`: each trained without SOURCE, out of
 * training, calibration and the n-gram models alike) and scores the left-out source's texts with its fold, so
 * every figure here is a source meeting a model that never read it. Three tables, written to
 * bench/results/ai-evidence.md (and printed):
 *
 * 1. **views**: AUROC of the combined score, of the lexical view and of the boosted trees, and of blends of the
 *    two views — would another weighting of what exists carry over better?
 * 2. **rates**: AUROC of each of the 60 dense rates alone (style rates and the predictability rates under the fold's
 *    n-gram models), and which keep one direction on every source: evidence that is about machine writing rather
 *    than about one corpus.
 *    Then candidate document-level rates the model does not have (repetition across the whole text, vocabulary
 *    richness, self-compression), measured the same way: the "repetition across the whole document" of point 4.
 * 3. **contrast**: the combined score with the trigram and unigram log-ratios of the fold's AI and human n-gram
 *    models added at several weights (the one family of rates that table 2 finds pointing one way everywhere).
 *
 * Up to `--cap` texts per source, language and label (every text when 0), drawn by a seeded generator.
 *
 *   npm run bench:ai -- --loso-models DIR     # trains (or reuses) the fold models
 *   node bench/ai/loso-evidence.ts DIR [--cap 1500]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { modelFromFile, type Model, type ModelFile } from '@veritext/ai';
import { documentCombined, scoreSentences, type LanguageModel } from '../../packages/ai/src/model.ts';
import { prepare } from '../../packages/ai/src/prepare.ts';
import { KIND_WORD, STYLE_NAMES, styleFeatures, type Scan } from '../../packages/ai/src/features.ts';
import { PREDICTABILITY_NAMES, predictabilityFeatures } from '../../packages/ai/src/ngram.ts';
import { auroc, DEFAULT_SEED } from '../../packages/ai/cli/train.ts';
import { DEFAULT_DATA, DEFAULT_LOCAL, readAllRows, type Row } from '../../packages/ai/cli/dataset.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: 'string', default: DEFAULT_DATA },
    local: { type: 'string', default: DEFAULT_LOCAL },
    cap: { type: 'string', default: '1500' },
    out: { type: 'string', default: resolve(import.meta.dirname, '../results/ai-evidence.md') },
  },
});
const dir = positionals[0];
if (dir === undefined) throw new Error('usage: node bench/ai/loso-evidence.ts FOLD_MODEL_DIR [--cap N] [--out FILE]');
const cap = Number(values.cap) || Infinity;

const RATE_NAMES = [...STYLE_NAMES, ...PREDICTABILITY_NAMES];
const LR3 = STYLE_NAMES.length + PREDICTABILITY_NAMES.indexOf('trigram log-ratio mean');
const LR1 = STYLE_NAMES.length + PREDICTABILITY_NAMES.indexOf('unigram log-ratio mean');
const BLENDS = [0, 0.25, 0.5, 0.75, 1];
const CONTRAST = [0, 0.5, 1, 2, 4];

/** Candidate document-level rates, not in the model: measured here to see whether they would earn a place. */
const CANDIDATE_NAMES = [
  'repeated word-trigram share',
  'repeated word-bigram share',
  'self-compression ratio (deflate)',
  'hapax share',
  'largest word overlap of neighbouring sentences',
  'repeated sentence-opening bigram share',
] as const;

function repeatedShare(words: readonly string[], n: number): number {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= words.length; i++) {
    const k = words.slice(i, i + n).join(' ');
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let repeated = 0;
  for (const c of counts.values()) if (c > 1) repeated += c;
  return repeated / Math.max(1, words.length - n + 1);
}

function candidateRates(s: Scan): Float64Array {
  const words = s.lower.filter((_, i) => s.kind[i] === KIND_WORD);
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  let hapax = 0;
  for (const c of counts.values()) if (c === 1) hapax++;
  const joined = Buffer.from(words.join(' '));
  const sentences = s.sentenceStart.map((a, k) => {
    const b = s.sentenceStart[k + 1] ?? s.count;
    const content = new Set<string>();
    for (let i = a; i < b; i++) if (s.kind[i] === KIND_WORD && s.lower[i]!.length > 3) content.add(s.lower[i]!);
    return { content, opener: s.lower.slice(a, a + 2).join(' ') };
  });
  let overlap = 0;
  for (let k = 1; k < sentences.length; k++) {
    const [x, y] = [sentences[k]!.content, sentences[k - 1]!.content];
    let shared = 0;
    for (const w of x) if (y.has(w)) shared++;
    overlap = Math.max(overlap, shared / Math.max(1, Math.min(x.size, y.size)));
  }
  const openers = new Map<string, number>();
  for (const { opener } of sentences) openers.set(opener, (openers.get(opener) ?? 0) + 1);
  let repeatedOpeners = 0;
  for (const c of openers.values()) if (c > 1) repeatedOpeners += c;
  return Float64Array.from([
    repeatedShare(words, 3),
    repeatedShare(words, 2),
    joined.length === 0 ? 0 : deflateRawSync(joined).length / joined.length,
    hapax / Math.max(1, words.length),
    overlap,
    repeatedOpeners / Math.max(1, sentences.length),
  ]);
}

interface Scored {
  readonly ai: boolean;
  readonly combined: number;
  readonly lexical: number;
  readonly dense: number;
  readonly rates: Float64Array;
  readonly candidates: Float64Array;
}

function scoreRow(m: LanguageModel, row: Row): Scored | null {
  const p = prepare(row.text);
  const n = p.scan.sentenceStart.length;
  if (n === 0) return null;
  const whole = scoreSentences(m, p.scan, 0, n);
  const chunks = p.chunks.length > 1 ? p.chunks.map(([a, b]) => scoreSentences(m, p.scan, a, b)) : [];
  const doc = (k: 'lexical' | 'dense' | 'combined'): number =>
    documentCombined(
      m.file,
      whole[k],
      chunks.map((c) => c[k]),
    );
  const rates = new Float64Array(RATE_NAMES.length);
  rates.set(styleFeatures(p.scan, m.tables, 0, n), 0);
  rates.set(predictabilityFeatures(m.ngrams, p.scan, 0, n), STYLE_NAMES.length);
  return {
    ai: row.label === 'ai',
    combined: doc('combined'),
    lexical: doc('lexical'),
    dense: doc('dense'),
    rates,
    candidates: candidateRates(p.scan),
  };
}

function sdOf(xs: readonly number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length) || 1;
}

function aurocOf(scored: readonly Scored[], f: (s: Scored) => number): number {
  return auroc(scored.filter((s) => s.ai).map(f), scored.filter((s) => !s.ai).map(f));
}

// a seeded draw of up to `cap` texts per source, language and label
let state = DEFAULT_SEED % 2147483647 || 1;
const draw = (): number => (state = (state * 48271) % 2147483647) / 2147483647;
const rows = readAllRows(values.data, existsSync(values.local) ? values.local : null);
const groups = new Map<string, Scored[]>();
const seen = new Map<string, number>();
const shuffled = rows.map((r) => ({ r, k: draw() })).sort((a, b) => a.k - b.k);
const models = new Map<string, Model | null>();
for (const { r } of shuffled) {
  if (r.lang !== 'en' && r.lang !== 'es') continue;
  const key = `${r.source}/${r.lang}`;
  const count = seen.get(`${key}/${r.label}`) ?? 0;
  if (count >= cap) continue;
  if (!models.has(r.source)) {
    const path = join(dir, `without-${r.source}.json`);
    models.set(r.source, existsSync(path) ? modelFromFile(JSON.parse(readFileSync(path, 'utf8')) as ModelFile) : null);
  }
  const model = models.get(r.source);
  if (model === null || model === undefined) continue;
  const s = scoreRow(model.languages[r.lang], r);
  if (s === null) continue;
  seen.set(`${key}/${r.label}`, count + 1);
  groups.set(key, [...(groups.get(key) ?? []), s]);
}
const keys = [...groups.keys()]
  .filter((k) => groups.get(k)!.some((s) => s.ai) && groups.get(k)!.some((s) => !s.ai))
  .sort();
if (keys.length === 0) throw new Error(`no fold model in ${dir} has a left-out source with both human and AI texts`);

const lines: string[] = [];
const out = (line = ''): void => {
  lines.push(line);
  console.log(line);
};
const row = (cells: readonly (string | number)[]): string => `| ${cells.join(' | ')} |`;
const macro = (xs: readonly number[]): string => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3);

out('# AI detector: which evidence carries over to a source it never saw');
out();
out(
  `Fold models from \`${dir}\` (each trained without the source it scores); up to ${values.cap} texts per source, language and label (\`node bench/ai/loso-evidence.ts\`). AUROC of each left-out source's AI texts against its human texts.`,
);
out();
out('## 1. Views');
out();
out(
  row(['left-out source', 'texts', 'combined', 'lexical', 'trees', ...BLENDS.map((w) => `blend ${w * 100}% lexical`)]),
);
out(row(Array.from({ length: 5 + BLENDS.length }, () => '---')));
const viewCols: number[][] = [];
for (const key of keys) {
  const g = groups.get(key)!;
  const sl = sdOf(g.map((s) => s.lexical));
  const sd = sdOf(g.map((s) => s.dense));
  const cells = [
    aurocOf(g, (s) => s.combined),
    aurocOf(g, (s) => s.lexical),
    aurocOf(g, (s) => s.dense),
    ...BLENDS.map((w) => aurocOf(g, (s) => (w * s.lexical) / sl + ((1 - w) * s.dense) / sd)),
  ];
  viewCols.push(cells);
  out(row([key, g.length, ...cells.map((c) => c.toFixed(3))]));
}
out(row(['mean', '', ...viewCols[0]!.map((_, i) => macro(viewCols.map((c) => c[i]!)))]));
out();
out('## 2. Rates alone');
out();
out('"one way": the rate is above 0.55 on every source (↑, more in AI text) or below 0.45 on every one (↓).');
out();
out(row(['rate', ...keys, 'one way']));
out(row(Array.from({ length: keys.length + 2 }, () => '---')));
const rateRow = (name: string, get: (s: Scored) => number): void => {
  const v = keys.map((k) => aurocOf(groups.get(k)!, get));
  const way = v.every((x) => x > 0.55) ? '↑' : v.every((x) => x < 0.45) ? '↓' : '';
  out(row([name, ...v.map((x) => x.toFixed(3)), way]));
};
RATE_NAMES.forEach((name, d) => rateRow(name, (s) => s.rates[d]!));
out();
out('Candidate document-level rates, not in the model:');
out();
out(row(['rate', ...keys, 'one way']));
out(row(Array.from({ length: keys.length + 2 }, () => '---')));
CANDIDATE_NAMES.forEach((name, d) => rateRow(name, (s) => s.candidates[d]!));
out();
out('## 3. The combined score plus the AI/human n-gram contrast');
out();
out("score = combined / SD + k × (trigram log-ratio / SD + unigram log-ratio / SD) / 2, SDs over the source's texts.");
out();
out(row(['left-out source', ...CONTRAST.map((k) => `k = ${k}`), 'log-ratios alone']));
out(row(Array.from({ length: CONTRAST.length + 2 }, () => '---')));
const contrastCols: number[][] = [];
for (const key of keys) {
  const g = groups.get(key)!;
  const sc = sdOf(g.map((s) => s.combined));
  const s3 = sdOf(g.map((s) => s.rates[LR3]!));
  const s1 = sdOf(g.map((s) => s.rates[LR1]!));
  const pair = (s: Scored): number => (s.rates[LR3]! / s3 + s.rates[LR1]! / s1) / 2;
  const cells = [...CONTRAST.map((k) => aurocOf(g, (s) => s.combined / sc + k * pair(s))), aurocOf(g, pair)];
  contrastCols.push(cells);
  out(row([key, ...cells.map((c) => c.toFixed(3))]));
}
out(row(['mean', ...contrastCols[0]!.map((_, i) => macro(contrastCols.map((c) => c[i]!)))]));
writeFileSync(values.out, lines.join('\n') + '\n');
console.error(`written to ${values.out}`);
