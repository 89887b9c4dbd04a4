import type { Queryable } from '../../db/database.ts';

export type UserRecord = {
  id: number;
  email: string | null;
  password_hash: string | null;
  name: string;
  is_guest: boolean;
  email_verified_at: Date | null;
  api_token: string;
  language: string;
  block_text_submit: boolean;
  /** A site administrator: manages the reference collections (migration 0006). */
  is_admin: boolean;
  created_at: Date;
};

export type GroupRecord = {
  id: number;
  name: string;
  balance_type: 1 | 2 | 3;
  hide_new_check_for_student: boolean;
  is_disabled: boolean;
  /** Checks go through the LMS only: the website's check form is locked (check-tool.md §6). */
  website_checks_disabled: boolean;
  /** Its checked documents join everyone's index instead of its own (migration 0005). */
  share_checked_documents: boolean;
  created_by_user_id: number | null;
  api_token: string;
};

export type MembershipRecord = GroupRecord & { role: 1 | 2 | 3 };

const USER_COLUMNS =
  'u.id, u.email, u.password_hash, u.name, u.is_guest, u.email_verified_at, u.api_token, u.language, u.block_text_submit, u.is_admin, u.created_at';
const GROUP_COLUMNS =
  'g.id, g.name, g.balance_type, g.hide_new_check_for_student, g.is_disabled, g.website_checks_disabled, ' +
  'g.share_checked_documents, g.created_by_user_id, g.api_token';

export async function findUserById(db: Queryable, id: number): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE lower(u.email) = lower($1)`, [
    email,
  ]);
  return rows[0] ?? null;
}

export async function findUserByApiTokenHash(db: Queryable, tokenHash: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.api_token_hash = $1`, [
    tokenHash,
  ]);
  return rows[0] ?? null;
}

export async function findGroupByApiTokenHash(db: Queryable, tokenHash: string): Promise<GroupRecord | null> {
  const { rows } = await db.query<GroupRecord>(`SELECT ${GROUP_COLUMNS} FROM groups g WHERE g.api_token_hash = $1`, [
    tokenHash,
  ]);
  return rows[0] ?? null;
}

export async function findUserBySessionHash(db: Queryable, idHash: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRecord>(
    `SELECT ${USER_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id_hash = $1 AND s.expires_at > now()`,
    [idHash],
  );
  return rows[0] ?? null;
}

export async function insertUser(
  db: Queryable,
  user: {
    email: string | null;
    passwordHash: string | null;
    name: string;
    isGuest: boolean;
    apiToken: string;
    apiTokenHash: string;
    language?: string;
    verified?: boolean;
  },
): Promise<UserRecord> {
  const { rows } = await db.query<UserRecord>(
    `INSERT INTO users AS u (email, password_hash, name, is_guest, api_token, api_token_hash, language, email_verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::boolean THEN now() ELSE NULL END)
     RETURNING ${USER_COLUMNS}`,
    [
      user.email,
      user.passwordHash,
      user.name,
      user.isGuest,
      user.apiToken,
      user.apiTokenHash,
      user.language ?? 'en',
      user.verified ?? false,
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertUser returned no row');
  return row;
}

export async function insertGroup(
  db: Queryable,
  group: { name: string; createdByUserId: number; apiToken: string; apiTokenHash: string },
): Promise<GroupRecord> {
  const { rows } = await db.query<GroupRecord>(
    `INSERT INTO groups AS g (name, created_by_user_id, api_token, api_token_hash) VALUES ($1, $2, $3, $4)
     RETURNING ${GROUP_COLUMNS}`,
    [group.name, group.createdByUserId, group.apiToken, group.apiTokenHash],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertGroup returned no row');
  return row;
}

export async function insertMembership(db: Queryable, groupId: number, userId: number, role: 1 | 2 | 3): Promise<void> {
  await db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [groupId, userId, role]);
}

export async function findMembershipsOfUser(db: Queryable, userId: number): Promise<MembershipRecord[]> {
  const { rows } = await db.query<MembershipRecord>(
    `SELECT ${GROUP_COLUMNS}, m.role FROM group_members m JOIN groups g ON g.id = m.group_id
     WHERE m.user_id = $1 ORDER BY g.id`,
    [userId],
  );
  return rows;
}

/** Grants or revokes site administration by e-mail; null when no such (non-guest) user exists. */
export async function setUserAdmin(db: Queryable, email: string, isAdmin: boolean): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRecord>(
    `UPDATE users AS u SET is_admin = $2, updated_at = now()
     WHERE lower(u.email) = lower($1) AND NOT u.is_guest
     RETURNING ${USER_COLUMNS}`,
    [email, isAdmin],
  );
  return rows[0] ?? null;
}

export async function updateUserPassword(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [userId, passwordHash]);
}

/** Marks the e-mail address verified (once: a later call keeps the first time). */
export async function markEmailVerified(db: Queryable, userId: number): Promise<void> {
  await db.query(
    'UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now() WHERE id = $1',
    [userId],
  );
}

/** A new personal API token (the old one stops working at once): after a password change or reset. */
export async function replaceUserApiToken(db: Queryable, userId: number, token: { token: string; hash: string }) {
  await db.query('UPDATE users SET api_token = $2, api_token_hash = $3, updated_at = now() WHERE id = $1', [
    userId,
    token.token,
    token.hash,
  ]);
}
