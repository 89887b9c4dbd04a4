import type { Queryable } from '../../db/database.ts';

/** The value of reuse_sources.collection for the documents of reference collection `name`. */
export function sourceCollectionOf(name: string): string {
  return `ref:${name}`;
}

export type CollectionRow = {
  name: string;
  title: string;
  documents: number;
  words: number;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = 'name, title, documents, words::float8 AS words, created_at, updated_at';

export async function listCollectionRows(db: Queryable): Promise<CollectionRow[]> {
  const { rows } = await db.query<CollectionRow>(`SELECT ${COLUMNS} FROM reuse_collections ORDER BY name`);
  return rows;
}

export async function findCollectionRow(db: Queryable, name: string): Promise<CollectionRow | null> {
  const { rows } = await db.query<CollectionRow>(`SELECT ${COLUMNS} FROM reuse_collections WHERE name = $1`, [name]);
  return rows[0] ?? null;
}

/**
 * The bookkeeping of one imported batch, in the transaction that has just upserted its sources (whose rows it
 * therefore holds locked): sets each document's word count and moves the collection's counters by the
 * difference, creating the collection on its first batch. A source whose `words` is still null was inserted
 * by this batch; one that had a count is a re-imported document being replaced.
 */
export async function recordBatch(
  tx: Queryable,
  input: { name: string; title: string | undefined; documents: readonly { key: string; words: number }[] },
): Promise<void> {
  const keys = input.documents.map((d) => d.key);
  const { rows } = await tx.query<{ added: number; old_words: number }>(
    `SELECT count(*) FILTER (WHERE words IS NULL)::int AS added, coalesce(sum(words), 0)::float8 AS old_words
     FROM reuse_sources WHERE key = ANY($1::text[])`,
    [keys],
  );
  const added = rows[0]?.added ?? 0;
  const oldWords = rows[0]?.old_words ?? 0;
  await tx.query(
    `UPDATE reuse_sources s SET words = v.words
     FROM unnest($1::text[], $2::int[]) AS v(key, words)
     WHERE s.key = v.key`,
    [keys, input.documents.map((d) => d.words)],
  );
  const newWords = input.documents.reduce((sum, d) => sum + d.words, 0);
  await tx.query(
    `INSERT INTO reuse_collections (name, title, documents, words) VALUES ($1, coalesce($2, $1), $3, $4)
     ON CONFLICT (name) DO UPDATE
       SET title = coalesce($2, reuse_collections.title),
           documents = reuse_collections.documents + excluded.documents,
           words = reuse_collections.words + excluded.words,
           updated_at = now()`,
    [input.name, input.title ?? null, added, newWords - oldWords],
  );
}

/** Recounts a collection's documents and words from its sources (the end of an import: exact whatever happened). */
export async function refreshCounters(db: Queryable, name: string): Promise<void> {
  await db.query(
    `UPDATE reuse_collections c
     SET documents = s.documents, words = s.words, updated_at = now()
     FROM (SELECT count(*)::int AS documents, coalesce(sum(words), 0)::bigint AS words
           FROM reuse_sources WHERE collection = $2) s
     WHERE c.name = $1`,
    [name, sourceCollectionOf(name)],
  );
}

/** Deletes the collection and its sources (their fingerprints follow: ON DELETE CASCADE); returns the sources deleted. */
export async function deleteCollection(tx: Queryable, name: string): Promise<number> {
  const { rowCount } = await tx.query('DELETE FROM reuse_sources WHERE collection = $1', [sourceCollectionOf(name)]);
  await tx.query('DELETE FROM reuse_collections WHERE name = $1', [name]);
  return rowCount;
}
