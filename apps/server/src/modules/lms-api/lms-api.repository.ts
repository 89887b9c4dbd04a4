import type { Queryable } from '../../db/database.ts';

/** An LMS integration token (migration 0033): a user's own, or an organisation's ("G-"). Never the token itself. */
export type LmsTokenRecord = {
  id: number;
  user_id: number | null;
  group_id: number | null;
  created_by_user_id: number | null;
  name: string;
  token_hint: string;
  check_ai: boolean;
  auto_registration: boolean;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

const TOKEN_COLUMNS =
  't.id, t.user_id, t.group_id, t.created_by_user_id, t.name, t.token_hint, t.check_ai, t.auto_registration, ' +
  't.created_at, t.last_used_at, t.revoked_at';

export async function insertLmsToken(
  db: Queryable,
  token: {
    userId: number | null;
    groupId: number | null;
    createdByUserId: number;
    name: string;
    tokenHash: string;
    tokenHint: string;
    checkAi: boolean;
    autoRegistration: boolean;
  },
): Promise<LmsTokenRecord> {
  const { rows } = await db.query<LmsTokenRecord>(
    `INSERT INTO lms_tokens AS t (user_id, group_id, created_by_user_id, name, token_hash, token_hint, check_ai,
       auto_registration)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${TOKEN_COLUMNS}`,
    [
      token.userId,
      token.groupId,
      token.createdByUserId,
      token.name,
      token.tokenHash,
      token.tokenHint,
      token.checkAi,
      token.autoRegistration,
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertLmsToken returned no row');
  return row;
}

/** A live (not revoked) token by the SHA-256 of its text. */
export async function findLiveLmsTokenByHash(db: Queryable, tokenHash: string): Promise<LmsTokenRecord | null> {
  const { rows } = await db.query<LmsTokenRecord>(
    `SELECT ${TOKEN_COLUMNS} FROM lms_tokens t WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function findLmsToken(db: Queryable, id: number): Promise<LmsTokenRecord | null> {
  const { rows } = await db.query<LmsTokenRecord>(`SELECT ${TOKEN_COLUMNS} FROM lms_tokens t WHERE t.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The user's own tokens and those of the organisations in `groupIds`, newest first. */
export async function listLmsTokens(db: Queryable, userId: number, groupIds: number[]): Promise<LmsTokenRecord[]> {
  const { rows } = await db.query<LmsTokenRecord>(
    `SELECT ${TOKEN_COLUMNS} FROM lms_tokens t WHERE t.user_id = $1 OR t.group_id = ANY($2::int[]) ORDER BY t.id DESC`,
    [userId, groupIds],
  );
  return rows;
}

export async function revokeLmsToken(db: Queryable, id: number): Promise<LmsTokenRecord | null> {
  const { rows } = await db.query<LmsTokenRecord>(
    `UPDATE lms_tokens AS t SET revoked_at = COALESCE(t.revoked_at, now()) WHERE t.id = $1 RETURNING ${TOKEN_COLUMNS}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function touchLmsToken(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE lms_tokens SET last_used_at = now() WHERE id = $1', [id]);
}

/** The LMS details recorded with a check. */
export type LmsCheckMeta = {
  lmsTokenId: number | null;
  origin: string;
  authorHash: string | null;
  courseId: string | null;
  assignmentId: string | null;
  assignmentName: string | null;
  submissionId: string | null;
  attachmentId: string | null;
  /** The newest plugin's course_name, assignment_key and ignore_templates_enabled (migration 0035). */
  courseName?: string | null;
  assignmentKey?: string | null;
  ignoreTemplatesEnabled?: boolean;
};

export async function insertLmsCheck(db: Queryable, textCheckId: number, meta: LmsCheckMeta): Promise<void> {
  await db.query(
    `INSERT INTO lms_text_checks (text_check_id, lms_token_id, origin, author_hash, course_id, assignment_id,
       assignment_name, submission_id, attachment_id, course_name, assignment_key, ignore_templates_enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      textCheckId,
      meta.lmsTokenId,
      meta.origin,
      meta.authorHash,
      meta.courseId,
      meta.assignmentId,
      meta.assignmentName,
      meta.submissionId,
      meta.attachmentId,
      meta.courseName ?? null,
      meta.assignmentKey ?? null,
      meta.ignoreTemplatesEnabled ?? false,
    ],
  );
}

export type LmsCheckRecord = { text_check_id: number; lms_token_id: number | null; origin: string };

export async function findLmsCheck(db: Queryable, textCheckId: number): Promise<LmsCheckRecord | null> {
  const { rows } = await db.query<LmsCheckRecord>(
    'SELECT text_check_id, lms_token_id, origin FROM lms_text_checks WHERE text_check_id = $1',
    [textCheckId],
  );
  return rows[0] ?? null;
}

/** The check a caller's key (an Idempotency-Key or a resend fingerprint) made, with its request's fingerprint. */
export async function findSubmitKey(
  db: Queryable,
  caller: string,
  key: string,
): Promise<{ request_hash: string; text_check_id: number; age_seconds: number; state: number } | null> {
  const { rows } = await db.query<{ request_hash: string; text_check_id: number; age_seconds: number; state: number }>(
    `SELECT k.request_hash, k.text_check_id, EXTRACT(EPOCH FROM (now() - k.created_at))::float8 AS age_seconds, c.state
     FROM text_submit_keys k JOIN text_checks c ON c.id = k.text_check_id WHERE k.caller = $1 AND k.key = $2`,
    [caller, key],
  );
  return rows[0] ?? null;
}

export async function saveSubmitKey(
  db: Queryable,
  entry: { caller: string; key: string; requestHash: string; textCheckId: number },
): Promise<void> {
  await db.query(
    `INSERT INTO text_submit_keys (caller, key, request_hash, text_check_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (caller, key) DO UPDATE SET request_hash = EXCLUDED.request_hash,
       text_check_id = EXCLUDED.text_check_id, created_at = now()`,
    [entry.caller, entry.key, entry.requestHash, entry.textCheckId],
  );
}

export type MemberIdentity = { user_id: number; email: string; role: 1 | 2 | 3 };

export async function listMemberIdentities(db: Queryable, groupId: number): Promise<MemberIdentity[]> {
  const { rows } = await db.query<MemberIdentity>(
    `SELECT m.user_id, u.email, m.role FROM group_members m JOIN users u ON u.id = m.user_id
     WHERE m.group_id = $1 AND u.email IS NOT NULL ORDER BY m.user_id`,
    [groupId],
  );
  return rows;
}
