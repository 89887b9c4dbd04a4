/**
 * `npm run bench:ai`: the committed AI-text detector on the test side of its own split of
 * ../shared/data/ai (grouped by pair/topic; whole domains and generators held out of training and
 * calibration), measured with ../shared/tools/ai-measures.mjs by source and language, by
 * generator and by domain; plus speed on one core. Writes bench/results/ai.json and ai.md.
 *
 *   node bench/ai/bench.ts [--data DIR] [--tools DIR] [--limit N]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { countWords } from '@veritext/text';
import { detectAi, defaultModel } from '@veritext/ai';
import {
  DEFAULT_LOCAL,
  rowsOfModel,
  splitRows,
  HELD_OUT_DOMAINS,
  HELD_OUT_GENERATORS,
  type SplitRow,
} from '../../packages/ai/cli/dataset.ts';
import { scoreLine } from '../../packages/ai/cli/score.ts';
import { leaveOneSourceOut, type LosoResult } from './loso.ts';

const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: resolve(root, '../shared/data/ai') },
    local: { type: 'string', default: DEFAULT_LOCAL },
    tools: { type: 'string', default: resolve(root, '../shared/tools') },
    limit: { type: 'string' },
    'no-loso': { type: 'boolean', default: false },
    'loso-models': { type: 'string' },
    jobs: { type: 'string', default: '2' },
  },
});
const log = (line: string): void => void process.stderr.write(line + '\n');
const work = mkdtempSync(join(tmpdir(), 'bench-ai-'));

interface Measures {
  human: number;
  ai: number;
  abstained: number;
  auroc: number | null;
  tpr_at_fpr_1: number | null;
  tpr_at_fpr_5: number | null;
  flag_fpr: number | null;
  flag_tpr: number | null;
}

function measure(truth: string, scores: string, by: string | null): Record<string, Measures> {
  const args = [join(values.tools, 'ai-measures.mjs'), '--truth', truth, '--scores', scores, '--json'];
  if (by !== null) args.push('--by', by);
  const out = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 << 20 })) as {
    groups: Record<string, Measures>;
  };
  return out.groups;
}

const model = defaultModel();
const modelRows = rowsOfModel(model.file.sources, resolve(values.data), resolve(values.local));
const rows = splitRows(modelRows, model.file.seed);
const limit = values.limit === undefined ? Infinity : Number(values.limit);
const test = rows.filter((r) => r.split === 'test').slice(0, limit);
log(
  `bench:ai: model ${model.version}; ${test.length} test texts (${test.filter((r) => r.heldOut).length} held out by domain or generator)`,
);

// one scoring pass, single thread, timed
const scoreLines: string[] = [];
let words = 0;
const began = performance.now();
for (const row of test) {
  scoreLines.push(JSON.stringify(scoreLine(JSON.stringify({ id: row.id, text: row.text }))));
  words += countWords(row.text);
}
const seconds = (performance.now() - began) / 1000;
const scoresPath = join(work, 'scores.jsonl');
writeFileSync(scoresPath, scoreLines.join('\n') + '\n');

const part = (r: SplitRow): string => `${r.source}/${r.lang}${r.heldOut ? ' (held out)' : ''}`;
const truthPath = join(work, 'truth.jsonl');
writeFileSync(
  truthPath,
  test
    .map((r) =>
      JSON.stringify({
        id: r.id,
        label: r.label,
        lang: r.lang,
        source: part(r),
        domain: `${r.source}/${r.domain}`,
        generator: r.generator,
      }),
    )
    .join('\n') + '\n',
);

const bySourceAndLanguage = measure(truthPath, scoresPath, 'source');
const byLanguage = measure(truthPath, scoresPath, 'lang');
const byGenerator = measure(truthPath, scoresPath, 'generator');
const byDomain = measure(truthPath, scoresPath, 'domain');

// a 97-page text (26,675 words): the longest the detector takes, made of test texts end to end
let long = '';
for (const row of test) {
  if (row.lang !== 'en') continue;
  long += row.text + '\n\n';
  if (countWords(long) >= 26_675) break;
}
const longWords = long.split(/\s+/).filter(Boolean);
let take = 26_675;
for (;;) {
  long = longWords.slice(0, take).join(' ');
  const over = countWords(long) - 26_675;
  if (over <= 0) break;
  take -= over;
}
const longTimes: number[] = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const r = detectAi(long);
  longTimes.push(performance.now() - t);
  if (r.status !== 'ok') throw new Error(`the 26,675-word text was not checked: ${r.status}`);
}
longTimes.sort((a, b) => a - b);

// leave one source out: each source in turn out of training and calibration, its texts scored by that model
let loso: {
  ownBySource: Record<string, Measures>;
  ownByLanguage: Record<string, Measures>;
  bySource: Record<string, Measures>;
  byLanguage: Record<string, Measures>;
  trainSeconds: Record<string, number>;
  shifts: LosoResult['shifts'];
  measuredShift: LosoResult['measuredShift'];
  committedShift: Record<'en' | 'es', number>;
} | null = null;
if (!values['no-loso']) {
  const scored = await leaveOneSourceOut({
    data: resolve(values.data),
    local: resolve(values.local),
    seed: model.file.seed,
    sources: model.file.sources,
    rows: values.limit === undefined ? modelRows : modelRows.slice(0, limit),
    committed: model,
    models: resolve(values['loso-models'] ?? join(work, 'loso')),
    jobs: Number(values.jobs),
    log,
  });
  const losoTruth = join(work, 'loso-truth.jsonl');
  const own = join(work, 'loso-own.jsonl');
  const shifted = join(work, 'loso-shifted.jsonl');
  writeFileSync(losoTruth, scored.truth.join('\n') + '\n');
  writeFileSync(own, scored.ownScores.join('\n') + '\n');
  writeFileSync(shifted, scored.shiftedScores.join('\n') + '\n');
  loso = {
    ownBySource: measure(losoTruth, own, 'source'),
    ownByLanguage: measure(losoTruth, own, 'lang'),
    bySource: measure(losoTruth, shifted, 'source'),
    byLanguage: measure(losoTruth, shifted, 'lang'),
    trainSeconds: scored.trainSeconds,
    shifts: scored.shifts,
    measuredShift: scored.measuredShift,
    committedShift: { en: model.file.languages.en.genreShift ?? 0, es: model.file.languages.es.genreShift ?? 0 },
  };
}

const result = {
  model: { version: model.version, seed: model.file.seed, sources: model.file.sources },
  split: {
    test: test.length,
    heldOut: test.filter((r) => r.heldOut).length,
    heldOutGenerators: [...HELD_OUT_GENERATORS],
    heldOutDomains: [...HELD_OUT_DOMAINS],
  },
  speed: {
    texts: test.length,
    words,
    seconds: Number(seconds.toFixed(2)),
    wordsPerSecond: Math.round(words / seconds),
    longTextWords: countWords(long),
    longTextMs: Math.round(longTimes[1]!),
  },
  bySourceAndLanguage,
  byLanguage,
  byGenerator,
  byDomain,
  leaveOneSourceOut: loso,
};
writeFileSync(join(root, 'bench/results/ai.json'), JSON.stringify(result, null, 2) + '\n');

const f = (x: number | null): string => (x === null ? '—' : x.toFixed(3));
const table = (groups: Record<string, Measures>, title: string): string[] => [
  `### ${title}`,
  '',
  '| group | human | ai | abstained | AUROC | TPR @1% FPR | TPR @5% FPR | flag FPR | flag TPR |',
  '|---|---|---|---|---|---|---|---|---|',
  ...Object.entries(groups).map(
    ([k, v]) =>
      `| ${k} | ${v.human} | ${v.ai} | ${v.abstained} | ${f(v.auroc)} | ${f(v.tpr_at_fpr_1)} | ${f(v.tpr_at_fpr_5)} | ${f(v.flag_fpr)} | ${f(v.flag_tpr)} |`,
  ),
  '',
];
const md = [
  '# bench:ai — the AI-text detector on its validation split',
  '',
  `Model ${model.version} (seed ${model.file.seed}; trained on ${model.file.sources.join(', ')}). Test side of the split in`,
  '`packages/ai/cli/dataset.ts`: groups of paired texts never straddle train and test; rows of held-out domains',
  `(${[...HELD_OUT_DOMAINS].join(', ')}) and generators (${[...HELD_OUT_GENERATORS].join(', ')}) are never trained or calibrated on,`,
  'and are reported as "(held out)". Measured with ../shared/tools/ai-measures.mjs (TPR at a fixed FPR uses each group\'s own',
  "human texts, so it is an upper bound for one threshold; the flag uses the model's own thresholds).",
  '',
  `Speed, one core: ${result.speed.wordsPerSecond.toLocaleString('en')} words/s over ${test.length} texts (${words.toLocaleString('en')} words in ${result.speed.seconds} s);`,
  `a 26,675-word text in ${result.speed.longTextMs} ms (median of 3).`,
  '',
  ...table(bySourceAndLanguage, 'By source and language'),
  ...table(byLanguage, 'By language'),
  ...table(byGenerator, 'By generator'),
  ...table(byDomain, 'By domain'),
  ...(loso === null
    ? []
    : [
        '## Leave one source out',
        '',
        'Each source in turn is left out of training and calibration (`ai:train --exclude SOURCE`, same seed), and all of its',
        'texts are scored by the model trained without it: how the detector does on a kind of writing it has never seen. A',
        'source the split never trains on (held out whole) is scored by the committed model. Two readings:',
        '',
        "- **measured shift** (the committed model's rule): the flag's genre shift is the largest shift any source's human",
        '  texts needed to stay 99.5 % unflagged when left out, scaled by (g + 1) / g for g sources; each fold is read with',
        '  the shift measured from the OTHER sources only (nested), never from its own;',
        "- **own thresholds**: each fold's model as trained, its shift set from its calibration side alone.",
        '',
        `Measured shift over all sources (logit units): English ${f(loso.measuredShift.en)}, Spanish ${f(loso.measuredShift.es)};`,
        `the committed model's: English ${f(loso.committedShift.en)}, Spanish ${f(loso.committedShift.es)}.`,
        `Training per fold (0: reused): ${Object.entries(loso.trainSeconds)
          .map(([k, v]) => `${k} ${v} s`)
          .join(', ')}.`,
        '',
        ...table(loso.bySource, 'Leave one source out, measured shift: by source and language'),
        ...table(loso.byLanguage, 'Leave one source out, measured shift: by language (all folds pooled)'),
        '### The genre shift each human source needed',
        '',
        "The shift (logit units, over the fold's unshifted flag line) that keeps 99.5 % of the left-out source's human",
        "texts unflagged; the fold's own shift; the nested measured shift it was read with.",
        '',
        '| source | human texts | needed | own | nested |',
        '|---|---|---|---|---|',
        ...Object.entries(loso.shifts).map(
          ([k, v]) => `| ${k} | ${v.human} | ${v.needed.toFixed(3)} | ${v.own.toFixed(3)} | ${v.nested.toFixed(3)} |`,
        ),
        '',
        ...table(loso.ownBySource, 'Leave one source out, own thresholds: by source and language'),
        ...table(loso.ownByLanguage, 'Leave one source out, own thresholds: by language (all folds pooled)'),
      ]),
].join('\n');
writeFileSync(join(root, 'bench/results/ai.md'), md);
rmSync(work, { recursive: true, force: true });
log(md.split('### By generator')[0]!);
if (loso !== null) log(md.slice(md.indexOf('## Leave one source out')));
