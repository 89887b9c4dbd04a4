import type { Queryable } from '../../db/database.ts';

/**
 * Locks the two users of a guest's hand-over (in id order, so two hand-overs cannot deadlock) and says
 * whether `guestId` is still a guest and `accountId` a real user.
 */
export async function lockGuestAndAccount(tx: Queryable, guestId: number, accountId: number): Promise<boolean> {
  const { rows } = await tx.query<{ id: number; is_guest: boolean }>(
    'SELECT id, is_guest FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [[guestId, accountId]],
  );
  const guest = rows.find((row) => row.id === guestId);
  const account = rows.find((row) => row.id === accountId);
  return guest?.is_guest === true && account?.is_guest === false;
}

/** The guest's plagiarism checks (a guest has no group) become the account's; returns how many. */
export async function moveTextChecksOfUser(tx: Queryable, fromUserId: number, toUserId: number): Promise<number> {
  const { rowCount } = await tx.query('UPDATE text_checks SET user_id = $2 WHERE user_id = $1 AND group_id IS NULL', [
    fromUserId,
    toUserId,
  ]);
  return rowCount;
}

/** The guest's AI checks, stand-alone or of a document, become the account's; returns how many. */
export async function moveAiChecksOfUser(tx: Queryable, fromUserId: number, toUserId: number): Promise<number> {
  const { rowCount } = await tx.query('UPDATE ai_checks SET user_id = $2 WHERE user_id = $1 AND group_id IS NULL', [
    fromUserId,
    toUserId,
  ]);
  return rowCount;
}
