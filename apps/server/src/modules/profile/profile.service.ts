import {
  FIELD_MAX,
  PROFILE_MESSAGES,
  isPasswordAcceptable,
  isUiLanguage,
  isTimeZone,
  type Profile,
  type ProfileFieldError,
} from '@veritext/contracts';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { checkAccountPassword, clearLoginFailures } from '../auth/login-throttle.ts';
import { generateApiToken, hashPassword } from '../auth/secrets.ts';
import { deleteSessionsOfUser } from '../auth/sessions.repository.ts';
import {
  findUserByEmail,
  findUserById,
  replaceUserApiToken,
  updateUserPassword,
  type UserRecord,
} from '../auth/users.repository.ts';
import { findProfileRow, lockUser, updateProfileSettings, updateUserEmail } from './profile.repository.ts';

type FieldProblem = { field: string; error: ProfileFieldError; message: string };

/** One refusal for every field problem of a form: the first problem's message, every field's code. */
function refuse(problems: readonly FieldProblem[]): never {
  const first = problems[0];
  if (first === undefined) throw new Error('refuse() needs a problem');
  const fields = Object.fromEntries(problems.map((problem) => [problem.field, problem.error]));
  throw new AppError('validation_failed', { message: first.message, fields });
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

const EmailSchema = z.email();

export async function getProfile(db: Queryable, userId: number): Promise<Profile> {
  const row = await findProfileRow(db, userId);
  if (row === null) throw new AppError('unauthorized');
  return {
    name: row.name,
    email: row.email ?? '',
    timezone: row.timezone,
    language: isUiLanguage(row.language) ? row.language : 'en',
    verified: row.email_verified_at !== null,
    has_password: row.has_password,
  };
}

/**
 * Name (required, at most 25, trimmed), an IANA time zone and the interface language en, es or no (Norwegian:
 * the cabinet; e-mails and PDFs for a 'no' user are in English, mailLanguage).
 */
export async function updateProfile(
  db: Queryable,
  userId: number,
  input: { name: string; timezone: string; language: string },
): Promise<Profile> {
  const name = input.name.trim();
  const timezone = input.timezone.trim();
  const problems: FieldProblem[] = [];
  if (name === '') problems.push({ field: 'name', error: 'required', message: PROFILE_MESSAGES.nameRequired });
  else if (name.length > FIELD_MAX.name) {
    problems.push({ field: 'name', error: 'too_long', message: PROFILE_MESSAGES.nameTooLong });
  }
  if (timezone === '' || !isTimeZone(timezone)) {
    problems.push({
      field: 'timezone',
      error: timezone === '' ? 'required' : 'invalid',
      message: PROFILE_MESSAGES.timezoneInvalid,
    });
  }
  if (!isUiLanguage(input.language)) {
    problems.push({ field: 'language', error: 'invalid', message: PROFILE_MESSAGES.languageInvalid });
  }
  if (problems.length > 0) refuse(problems);
  await updateProfileSettings(db, userId, { name, timezone, language: input.language });
  return getProfile(db, userId);
}

/** The current password confirms a change; a missing or wrong one refuses it (and a wrong one counts). */
async function confirmCurrentPassword(
  db: Queryable,
  user: UserRecord,
  currentPassword: string,
  others: FieldProblem[],
): Promise<void> {
  if (currentPassword === '') {
    refuse([...others, { field: 'current_password', error: 'required', message: PROFILE_MESSAGES.currentRequired }]);
  }
  if (others.length > 0) refuse(others);
  if (!(await checkAccountPassword(db, user, currentPassword))) {
    throw new AppError('current_password_invalid', { fields: { current_password: 'wrong' } });
  }
}

export type EmailChangeHooks = {
  /** Sends the verification e-mail to the new address (modules/auth/account-email.service.ts in the app). */
  onEmailChanged?: ((user: UserRecord) => Promise<void>) | undefined;
};

/**
 * A new e-mail address (required, valid, at most 50, not another account's), confirmed with the current
 * password. The address is unverified until its link is followed; the verification e-mail goes out through
 * `onEmailChanged`.
 */
export async function changeEmail(
  db: Database,
  user: UserRecord,
  input: { email: string; currentPassword: string },
  hooks: EmailChangeHooks = {},
): Promise<Profile> {
  const email = input.email.trim();
  const problems: FieldProblem[] = [];
  if (email === '') problems.push({ field: 'email', error: 'required', message: PROFILE_MESSAGES.emailRequired });
  else if (email.length > FIELD_MAX.email || !EmailSchema.safeParse(email).success) {
    problems.push({ field: 'email', error: 'invalid', message: PROFILE_MESSAGES.emailInvalid });
  } else if (user.email === email) {
    problems.push({ field: 'email', error: 'unchanged', message: PROFILE_MESSAGES.emailUnchanged });
  }
  await confirmCurrentPassword(db, user, input.currentPassword, problems);
  // Only after the password: the answer tells who owns an address to the account's owner alone.
  const owner = await findUserByEmail(db, email);
  if (owner !== null && owner.id !== user.id) throw new AppError('email_taken', { fields: { email: 'taken' } });
  try {
    await updateUserEmail(db, user.id, email);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_taken', { fields: { email: 'taken' }, cause: error });
    throw error;
  }
  const updated = await findUserById(db, user.id);
  if (updated !== null && hooks.onEmailChanged !== undefined) await hooks.onEmailChanged(updated);
  return getProfile(db, user.id);
}

/**
 * A new password (the spec's rule, confirmed), with the current one. In one transaction: the password,
 * a new personal API token (the old one may be in the same wrong hands as the old password), and every
 * session of the user ended. Resolves to the new token; the caller starts the current browser's new session.
 */
export async function changePassword(
  db: Database,
  user: UserRecord,
  input: { currentPassword: string; password: string; confirmPassword: string },
): Promise<{ apiToken: string }> {
  const problems: FieldProblem[] = [];
  if (input.password === '') {
    problems.push({ field: 'password', error: 'required', message: PROFILE_MESSAGES.passwordRequired });
  } else if (input.password.length > FIELD_MAX.password || !isPasswordAcceptable(input.password)) {
    problems.push({ field: 'password', error: 'weak', message: new AppError('weak_password').message });
  }
  if (input.password !== '' && input.confirmPassword !== input.password) {
    problems.push({ field: 'confirm_password', error: 'mismatch', message: PROFILE_MESSAGES.confirmInvalid });
  }
  await confirmCurrentPassword(db, user, input.currentPassword, problems);
  const passwordHash = await hashPassword(input.password);
  const token = generateApiToken();
  await db.transaction(async (tx) => {
    if (!(await lockUser(tx, user.id))) throw new AppError('unauthorized');
    await updateUserPassword(tx, user.id, passwordHash);
    await replaceUserApiToken(tx, user.id, token);
    await deleteSessionsOfUser(tx, user.id);
    await clearLoginFailures(tx, user.id);
  });
  return { apiToken: token.token };
}
