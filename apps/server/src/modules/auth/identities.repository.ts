import type { Queryable } from '../../db/database.ts';

/** A user's account at an outside identity provider (migration 0010). */
export type IdentityRecord = {
  id: number;
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
};

const IDENTITY_COLUMNS = 'i.id, i.user_id, i.provider, i.subject, i.email';

export async function findIdentity(db: Queryable, provider: string, subject: string): Promise<IdentityRecord | null> {
  const { rows } = await db.query<IdentityRecord>(
    `SELECT ${IDENTITY_COLUMNS} FROM user_identities i WHERE i.provider = $1 AND i.subject = $2`,
    [provider, subject],
  );
  return rows[0] ?? null;
}

export async function findIdentityOfUser(
  db: Queryable,
  userId: number,
  provider: string,
): Promise<IdentityRecord | null> {
  const { rows } = await db.query<IdentityRecord>(
    `SELECT ${IDENTITY_COLUMNS} FROM user_identities i WHERE i.user_id = $1 AND i.provider = $2`,
    [userId, provider],
  );
  return rows[0] ?? null;
}

export async function insertIdentity(
  db: Queryable,
  identity: { userId: number; provider: string; subject: string; email: string | null },
): Promise<IdentityRecord> {
  const { rows } = await db.query<IdentityRecord>(
    `INSERT INTO user_identities AS i (user_id, provider, subject, email) VALUES ($1, $2, $3, $4)
     RETURNING ${IDENTITY_COLUMNS}`,
    [identity.userId, identity.provider, identity.subject, identity.email],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertIdentity returned no row');
  return row;
}

export async function touchIdentity(db: Queryable, id: number, email: string | null): Promise<void> {
  await db.query('UPDATE user_identities SET last_login_at = now(), email = COALESCE($2, email) WHERE id = $1', [
    id,
    email,
  ]);
}
