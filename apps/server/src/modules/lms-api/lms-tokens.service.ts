import type { LmsToken } from '@veritext/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { insertNewUser } from '../auth/auth.service.ts';
import { findUserByEmail, findMembershipsOfUser, type UserRecord } from '../auth/users.repository.ts';
import { insertInvitation } from '../invitations/invitations.repository.ts';
import { requireGroupOwner } from '../members/members.service.ts';
import { findMemberLogin, insertMemberLogin } from './lms-api-v2.repository.ts';
import { generateLmsToken } from './lms-api.auth.ts';
import {
  findLmsToken,
  insertLmsToken,
  listLmsTokens,
  revokeLmsToken,
  type LmsTokenRecord,
} from './lms-api.repository.ts';

const ON = new Set(['1', 'true', 'on']);

function toToken(row: LmsTokenRecord, groupNames: Map<number, string>): LmsToken {
  return {
    id: row.id,
    kind: row.group_id === null ? 'personal' : 'organisation',
    group_id: row.group_id,
    group_name: row.group_id === null ? null : (groupNames.get(row.group_id) ?? null),
    name: row.name,
    hint: row.token_hint,
    check_ai: row.check_ai,
    auto_registration: row.auto_registration,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at === null ? null : row.last_used_at.toISOString(),
    revoked_at: row.revoked_at === null ? null : row.revoked_at.toISOString(),
  };
}

async function ownedGroups(db: Queryable, user: UserRecord): Promise<{ id: number; name: string }[]> {
  return (await findMembershipsOfUser(db, user.id))
    .filter((group) => group.role === 1)
    .map((group) => ({ id: group.id, name: group.name }));
}

/** The user's own tokens and those of the organisations they own, newest first. */
export async function listTokensFor(
  db: Queryable,
  user: UserRecord,
): Promise<{ tokens: LmsToken[]; organisations: { id: number; name: string }[] }> {
  const organisations = await ownedGroups(db, user);
  const names = new Map(organisations.map((group) => [group.id, group.name]));
  const rows = await listLmsTokens(
    db,
    user.id,
    organisations.map((group) => group.id),
  );
  return { tokens: rows.map((row) => toToken(row, names)), organisations };
}

/** A new token, shown once: personal, or (group_id, the caller its owner) the organisation's "G-" token. */
export async function createLmsToken(
  db: Queryable,
  user: UserRecord,
  form: {
    name: string;
    group_id?: string | undefined;
    check_ai?: string | undefined;
    auto_registration?: string | undefined;
  },
): Promise<{ token: string; item: LmsToken }> {
  const groupId = form.group_id === undefined || form.group_id === '' ? null : Number(form.group_id);
  const names = new Map<number, string>();
  if (groupId !== null) {
    const owner = await requireGroupOwner(db, groupId, user);
    names.set(groupId, owner.groupName);
  }
  const generated = generateLmsToken(groupId === null ? 'personal' : 'organisation');
  const row = await insertLmsToken(db, {
    userId: groupId === null ? user.id : null,
    groupId,
    createdByUserId: user.id,
    name: form.name.trim(),
    tokenHash: generated.hash,
    tokenHint: generated.hint,
    checkAi: ON.has(form.check_ai ?? ''),
    autoRegistration: groupId !== null && ON.has(form.auto_registration ?? ''),
  });
  return { token: generated.token, item: toToken(row, names) };
}

/** Revokes the user's own token or a token of an organisation they own; anyone else's: 404. */
export async function revokeToken(db: Queryable, user: UserRecord, id: number): Promise<LmsToken> {
  const row = await findLmsToken(db, id);
  if (row === null) throw new AppError('not_found');
  const organisations = await ownedGroups(db, user);
  const mayManage =
    row.user_id === user.id || (row.group_id !== null && organisations.some((group) => group.id === row.group_id));
  if (!mayManage) throw new AppError('not_found');
  const revoked = await revokeLmsToken(db, id);
  if (revoked === null) throw new AppError('not_found');
  return toToken(revoked, new Map(organisations.map((group) => [group.id, group.name])));
}

/** The plugin's role values: 2 Teacher, 3 Student. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A login rather than an address: the plugin's course-scoped sites send moodle-<site digest>-<username>. */
function isLogin(identity: string): boolean {
  return !identity.includes('@') || /^moodle-[0-9a-f]{12}-/i.test(identity);
}

/**
 * Registration under a login: already known (the login names someone): nothing to do. Otherwise the account of
 * additional_email (invited, as for an address, unless already a member) or a new one with that address (joins);
 * the login is recorded for that account, so is-group-member and the G-TOKEN::hash header find it by the login.
 */
async function registerLogin(
  db: Database,
  entry: {
    groupId: number;
    role: 2 | 3;
    login: string;
    email: string;
    name: string;
    invitedBy: number | null;
    ip: string;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await findMemberLogin(tx, entry.groupId, entry.login)) !== null) return;
    let user = await findUserByEmail(tx, entry.email);
    if (user !== null) {
      if (user.is_guest) throw new AppError('forbidden');
      const member = (await findMembershipsOfUser(tx, user.id)).some((group) => group.id === entry.groupId);
      if (!member) {
        await insertInvitation(tx, {
          groupId: entry.groupId,
          userId: user.id,
          email: user.email ?? entry.email,
          role: entry.role,
          limit: null,
          invitedBy: entry.invitedBy,
        });
      }
    } else {
      user = (
        await insertNewUser(
          tx,
          {
            email: entry.email,
            password: null,
            name: entry.name.trim().slice(0, 25),
            accountType: 'individual',
            joinGroup: { groupId: entry.groupId, role: entry.role },
            signupBonus: false,
            ip: entry.ip,
          },
          null,
        )
      ).user;
    }
    await insertMemberLogin(tx, {
      groupId: entry.groupId,
      login: entry.login,
      userId: user.id,
      additionalEmail: entry.email,
    });
  });
}
const ROLES: Readonly<Record<string, 2 | 3>> = { '2': 2, '3': 3 };

/**
 * POST /lms/moodle/auto-registration/: a person joins the token's organisation with the plugin's role, only where
 * the token has auto-registration on. A new address gets an account without a password (no sign-up bonus) and
 * joins; an existing account is invited and joins only by accepting.
 */
export async function autoRegisterMember(
  db: Database,
  token: LmsTokenRecord,
  form: { name: string; email: string; role: string; additional_email?: string | undefined },
  ip: string,
): Promise<void> {
  const groupId = token.group_id;
  if (groupId === null) throw new AppError('invalid_api_token');
  if (!token.auto_registration) {
    throw new AppError('forbidden', { message: 'Auto-registration is not enabled for this organisation.' });
  }
  const role = ROLES[form.role.trim()];
  const identity = form.email.trim();
  const login = isLogin(identity) ? identity : null;
  // a login (not an address) identifies the person; additional_email is only where to write to them
  const email = login === null ? identity : (form.additional_email ?? '').trim();
  const fields: Record<string, string> = {};
  if (role === undefined) fields['role'] = 'must be 2 (Teacher) or 3 (Student)';
  if (login !== null && (login.length > 250 || /\s/.test(login))) fields['email'] = 'not a valid login';
  else if (login !== null && email === '') {
    fields['additional_email'] = 'required with a login: the address the account is created or found by';
  } else if (!EMAIL.test(email) || email.length > 50) {
    fields[login === null ? 'email' : 'additional_email'] = 'not a valid e-mail address';
  }
  if (role === undefined || Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', { message: Object.values(fields)[0] ?? '', fields });
  }
  if (login !== null) {
    await registerLogin(db, { groupId, role, login, email, name: form.name, invitedBy: token.created_by_user_id, ip });
    return;
  }
  await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing !== null) {
      if (existing.is_guest) throw new AppError('forbidden');
      const member = (await findMembershipsOfUser(tx, existing.id)).some((group) => group.id === groupId);
      if (member) return;
      // An existing account is never joined without its consent (as the members page does, it is invited and joins
      // by accepting in its cabinet); until then is-group-member answers false for it.
      await insertInvitation(tx, {
        groupId,
        userId: existing.id,
        email: existing.email ?? email,
        role,
        limit: null,
        invitedBy: token.created_by_user_id,
      });
      return;
    }
    await insertNewUser(
      tx,
      {
        email,
        password: null,
        name: form.name.trim().slice(0, 25),
        accountType: 'individual',
        joinGroup: { groupId, role },
        signupBonus: false,
        ip,
      },
      null,
    );
  });
}
