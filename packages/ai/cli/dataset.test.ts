import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  HELD_OUT_DOMAINS,
  HELD_OUT_GENERATORS,
  SPLIT_SHARES,
  firstWords,
  readAllRows,
  readRows,
  rowsOfModel,
  splitRows,
  type Row,
  type SplitRow,
} from './dataset.ts';
import { seededRandom } from './logistic.ts';

const SEEDS = Array.from({ length: 40 }, (_, i) => i * 7919 + 1);

const WORDS =
  'river stone window garden paper music winter summer bridge market table candle forest letter silver mountain coffee doctor engine harbour island ladder mirror needle orange pocket rabbit saddle ticket velvet wagon yellow anchor basket castle desert feather glacier hammer jungle kettle lantern meadow'.split(
    ' ',
  );

/** A text of distinct random words: two calls share their first five words only by (very unlikely) chance. */
function randomText(random: () => number, words = 30): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(random() * WORDS.length)]!);
  return out.join(' ') + '.';
}

function row(
  id: string,
  source: string,
  domain: string,
  label: Row['label'],
  generator: string | null,
  text: string,
): Row {
  return { id, source, domain, label, generator, text, lang: 'en' };
}

function byId(rows: readonly SplitRow[]): Map<string, SplitRow> {
  return new Map(rows.map((r) => [r.id, r]));
}

/** The rows of one synthetic corpus of each kind splitRows knows, with paired texts written independently. */
function pairedRows(): Row[] {
  const random = seededRandom(12345);
  const rows: Row[] = [];
  for (let i = 0; i < 30; i++) {
    rows.push(row(`l2r-Business-human-${i}`, 'l2r', 'business', 'human', null, randomText(random)));
    rows.push(
      row(
        `l2r-Business-GPT-3-Turbo-${i}`,
        'l2r',
        'business',
        'ai',
        'GPT-3-Turbo (rewrite of paired human text)',
        randomText(random),
      ),
    );
    rows.push(
      row(
        `l2r-Business-Llama-3-70B-${i}`,
        'l2r',
        'business',
        'ai',
        'Llama-3-70B (rewrite of paired human text)',
        randomText(random),
      ),
    );
    rows.push(row(`l2r-TechnicalWriting-human-${i}`, 'l2r', 'technical_writing', 'human', null, randomText(random)));
    rows.push(
      row(
        `l2r-TravelTourism-GPT-4o-${i}`,
        'l2r',
        'travel_tourism',
        'ai',
        'GPT-4o (rewrite of paired human text)',
        randomText(random),
      ),
    );
    rows.push(row(`outfox-valid-human-${i}`, 'outfox', 'essay', 'human', null, randomText(random)));
    rows.push(row(`outfox-valid-chatgpt-${i}`, 'outfox', 'essay', 'ai', 'chatgpt', randomText(random)));
    rows.push(row(`outfox-test-human-${i}`, 'outfox', 'essay', 'human', null, randomText(random)));
    rows.push(row(`outfox-test-flan_t5_xxl-${i}`, 'outfox', 'essay', 'ai', 'flan_t5_xxl', randomText(random)));
    rows.push(row(`iu-wikipedia-en-h${i}`, 'iu_human_ai_corpus', 'wikipedia', 'human', null, randomText(random)));
    for (let k = 0; k < 4; k++) {
      rows.push(
        row(`iu-wikipedia-en-a${4 * i + k}`, 'iu_human_ai_corpus', 'wikipedia', 'ai', 'chatgpt', randomText(random)),
      );
    }
    // a continuation: same opening five words (case and punctuation aside), nothing else in common
    const human = randomText(random);
    const opening = human.split(' ').slice(0, 5);
    rows.push(row(`autext-h-${i}`, 'autextification2023', 'news', 'human', null, human));
    rows.push(
      row(
        `autext-a-${i}`,
        'autextification2023',
        'news',
        'ai',
        'gpt-3.5-turbo',
        `${opening[0]!.toUpperCase()}, ${opening.slice(1).join(' ')}! ${randomText(random)}`,
      ),
    );
  }
  return rows;
}

describe('splitRows: paired texts stay together', () => {
  const rows = pairedRows();

  it('puts every pair of a corpus in one group, for every seed', () => {
    for (const seed of SEEDS) {
      const split = byId(splitRows(rows, seed));
      const together = (a: string, b: string): void => {
        const ra = split.get(a)!;
        const rb = split.get(b)!;
        expect(ra.group, `${a} ~ ${b}`).toBe(rb.group);
        expect(ra.split, `${a} ~ ${b} (seed ${seed})`).toBe(rb.split);
      };
      for (let i = 0; i < 30; i++) {
        together(`l2r-Business-human-${i}`, `l2r-Business-GPT-3-Turbo-${i}`);
        together(`l2r-Business-human-${i}`, `l2r-Business-Llama-3-70B-${i}`);
        together(`l2r-TechnicalWriting-human-${i}`, `l2r-TravelTourism-GPT-4o-${i}`);
        together(`outfox-valid-human-${i}`, `outfox-valid-chatgpt-${i}`);
        together(`outfox-test-human-${i}`, `outfox-test-flan_t5_xxl-${i}`);
        for (let k = 0; k < 4; k++) together(`iu-wikipedia-en-h${i}`, `iu-wikipedia-en-a${4 * i + k}`);
        together(`autext-h-${i}`, `autext-a-${i}`);
      }
    }
  }, 30_000); // forty seeds over every corpus: seconds on a busy machine

  it('keeps unrelated texts apart: other numbers, other domains, the other outfox part, other iu blocks', () => {
    const split = byId(splitRows(rows, 1));
    const group = (id: string): string => split.get(id)!.group;
    for (let i = 0; i < 30; i++) {
      // each l2r pair is its own group, which is named after its first row
      expect(group(`l2r-Business-human-${i}`)).toBe(`l2r-Business-human-${i}`);
      expect(group(`l2r-TechnicalWriting-human-${i}`)).toBe(`l2r-TechnicalWriting-human-${i}`);
      if (i > 0) expect(group(`l2r-Business-GPT-3-Turbo-${i}`)).not.toBe(group(`l2r-Business-human-${i - 1}`));
      // TravelTourism pairs with TechnicalWriting only, not with another domain of the same number
      expect(group(`l2r-TravelTourism-GPT-4o-${i}`)).not.toBe(group(`l2r-Business-human-${i}`));
      expect(group(`outfox-valid-human-${i}`)).not.toBe(group(`outfox-test-human-${i}`));
      expect(group(`iu-wikipedia-en-h${i}`)).not.toBe(group(`l2r-Business-human-${i}`));
      if (i + 1 < 30) expect(group(`iu-wikipedia-en-a${4 * i + 4}`)).not.toBe(group(`iu-wikipedia-en-h${i}`));
      expect(group(`autext-h-${i}`)).not.toBe(group(`autext-h-${(i + 1) % 30}`));
    }
    const groups = new Set([...split.values()].map((r) => r.group));
    // 30 × (l2r Business, TechnicalWriting, outfox valid, outfox test, iu, autext)
    expect(groups.size).toBe(30 * 6);
  });

  it('links the iu block a(4i..4i+3) to h(i) exactly', () => {
    const extra: Row[] = [
      row('iu-news-en-h2', 'iu_human_ai_corpus', 'news', 'human', null, 'alpha beta gamma delta epsilon one.'),
      row('iu-news-en-a7', 'iu_human_ai_corpus', 'news', 'ai', 'x', 'zeta eta theta iota kappa two.'),
      row('iu-news-en-a8', 'iu_human_ai_corpus', 'news', 'ai', 'x', 'lambda mu nu xi omicron three.'),
      row('iu-news-en-h1', 'iu_human_ai_corpus', 'news', 'human', null, 'pi rho sigma tau upsilon four.'),
      row('iu-news-en-a4', 'iu_human_ai_corpus', 'news', 'ai', 'x', 'phi chi psi omega aleph five.'),
      row('iu-news-en-a3', 'iu_human_ai_corpus', 'news', 'ai', 'x', 'bet gimel dalet he vav six.'),
      // another language of the same corpus and number is another text
      row('iu-news-es-a5', 'iu_human_ai_corpus', 'news', 'ai', 'x', 'uno dos tres cuatro cinco seis.'),
    ];
    const split = byId(splitRows(extra, 3));
    const group = (id: string): string => split.get(id)!.group;
    expect(group('iu-news-en-a8')).toBe('iu-news-en-h2');
    expect(group('iu-news-en-a7')).toBe('iu-news-en-a7'); // 7 / 4 = 1
    expect(group('iu-news-en-a4')).toBe('iu-news-en-a7');
    expect(group('iu-news-en-h1')).toBe('iu-news-en-a7');
    expect(group('iu-news-en-a3')).toBe('iu-news-en-a3'); // block 0, whose h0 is absent
    expect(group('iu-news-es-a5')).toBe('iu-news-es-a5');
  });

  it('joins groups transitively (a pairing key on one side, the opening words on the other)', () => {
    const shared = 'Once upon a time there';
    const rows2: Row[] = [
      row('l2r-Business-human-900', 'l2r', 'business', 'human', null, `${shared} was a king.`),
      row(
        'l2r-Business-GPT-4o-900',
        'l2r',
        'business',
        'ai',
        'GPT-4o',
        'Completely different words here, nothing shared.',
      ),
      row('l2r-Finance-human-5', 'l2r', 'finance', 'human', null, `${shared.toUpperCase()} lived a queen.`),
      row(
        'l2r-Finance-Llama-3-70B-5',
        'l2r',
        'finance',
        'ai',
        'Llama',
        'Still other words, also nothing shared at all.',
      ),
    ];
    for (const seed of SEEDS) {
      const split = splitRows(rows2, seed);
      expect(new Set(split.map((r) => r.group))).toEqual(new Set(['l2r-Business-human-900']));
      expect(new Set(split.map((r) => r.split)).size).toBe(1);
    }
  });

  it('joins by opening words only within one source and language, and only with five words', () => {
    const opening = 'the quick brown fox jumps';
    const rows2: Row[] = [
      row('a1', 'srcA', 'd', 'human', null, `${opening} over the dog.`),
      row('a2', 'srcA', 'd', 'ai', 'g', `The quick, brown fox jumps high.`),
      row('b1', 'srcB', 'd', 'ai', 'g', `${opening} somewhere else.`),
      { ...row('a3', 'srcA', 'd', 'ai', 'g', `${opening} again.`), lang: 'es' },
      row('c1', 'srcC', 'd', 'human', null, 'Four words only here'),
      row('c2', 'srcC', 'd', 'ai', 'g', 'Four words only here'),
      row('c3', 'srcC', 'd', 'ai', 'g', 'the quick brown fox leaps over'),
    ];
    const split = byId(splitRows(rows2, 5));
    expect(split.get('a2')!.group).toBe('a1');
    expect(split.get('b1')!.group).toBe('b1');
    expect(split.get('a3')!.group).toBe('a3');
    // identical texts of four words are not linked: an opening must have five words
    expect(split.get('c2')!.group).toBe('c2');
    expect(split.get('c3')!.group).toBe('c3');
  });

  it('firstWords lower-cases, drops punctuation and keeps letters of any script', () => {
    expect(firstWords('¿Qué  HORA es, señor? Son las 3.', 5)).toBe('qué hora es señor son');
    expect(firstWords('Hi!', 5)).toBe('hi');
    expect(firstWords('', 5)).toBe('');
  });
});

describe('splitRows: held-out domains and generators', () => {
  const random = seededRandom(99);
  const rows: Row[] = [];
  for (const generator of HELD_OUT_GENERATORS) {
    for (let i = 0; i < 20; i++)
      rows.push(row(`gen-${generator}-${i}`, 'mixed', 'news', 'ai', generator, randomText(random)));
  }
  for (const domain of HELD_OUT_DOMAINS) {
    const [source, name] = domain.split('/') as [string, string | undefined];
    for (let i = 0; i < 20; i++) {
      const label = i % 2 === 0 ? 'human' : 'ai';
      rows.push(
        row(
          `dom-${domain}-${i}`,
          source,
          name ?? 'anything',
          label,
          label === 'ai' ? 'gpt-3.5-turbo' : null,
          randomText(random),
        ),
      );
    }
  }
  for (let i = 0; i < 200; i++) {
    rows.push(
      row(`free-${i}`, 'mixed', 'news', i % 2 === 0 ? 'human' : 'ai', i % 2 === 0 ? null : 'llama', randomText(random)),
    );
  }
  // a row of an ordinary domain that opens like a row of a held-out domain goes to test with it
  const heldOpening = rows.find((r) => r.id === 'dom-fastdetectgpt/biomedical_qa-0')!.text;
  rows.push(
    row('linked-to-held-out', 'fastdetectgpt', 'news', 'ai', 'davinci', heldOpening.replace(/\.$/, ' and more.')),
  );

  it('sends every row of a held-out generator or domain to test, marked heldOut, for every seed', () => {
    for (const seed of SEEDS) {
      for (const r of splitRows(rows, seed)) {
        const held = r.id.startsWith('gen-') || r.id.startsWith('dom-') || r.id === 'linked-to-held-out';
        expect(r.heldOut, r.id).toBe(held);
        if (held) expect(r.split, r.id).toBe('test');
      }
    }
  }, 30_000);

  it('holds out a domain only within its source', () => {
    const other = [
      row('x', 'other', 'medical_text', 'human', null, 'a b c d e f'),
      row('y', 'l2r', 'finance', 'human', null, 'g h'),
    ];
    expect(splitRows(other, 1).some((r) => r.heldOut)).toBe(false);
  });

  it('lets ordinary rows fall in train and calibration as well as test', () => {
    const splits = new Set(
      splitRows(rows, 11)
        .filter((r) => !r.heldOut)
        .map((r) => r.split),
    );
    expect(splits).toEqual(new Set(['train', 'calibration', 'test']));
  });
});

describe('splitRows: shares and determinism', () => {
  const random = seededRandom(2024);
  const rows = Array.from({ length: 4000 }, (_, i) => row(`r${i}`, 'mixed', 'news', 'human', null, randomText(random)));

  it('gives the same split for the same seed and another one for another seed', () => {
    const a = splitRows(rows, 42);
    expect(splitRows(rows, 42)).toEqual(a);
    const b = splitRows(rows, 43);
    const moved = a.filter((r, i) => r.split !== b[i]!.split).length;
    expect(moved).toBeGreaterThan(rows.length / 4);
  });

  it('roughly follows SPLIT_SHARES over many groups', () => {
    for (const seed of [1, 2, 3]) {
      const split = splitRows(rows, seed);
      expect(new Set(split.map((r) => r.group)).size).toBe(rows.length);
      const share = (s: SplitRow['split']): number => split.filter((r) => r.split === s).length / rows.length;
      expect(Math.abs(share('train') - SPLIT_SHARES.train)).toBeLessThan(0.03);
      expect(Math.abs(share('calibration') - SPLIT_SHARES.calibration)).toBeLessThan(0.03);
      expect(Math.abs(share('test') - (1 - SPLIT_SHARES.train - SPLIT_SHARES.calibration))).toBeLessThan(0.03);
    }
  });

  it('keeps the rows, their order and their fields', () => {
    const split = splitRows(rows.slice(0, 10), 1);
    expect(split.map((r) => r.id)).toEqual(rows.slice(0, 10).map((r) => r.id));
    expect(split[3]).toMatchObject(rows[3]!);
  });
});

describe('splitRows: held-out generators', () => {
  // A held-out generator takes only its own texts to the test side (see the module's comment): its
  // paired human text stays in the group and follows the group's hash.
  it('sends a held-out rewrite to test alone, its paired human text following the group', () => {
    const random = seededRandom(7);
    const rows: Row[] = [];
    for (let i = 0; i < 20; i++) {
      rows.push(row(`l2r-Business-human-${i}`, 'l2r', 'business', 'human', null, randomText(random)));
      rows.push(
        row(
          `l2r-Business-Gemini-1.5-Pro-${i}`,
          'l2r',
          'business',
          'ai',
          'Gemini-1.5-Pro (rewrite of paired human text)',
          randomText(random),
        ),
      );
    }
    const split = byId(splitRows(rows, 1));
    const humanSides = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const human = split.get(`l2r-Business-human-${i}`)!;
      const rewrite = split.get(`l2r-Business-Gemini-1.5-Pro-${i}`)!;
      expect(rewrite.group).toBe(human.group);
      expect(rewrite.split).toBe('test');
      expect(rewrite.heldOut).toBe(true);
      expect(human.heldOut).toBe(false);
      humanSides.add(human.split);
    }
    expect(humanSides.has('train')).toBe(true);
  });
});

describe('readRows', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ai-dataset-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const line = (r: Row): string => JSON.stringify(r);
  writeFileSync(
    join(dir, 'b.jsonl'),
    [
      line(row('b1', 'beta', 'd', 'human', null, 'B one')),
      '',
      '   ',
      line(row('b2', 'beta', 'd', 'ai', 'g', 'B two')),
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'a.jsonl'),
    line(row('a1', 'alpha', 'd', 'human', null, 'A one')) +
      '\n' +
      line(row('g1', 'gamma', 'd', 'ai', 'g', 'G in a')) +
      '\n',
  );
  writeFileSync(join(dir, 'notes.txt'), line(row('t1', 'alpha', 'd', 'human', null, 'not data')) + '\n');
  writeFileSync(join(dir, 'c.json'), line(row('j1', 'alpha', 'd', 'human', null, 'not data either')) + '\n');

  it('reads the .jsonl files in name order, skipping blank lines and other files', () => {
    const rows = readRows(dir);
    expect(rows.map((r) => r.id)).toEqual(['a1', 'g1', 'b1', 'b2']);
    expect(rows[3]).toEqual(row('b2', 'beta', 'd', 'ai', 'g', 'B two'));
  });

  it('leaves the excluded sources out, wherever their rows are', () => {
    expect(readRows(dir, new Set(['beta'])).map((r) => r.id)).toEqual(['a1', 'g1']);
    expect(readRows(dir, new Set(['gamma', 'alpha'])).map((r) => r.id)).toEqual(['b1', 'b2']);
    // a file name is not a source name
    expect(readRows(dir, new Set(['a', 'b'])).map((r) => r.id)).toEqual(['a1', 'g1', 'b1', 'b2']);
  });
});

describe('local sets beside the shared data', () => {
  const shared = mkdtempSync(join(tmpdir(), 'ai-shared-'));
  const local = mkdtempSync(join(tmpdir(), 'ai-local-'));
  afterAll(() => {
    rmSync(shared, { recursive: true, force: true });
    rmSync(local, { recursive: true, force: true });
  });
  const random = seededRandom(5);
  writeFileSync(
    join(shared, 'x.jsonl'),
    [row('x1', 'xs', 'd', 'human', null, 'X one'), row('x2', 'xs', 'd', 'ai', 'g', 'X two')]
      .map((r) => JSON.stringify(r))
      .join('\n') + '\n',
  );
  // passages of cli/data.ts: <set>:<file>:<n>; a book's chapters are files of one book
  const passages = [
    'bible:kjv/Genesis.1:0',
    'bible:kjv/Genesis.1:1',
    'bible:kjv/Genesis.2:0',
    'bible:kjv/Exodus.1:0',
    'manpages:man1/ls.1.gz:0',
    'manpages:man1/ls.1.gz:1',
    'manpages:man1/cp.1.gz:0',
  ];
  writeFileSync(
    join(local, 'set.jsonl'),
    passages
      .map((id) => JSON.stringify(row(id, id.split(':')[0]!, 'd', 'human', null, randomText(random))))
      .join('\n') + '\n',
  );

  it('reads both folders, and the shared data alone when the local folder is missing or not wanted', () => {
    expect(readAllRows(shared, local).map((r) => r.id)).toEqual(['x1', 'x2', ...passages]);
    expect(readAllRows(shared, null).map((r) => r.id)).toEqual(['x1', 'x2']);
    expect(readAllRows(shared, join(local, 'missing')).map((r) => r.id)).toEqual(['x1', 'x2']);
    expect(readAllRows(shared, local, new Set(['bible'])).map((r) => r.source)).toEqual([
      'xs',
      'xs',
      'manpages',
      'manpages',
      'manpages',
    ]);
  });

  it("groups a file's passages, and a book's chapters, so that they land on one side", () => {
    const split = splitRows(readAllRows(shared, local), 11);
    const group = (id: string): string => split.find((r) => r.id === id)!.group;
    expect(group('bible:kjv/Genesis.1:1')).toBe(group('bible:kjv/Genesis.1:0'));
    expect(group('bible:kjv/Genesis.2:0')).toBe(group('bible:kjv/Genesis.1:0'));
    expect(group('bible:kjv/Exodus.1:0')).not.toBe(group('bible:kjv/Genesis.1:0'));
    expect(group('manpages:man1/ls.1.gz:1')).toBe(group('manpages:man1/ls.1.gz:0'));
    expect(group('manpages:man1/cp.1.gz:0')).not.toBe(group('manpages:man1/ls.1.gz:0'));
  });

  it("gives a model's sources, and says what to run when one is not on this machine", () => {
    expect(rowsOfModel(['xs', 'bible'], shared, local).map((r) => r.id)).toEqual(['x1', 'x2', ...passages.slice(0, 4)]);
    expect(() => rowsOfModel(['xs', 'bible'], shared, null)).toThrow(/bible.*npm run ai:data/);
  });
});
