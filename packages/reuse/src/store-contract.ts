import type { FingerprintStore, IndexedSource } from './store.ts';

/**
 * The behaviour every FingerprintStore must show, written once and run against each implementation (the
 * in-memory one here, the database one in apps/server on PGlite and PostgreSQL). Throws on the first broken
 * rule; returns the number of rules checked.
 */
export async function verifyStoreContract(makeStore: () => Promise<FingerprintStore>): Promise<number> {
  let checked = 0;
  const expect = (condition: boolean, rule: string): void => {
    if (!condition) throw new Error(`FingerprintStore contract broken: ${rule}`);
    checked++;
  };
  const source = (id: string, collection = 'checked'): IndexedSource => ({
    id,
    text: `text of ${id}`,
    collection,
    title: `Title ${id}`,
    url: null,
  });
  const sorted = (ids: readonly string[] | undefined): string => [...(ids ?? [])].sort().join(',');

  const store = await makeStore();
  expect((await store.count()) === 0, 'a new store is empty');

  await store.add(source('a'), [1, 2, 3, 0xffffffff]);
  await store.add(source('b'), [2, 3, 4]);
  await store.add(source('c', 'ref:wiki'), [3, 4, 5, 5]);
  expect((await store.count()) === 3, 'count counts sources');

  let postings = await store.lookup([1, 2, 3, 4, 5, 0xffffffff, 99], { maxDf: 10 });
  expect(!postings.has(99), 'unknown hashes are absent');
  expect(sorted(postings.get(1)?.sourceIds) === 'a', 'a hash held by one source');
  expect(sorted(postings.get(3)?.sourceIds) === 'a,b,c', 'a hash held by three sources');
  expect(postings.get(3)?.df === 3, 'df is the number of sources');
  expect(postings.get(5)?.df === 1, 'a hash repeated in one document counts once');
  expect(sorted(postings.get(0xffffffff)?.sourceIds) === 'a', 'the whole unsigned 32-bit range is kept');

  postings = await store.lookup([3, 4], { maxDf: 2 });
  expect(postings.get(3)?.df === 3 && postings.get(3)?.sourceIds.length === 0, 'hashes above maxDf are damped');
  expect(sorted(postings.get(4)?.sourceIds) === 'b,c', 'hashes at maxDf are kept');

  postings = await store.lookup([3, 4], { maxDf: 10, collections: ['ref:wiki'] });
  expect(sorted(postings.get(3)?.sourceIds) === 'c', 'collections filter the sources');

  const got = await store.getSources(['a', 'c', 'zzz']);
  expect(got.size === 2 && got.get('c')?.collection === 'ref:wiki', 'getSources returns known sources');
  expect(got.get('a')?.text === 'text of a' && got.get('a')?.title === 'Title a', 'getSources keeps text and title');

  await store.remove('b');
  await store.remove('never-added');
  expect((await store.count()) === 2, 'remove removes the source');
  postings = await store.lookup([2, 4], { maxDf: 10 });
  expect(sorted(postings.get(2)?.sourceIds) === 'a', 'remove removes its fingerprints');
  expect(sorted(postings.get(4)?.sourceIds) === 'c', 'remove leaves other sources alone');

  await store.add({ ...source('a'), text: 'new text' }, [7]);
  postings = await store.lookup([1, 7], { maxDf: 10 });
  expect(!postings.has(1) && sorted(postings.get(7)?.sourceIds) === 'a', 'adding an id again replaces it');
  expect((await store.getSources(['a'])).get('a')?.text === 'new text', 'replacing updates the text');
  expect((await store.count()) === 2, 'replacing does not add a source');
  return checked;
}
