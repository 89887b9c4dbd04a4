import type { Queryable } from '../../db/database.ts';

export type AuthCodeKind = 'verify_email' | 'reset_password';

export type AuthCodeRecord = {
  id: number;
  kind: AuthCodeKind;
  user_id: number;
  code_hash: string;
  expires_at: Date;
  used_at: Date | null;
  /** Computed by the database, so the clocks of app and database never disagree. */
  is_expired: boolean;
};

export async function insertAuthCode(
  db: Queryable,
  code: { kind: AuthCodeKind; userId: number; codeHash: string; ttlSeconds: number; isResend: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO auth_codes (kind, user_id, code_hash, is_resend, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [code.kind, code.userId, code.codeHash, code.isResend, code.ttlSeconds],
  );
}

export async function findAuthCodeByHash(
  db: Queryable,
  kind: AuthCodeKind,
  codeHash: string,
): Promise<AuthCodeRecord | null> {
  const { rows } = await db.query<AuthCodeRecord>(
    `SELECT id, kind, user_id, code_hash, expires_at, used_at, expires_at <= now() AS is_expired
     FROM auth_codes WHERE code_hash = $1 AND kind = $2`,
    [codeHash, kind],
  );
  return rows[0] ?? null;
}

/** Marks the code used if it still is usable; false when another request used it first or it expired. */
export async function useAuthCode(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE auth_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now()',
    [id],
  );
  return rowCount === 1;
}

/** Voids (expires) the user's unused codes of a kind: a new reset link replaces older ones. */
export async function voidUnusedAuthCodes(db: Queryable, userId: number, kind: AuthCodeKind): Promise<void> {
  await db.query(
    `UPDATE auth_codes SET expires_at = LEAST(expires_at, now())
     WHERE user_id = $1 AND kind = $2 AND used_at IS NULL`,
    [userId, kind],
  );
}

export async function countRecentAuthCodes(
  db: Queryable,
  filter: { userId: number; kind: AuthCodeKind; withinSeconds: number; resendsOnly: boolean },
): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM auth_codes
     WHERE user_id = $1 AND kind = $2 AND created_at > now() - make_interval(secs => $3)
       AND ($4::boolean = false OR is_resend)`,
    [filter.userId, filter.kind, filter.withinSeconds, filter.resendsOnly],
  );
  return rows[0]?.count ?? 0;
}
