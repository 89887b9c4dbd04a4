import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { safeEqual, sha256 } from '../auth/secrets.ts';
import { findUserById, type GroupRecord, type UserRecord } from '../auth/users.repository.ts';
import { listMemberLogins } from './lms-api-v2.repository.ts';
import {
  findLiveLmsTokenByHash,
  listMemberIdentities,
  touchLmsToken,
  type LmsTokenRecord,
} from './lms-api.repository.ts';

/** An organisation's LMS token starts with this, as in the PlagiarismCheck protocol. */
export const GROUP_TOKEN_PREFIX = 'G-';
/** A user's own LMS token starts with this (anything but "G-"). */
export const PERSONAL_TOKEN_PREFIX = 'L-';

/** Who an LMS token call acts for: the token, and the member a group token's `::hash` named (if any). */
export type LmsAuth = {
  token: LmsTokenRecord;
  /** The member of the token's organisation whose e-mail the header's hash was made from; null otherwise. */
  memberUserId: number | null;
  /** The organisation token's text as sent (for the member's identity hashes); absent for other callers. */
  tokenText?: string;
};

export function generateLmsToken(kind: 'personal' | 'organisation'): { token: string; hash: string; hint: string } {
  const token = `${kind === 'organisation' ? GROUP_TOKEN_PREFIX : PERSONAL_TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
  return { token, hash: sha256(token), hint: token.slice(-4) };
}

/**
 * The plugin's identity hash for a group token: sha256(token + lower(e-mail or login)). Its agreement call hashes the
 * address as Moodle stores it, without lower-casing, so both spellings are accepted.
 */
export function memberHashes(token: string, email: string): string[] {
  const lower = sha256(token + email.toLowerCase());
  const raw = sha256(token + email);
  return lower === raw ? [lower] : [lower, raw];
}

/** The member of the organisation whose e-mail gives `hash` with this token, or null. */
export async function findMemberByHash(
  db: Queryable,
  groupId: number,
  token: string,
  hash: string,
): Promise<{ userId: number; role: 1 | 2 | 3 } | null> {
  const wanted = hash.toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(wanted)) return null;
  const members = await listMemberIdentities(db, groupId);
  for (const member of members) {
    if (memberHashes(token, member.email).some((candidate) => safeEqual(candidate, wanted))) {
      return { userId: member.user_id, role: member.role };
    }
  }
  // a login the organisation's LMS registered the member under (the plugin's course-scoped sites)
  for (const login of await listMemberLogins(db, groupId)) {
    if (!memberHashes(token, login.login).some((candidate) => safeEqual(candidate, wanted))) continue;
    const member = members.find((row) => row.user_id === login.user_id);
    const role = member?.role ?? (await roleOf(db, groupId, login.user_id));
    if (role !== null) return { userId: login.user_id, role };
  }
  return null;
}

async function roleOf(db: Queryable, groupId: number, userId: number): Promise<1 | 2 | 3 | null> {
  const { rows } = await db.query<{ role: 1 | 2 | 3 }>(
    'SELECT role FROM group_members WHERE group_id = $1 AND user_id = $2',
    [groupId, userId],
  );
  return rows[0]?.role ?? null;
}

/** A live LMS token by its text (revoked or unknown: null). */
export async function findLmsTokenByText(db: Queryable, token: string): Promise<LmsTokenRecord | null> {
  if (token.length === 0 || token.length > 200) return null;
  return findLiveLmsTokenByHash(db, sha256(token));
}

export type ResolvedLmsCaller = { user: UserRecord | null; group: GroupRecord | null; lms: LmsAuth };

async function findGroup(db: Queryable, groupId: number): Promise<GroupRecord | null> {
  const { rows } = await db.query<GroupRecord>(
    `SELECT g.id, g.name, g.balance_type, g.hide_new_check_for_student, g.is_disabled, g.website_checks_disabled,
       g.share_checked_documents, g.created_by_user_id, g.api_token FROM groups g WHERE g.id = $1`,
    [groupId],
  );
  return rows[0] ?? null;
}

export { findGroup as findLmsGroup };

/**
 * X-API-TOKEN as LMS clients send it: a user's LMS token, or an organisation's `G-…` token, bare or as
 * `G-TOKEN::sha256(G-TOKEN + lower(e-mail))` naming one of its members. Null when the text is no live LMS
 * token; an organisation token whose hash names no member is refused (401).
 */
export async function resolveLmsHeader(db: Queryable, header: string): Promise<ResolvedLmsCaller | null> {
  const separator = header.indexOf('::');
  const tokenText = separator === -1 ? header : header.slice(0, separator);
  const token = await findLmsTokenByText(db, tokenText);
  if (token === null) return null;
  if (token.user_id !== null) {
    if (separator !== -1) return null;
    const user = await findUserById(db, token.user_id);
    if (user === null) return null;
    await touchLmsToken(db, token.id);
    return { user, group: null, lms: { token, memberUserId: null } };
  }
  const groupId = token.group_id ?? 0;
  if (separator === -1) {
    const group = await findGroup(db, groupId);
    if (group === null) return null;
    await touchLmsToken(db, token.id);
    return { user: null, group, lms: { token, memberUserId: null } };
  }
  const member = await findMemberByHash(db, groupId, tokenText, header.slice(separator + 2));
  if (member === null)
    throw new AppError('invalid_api_token', { message: 'This user is not a member of the organisation.' });
  const user = await findUserById(db, member.userId);
  if (user === null) throw new AppError('invalid_api_token');
  await touchLmsToken(db, token.id);
  return { user, group: null, lms: { token, memberUserId: user.id, tokenText } };
}

/**
 * What an LMS token may call: submit and verify a check, read a check it made, the plugin's agreement and the
 * /lms/ calls. Everything else (My Documents, the report API, the profile, payments…) is refused.
 */
const LMS_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/v1/text',
  'POST /api/v1/text/create',
  'POST /api/v1/text/validate',
  'GET /api/v1/text/:id',
  'POST /api/v1/agreement/create/:type/:version/',
  'POST /lms/moodle/check-text/',
  'POST /lms/moodle/is-group-member/',
  'POST /lms/moodle/auto-registration/',
  'GET /lms/check-report/:id/',
  'POST /lms/public-report/:id/',
]);

export function assertLmsRoute(request: FastifyRequest): void {
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  if (!LMS_ROUTES.has(route)) {
    throw new AppError('forbidden', { message: 'An LMS token can only submit checks and read the checks it made.' });
  }
  // an organisation's bare G- token names no member: it reads the token's checks, it never submits or agrees
  const lms = request.auth.lms;
  if (
    lms !== undefined &&
    lms.token.group_id !== null &&
    lms.memberUserId === null &&
    route !== 'GET /api/v1/text/:id'
  ) {
    throw new AppError('forbidden', {
      message: 'Send X-API-TOKEN as G-TOKEN::sha256(G-TOKEN + lower(e-mail)) of a member of the organisation.',
    });
  }
}
