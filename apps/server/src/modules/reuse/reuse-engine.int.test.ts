import { buildSimilarityReport, checkText, indexSource } from '@veritext/reuse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';
import { SqlFingerprintStore } from './fingerprint-store.ts';

const essay = [
  'The printing press changed how knowledge travelled across Europe in the fifteenth century.',
  'Before Gutenberg, books were copied by hand in monasteries, a slow and costly labour that kept them rare.',
  'Movable metal type allowed a workshop to produce hundreds of identical pages in the time a scribe needed for one.',
  'Within fifty years presses were running in more than two hundred cities, and millions of volumes circulated.',
  'Cheaper books encouraged literacy, spread the ideas of the Reformation and helped standardise national languages.',
].join(' ');
const unrelated =
  'Tidal pools host crabs, anemones and small fish that survive the daily retreat of the sea. ' +
  'Visitors should walk carefully on the wet rocks and leave every creature where they found it.';

describe(`the reuse engine on the product's index (${TEST_DB_KIND})`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.dispose();
  });

  it('indexes sources, finds a copied passage through SQL retrieval, and forgets a removed source', async () => {
    const store = new SqlFingerprintStore(handle.db);
    await indexSource(store, { id: 'essay', text: essay, collection: 'general', title: 'Printing press', url: null });
    await indexSource(store, { id: 'pools', text: unrelated, collection: 'checked', title: 'Tidal pools', url: null });
    const copied = essay.split('. ').slice(1, 4).join('. ') + '.';
    const text = `My homework about history. ${copied} That is all I have to say about it.`;

    const result = await checkText(store, { text, language: 'en' });
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0]).toMatchObject({
      sourceId: 'essay',
      kind: 'identical',
      suspStart: text.indexOf(copied),
      suspEnd: text.indexOf(copied) + copied.length,
    });
    const report = buildSimilarityReport(text, result, { minWords: 8 });
    expect(report.plagiarism.sources.map((s) => s.link.name)).toEqual(['Printing press']);
    expect(report.plagiarism.percents.identical).toBe(Math.round((10000 * copied.length) / text.length) / 100);

    const onlyChecked = await checkText(store, { text, language: 'en', collections: ['checked'] });
    expect(onlyChecked.matches).toEqual([]);

    await store.remove('essay');
    expect((await checkText(store, { text, language: 'en' })).matches).toEqual([]);
  });

  it('stores a text holding NUL characters, which PostgreSQL text cannot, with its offsets intact', async () => {
    const store = new SqlFingerprintStore(handle.db);
    const withNul = `Header\u0000\u0000 ${essay}`;
    await indexSource(store, {
      id: 'nul',
      text: withNul,
      collection: 'general',
      title: 'Binary junk\u0000',
      url: null,
    });
    const stored = (await store.getSources(['nul'])).get('nul')!;
    expect(stored.text).toHaveLength(withNul.length);
    expect(stored.text).toBe(withNul.replaceAll('\u0000', '\ufffd'));
    expect(stored.title).toBe('Binary junk\ufffd');
    const copied = essay.split('. ').slice(0, 3).join('. ') + '.';
    const result = await checkText(store, { text: `Intro line. ${copied} Outro line.`, language: 'en' });
    const match = result.matches.find((m) => m.sourceId === 'nul')!;
    expect(stored.text.slice(match.srcStart, match.srcEnd)).toBe(copied);
  });
});
