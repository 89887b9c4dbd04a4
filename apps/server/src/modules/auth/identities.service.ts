import { SIGNUP_BONUS_PAGES } from '@veritext/contracts';
import type { Database } from '../../db/database.ts';
import { insertAccount } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { findIdentity, findIdentityOfUser, insertIdentity, touchIdentity } from './identities.repository.ts';
import { SocialLoginFailure, type OidcIdentity } from './oidc.service.ts';
import { generateApiToken } from './secrets.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';
import { findUserByEmail, findUserById, insertUser, type UserRecord } from './users.repository.ts';

const MAX_EMAIL_LENGTH = 50;
const MAX_NAME_LENGTH = 25;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

export type SocialSignIn = { user: UserRecord; outcome: 'linked_login' | 'linked_by_email' | 'created' };

/**
 * The user an outside identity signs in as: the one already linked to the provider's subject; else the
 * user with the same e-mail, linked from now on, but only when both sides vouch for the address (the
 * provider verified it, and the account proved it owns it by our own e-mail link): an account registered
 * with someone else's address and a password of the registrant's choosing is never handed to the address's
 * owner, nor the owner's Google account to the registrant (`account_unverified`, nothing changes). Linking
 * ends every other session of the account (the caller then starts the new one). Else a new, verified
 * individual user with the usual new-user bonus (as registerUser), linked.
 */
export async function signInWithIdentity(
  db: Database,
  provider: string,
  identity: OidcIdentity,
  language: 'en' | 'es',
): Promise<SocialSignIn> {
  const linked = await findIdentity(db, provider, identity.subject);
  if (linked !== null) {
    const user = await findUserById(db, linked.user_id);
    if (user === null) throw new SocialLoginFailure('failed', 'the linked user is gone');
    await touchIdentity(db, linked.id, identity.email);
    return { user, outcome: 'linked_login' };
  }
  // Linking or creating by e-mail trusts the address: only one the provider has verified.
  if (identity.email === null || !identity.isEmailVerified) {
    throw new SocialLoginFailure('email_unverified', 'the provider did not vouch for an e-mail address');
  }
  const email = identity.email.trim();
  if (email.length > MAX_EMAIL_LENGTH) throw new SocialLoginFailure('failed', 'the e-mail address is too long');

  const existing = await findUserByEmail(db, email);
  if (existing !== null) {
    // Another account at the same provider is already linked to this user: do not swap it silently.
    if ((await findIdentityOfUser(db, existing.id, provider)) !== null) {
      throw new SocialLoginFailure('failed', 'this user is linked to another account at the provider');
    }
    // Never silently: the account's password may have been chosen by someone who only typed this address.
    if (existing.email_verified_at === null) {
      throw new SocialLoginFailure('account_unverified', 'the account with this e-mail has not verified it');
    }
    await db.transaction(async (tx) => {
      await insertIdentity(tx, { userId: existing.id, provider, subject: identity.subject, email });
      await deleteSessionsOfUser(tx, existing.id);
    });
    return { user: (await findUserById(db, existing.id)) ?? existing, outcome: 'linked_by_email' };
  }

  const token = generateApiToken();
  try {
    const user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        email,
        passwordHash: null,
        name: Array.from(identity.name.trim()).slice(0, MAX_NAME_LENGTH).join(''),
        isGuest: false,
        apiToken: token.token,
        apiTokenHash: token.hash,
        language,
        verified: true,
      });
      const account = await insertAccount(tx, { userId: created.id });
      await creditPages(tx, {
        accountId: account.id,
        bucket: 'bonus',
        pages: SIGNUP_BONUS_PAGES,
        kind: 'bonus',
        reference: 'signup',
      });
      await insertIdentity(tx, { userId: created.id, provider, subject: identity.subject, email });
      return created;
    });
    return { user, outcome: 'created' };
  } catch (error) {
    // Two callbacks at once for the same new person: the loser signs in as the winner.
    if (isUniqueViolation(error)) {
      const winner = await findIdentity(db, provider, identity.subject);
      const user = winner === null ? null : await findUserById(db, winner.user_id);
      if (user !== null) return { user, outcome: 'linked_login' };
    }
    throw error;
  }
}
