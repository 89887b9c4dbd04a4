import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Database, Queryable } from '../../db/database.ts';
import { insertAccount } from '../ledger/ledger.repository.ts';
import { generateApiToken, sha256 } from '../auth/secrets.ts';
import { findUserByEmail, findUserById, insertUser, type UserRecord } from '../auth/users.repository.ts';
import { lockMemberPlaces } from '../groups/group-settings.repository.ts';
import {
  CLAIM,
  LTI_VERSION,
  MESSAGE_DEEP_LINKING,
  MESSAGE_RESOURCE_LINK,
  roleFromLtiRoles,
  type MemberRole,
} from './lti.claims.ts';
import { findLtiUser, insertLtiUser, useNonce, type PlatformRecord } from './lti.repository.ts';
import { assertPublicPlatformUrl } from './lti-outbound.ts';

/** Why a launch was refused: shown on the error page and logged. */
export class LtiLaunchError extends Error {
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.name = 'LtiLaunchError';
    this.status = status;
  }
}

const JWKS_CACHE = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The platform's key set, fetched on first need and cached by jose (refetched for an unknown kid, at most every 30 s). */
function platformKeys(jwksUrl: string): ReturnType<typeof createRemoteJWKSet> {
  let keys = JWKS_CACHE.get(jwksUrl);
  if (keys === undefined) {
    keys = createRemoteJWKSet(new URL(jwksUrl), {
      timeoutDuration: 10_000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
      // the address checked (lti-outbound.ts); jose itself asks fetch not to follow redirects
      [customFetch]: async (url, options) => {
        await assertPublicPlatformUrl(url);
        return fetch(url, options);
      },
    });
    JWKS_CACHE.set(jwksUrl, keys);
  }
  return keys;
}

/** Seconds of clock difference allowed between the platform and us. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** An id_token issued longer ago than this is refused, whatever its exp says. */
const MAX_TOKEN_AGE_SECONDS = 600;

export type VerifiedLaunch = {
  payload: JWTPayload & Record<string, unknown>;
  messageType: typeof MESSAGE_RESOURCE_LINK | typeof MESSAGE_DEEP_LINKING;
  deploymentId: string;
  subject: string;
  roles: string[];
};

function stringClaim(payload: Record<string, unknown>, name: string): string | null {
  const value = payload[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * An id_token checked as LTI 1.3 core §5.1.3 asks: its RS256 signature by a key of the platform's JWKS, the
 * issuer, the audience (our client id; with several audiences azp must be ours), exp and iat, the nonce (the one
 * our login initiation sent, and never seen before), the deployment id (registered), the version 1.3.0 and a
 * message type we handle.
 */
export async function verifyIdToken(
  db: Queryable,
  platform: PlatformRecord,
  idToken: string,
  expectedNonce: string,
): Promise<VerifiedLaunch> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, platformKeys(platform.jwks_url), {
      issuer: platform.issuer,
      audience: platform.client_id,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      requiredClaims: ['exp', 'iat', 'nonce'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new LtiLaunchError('The launch has expired (id_token exp).', 401);
    if (error instanceof joseErrors.JWTClaimValidationFailed) {
      throw new LtiLaunchError(`The launch was refused: claim ${error.claim} is not valid (${error.reason}).`, 401);
    }
    if (error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWSSignatureVerificationFailed) {
      throw new LtiLaunchError("The launch was refused: its signature does not match the platform's keys.", 401);
    }
    if (error instanceof joseErrors.JOSEError) {
      throw new LtiLaunchError(`The launch was refused: the id_token is not valid (${error.code}).`, 401);
    }
    throw new LtiLaunchError("The platform's keys could not be read (JWKS URL).", 502);
  }
  const claims = payload as JWTPayload & Record<string, unknown>;
  const audiences = [payload.aud].flat();
  const azp = stringClaim(claims, 'azp');
  if ((audiences.length > 1 && azp === null) || (azp !== null && azp !== platform.client_id)) {
    throw new LtiLaunchError('The launch was refused: the authorized party (azp) is not this tool.', 401);
  }
  if (payload.nonce !== expectedNonce) {
    throw new LtiLaunchError('The launch was refused: the nonce does not match this login.', 401);
  }
  const until = new Date(((payload.exp ?? 0) + CLOCK_TOLERANCE_SECONDS) * 1000);
  if (!(await useNonce(db, platform.id, expectedNonce, until))) {
    throw new LtiLaunchError('The launch was refused: this nonce was used before (replay).', 401);
  }
  if (claims[CLAIM.version] !== LTI_VERSION) {
    throw new LtiLaunchError('The launch was refused: only LTI version 1.3.0 is supported.');
  }
  const messageType = claims[CLAIM.messageType];
  if (messageType !== MESSAGE_RESOURCE_LINK && messageType !== MESSAGE_DEEP_LINKING) {
    throw new LtiLaunchError(`The message type ${String(messageType)} is not supported by this tool.`);
  }
  const deploymentId = stringClaim(claims, CLAIM.deploymentId);
  if (deploymentId === null || !platform.deployment_ids.includes(deploymentId)) {
    throw new LtiLaunchError(
      'The launch was refused: its deployment id is not registered for this platform on the integrations page.',
      403,
    );
  }
  const subject = typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : null;
  if (subject === null || subject.length > 255) {
    throw new LtiLaunchError('The launch names no user (sub): anonymous launches are not supported.');
  }
  const rolesClaim = claims[CLAIM.roles];
  if (!Array.isArray(rolesClaim)) throw new LtiLaunchError('The launch has no roles claim.');
  const roles = rolesClaim.filter((role): role is string => typeof role === 'string');
  return { payload: claims, messageType, deploymentId, subject, roles };
}

// --- accounts and memberships ---

const MAX_EMAIL_LENGTH = 50;
const MAX_NAME_LENGTH = 25;

export type LtiPerson = { subject: string; email: string | null; name: string; language: 'en' | 'es' };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** The name a platform gives a person: name, else given + family, else the e-mail's local part. */
export function personName(claims: Record<string, unknown>): string {
  const pick = (key: string) => (typeof claims[key] === 'string' ? claims[key].trim() : '');
  const name = pick('name') || `${pick('given_name')} ${pick('family_name')}`.trim() || pick('email').split('@')[0];
  return Array.from(name ?? '')
    .slice(0, MAX_NAME_LENGTH)
    .join('');
}

/**
 * The Veritext account of a platform's user: the one linked to (platform, sub); else a new account, linked. It
 * takes the platform's e-mail when no account has it (never linking one that has: a platform registered by any
 * organisation's owner must not sign in as someone's existing account), else an address of its own under the
 * reserved .invalid domain. It has no password (it signs in through the platform) and an account of its own with
 * no pages: in the organisation it checks on the organisation's balance.
 */
export async function accountForPerson(db: Database, platformId: number, person: LtiPerson): Promise<UserRecord> {
  const linked = await findLtiUser(db, platformId, person.subject);
  if (linked !== null) {
    const user = await findUserById(db, linked);
    if (user !== null) return user;
  }
  const offered = person.email?.trim() ?? '';
  const isFree =
    offered.length > 0 &&
    offered.length <= MAX_EMAIL_LENGTH &&
    /^[^\s@]+@[^\s@]+$/.test(offered) &&
    (await findUserByEmail(db, offered)) === null;
  const email = isFree ? offered : `lti-${String(platformId)}-${sha256(person.subject).slice(0, 16)}@lti.invalid`;
  const token = generateApiToken();
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email,
        passwordHash: null,
        name: person.name,
        isGuest: false,
        apiToken: token.token,
        apiTokenHash: token.hash,
        language: person.language,
        verified: false,
      });
      await insertAccount(tx, { userId: user.id });
      await insertLtiUser(tx, platformId, person.subject, user.id);
      return user;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // two launches at once for the same new person (the loser takes the winner's account), or the address was
    // taken in between (a fresh attempt gets the reserved one)
    const winner = await findLtiUser(db, platformId, person.subject);
    const user = winner === null ? null : await findUserById(db, winner);
    if (user !== null) return user;
    if (isFree) return accountForPerson(db, platformId, { ...person, email: null });
    throw error;
  }
}

/**
 * Puts the user in the organisation with the role the platform gives: a new member within the member maximum
 * (false when it is full); a student the platform now calls a teacher is promoted. Never demoted, and the owner
 * (role 1) is left as is: one person may learn in one course and teach in another of the same platform.
 */
export async function joinOrganisation(
  db: Database,
  groupId: number,
  userId: number,
  role: MemberRole,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ role: number }>(
      'SELECT role FROM group_members WHERE group_id = $1 AND user_id = $2 FOR UPDATE',
      [groupId, userId],
    );
    const current = rows[0];
    if (current !== undefined) {
      if (current.role === 3 && role === 2) {
        await tx.query('UPDATE group_members SET role = 2 WHERE group_id = $1 AND user_id = $2', [groupId, userId]);
      }
      return true;
    }
    const places = await lockMemberPlaces(tx, groupId);
    if (places !== null && places.max_members !== null && places.members >= places.max_members) return false;
    await tx.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [groupId, userId, role]);
    return true;
  });
}

export function roleOf(roles: readonly string[]): MemberRole {
  return roleFromLtiRoles(roles);
}

export function randomToken(): string {
  return randomBytes(24).toString('base64url');
}
