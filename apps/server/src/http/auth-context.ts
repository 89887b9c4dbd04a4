import { GUEST_COOKIE_NAME, parseGuestCookie } from '@veritext/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { sha256 } from '../modules/auth/secrets.ts';
import { assertLmsRoute, resolveLmsHeader, type LmsAuth } from '../modules/lms-api/lms-api.auth.ts';
import {
  findGroupByApiTokenHash,
  findUserByApiTokenHash,
  findUserBySessionHash,
  type GroupRecord,
  type UserRecord,
} from '../modules/auth/users.repository.ts';

export const SESSION_COOKIE = 'vt_session';
export const API_TOKEN_HEADER = 'x-api-token';

export type AuthContext = {
  user: UserRecord | null;
  /** Set when a group's API token was presented: the call acts for the group. */
  group: GroupRecord | null;
  via: 'api_token' | 'session' | 'guest_cookie' | null;
  sessionHash: string | null;
  /** Set when an LMS integration token was presented (modules/lms-api): the call has that token's narrow rights. */
  lms?: LmsAuth;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

const ANONYMOUS: AuthContext = { user: null, group: null, via: null, sessionHash: null };

function headerToken(request: FastifyRequest): string | null {
  const value = request.headers[API_TOKEN_HEADER];
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? '') : value;
}

/**
 * Who is calling, in order: the X-API-TOKEN header (a user's or a group's token), the session
 * cookie, then a guest's token from the guest_data cookie. A logged-in session always wins over a
 * guest's token, header or cookie: a browser that was a guest and then logged in may still send it;
 * and over another account's token sent beside it (a browser that signed in as someone else since).
 * A wrong token or a malformed guest cookie is an error, never a silent fall-back to another identity.
 */
export async function resolveAuth(db: Queryable, request: FastifyRequest): Promise<AuthContext> {
  const token = headerToken(request);
  if (token !== null) {
    if (token.length === 0 || token.length > 200) throw new AppError('invalid_api_token');
    // Constant time enough: the database compares SHA-256 digests, never the token. Timing could at most
    // tell how many leading digits of a caller-chosen digest match a stored one, which brings an attacker
    // no closer to a token (that takes a preimage of a random 192-bit token); no plaintext is compared.
    const tokenHash = sha256(token);
    const user = await findUserByApiTokenHash(db, tokenHash);
    if (user?.is_guest === true) return (await sessionAuth(db, request)) ?? guestAuth(user, 'api_token');
    if (user !== null) {
      // The web client sends its cached account's token beside the session cookie. When the browser's session is
      // another account's (signed in elsewhere since: an LTI launch, a login in another tab), the session says who
      // is at this browser now; the client then reloads its profile and token from it.
      const session = request.cookies[SESSION_COOKIE] === undefined ? null : await sessionAuth(db, request);
      if (session !== null && session.user?.id !== user.id) return session;
      return { user, group: null, via: 'api_token', sessionHash: null };
    }
    const group = await findGroupByApiTokenHash(db, tokenHash);
    if (group !== null) return { user: null, group, via: 'api_token', sessionHash: null };
    const lms = await resolveLmsHeader(db, token);
    if (lms !== null) return { user: lms.user, group: lms.group, via: 'api_token', sessionHash: null, lms: lms.lms };
    throw new AppError('invalid_api_token');
  }

  const session = await sessionAuth(db, request);
  if (session !== null) return session;

  const guest = await findCookieGuest(db, request);
  return guest === null ? ANONYMOUS : guestAuth(guest, 'guest_cookie');
}

function guestAuth(user: UserRecord, via: 'api_token' | 'guest_cookie'): AuthContext {
  return { user, group: null, via, sessionHash: null };
}

/** The user of a valid session cookie, or null. */
async function sessionAuth(db: Queryable, request: FastifyRequest): Promise<AuthContext | null> {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (sessionId === undefined || sessionId === '') return null;
  const sessionHash = sha256(sessionId);
  const user = await findUserBySessionHash(db, sessionHash);
  return user === null ? null : { user, group: null, via: 'session', sessionHash };
}

/**
 * The guest of the guest_data cookie, or null when there is none. Only a guest's own token is honoured
 * from this cookie; anything else is ignored. A malformed cookie is a 400 that clears it.
 */
async function findCookieGuest(db: Queryable, request: FastifyRequest): Promise<UserRecord | null> {
  const guestRaw = request.cookies[GUEST_COOKIE_NAME];
  if (guestRaw === undefined || guestRaw === '') return null;
  const guest = parseGuestCookie(guestRaw);
  if (guest === null) {
    throw new AppError('invalid_guest_cookie', { headers: { 'set-cookie': clearGuestCookieHeader() } });
  }
  const user = await findUserByApiTokenHash(db, sha256(guest.api));
  return user?.is_guest === true ? user : null;
}

/**
 * The guest this browser was before it signs up or logs in: the caller when it is a guest (its token as
 * X-API-TOKEN, or its cookie), else the guest of a guest_data cookie sent alongside a session. Null when
 * there is none: a real user's identity is never a guest's.
 */
export async function findRequestGuest(db: Queryable, request: FastifyRequest): Promise<UserRecord | null> {
  if (request.auth.user?.is_guest === true) return request.auth.user;
  const token = headerToken(request);
  if (token !== null && token.length > 0 && token.length <= 200) {
    const user = await findUserByApiTokenHash(db, sha256(token));
    if (user?.is_guest === true) return user;
  }
  try {
    return await findCookieGuest(db, request);
  } catch {
    return null;
  }
}

function clearGuestCookieHeader(): string {
  return `${GUEST_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Strict`;
}

/**
 * Ends the guest state in the browser: the guest_data cookie expired (Max-Age=0) with the Path, SameSite
 * and Secure it was set with (POST /guest/registration/).
 */
export function clearGuestCookie(reply: FastifyReply, cookieSecure: boolean): void {
  void reply.clearCookie(GUEST_COOKIE_NAME, { path: '/', sameSite: 'strict', secure: cookieSecure });
}

/** Resolves the caller for every route of the (encapsulated) API scope it is registered in. */
export function registerAuthContext(api: FastifyInstance, db: Queryable): void {
  // Fastify wants a primitive default; every request gets its own context in the hook below.
  api.decorateRequest('auth', null as unknown as AuthContext);
  api.addHook('onRequest', async (request) => {
    request.auth = ANONYMOUS;
    request.auth = await resolveAuth(db, request);
    if (request.auth.lms !== undefined) assertLmsRoute(request);
  });
}

export function requireUser(request: FastifyRequest): UserRecord {
  const user = request.auth.user;
  if (user === null) throw new AppError('unauthorized');
  return user;
}
