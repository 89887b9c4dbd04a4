/**
 * The labelled data of ../shared/data/ai and the split that training, calibration and the
 * benchmark share. Texts that are paired in their corpus (a human text and the machine text
 * written from it, continuing it or rewriting it) form one group and land on one side; whole
 * domains and generators are held out of training and calibration so that the figures show how
 * the detector does on writing it has not seen. A held-out domain takes its whole groups to the test
 * side. A held-out generator takes only its own texts: every l2r human text has a Gemini rewrite and
 * every OUTFOX test essay an attack text, so holding out their groups would hold out nearly all of
 * both corpora. The human text paired with such a rewrite may then be trained on, which can only
 * make the held-out generator's figures worse (its rewrite shares the words of a text the model
 * learnt as human), never better.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hashString } from '@veritext/text';

export interface Row {
  readonly id: string;
  readonly text: string;
  readonly label: 'human' | 'ai';
  readonly lang: string;
  readonly source: string;
  readonly domain: string;
  readonly generator: string | null;
}

export type Split = 'train' | 'calibration' | 'test';

export interface SplitRow extends Row {
  readonly group: string;
  readonly split: Split;
  /** True when the row is in test because its domain or generator is held out. */
  readonly heldOut: boolean;
}

/** Generators whose texts are never trained or calibrated on. */
export const HELD_OUT_GENERATORS = new Set([
  'gpt-4',
  'Gemini-1.5-Pro (rewrite of paired human text)',
  'bloom-7b1',
  'gpt-3.5-turbo-0613 (OUTFOX adversarial attack)',
]);
/** Whole domains (both labels) kept for the test side, as `source/domain`; a source name alone holds out all of it. */
export const HELD_OUT_DOMAINS = new Set([
  'l2r/medical_text',
  'l2r/religious',
  'l2r/sports',
  'fastdetectgpt/biomedical_qa',
  'argugpt',
]);

export const SPLIT_SHARES = { train: 0.7, calibration: 0.15 } as const;

/** The labelled shared data (../shared/data/ai). */
export const DEFAULT_DATA = resolve(import.meta.dirname, '../../../../shared/data/ai');
/** The human-written sets `npm run ai:data` builds from Debian packages (cli/data.ts), read beside the shared data. */
export const DEFAULT_LOCAL = resolve(import.meta.dirname, '../data-local');

/**
 * The rows of the shared data and of the local sets (when `local` is a folder that exists), without the sources
 * named in `exclude`.
 */
export function readAllRows(data: string, local: string | null, exclude: ReadonlySet<string> = new Set()): Row[] {
  const rows = readRows(data, exclude);
  if (local !== null && existsSync(local)) rows.push(...readRows(local, exclude));
  return rows;
}

/**
 * The rows of the sources a model was trained on (ModelFile.sources), as its split saw them. Throws, naming what to
 * run, when one of those sources is not on this machine (the local sets are built by `npm run ai:data`).
 */
export function rowsOfModel(sources: readonly string[], data: string, local: string | null): Row[] {
  const rows = readAllRows(data, local).filter((r) => sources.includes(r.source));
  const found = new Set(rows.map((r) => r.source));
  const missing = sources.filter((s) => !found.has(s));
  if (missing.length > 0) {
    throw new Error(
      `the model was trained on ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not in ${data}${local === null ? '' : ` or ${local}`}: build the local sets with \`npm run ai:data\` (as root)`,
    );
  }
  return rows;
}

export function readRows(dir: string, exclude: ReadonlySet<string> = new Set()): Row[] {
  const rows: Row[] = [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  for (const file of files) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const row = JSON.parse(line) as Row;
      if (exclude.has(row.source)) continue;
      rows.push(row);
    }
  }
  return rows;
}

/** The first n words of a text, lower-cased: texts that continue the same opening are paired. */
export function firstWords(text: string, n: number): string {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, n).join(' ');
}

/** The pairing key a corpus's design gives a row, or null when it has none beyond its opening words. */
function pairKey(row: Row): string | null {
  if (row.source === 'l2r') {
    const m = /^l2r-([A-Za-z]+)-.*-(\d+)$/.exec(row.id);
    if (m) return `l2r:${m[1] === 'TravelTourism' ? 'TechnicalWriting' : m[1]!}:${m[2]!}`;
  }
  if (row.source === 'outfox') {
    const m = /^outfox-(valid|test)-.*-(\d+)$/.exec(row.id);
    if (m) return `outfox:${m[1]!}:${m[2]!}`;
  }
  // a local set's passage (cli/data.ts): `<set>:<file>:<n>`; a file's passages are one group, and so are a book's
  // chapters (`kjv/Genesis.1` and `kjv/Genesis.2`)
  const local = /^([a-z0-9-]+):(.+):\d+$/.exec(row.id);
  if (local !== null && local[1] === row.source)
    return `local:${row.source}:${row.lang}:${local[2]!.replace(/\.\d+$/, '')}`;
  if (row.source === 'iu_human_ai_corpus') {
    const m = /^iu-(\w+)-(\w+)-([ha])(\d+)$/.exec(row.id);
    if (m) {
      const n = Number(m[4]);
      return `iu:${m[1]!}:${m[2]!}:${m[3] === 'h' ? n : Math.floor(n / 4)}`;
    }
  }
  return null;
}

export function splitRows(rows: readonly Row[], seed: number): SplitRow[] {
  // union-find over rows: a corpus pairing key, or the same five opening words (continuations)
  const parent = rows.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const union = (a: number, b: number): void => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const byKey = new Map<string, number>();
  const link = (key: string, i: number): void => {
    const j = byKey.get(key);
    if (j === undefined) byKey.set(key, i);
    else union(i, j);
  };
  rows.forEach((row, i) => {
    const key = pairKey(row);
    if (key !== null) link(key, i);
    const opening = firstWords(row.text, 5);
    if (opening.split(' ').length === 5) link(`${row.source}:${row.lang}:open:${opening}`, i);
  });
  const heldOutDomain = (row: Row): boolean =>
    HELD_OUT_DOMAINS.has(row.source) || HELD_OUT_DOMAINS.has(`${row.source}/${row.domain}`);
  const groupHeldOut = new Set<number>();
  rows.forEach((row, i) => {
    if (heldOutDomain(row)) groupHeldOut.add(find(i));
  });
  return rows.map((row, i) => {
    const root = find(i);
    const group = rows[root]!.id;
    const heldOut = groupHeldOut.has(root) || (row.generator !== null && HELD_OUT_GENERATORS.has(row.generator));
    const u = hashString(`${seed}:${group}`) / 2 ** 32;
    const split: Split = heldOut
      ? 'test'
      : u < SPLIT_SHARES.train
        ? 'train'
        : u < SPLIT_SHARES.train + SPLIT_SHARES.calibration
          ? 'calibration'
          : 'test';
    return { ...row, group, split, heldOut };
  });
}
