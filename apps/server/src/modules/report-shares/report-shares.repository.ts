import type { Queryable } from '../../db/database.ts';

/** The only SQL of shared report links (table report_shares, migration 0026). */

export type ShareRecord = {
  id: number;
  text_check_id: number;
  created_by: number;
  email: string;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
  /** The sharer's name and address. */
  creator_name: string;
  creator_email: string | null;
};

const SELECT = `SELECT s.id, s.text_check_id, s.created_by, s.email, s.expires_at, s.revoked_at, s.created_at,
    u.name AS creator_name, u.email AS creator_email
  FROM report_shares s JOIN users u ON u.id = s.created_by`;

export async function insertShare(
  db: Queryable,
  share: { checkId: number; createdBy: number; email: string; tokenHash: string; expiresAt: Date },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO report_shares (text_check_id, created_by, email, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [share.checkId, share.createdBy, share.email, share.tokenHash, share.expiresAt],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertShare returned no row');
  return row.id;
}

export async function findShare(db: Queryable, id: number): Promise<ShareRecord | null> {
  const { rows } = await db.query<ShareRecord>(`${SELECT} WHERE s.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The links of a check that still work at `now`, newest first. */
export async function listActiveShares(db: Queryable, checkId: number, now: Date): Promise<ShareRecord[]> {
  const { rows } = await db.query<ShareRecord>(
    `${SELECT} WHERE s.text_check_id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 ORDER BY s.id DESC`,
    [checkId, now],
  );
  return rows;
}

/** The link of a token's hash, while it works at `now`; null when unknown, revoked or expired. */
export async function findActiveShareByTokenHash(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<ShareRecord | null> {
  const { rows } = await db.query<ShareRecord>(
    `${SELECT} WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

/** Stops a link of a check; false when it is not one of the check's working links. */
export async function revokeShare(
  db: Queryable,
  input: { checkId: number; shareId: number; now: Date },
): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE report_shares SET revoked_at = $3
     WHERE id = $1 AND text_check_id = $2 AND revoked_at IS NULL AND expires_at > $3 RETURNING id`,
    [input.shareId, input.checkId, input.now],
  );
  return rows.length > 0;
}

/** How many links a user made since `since` (the daily bound on e-mails sent to any address). */
export async function countSharesBy(db: Queryable, userId: number, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM report_shares WHERE created_by = $1 AND created_at > $2',
    [userId, since],
  );
  return rows[0]?.n ?? 0;
}
