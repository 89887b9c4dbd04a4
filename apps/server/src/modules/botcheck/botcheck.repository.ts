import type { Queryable } from '../../db/database.ts';

/** Guest sign-ups of one address (its keyed hash) in the last 24 hours, and when the oldest of them stops counting. */
export async function countRecentGuests(
  db: Queryable,
  addressHash: string,
): Promise<{ count: number; oldestExpiresInSeconds: number }> {
  const { rows } = await db.query<{ count: number; expires_in: number | null }>(
    `SELECT count(*)::int AS count,
            ceil(extract(epoch FROM min(created_at) + interval '24 hours' - now()))::int AS expires_in
     FROM guest_creations WHERE address_hash = $1 AND created_at > now() - interval '24 hours'`,
    [addressHash],
  );
  return { count: rows[0]?.count ?? 0, oldestExpiresInSeconds: Math.max(1, rows[0]?.expires_in ?? 1) };
}

/** Serialises the sign-ups of one address until the end of the transaction (count, then insert). */
export async function lockGuestAddress(db: Queryable, addressHash: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`guest-address:${addressHash}`]);
}

export async function insertGuestCreation(db: Queryable, addressHash: string): Promise<number> {
  // Rows that no longer count go as new ones come (indexed on created_at: cheap).
  await db.query("DELETE FROM guest_creations WHERE created_at < now() - interval '2 days'");
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO guest_creations (address_hash) VALUES ($1) RETURNING id::int AS id',
    [addressHash],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertGuestCreation returned no row');
  return row.id;
}

export async function setGuestCreationUser(db: Queryable, id: number, userId: number): Promise<void> {
  await db.query('UPDATE guest_creations SET user_id = $2 WHERE id = $1', [id, userId]);
}

export async function deleteGuestCreation(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM guest_creations WHERE id = $1', [id]);
}
