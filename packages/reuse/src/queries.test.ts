import { describe, expect, test } from 'vitest';
import {
  chunkCovered,
  MAX_QUERY_WORDS,
  planQueries,
  promisingResults,
  queryBudget,
  snippetOverlap,
  snippetPromising,
} from './queries.ts';
import { seededRandom, textGenerator } from './testing.ts';

const wordsOf = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? [];

describe('queryBudget', () => {
  test('scales with length, rounds up, is at least one and at most the cap', () => {
    expect(queryBudget(0, 5, 30)).toBe(0);
    expect(queryBudget(40, 5, 30)).toBe(1);
    expect(queryBudget(1000, 5, 30)).toBe(5);
    expect(queryBudget(1001, 5, 30)).toBe(6);
    expect(queryBudget(2064, 5, 30)).toBe(11);
    expect(queryBudget(100_000, 5, 30)).toBe(30);
    expect(queryBudget(500, 5, 0)).toBe(0);
  });
});

describe('planQueries', () => {
  test('cuts the text into at most `budget` chunks of whole sentences, in order, each with a short query', () => {
    const text = textGenerator(3)(120);
    const total = wordsOf(text).length;
    for (const budget of [1, 3, 7, 12]) {
      const plan = planQueries(text, 'en', budget);
      expect(plan.length).toBeGreaterThan(0);
      expect(plan.length).toBeLessThanOrEqual(Math.min(budget, Math.floor(total / 100)));
      let end = 0;
      for (const { chunk, query } of plan) {
        expect(chunk.start).toBeGreaterThanOrEqual(end);
        end = chunk.end;
        // chunks start at a sentence (the generator's sentences begin with a capital after ". ")
        expect(chunk.start === 0 || text.slice(chunk.start - 2, chunk.start) === '. ').toBe(true);
        const words = query.split(' ');
        expect(words.length).toBeLessThanOrEqual(MAX_QUERY_WORDS);
        const chunkText = text.slice(chunk.start, chunk.end).toLowerCase();
        for (const word of words) expect(chunkText).toContain(word.toLowerCase());
      }
    }
  });

  test('a text shorter than a chunk gets one query whatever the budget; an empty text none', () => {
    const text = textGenerator(4)(5);
    expect(planQueries(text, 'en', 10)).toHaveLength(1);
    expect(planQueries('', 'en', 10)).toEqual([]);
    expect(planQueries(text, 'en', 0)).toEqual([]);
  });

  test('names and long words go before function words and common words', () => {
    const text =
      'The people said that the time was right to make a new start. Later the Kettlewell committee met in ' +
      'Aberystwyth and agreed on the refurbishment of the observatory. Everyone thought it was a good thing ' +
      'for the town, and the work would start in the spring of next year with help from many people.';
    const [planned] = planQueries(text, 'en', 1);
    const words = planned!.query.split(' ');
    expect(words).toEqual(expect.arrayContaining(['Kettlewell', 'Aberystwyth', 'refurbishment', 'observatory']));
    for (const weak of ['the', 'was', 'people', 'time', 'good']) expect(words).not.toContain(weak);
  });

  test('Spanish: its function words and common words are left out', () => {
    const text =
      'En el año de mil novecientos la gente de la ciudad decidió que era el momento de hacer una gran obra. ' +
      'Los ingenieros de Valparaíso diseñaron un acueducto monumental con arquerías de piedra volcánica, y ' +
      'todo el mundo pensó que sería una cosa muy buena para la vida de las personas del puerto.';
    const [planned] = planQueries(text, 'es', 1);
    const words = planned!.query.split(' ');
    expect(words).toEqual(expect.arrayContaining(['Valparaíso', 'acueducto', 'arquerías', 'volcánica']));
    for (const weak of ['de', 'la', 'año', 'gente', 'momento', 'cosa', 'vida']) expect(words).not.toContain(weak);
  });

  // Property: a document of unrelated text with short passages copied from three of forty sources. A search
  // engine that ranks pages by the query words they contain must find each source with the query of the
  // chunk its passage is in.
  test.each([1, 2, 3, 4, 5, 6])('the chunk holding a copied passage finds its source (seed %i)', (seed) => {
    const rand = seededRandom(seed);
    const sources = Array.from({ length: 40 }, (_, k) => textGenerator(seed * 100 + k)(30));
    const host = textGenerator(seed * 100 + 99)(90).split(/(?<=\.) /);
    const copied = [5, 17, 31];
    const parts = [...host];
    const passages: { source: number; text: string }[] = [];
    for (const [n, source] of copied.entries()) {
      const sentences = sources[source]!.split(/(?<=\.) /);
      const from = Math.floor(rand() * (sentences.length - 4));
      const text = sentences.slice(from, from + 3).join(' ');
      passages.push({ source, text });
      parts.splice(10 + n * 30, 0, text);
    }
    const doc = parts.join(' ');
    const plan = planQueries(doc, 'en', queryBudget(wordsOf(doc).length, 5, 30));
    const rank = (query: string): number[] => {
      const terms = new Set(query.toLowerCase().split(' '));
      const scores = sources.map((s) => {
        const words = new Set(wordsOf(s.toLowerCase()));
        return [...terms].filter((term) => words.has(term)).length;
      });
      return scores.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
    };
    for (const { source, text } of passages) {
      const at = doc.indexOf(text);
      const planned = plan.find((q) => q.chunk.start <= at && at < q.chunk.end)!;
      expect(rank(planned.query).slice(0, 3)).toContain(source);
    }
  });
});

describe('chunkCovered', () => {
  const chunk = textGenerator(11)(6);
  const unrelated = [textGenerator(12)(40), textGenerator(13)(40)];

  test('a page holding the chunk covers it, whatever the line breaks and letter case', () => {
    const page = `${textGenerator(14)(10)}\n\n${chunk.toUpperCase().replace(/ /g, '\n')}\n\n${textGenerator(15)(10)}`;
    expect(chunkCovered(chunk, [...unrelated, page], 'en')).toBe(true);
    expect(chunkCovered(chunk, [page])).toBe(true);
  });

  test('unrelated pages, or a page holding only a third of the chunk, do not', () => {
    expect(chunkCovered(chunk, unrelated, 'en')).toBe(false);
    expect(chunkCovered(chunk, [], 'en')).toBe(false);
    const third = chunk
      .split(/(?<=\.) /)
      .slice(0, 2)
      .join(' ');
    expect(chunkCovered(chunk, [`${textGenerator(16)(10)} ${third}`], 'en')).toBe(false);
  });
});

describe('snippetPromising', () => {
  const chunk =
    'The committee agreed that the observatory on the hill needed a new telescope mount, and the engineers from ' +
    'Aberystwyth proposed a design made of lightweight alloys that would survive the coastal winds.';

  test('a snippet of the chunk, reworded (other inflections, order, case), is promising', () => {
    const snippet =
      '… engineers of ABERYSTWYTH proposing designs of lightweight alloy, surviving coastal wind; the committee agrees the observatory…';
    expect(snippetOverlap(snippet, chunk, 'en')).toBeGreaterThan(0.8);
    expect(snippetPromising(snippet, chunk, 'en')).toBe(true);
  });

  test('a snippet sharing only the query words, among words of its own, is not', () => {
    const snippet =
      'Visit the observatory gift shop: postcards, mugs, umbrellas and jigsaw puzzles, open daily; parking ' +
      'vouchers, birthday parties, school trips and family tickets available online.';
    expect(snippetPromising(snippet, chunk, 'en')).toBe(false);
    expect(snippetPromising('', chunk, 'en')).toBe(false);
  });
});

describe('promisingResults', () => {
  const chunk =
    'The committee agreed that the observatory on the hill needed a new telescope mount, and the engineers from ' +
    'Aberystwyth proposed a design made of lightweight alloys that would survive the coastal winds.';
  const results = [
    {
      url: 'a',
      snippet: 'Observatory gift shop: postcards, mugs, umbrellas, jigsaw puzzles and family tickets online.',
    },
    { url: 'b', snippet: 'the observatory on the hill needed a new telescope mount, said the committee of the town' },
    {
      url: 'c',
      snippet: 'engineers from Aberystwyth proposed a design made of lightweight alloys for the coastal winds',
    },
    {
      url: 'd',
      snippet:
        'A telescope mount for beginners: tripods, counterweights, eyepieces, finderscopes, dew shields, red torches and star charts reviewed by amateurs.',
    },
  ];

  test('keeps the promising ones, best snippet first, at most `max`', () => {
    expect(promisingResults(results, chunk, 'en', 10).map((r) => r.url)).toEqual(['c', 'b']);
    expect(promisingResults(results, chunk, 'en', 1).map((r) => r.url)).toEqual(['c']);
    expect(promisingResults(results, chunk, 'en', 0)).toEqual([]);
  });

  test('near ties keep the engine’s order', () => {
    const twice = [results[2]!, { ...results[2]!, url: 'c2' }];
    expect(promisingResults(twice, chunk, 'en', 2).map((r) => r.url)).toEqual(['c', 'c2']);
  });
});
