import {
  FIELD_MAX,
  MEMBER_MESSAGES,
  MEMBER_NEW_ACCOUNTS_PER_DAY,
  MEMBER_UPLOAD_EXTENSIONS,
  MEMBER_UPLOAD_MAX_ROWS,
  MEMBER_UPLOAD_MAX_BYTES,
  isEmailHeading,
  parseMemberRole,
  type Member,
  type MemberFieldError,
  type MemberInvitation,
  type MemberUploadRow,
} from '@veritext/contracts';
import { ExtractError, readSpreadsheet, type SheetRow } from '@veritext/extract';
import { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { createSetPasswordLink, type AccountEmailDeps } from '../auth/account-email.service.ts';
import { insertNewUser } from '../auth/auth.service.ts';
import { findIdentityOfUser } from '../auth/identities.repository.ts';
import { findUserByEmail, type UserRecord } from '../auth/users.repository.ts';
import { insertInvitation } from '../invitations/invitations.repository.ts';
import { groupInvitations, presentToOwner } from '../invitations/invitations.service.ts';
import { findMemberRole } from '../invites/invites.repository.ts';
import { mailLanguage, renderMail, type MailKind } from '../mail/mail.templates.ts';
import { assertRoomForMember } from './member-cap.ts';
import {
  deleteMember,
  findMember,
  groupExists,
  listMembers,
  lockAndCountAccountsMadeByGroup,
  markAccountMadeByGroup,
  updateMember,
  type MemberRecord,
} from './members.repository.ts';

export type MembersDeps = AccountEmailDeps;

/** The owner acting on a group's members, and the group's name for the e-mails. */
export type OwnerContext = { groupId: number; groupName: string; owner: UserRecord };

const EmailSchema = z.email();
const MAX_LIMIT = 2_147_483_647;

function present(record: MemberRecord, callerId: number): Member {
  return {
    user_id: record.user_id,
    name: record.name,
    email: record.email,
    role: record.role,
    limit: record.page_limit,
    used_pages: record.used_pages,
    status: record.is_invited ? 'invited' : 'active',
    joined_at: record.created_at.toISOString(),
    is_you: record.user_id === callerId,
  };
}

/**
 * Only the group's owner/administrator (role 1) manages its members: an unknown group is 404, anyone else
 * (a teacher, a student, a stranger, a guest) 403.
 */
export async function requireGroupOwner(db: Queryable, groupId: number, user: UserRecord): Promise<OwnerContext> {
  if (!(await groupExists(db, groupId))) throw new AppError('not_found');
  if (user.is_guest || (await findMemberRole(db, groupId, user.id)) !== 1) throw new AppError('forbidden');
  const { rows } = await db.query<{ name: string }>('SELECT name FROM groups WHERE id = $1', [groupId]);
  return { groupId, groupName: rows[0]?.name ?? '', owner: user };
}

export async function getMembers(
  db: Queryable,
  groupId: number,
  user: UserRecord,
): Promise<{ members: Member[]; invitations: MemberInvitation[] }> {
  await requireGroupOwner(db, groupId, user);
  const members = (await listMembers(db, groupId)).map((record) => present(record, user.id));
  return { members, invitations: await groupInvitations(db, groupId) };
}

/* ---------------- validation ---------------- */

type FieldErrors = { fields: Record<string, MemberFieldError>; messages: string[] };

function fail(errors: FieldErrors, field: string, code: MemberFieldError, message: string): void {
  errors.fields[field] = code;
  errors.messages.push(message);
}

/** '' = no limit; else a whole number of pages, not below zero. */
function parseLimit(raw: string, errors: FieldErrors): number | null {
  const value = raw.trim();
  if (value === '') return null;
  if (!/^[+-]?\d+$/.test(value)) {
    fail(errors, 'limit', 'invalid', MEMBER_MESSAGES.limitInvalid);
    return null;
  }
  const limit = Number(value);
  if (limit < 0) fail(errors, 'limit', 'below_zero', MEMBER_MESSAGES.limitBelowZero);
  else if (limit > MAX_LIMIT) fail(errors, 'limit', 'invalid', MEMBER_MESSAGES.limitInvalid);
  return limit;
}

function parseRole(raw: string, errors: FieldErrors): 2 | 3 {
  const role = parseMemberRole(raw);
  if (role === null) fail(errors, 'role', 'invalid', MEMBER_MESSAGES.roleInvalid);
  return role ?? 3;
}

/** A refused form: 400 validation_failed, the fields' codes, the first field's message. */
function throwIfInvalid(errors: FieldErrors): void {
  const first = errors.messages[0];
  if (first !== undefined) throw new AppError('validation_failed', { message: first, fields: errors.fields });
}

export type MemberInput = { name: string; email: string; limit: string; role: string };

function validateNewMember(input: MemberInput) {
  const errors: FieldErrors = { fields: {}, messages: [] };
  const name = input.name.trim();
  if (name === '') fail(errors, 'name', 'required', MEMBER_MESSAGES.required);
  else if (name.length > FIELD_MAX.name) fail(errors, 'name', 'too_long', MEMBER_MESSAGES.nameTooLong);
  const email = input.email.trim();
  if (email === '') fail(errors, 'email', 'required', MEMBER_MESSAGES.required);
  else if (email.length > FIELD_MAX.email || !EmailSchema.safeParse(email).success) {
    fail(errors, 'email', 'invalid', MEMBER_MESSAGES.emailInvalid);
  }
  const limit = parseLimit(input.limit, errors);
  const role = parseRole(input.role, errors);
  throwIfInvalid(errors);
  return { name, email, limit, role };
}

/* ---------------- adding ---------------- */

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

type Invited = {
  invitation: MemberInvitation;
  mail: { to: string; user: UserRecord; link: string; kind: MailKind };
};

/**
 * Invites an address (one transaction). Whatever is behind the address, the owner gets the same answer: an
 * invitation with the address they typed. An account that can sign in gets an e-mail with a link to its
 * invitations; an account that cannot (made by an earlier invitation, never given a password, no Google sign-in)
 * and a new address (which gets such an account) get a set-password link, and accept once they have signed in.
 */
async function inviteInTransaction(
  deps: MembersDeps,
  ctx: OwnerContext,
  member: { name: string; email: string; limit: number | null; role: 2 | 3 },
): Promise<Invited> {
  return deps.db.transaction(async (tx) => {
    // The organisation makes at most so many accounts a day. Checked for every addition, whatever is behind the
    // address, so the refusal tells the owner nothing about whether an address has an account.
    if ((await lockAndCountAccountsMadeByGroup(tx, ctx.groupId, 24)) >= MEMBER_NEW_ACCOUNTS_PER_DAY) {
      throw new AppError('member_new_accounts_limit');
    }
    // the member maximum of the organisation's settings: members and pending invitations take its places
    await assertRoomForMember(tx, ctx.groupId, { countInvitations: true });
    const existing = await findUserByEmail(tx, member.email);
    let user: UserRecord;
    let link: string;
    let kind: MailKind;
    if (existing !== null && existing.email !== null) {
      if ((await findMemberRole(tx, ctx.groupId, existing.id)) !== null) {
        throw new AppError('member_exists', { fields: { email: 'duplicate' } });
      }
      const cannotSignIn =
        existing.password_hash === null && (await findIdentityOfUser(tx, existing.id, 'google')) === null;
      user = existing;
      kind = cannotSignIn ? 'member_invited' : 'group_invitation';
      link = cannotSignIn
        ? await createSetPasswordLink(tx, deps.publicUrl, existing.id)
        : `${deps.publicUrl}/profile/#invitations`;
    } else {
      // A new address: an individual account with no password yet, in the owner's language; the invitation
      // carries a set-password link. The organisation made it, so no personal sign-up bonus, and only so many a day.
      ({ user } = await insertNewUser(
        tx,
        {
          email: member.email,
          password: null,
          name: member.name,
          accountType: 'individual',
          language: ctx.owner.language,
          signupBonus: false,
        },
        null,
      ));
      await markAccountMadeByGroup(tx, user.id, ctx.groupId);
      kind = 'member_invited';
      link = await createSetPasswordLink(tx, deps.publicUrl, user.id);
    }
    const invitation = await insertInvitation(tx, {
      groupId: ctx.groupId,
      userId: user.id,
      email: member.email,
      role: member.role,
      limit: member.limit,
      invitedBy: ctx.owner.id,
    });
    if (invitation === null) throw new AppError('invitation_exists', { fields: { email: 'invited' } });
    return { invitation: presentToOwner(invitation), mail: { to: user.email ?? member.email, user, link, kind } };
  });
}

/** Sends the invited user their e-mail; a delivery failure is logged (the invitation stays). */
async function notify(deps: MembersDeps, ctx: OwnerContext, invited: Invited): Promise<void> {
  const { kind, user } = invited.mail;
  const owner = ctx.owner.name.trim() === '' ? (ctx.owner.email ?? '') : ctx.owner.name.trim();
  const mail = renderMail(kind, mailLanguage(user.language), {
    name: user.name,
    link: invited.mail.link,
    owner,
    group: ctx.groupName,
  });
  const delivery = deps.mailer.send({ to: invited.mail.to, ...mail, kind, userId: user.id }).catch((error: unknown) => {
    deps.logger.error({ err: error, userId: user.id, kind }, 'member e-mail could not be sent');
  });
  // The local outbox is one insert into our own database: waiting keeps it inside the request.
  if (deps.mailer.via === 'outbox') await delivery;
}

/**
 * Invites a member (commerce-and-cabinet.md §2 "add"): the user joins only by accepting. Already a member: 409
 * member_exists; already invited: 409 invitation_exists.
 */
export async function addMember(deps: MembersDeps, ctx: OwnerContext, input: MemberInput): Promise<MemberInvitation> {
  const member = validateNewMember(input);
  let invited: Invited;
  try {
    invited = await inviteInTransaction(deps, ctx, member);
  } catch (error) {
    // Another request made the account or the invitation first: once more, and that one is found.
    if (!isUniqueViolation(error)) throw error;
    invited = await inviteInTransaction(deps, ctx, member);
  }
  await notify(deps, ctx, invited);
  return invited.invitation;
}

/* ---------------- changing and removing ---------------- */

/** A member's limit and role; an administrator's (role 1) role stays, their limit can change. */
export async function changeMember(
  db: Queryable,
  ctx: OwnerContext,
  userId: number,
  input: { limit: string; role: string },
): Promise<Member> {
  const record = await findMember(db, ctx.groupId, userId);
  if (record === null) throw new AppError('not_found');
  const errors: FieldErrors = { fields: {}, messages: [] };
  const limit = parseLimit(input.limit, errors);
  // an empty role keeps the member's role
  const role = input.role.trim() === '' ? record.role : parseRole(input.role, errors);
  throwIfInvalid(errors);
  if (record.role === 1 && role !== 1) throw new AppError('member_admin_role', { fields: { role: 'invalid' } });
  await updateMember(db, ctx.groupId, userId, { role, limit });
  const updated = await findMember(db, ctx.groupId, userId);
  if (updated === null) throw new AppError('not_found');
  return present(updated, ctx.owner.id);
}

/** Ends a membership: the user keeps their individual account; the checks made in the group stay with it. */
export async function removeMember(db: Queryable, ctx: OwnerContext, userId: number): Promise<void> {
  const record = await findMember(db, ctx.groupId, userId);
  if (record === null) throw new AppError('not_found');
  if (record.role === 1) throw new AppError('member_admin_remove');
  if (!(await deleteMember(db, ctx.groupId, userId))) throw new AppError('not_found');
}

/* ---------------- upload ---------------- */

const ROW_TEXT_MAX = 200;

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

async function readMemberFile(upload: UploadedFile | undefined): Promise<SheetRow[]> {
  const badFile = (cause?: unknown) => new AppError('bad_member_file', { fields: { file: 'invalid' }, cause });
  if (upload === undefined || upload.bytes.length === 0) throw badFile();
  if (!(MEMBER_UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(upload.fileName))) throw badFile();
  if (upload.bytes.length > MEMBER_UPLOAD_MAX_BYTES) throw badFile();
  try {
    return await readSpreadsheet(upload.bytes, upload.fileName);
  } catch (error) {
    if (error instanceof ExtractError) throw badFile(error);
    throw error;
  }
}

/**
 * Invites the members of a file (columns Name, E-mail, Limit, Role), each row as the add form with its own
 * transaction, so a bad row never undoes a good one. A header row (its second cell an e-mail heading) and
 * empty rows are skipped.
 */
export async function uploadMembers(
  deps: MembersDeps,
  ctx: OwnerContext,
  upload: UploadedFile | undefined,
): Promise<{ added: number; invited: number; total: number; rows: MemberUploadRow[] }> {
  const table = await readMemberFile(upload);
  // bounded before any row is taken: one file adds at most MEMBER_UPLOAD_MAX_ROWS members
  const filled = table.filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const hasHeader = isEmailHeading(table[0]?.cells[1] ?? '');
  if (filled.length - (hasHeader ? 1 : 0) > MEMBER_UPLOAD_MAX_ROWS) {
    throw new AppError('member_upload_too_many_rows', { fields: { file: 'invalid' } });
  }
  const rows: MemberUploadRow[] = [];
  let added = 0;
  let invited = 0;
  for (const [index, { line, cells }] of table.entries()) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (index === 0 && isEmailHeading(cells[1] ?? '')) continue;
    const input = { name: cells[0] ?? '', email: cells[1] ?? '', limit: cells[2] ?? '', role: cells[3] ?? '' };
    // `line`: the row number the file's owner sees in their spreadsheet, empty rows counted
    const row = { row: line, name: input.name.slice(0, ROW_TEXT_MAX), email: input.email.slice(0, ROW_TEXT_MAX) };
    try {
      // every row taken is an invitation, whether or not the address has an account: the rows say the same
      await addMember(deps, ctx, input);
      added++;
      invited++;
      rows.push({ ...row, outcome: 'invited', message: MEMBER_MESSAGES.invited });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const duplicate = error.code === 'member_exists' || error.code === 'invitation_exists';
      rows.push({ ...row, outcome: duplicate ? 'duplicate' : 'invalid', message: error.message });
    }
  }
  return { added, invited, total: rows.length, rows };
}
