import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** Requests a minute one account, and one address, may make to a class of routes. */
export type RateLimitPair = { perAccount: number; perAddress: number };

/** What the check routes need to limit their callers (config.ts: checkRateLimits, extractMaxPerCaller). */
export type CheckLimits = {
  rate: Record<'validate' | 'check' | 'ai', RateLimitPair>;
  extractMaxPerCaller: number;
};

/**
 * The caller's key for limits: its account (a user, a guest, or a group's token) when known, else its
 * address. Only meaningful once the API scope has resolved `request.auth` (auth-context.ts).
 */
export function callerKey(request: FastifyRequest): string {
  const auth = request.auth as FastifyRequest['auth'] | null;
  if (auth?.user != null) return `user:${String(auth.user.id)}`;
  if (auth?.group != null) return `group:${String(auth.group.id)}`;
  return `ip:${request.ip}`;
}

/**
 * An onRequest hook limiting a class of routes (issue 13 B4) per address AND per account, before the body is
 * read: one window of a minute each (@fastify/rate-limit's store); past either, 429 rate_limited with
 * Retry-After. Put it in a route's own `onRequest`, which runs after the API scope's caller resolution.
 */
export function checkRateLimit(
  app: FastifyInstance,
  name: string,
  limits: RateLimitPair,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const byAddress = app.createRateLimit({
    max: limits.perAddress,
    timeWindow: 60_000,
    keyGenerator: (request) => `${name}:ip:${request.ip}`,
  });
  const byAccount = app.createRateLimit({
    max: limits.perAccount,
    timeWindow: 60_000,
    keyGenerator: (request) => `${name}:${callerKey(request)}`,
  });
  return async (request) => {
    for (const limiter of [byAddress, byAccount]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError('rate_limited', { headers: { 'retry-after': String(result.ttlInSeconds) } });
      }
    }
  };
}
