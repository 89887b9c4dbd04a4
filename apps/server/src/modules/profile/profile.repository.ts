import type { Queryable } from '../../db/database.ts';

/** The profile columns of a user (commerce-and-cabinet.md §3). */
export type ProfileRow = {
  name: string;
  email: string | null;
  timezone: string;
  language: string;
  email_verified_at: Date | null;
  has_password: boolean;
};

export async function findProfileRow(db: Queryable, userId: number): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT name, email, timezone, language, email_verified_at, password_hash IS NOT NULL AS has_password
       FROM users WHERE id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function updateProfileSettings(
  db: Queryable,
  userId: number,
  settings: { name: string; timezone: string; language: string },
): Promise<void> {
  await db.query('UPDATE users SET name = $2, timezone = $3, language = $4, updated_at = now() WHERE id = $1', [
    userId,
    settings.name,
    settings.timezone,
    settings.language,
  ]);
}

/** A new address is not verified yet. */
export async function updateUserEmail(db: Queryable, userId: number, email: string): Promise<void> {
  await db.query('UPDATE users SET email = $2, email_verified_at = NULL, updated_at = now() WHERE id = $1', [
    userId,
    email,
  ]);
}

/** Locks the user's row for the rest of the transaction (one deletion or password change at a time). */
export async function lockUser(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return rows.length === 1;
}

/** Each group of the user with the user's role, how many other members it has, and how many of them are owners. */
export type MembershipCensus = {
  group_id: number;
  name: string;
  role: number;
  other_members: number;
  other_owners: number;
};

export async function censusOfMemberships(db: Queryable, userId: number): Promise<MembershipCensus[]> {
  const { rows } = await db.query<MembershipCensus>(
    `SELECT g.id AS group_id, g.name, m.role,
            (SELECT count(*)::int FROM group_members o WHERE o.group_id = g.id AND o.user_id <> $1) AS other_members,
            (SELECT count(*)::int FROM group_members o WHERE o.group_id = g.id AND o.user_id <> $1 AND o.role = 1)
              AS other_owners
     FROM group_members m JOIN groups g ON g.id = m.group_id
     WHERE m.user_id = $1 ORDER BY g.id`,
    [userId],
  );
  return rows;
}

/** The user's own document checks: made for themselves, not inside a group. */
export async function findPersonalTextCheckIds(db: Queryable, userId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM text_checks WHERE user_id = $1 AND group_id IS NULL ORDER BY id',
    [userId],
  );
  return rows.map((row) => row.id);
}

export async function findTextCheckIdsOfGroups(db: Queryable, groupIds: readonly number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM text_checks WHERE group_id = ANY($1::int[]) ORDER BY id',
    [groupIds],
  );
  return rows.map((row) => row.id);
}

/** The user's checks inside the given groups (what those organisations keep). */
export async function countChecksInGroups(db: Queryable, userId: number, groupIds: readonly number[]): Promise<number> {
  if (groupIds.length === 0) return 0;
  const { rows } = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM text_checks WHERE user_id = $1 AND group_id = ANY($2::int[]))::int
          + (SELECT count(*) FROM ai_checks WHERE user_id = $1 AND group_id = ANY($2::int[]) AND text_check_id IS NULL)::int
            AS n`,
    [userId, groupIds],
  );
  return rows[0]?.n ?? 0;
}

export async function countIndexEntries(db: Queryable, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM reuse_sources WHERE key = ANY($1::text[])',
    [keys],
  );
  return rows[0]?.n ?? 0;
}

/** Deletes the user's personal checks (AI checks of their documents go with them); resolves to the counts. */
export async function deletePersonalChecks(
  db: Queryable,
  userId: number,
): Promise<{ textChecks: number; aiChecks: number }> {
  const ai = await db.query('DELETE FROM ai_checks WHERE user_id = $1 AND group_id IS NULL', [userId]);
  const text = await db.query('DELETE FROM text_checks WHERE user_id = $1 AND group_id IS NULL', [userId]);
  return { textChecks: text.rowCount, aiChecks: ai.rowCount };
}

/** Deletes groups with everything that is theirs (checks, account, ledger, members, invites: ON DELETE CASCADE). */
export async function deleteGroups(db: Queryable, groupIds: readonly number[]): Promise<void> {
  if (groupIds.length === 0) return;
  await db.query('DELETE FROM groups WHERE id = ANY($1::int[])', [groupIds]);
}

export async function countSessionsOfUser(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]?.n ?? 0;
}

/**
 * Deletes the user: sessions, personal account and ledger, memberships, codes, mail and agreements go
 * with it (ON DELETE CASCADE); checks made inside groups stay with user_id NULL (migration 0009's trigger).
 */
export async function deleteUserRow(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1', [userId]);
}
