/**
 * `npm run bench:authorship`: the authorship check's engine (apps/server/src/modules/authorship/stylometry.ts) on
 * texts whose authors are known, split into "papers" of about 4,000 characters (the product needs 3,000 original
 * characters). The texts come from Debian packages (prepare.sh installs and exports them): Jane Austen's six
 * novels, Melville's Moby-Dick, Bierce's Devil's Dictionary, the Jargon File (E. S. Raymond) and the GNU Coding
 * Standards. Trials, seeded and repeatable:
 *  - same author: a paper of author A against K other papers of A (from another work where A has several) and
 *    impostor papers by at least 2 other authors;
 *  - different author: a paper of author B against K papers of A and impostors by authors other than A and B.
 * Measured at the product's thresholds: false accept (a different author judged "consistent"), false reject (the
 * same author judged "differs"), the inconclusive share of each, and the AUC of the score. Writes
 * bench/authorship/results.json.
 *
 *   node bench/authorship/bench.ts [--data DIR] [--trials N]
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import {
  compareAuthorship,
  DIFFERENT_AUTHOR_THRESHOLD,
  SAME_AUTHOR_THRESHOLD,
  type StylometryResult,
} from '../../apps/server/src/modules/authorship/stylometry.ts';

const here = import.meta.dirname;
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: join(tmpdir(), 'veritext-authorship') },
    trials: { type: 'string', default: '150' },
  },
});
const dataDir = resolve(values.data);
const TRIALS = Number(values.trials);
const PAPER_CHARS = 4000;

execFileSync('sh', [join(here, 'prepare.sh'), dataDir], { stdio: ['ignore', 'ignore', 'inherit'] });

type Paper = { author: string; work: string; index: number; text: string };

/** Prose paragraphs of a file (headings, contents lines and very short lines dropped), cut into ~4,000-char papers. */
function papersOf(author: string, work: string, raw: string): Paper[] {
  const paragraphs = raw
    .replace(/\r/g, '')
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    // prose: long enough, mostly letters, not a heading in capitals or a menu line
    .filter(
      (block) => block.length >= 120 && !/^[^a-z]*$/.test(block) && !block.startsWith('*') && !/\.\.\.\.\./.test(block),
    );
  const papers: Paper[] = [];
  let current = '';
  for (const paragraph of paragraphs) {
    current = current === '' ? paragraph : `${current}\n\n${paragraph}`;
    if (current.length >= PAPER_CHARS) {
      papers.push({ author, work, index: papers.length, text: current });
      current = '';
    }
  }
  // the first paper of a work holds its front matter: left out
  return papers.slice(1);
}

const byAuthor = new Map<string, Paper[]>();
for (const file of readdirSync(dataDir)
  .filter((name) => name.endsWith('.txt'))
  .sort()) {
  const [author, work] = file.replace(/\.txt$/, '').split('--') as [string, string];
  const list = byAuthor.get(author) ?? [];
  list.push(...papersOf(author, work, readFileSync(join(dataDir, file), 'utf8')));
  byAuthor.set(author, list);
}
const authors = [...byAuthor.keys()].sort();

/** mulberry32: the same trials every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, list: readonly T[], count: number): T[] {
  const copy = [...list];
  const out: T[] = [];
  while (out.length < count && copy.length > 0) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
  return out;
}

/** K papers of `author` that are not `questioned`: from other works where there are, else at least 5 papers away. */
function knownPapers(next: () => number, author: string, questioned: Paper | null, k: number): Paper[] {
  const all = byAuthor.get(author)!;
  const otherWorks = all.filter((paper) => questioned === null || paper.work !== questioned.work);
  const pool =
    questioned !== null && new Set(all.map((paper) => paper.work)).size > 1
      ? otherWorks
      : all.filter((paper) => questioned === null || Math.abs(paper.index - questioned.index) >= 5);
  return pick(next, pool, k);
}

function impostorPapers(next: () => number, exclude: readonly string[], count: number): Paper[] {
  const others = authors.filter((author) => !exclude.includes(author));
  // at least one paper of each of two authors, then any
  const firstTwo = pick(next, others, 2).map((author) => pick(next, byAuthor.get(author)!, 1)[0]!);
  const rest = pick(
    next,
    others.flatMap((author) => byAuthor.get(author)!).filter((paper) => !firstTwo.includes(paper)),
    count - firstTwo.length,
  );
  return [...firstTwo, ...rest];
}

type Trial = { same: boolean; result: StylometryResult; pair: string };

function run(config: { k: number; impostors: number; seed: number; only?: readonly string[] }): Trial[] {
  const next = random(config.seed);
  const trials: Trial[] = [];
  const candidates = config.only ?? authors;
  for (let i = 0; i < TRIALS; i++) {
    const a = candidates[i % candidates.length]!;
    // same author
    const questioned = pick(next, byAuthor.get(a)!, 1)[0]!;
    const known = knownPapers(next, a, questioned, config.k);
    const impostors = impostorPapers(next, [a], config.impostors);
    trials.push({
      same: true,
      pair: `${a}/${a}`,
      result: compareAuthorship({
        questioned: questioned.text,
        known: known.map((paper, n) => ({ id: n, text: paper.text })),
        impostors: impostors.map((paper, n) => ({ id: n, text: paper.text })),
        language: 'en',
      }),
    });
    // different author: B's paper against A's papers
    const b = pick(
      next,
      candidates.filter((author) => author !== a),
      1,
    )[0]!;
    const other = pick(next, byAuthor.get(b)!, 1)[0]!;
    const knownA = knownPapers(next, a, null, config.k);
    const impostorsAB = impostorPapers(next, [a, b], config.impostors);
    trials.push({
      same: false,
      pair: `${b}/${a}`,
      result: compareAuthorship({
        questioned: other.text,
        known: knownA.map((paper, n) => ({ id: n, text: paper.text })),
        impostors: impostorsAB.map((paper, n) => ({ id: n, text: paper.text })),
        language: 'en',
      }),
    });
  }
  return trials;
}

function auc(trials: readonly Trial[]): number {
  const same = trials.filter((trial) => trial.same).map((trial) => trial.result.score);
  const different = trials.filter((trial) => !trial.same).map((trial) => trial.result.score);
  let wins = 0;
  for (const s of same) for (const d of different) wins += s > d ? 1 : s === d ? 0.5 : 0;
  return wins / (same.length * different.length);
}

function share(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count * 1000) / total) / 1000;
}

function measure(trials: readonly Trial[]) {
  const same = trials.filter((trial) => trial.same);
  const different = trials.filter((trial) => !trial.same);
  const count = (list: readonly Trial[], verdict: string) =>
    list.filter((trial) => trial.result.verdict === verdict).length;
  const decided = trials.filter((trial) => trial.result.verdict !== 'inconclusive');
  const wrong = decided.filter((trial) => (trial.result.verdict === 'same_author') !== trial.same).length;
  return {
    same_author_trials: same.length,
    different_author_trials: different.length,
    false_accept_rate: share(count(different, 'same_author'), different.length),
    false_reject_rate: share(count(same, 'different_author'), same.length),
    inconclusive_share_same: share(count(same, 'inconclusive'), same.length),
    inconclusive_share_different: share(count(different, 'inconclusive'), different.length),
    inconclusive_share: share(count(trials, 'inconclusive'), trials.length),
    error_rate_when_decided: share(wrong, decided.length),
    auc: Math.round(auc(trials) * 1000) / 1000,
  };
}

const started = performance.now();
const configs = [
  { name: 'minimum (2 earlier papers, 3 impostor papers)', k: 2, impostors: 3, seed: 1 },
  { name: 'typical (4 earlier papers, 10 impostor papers)', k: 4, impostors: 10, seed: 2 },
  {
    name: 'fiction only (Austen and Melville as candidates; 4 earlier, 10 impostors)',
    k: 4,
    impostors: 10,
    seed: 3,
    only: ['austen', 'melville'],
  },
];
const results = configs.map((config) => {
  const trials = run(config);
  return { name: config.name, earlier_papers: config.k, impostor_papers: config.impostors, ...measure(trials) };
});
const elapsed = performance.now() - started;
const trialsRun = results.reduce((sum, row) => sum + row.same_author_trials + row.different_author_trials, 0);

const output = {
  what: 'Authorship check engine (General Impostors on Cosine Delta), error rates at the product thresholds',
  engine: 'apps/server/src/modules/authorship/stylometry.ts',
  thresholds: { same_author: SAME_AUTHOR_THRESHOLD, different_author: DIFFERENT_AUTHOR_THRESHOLD },
  language: 'en',
  paper_characters: PAPER_CHARS,
  sources: Object.fromEntries(
    authors.map((author) => [
      author,
      {
        works: [...new Set(byAuthor.get(author)!.map((paper) => paper.work))],
        papers: byAuthor.get(author)!.length,
      },
    ]),
  ),
  debian_packages: ['r-cran-janeaustenr', 'r-cran-tokenizers', 'dict-devil', 'jargon-text', 'gnu-standards'],
  results,
  ms_per_comparison: Math.round((elapsed / trialsRun) * 10) / 10,
  limits: [
    'English only: no Spanish texts by known authors were available from the package registries here.',
    'The authors differ in genre (novels, satirical dictionary, glossary, technical standard), which makes different-author trials easier than students writing on one topic; the fiction-only row is the harder case.',
    'A "paper" is a 4,000-character piece of a book, not a student essay.',
  ],
};
const resultsPath = join(here, 'results.json');
// formatted as the repository's format check wants it
const prettierOptions = (await resolveConfig(resultsPath)) ?? {};
writeFileSync(resultsPath, await format(JSON.stringify(output), { ...prettierOptions, filepath: resultsPath }));
console.log(JSON.stringify(output, null, 2));
