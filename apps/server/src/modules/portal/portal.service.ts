import { isTicked, portalRoleHasSchool } from '@veritext/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { INFO_AGREEMENT, recordAgreements, SIGNUP_AGREEMENTS } from '../agreements/agreements.service.ts';
import { registerUser } from '../auth/auth.service.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import { upsertPortalRegistration } from './portal.repository.ts';

export const PORTAL_LOGIN_PATH = '/integrito/login/';

export type PortalRegistrationInput = {
  email?: string | undefined;
  role: number;
  schoolName?: string | undefined;
  howCanHelp?: string | undefined;
  terms?: string | undefined;
  info?: string | undefined;
  invite?: string | undefined;
  query?: string | undefined;
};

/** The portal page's query, kept through login and sign-up: '?…' without a fragment, or nothing. */
export function portalQuery(raw: string | undefined): string {
  if (raw === undefined || !raw.startsWith('?') || /[\s#]/.test(raw)) return '';
  return raw;
}

/**
 * Registers for the activity-report tool (commerce-and-cabinet.md §2, §3). A visitor gets an account
 * without a password (the portal then sends the password-setting e-mail); a logged-in user just adds the
 * portal details. Terms and privacy (2018-05-24) are recorded, and the sharing-info agreement
 * (2018-09-12) when ticked. An existing e-mail is `email_taken`.
 */
export async function registerForPortal(
  db: Database,
  caller: UserRecord | null,
  input: PortalRegistrationInput,
  ip: string,
): Promise<{ user: UserRecord; isNew: boolean }> {
  if (!isTicked(input.terms)) throw new AppError('terms_required', { fields: { terms: 'required' } });
  const agreements = isTicked(input.info) ? [...SIGNUP_AGREEMENTS, INFO_AGREEMENT] : [...SIGNUP_AGREEMENTS];
  const details = {
    role: input.role,
    schoolName: portalRoleHasSchool(input.role) && input.schoolName ? input.schoolName : null,
    howCanHelp: input.howCanHelp ?? '',
    invite: input.invite === undefined || input.invite === '' ? null : input.invite,
    query: portalQuery(input.query),
  };
  if (caller !== null && !caller.is_guest) {
    await db.transaction(async (tx) => {
      await recordAgreements(tx, caller.id, agreements, ip);
      await upsertPortalRegistration(tx, { userId: caller.id, ...details });
    });
    return { user: caller, isNew: false };
  }
  if (input.email === undefined) throw new AppError('validation_failed', { fields: { email: 'required' } });
  const { user } = await registerUser(db, {
    email: input.email,
    password: null,
    accountType: 'individual',
    agreements,
    ip,
  });
  await upsertPortalRegistration(db, { userId: user.id, ...details });
  return { user, isNew: true };
}
