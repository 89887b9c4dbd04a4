import { randomBytes } from 'node:crypto';
import {
  isPasswordAcceptable,
  MEMBER_INVITE_CODE_TTL_SECONDS,
  RESET_EMAILS_PER_HOUR,
  RESET_PASSWORD_CODE_TTL_SECONDS,
  VERIFICATION_RESENDS_PER_HOUR,
  VERIFY_EMAIL_CODE_TTL_SECONDS,
} from '@veritext/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { mailLanguage, renderMail } from '../mail/mail.templates.ts';
import {
  countRecentAuthCodes,
  findAuthCodeByHash,
  insertAuthCode,
  useAuthCode,
  voidUnusedAuthCodes,
  type AuthCodeKind,
  type AuthCodeRecord,
} from './auth-codes.repository.ts';
import { generateApiToken, hashPassword, safeEqual, sha256 } from './secrets.ts';
import { clearLoginFailures } from './login-throttle.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';
import {
  findUserByEmail,
  markEmailVerified,
  replaceUserApiToken,
  updateUserPassword,
  type UserRecord,
} from './users.repository.ts';

const HOUR_SECONDS = 60 * 60;

export type AccountEmailDeps = {
  db: Database;
  mailer: Mailer;
  /** The site's public origin, without a trailing slash. */
  publicUrl: string;
  logger: FastifyBaseLogger;
};

/** A random code for a link; only its SHA-256 is stored. */
function newCode(): { code: string; hash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: sha256(code) };
}

/**
 * Finds a code by the hash of what the user brought, then compares the hashes in constant time
 * (the index lookup is by hash, so nothing about a stored code leaks through timing).
 */
async function findCode(db: Queryable, kind: AuthCodeKind, code: string): Promise<AuthCodeRecord | null> {
  if (code.length < 20 || code.length > 200) return null;
  const hash = sha256(code);
  const record = await findAuthCodeByHash(db, kind, hash);
  return record !== null && safeEqual(record.code_hash, hash) ? record : null;
}

async function issueCode(
  db: Queryable,
  kind: AuthCodeKind,
  userId: number,
  options: { isResend: boolean },
): Promise<string> {
  const { code, hash } = newCode();
  const ttlSeconds = kind === 'verify_email' ? VERIFY_EMAIL_CODE_TTL_SECONDS : RESET_PASSWORD_CODE_TTL_SECONDS;
  await insertAuthCode(db, { kind, userId, codeHash: hash, ttlSeconds, isResend: options.isResend });
  return code;
}

/* ---------------- e-mail verification ---------------- */

export function hasToVerifyEmail(user: Pick<UserRecord, 'is_guest' | 'email' | 'email_verified_at'>): boolean {
  return !user.is_guest && user.email !== null && user.email_verified_at === null;
}

/**
 * Creates a verification link (`/verify_email/{code}`, valid 48 hours, once) and starts sending it.
 * Resolves once the code is stored; `delivery` settles when the mail server took the message (or failed).
 */
export async function sendVerificationEmail(
  deps: AccountEmailDeps,
  user: UserRecord,
  options: { isResend: boolean },
): Promise<{ delivery: Promise<void> }> {
  if (user.email === null) return { delivery: Promise.resolve() };
  const code = await issueCode(deps.db, 'verify_email', user.id, options);
  const link = `${deps.publicUrl}/verify_email/${code}`;
  const mail = renderMail('verify_email', mailLanguage(user.language), { name: user.name, link });
  return { delivery: deps.mailer.send({ to: user.email, ...mail, kind: 'verify_email', userId: user.id }) };
}

/**
 * Sign-up or a changed address: links sent to an earlier address (verification and reset) stop working, and a new one goes out
 * without holding up the answer; a delivery failure is logged (the user can resend).
 */
export async function startEmailVerification(deps: AccountEmailDeps, user: UserRecord): Promise<void> {
  await voidUnusedAuthCodes(deps.db, user.id, 'verify_email');
  await voidUnusedAuthCodes(deps.db, user.id, 'reset_password');
  const { delivery } = await sendVerificationEmail(deps, user, { isResend: false });
  const logged = delivery.catch((error: unknown) => {
    deps.logger.error({ err: error, userId: user.id }, 'verification e-mail could not be sent');
  });
  // The local outbox is one insert into our own database: waiting keeps it inside the request.
  if (deps.mailer.via === 'outbox') await logged;
}

/** A new verification e-mail on request, delivered before the answer: at most 3 an hour per account. */
export async function resendVerificationEmail(deps: AccountEmailDeps, user: UserRecord): Promise<void> {
  if (!hasToVerifyEmail(user)) throw new AppError('email_already_verified');
  const recent = await countRecentAuthCodes(deps.db, {
    userId: user.id,
    kind: 'verify_email',
    withinSeconds: HOUR_SECONDS,
    resendsOnly: true,
  });
  if (recent >= VERIFICATION_RESENDS_PER_HOUR) throw new AppError('verification_resend_limited');
  try {
    const { delivery } = await sendVerificationEmail(deps, user, { isResend: true });
    await delivery;
  } catch (error) {
    deps.logger.error({ err: error, userId: user.id }, 'verification e-mail could not be sent');
    throw new AppError('mail_failed', { cause: error });
  }
}

/** Uses a verification code: true when it verified the address, false for a wrong, used or expired link. */
export async function verifyEmailCode(db: Database, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const record = await findCode(tx, 'verify_email', code);
    if (record === null || !(await useAuthCode(tx, record.id))) return false;
    await markEmailVerified(tx, record.user_id);
    return true;
  });
}

/* ---------------- forgotten password ---------------- */

/**
 * Sends a reset link when the address belongs to an account, and does nothing visible otherwise: the
 * caller answers the same either way, and does not wait for the mail server (its time would tell).
 * A new link voids the older unused ones; at most 3 an hour per account. Resolves once the code is
 * stored; `delivery` settles when the message is handed over (failures are logged, never thrown).
 */
export async function requestPasswordReset(
  deps: AccountEmailDeps,
  email: string,
  portal: 'integrito' | undefined,
): Promise<{ delivery: Promise<void> }> {
  const nothing = { delivery: Promise.resolve() };
  const user = await findUserByEmail(deps.db, email);
  if (user === null || user.is_guest || user.email === null) {
    deps.logger.info('password reset asked for an unknown address');
    return nothing;
  }
  const recent = await countRecentAuthCodes(deps.db, {
    userId: user.id,
    kind: 'reset_password',
    withinSeconds: HOUR_SECONDS,
    resendsOnly: false,
  });
  if (recent >= RESET_EMAILS_PER_HOUR) {
    deps.logger.warn({ userId: user.id }, 'password reset e-mail not sent: hourly limit reached');
    return nothing;
  }
  const code = await deps.db.transaction(async (tx) => {
    await voidUnusedAuthCodes(tx, user.id, 'reset_password');
    return issueCode(tx, 'reset_password', user.id, { isResend: false });
  });
  const path = portal === 'integrito' ? '/integrito/reset-password/' : '/reset-password/';
  const link = `${deps.publicUrl}${path}?code=${encodeURIComponent(code)}`;
  const mail = renderMail('reset_password', mailLanguage(user.language), { name: user.name, link });
  const delivery = deps.mailer
    .send({ to: user.email, ...mail, kind: 'reset_password', userId: user.id })
    .catch((error: unknown) => {
      // The answer must not differ for known addresses, so a delivery failure is only logged.
      deps.logger.error({ err: error, userId: user.id }, 'password reset e-mail could not be sent');
    });
  // The local outbox is one insert into our own database: waiting keeps it inside the request.
  if (deps.mailer.via === 'outbox') await delivery;
  return { delivery };
}

/**
 * The set-password link of an account an organisation owner created (modules/members): a reset_password code
 * valid 7 days, made inside the caller's transaction (older unused reset links are voided). Completing the
 * reset at /reset-password/ sets the password and verifies the address, as any reset does.
 */
export async function createSetPasswordLink(tx: Queryable, publicUrl: string, userId: number): Promise<string> {
  await voidUnusedAuthCodes(tx, userId, 'reset_password');
  const { code, hash } = newCode();
  await insertAuthCode(tx, {
    kind: 'reset_password',
    userId,
    codeHash: hash,
    ttlSeconds: MEMBER_INVITE_CODE_TTL_SECONDS,
    isResend: false,
  });
  return `${publicUrl}/reset-password/?code=${encodeURIComponent(code)}`;
}

function assertUsable(record: AuthCodeRecord | null): asserts record is AuthCodeRecord {
  if (record === null) throw new AppError('reset_code_invalid');
  if (record.used_at !== null) throw new AppError('reset_code_used');
  if (record.is_expired) throw new AppError('reset_code_expired');
}

/** Checks a reset code without using it (the reset page validates it on load). */
export async function validateResetCode(db: Queryable, code: string): Promise<void> {
  assertUsable(await findCode(db, 'reset_password', code));
}

/**
 * Sets a new password with a reset code: rules and confirmation first (a typo does not burn the link),
 * then in one transaction the code is used, the password changed, every session of the user ended and
 * any other reset link voided. Following the link proves the address, so it also counts as verified.
 */
export async function resetPassword(
  db: Database,
  input: { code: string; password: string; confirmPassword: string },
): Promise<UserRecord['id']> {
  assertUsable(await findCode(db, 'reset_password', input.code));
  if (!isPasswordAcceptable(input.password)) throw new AppError('weak_password', { fields: { password: 'weak' } });
  if (input.password !== input.confirmPassword) {
    throw new AppError('password_mismatch', { fields: { confirm_password: 'mismatch' } });
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const record = await findCode(tx, 'reset_password', input.code);
    assertUsable(record);
    // Two requests racing with one code: only the one that marks it used goes on.
    if (!(await useAuthCode(tx, record.id))) throw new AppError('reset_code_used');
    await updateUserPassword(tx, record.user_id, passwordHash);
    // whoever had the account (a session, the personal API token, a lockout) is out; its owner is in again
    await deleteSessionsOfUser(tx, record.user_id);
    await replaceUserApiToken(tx, record.user_id, generateApiToken());
    await clearLoginFailures(tx, record.user_id);
    await voidUnusedAuthCodes(tx, record.user_id, 'reset_password');
    await markEmailVerified(tx, record.user_id);
    return record.user_id;
  });
}
