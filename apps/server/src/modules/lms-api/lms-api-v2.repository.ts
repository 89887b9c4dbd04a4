import type { Queryable } from '../../db/database.ts';

/** How long a course-scoped teacher grant lasts (the plugin re-issues it on every report open). */
export const COURSE_ROLE_HOURS = 48;

/** A member's non-address identity in an organisation (migration 0035). */
export type MemberLogin = { login: string; user_id: number };

/** The logins of the organisation's current members. */
export async function listMemberLogins(db: Queryable, groupId: number): Promise<MemberLogin[]> {
  const { rows } = await db.query<MemberLogin>(
    `SELECT l.login, l.user_id FROM lms_member_logins l
     JOIN group_members m ON m.group_id = l.group_id AND m.user_id = l.user_id
     WHERE l.group_id = $1 ORDER BY l.user_id`,
    [groupId],
  );
  return rows;
}

export async function findMemberLogin(db: Queryable, groupId: number, login: string): Promise<MemberLogin | null> {
  const { rows } = await db.query<MemberLogin>(
    'SELECT login, user_id FROM lms_member_logins WHERE group_id = $1 AND login = $2',
    [groupId, login],
  );
  return rows[0] ?? null;
}

export async function insertMemberLogin(
  db: Queryable,
  entry: { groupId: number; login: string; userId: number; additionalEmail: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO lms_member_logins (group_id, login, user_id, additional_email) VALUES ($1, $2, $3, $4)
     ON CONFLICT (group_id, login) DO NOTHING`,
    [entry.groupId, entry.login, entry.userId, entry.additionalEmail],
  );
}

/** Records (or renews) a teacher grant for one course: it lasts COURSE_ROLE_HOURS from now. */
export async function upsertCourseRole(
  db: Queryable,
  grant: { groupId: number; userId: number; courseId: string; role: 2 },
): Promise<{ expires_at: Date }> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO lms_course_roles (group_id, user_id, course_id, role, granted_at, expires_at)
     VALUES ($1, $2, $3, $4, now(), now() + make_interval(hours => $5::int))
     ON CONFLICT (group_id, user_id, course_id) DO UPDATE SET role = EXCLUDED.role, granted_at = EXCLUDED.granted_at,
       expires_at = EXCLUDED.expires_at
     RETURNING expires_at`,
    [grant.groupId, grant.userId, grant.courseId, grant.role, COURSE_ROLE_HOURS],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('upsertCourseRole returned no row');
  return row;
}

export async function hasLiveCourseRole(
  db: Queryable,
  groupId: number,
  userId: number,
  courseId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM lms_course_roles WHERE group_id = $1 AND user_id = $2 AND course_id = $3 AND expires_at > now()`,
    [groupId, userId, courseId],
  );
  return rows.length > 0;
}

/** What a check's LMS record says about its author and course (for report access). */
export async function findLmsCheckScope(
  db: Queryable,
  textCheckId: number,
): Promise<{ author_hash: string | null; course_id: string | null } | null> {
  const { rows } = await db.query<{ author_hash: string | null; course_id: string | null }>(
    'SELECT author_hash, course_id FROM lms_text_checks WHERE text_check_id = $1',
    [textCheckId],
  );
  return rows[0] ?? null;
}

export type IgnoreTemplateRecord = {
  id: number;
  file_name: string;
  size: number;
  created_at: Date;
};

export async function listIgnoreTemplates(
  db: Queryable,
  groupId: number,
  assignmentKey: string,
): Promise<IgnoreTemplateRecord[]> {
  const { rows } = await db.query<IgnoreTemplateRecord>(
    `SELECT id, file_name, octet_length(content)::int AS size, created_at FROM lms_ignore_templates
     WHERE group_id = $1 AND assignment_key = $2 ORDER BY id`,
    [groupId, assignmentKey],
  );
  return rows;
}

export async function insertIgnoreTemplate(
  db: Queryable,
  template: { groupId: number; assignmentKey: string; fileName: string; content: Buffer; text: string; userId: number },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO lms_ignore_templates (group_id, assignment_key, file_name, content, text, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [template.groupId, template.assignmentKey, template.fileName, template.content, template.text, template.userId],
  );
  return rows[0]?.id ?? 0;
}

/** Deletes the given templates of the activity; answers how many of them were there. */
export async function deleteIgnoreTemplates(
  db: Queryable,
  groupId: number,
  assignmentKey: string,
  ids: number[],
): Promise<number> {
  const { rows } = await db.query(
    `DELETE FROM lms_ignore_templates WHERE group_id = $1 AND assignment_key = $2 AND id = ANY($3::int[]) RETURNING id`,
    [groupId, assignmentKey, ids],
  );
  return rows.length;
}

export async function findIgnoreTemplateContent(
  db: Queryable,
  groupId: number,
  assignmentKey: string,
  id: number,
): Promise<{ file_name: string; content: Buffer } | null> {
  const { rows } = await db.query<{ file_name: string; content: Buffer | Uint8Array }>(
    'SELECT file_name, content FROM lms_ignore_templates WHERE group_id = $1 AND assignment_key = $2 AND id = $3',
    [groupId, assignmentKey, id],
  );
  const row = rows[0];
  return row === undefined ? null : { file_name: row.file_name, content: Buffer.from(row.content) };
}
