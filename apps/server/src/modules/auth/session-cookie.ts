import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { SESSION_COOKIE } from '../../http/auth-context.ts';
import { generateSessionId, sha256 } from './secrets.ts';
import { deleteSession, insertSession } from './sessions.repository.ts';

/**
 * Starts a new session for this browser: a fresh id (the cookie's old session is ended first unless
 * `endCurrent` is false), stored by its hash, and the HttpOnly cookie. Every login (password, Google, a
 * password change) goes through here, so the session is always renewed the same way.
 */
export async function issueSession(
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  options: { persistent: boolean; ttlSeconds: number; cookieSecure: boolean; endCurrent?: boolean },
): Promise<void> {
  if (options.endCurrent !== false) {
    // By the cookie itself: a call that also carries an X-API-TOKEN has no auth.sessionHash.
    const previous = request.cookies[SESSION_COOKIE];
    if (previous !== undefined && previous !== '') await deleteSession(db, sha256(previous));
  }
  const session = generateSessionId();
  await insertSession(db, {
    idHash: session.hash,
    userId,
    isPersistent: options.persistent,
    ttlSeconds: options.ttlSeconds,
    userAgent: request.headers['user-agent'] ?? '',
    ip: request.ip,
  });
  void reply.setCookie(SESSION_COOKIE, session.id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.cookieSecure,
    ...(options.persistent ? { maxAge: options.ttlSeconds } : {}),
  });
}
