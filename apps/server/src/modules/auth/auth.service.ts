import {
  GROUP_SIGNUP_BONUS_PAGES,
  GUEST_AI_BALANCE,
  GUEST_BONUS_PAGES,
  SIGNUP_BONUS_PAGES,
  isPasswordAcceptable,
} from '@veritext/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { recordAgreements, type AgreementAcceptance } from '../agreements/agreements.service.ts';
import { insertAccount } from '../ledger/ledger.repository.ts';
import { assertRoomForMember } from '../members/member-cap.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { checkAccountPassword } from './login-throttle.ts';
import { generateApiToken, hashPassword, verifyAgainstDummy } from './secrets.ts';
import {
  findUserByEmail,
  insertGroup,
  insertMembership,
  insertUser,
  type GroupRecord,
  type UserRecord,
} from './users.repository.ts';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

export type NewAccount = {
  email: string;
  /** null: no password yet (the activity-report portal sends a password-setting e-mail). */
  password: string | null;
  name?: string | undefined;
  accountType: 'individual' | 'organisation';
  organisationName?: string | undefined;
  language?: string;
  verified?: boolean;
  /** Pages and AI pages an operator credits on creation, on top of the sign-up bonus. */
  depositPages?: number;
  depositAiPages?: number;
  /** Sign-up by an invite link: join this group with this role instead of creating one. */
  joinGroup?: { groupId: number; role: 2 | 3 } | undefined;
  /** Agreements accepted on the sign-up form, recorded in the same transaction. */
  agreements?: readonly AgreementAcceptance[];
  ip?: string;
  /**
   * false: no new-user bonus (an account an organisation makes for a member it adds, issue 13 B8); the person
   * did not sign up, and one owner's list would otherwise mint a free page per row.
   */
  signupBonus?: boolean;
};

/**
 * Signs up a user: the user, their account, and the new-user bonus as a ledger entry, in one
 * transaction. An organisation sign-up also creates the group, its account and bonus, with the
 * creator as owner (role 1).
 */
export async function registerUser(
  db: Database,
  input: NewAccount,
): Promise<{ user: UserRecord; group: GroupRecord | null }> {
  if (input.password !== null && !isPasswordAcceptable(input.password)) {
    throw new AppError('weak_password', { fields: { password: 'weak' } });
  }
  if ((await findUserByEmail(db, input.email)) !== null) throw new AppError('email_taken');
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  const token = generateApiToken();
  try {
    return await db.transaction((tx) => insertNewUser(tx, input, passwordHash, token));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_taken', { cause: error });
    throw error;
  }
}

/**
 * The rows of a sign-up inside the caller's transaction: the user, their account, the new-user bonus (or the
 * organisation a sign-up creates, with its bonus), operator credits and agreements. Used by registerUser and
 * by an owner adding a member with a new address (modules/members).
 */
export async function insertNewUser(
  tx: Queryable,
  input: NewAccount,
  passwordHash: string | null,
  token: { token: string; hash: string } = generateApiToken(),
): Promise<{ user: UserRecord; group: GroupRecord | null }> {
  const user = await insertUser(tx, {
    email: input.email,
    passwordHash,
    name: input.name ?? '',
    isGuest: false,
    apiToken: token.token,
    apiTokenHash: token.hash,
    ...(input.language === undefined ? {} : { language: input.language }),
    verified: input.verified ?? false,
  });
  const account = await insertAccount(tx, { userId: user.id });
  let group: GroupRecord | null = null;
  // The new-user bonus goes to the group an organisation sign-up creates, else to the user.
  let bonus = { accountId: account.id, pages: SIGNUP_BONUS_PAGES };
  if (input.joinGroup !== undefined) {
    // By invite: a member of the organisation with the link's role; the bonus stays the user's own (while the
    // organisation's member maximum leaves a place).
    await assertRoomForMember(tx, input.joinGroup.groupId, { countInvitations: false });
    await insertMembership(tx, input.joinGroup.groupId, user.id, input.joinGroup.role);
  } else if (input.accountType === 'organisation') {
    const groupToken = generateApiToken();
    group = await insertGroup(tx, {
      name: input.organisationName ?? input.name ?? input.email,
      createdByUserId: user.id,
      apiToken: groupToken.token,
      apiTokenHash: groupToken.hash,
    });
    await insertMembership(tx, group.id, user.id, 1);
    const groupAccount = await insertAccount(tx, { groupId: group.id });
    bonus = { accountId: groupAccount.id, pages: GROUP_SIGNUP_BONUS_PAGES };
  }
  if (input.signupBonus !== false) {
    await creditPages(tx, { ...bonus, bucket: 'bonus', kind: 'bonus', reference: 'signup' });
  }
  await creditOperatorPages(tx, account.id, input);
  await recordAgreements(tx, user.id, input.agreements ?? [], input.ip ?? '');
  return { user, group };
}

async function creditOperatorPages(tx: Queryable, accountId: number, input: NewAccount): Promise<void> {
  if (input.depositPages !== undefined && input.depositPages > 0) {
    await creditPages(tx, { accountId, bucket: 'balance', pages: input.depositPages, kind: 'load_by_service' });
  }
  if (input.depositAiPages !== undefined && input.depositAiPages > 0) {
    await creditPages(tx, { accountId, bucket: 'ai_balance', pages: input.depositAiPages, kind: 'load_by_service' });
  }
}

/** A guest: no e-mail, one free page and one AI page (check-tool.md §4). */
export async function registerGuest(db: Database): Promise<UserRecord> {
  const token = generateApiToken();
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: null,
      passwordHash: null,
      name: '',
      isGuest: true,
      apiToken: token.token,
      apiTokenHash: token.hash,
    });
    const account = await insertAccount(tx, { userId: user.id });
    await creditPages(tx, {
      accountId: account.id,
      bucket: 'bonus',
      pages: GUEST_BONUS_PAGES,
      kind: 'bonus',
      reference: 'guest',
    });
    await creditPages(tx, {
      accountId: account.id,
      bucket: 'ai_balance',
      pages: GUEST_AI_BALANCE,
      kind: 'bonus',
      reference: 'guest',
    });
    return user;
  });
}

/** Checks e-mail and password; the same error and about the same time whether or not the e-mail exists. */
export async function authenticate(db: Queryable, email: string, password: string): Promise<UserRecord> {
  const user = await findUserByEmail(db, email);
  if (user === null) {
    await verifyAgainstDummy(password);
    throw new AppError('invalid_credentials');
  }
  // A locked account (too many wrong passwords) answers as a wrong password does.
  if (!(await checkAccountPassword(db, user, password))) throw new AppError('invalid_credentials');
  return user;
}
