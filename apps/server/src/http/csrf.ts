import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { hmac, safeEqual } from '../modules/auth/secrets.ts';

export const CSRF_COOKIE = 'vt_csrf';
export const CSRF_FIELD = '_csrf_token';

/** `form` tokens are good for every form; `guest` tokens (guest_csrf) only where a route says so. */
export type CsrfPurpose = 'form' | 'guest';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which CSRF token purposes a state-changing form route accepts; `false` exempts it. */
    csrf?: CsrfPurpose[] | false;
    /** The route takes a form body (urlencoded or multipart), never JSON. */
    form?: boolean;
  }
}

function sign(secret: string, cookieValue: string, purpose: CsrfPurpose, salt: string): string {
  return hmac(secret, `${purpose}|${cookieValue}|${salt}`);
}

export function issueCsrfToken(appSecret: string, cookieValue: string, purpose: CsrfPurpose): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}.${sign(appSecret, cookieValue, purpose, salt)}`;
}

export function isCsrfTokenValid(appSecret: string, cookieValue: string, purpose: CsrfPurpose, token: string): boolean {
  const [salt, signature, extra] = token.split('.');
  if (salt === undefined || signature === undefined || extra !== undefined || salt.length === 0) return false;
  return safeEqual(signature, sign(appSecret, cookieValue, purpose, salt));
}

/** The browser's CSRF secret: created on first need, HttpOnly, bound to this browser. */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing !== undefined && /^[A-Za-z0-9_-]{20,100}$/.test(existing)) return existing;
  const value = randomBytes(24).toString('base64url');
  void reply.setCookie(CSRF_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  return value;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing call from a browser carries `_csrf_token` (check-tool.md §7). Calls that
 * authenticate with the X-API-TOKEN header carry no ambient credential and need none.
 */
export function registerCsrfCheck(api: FastifyInstance, appSecret: string): void {
  api.addHook('preValidation', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const purposes = request.routeOptions.config.csrf ?? ['form'];
    if (purposes === false) return;
    if (request.auth.via === 'api_token') return;
    const body = request.body as Record<string, unknown> | null | undefined;
    const token = typeof body?.[CSRF_FIELD] === 'string' ? body[CSRF_FIELD] : request.headers['x-csrf-token'];
    const cookieValue = request.cookies[CSRF_COOKIE];
    const isValid =
      typeof token === 'string' &&
      cookieValue !== undefined &&
      purposes.some((purpose) => isCsrfTokenValid(appSecret, cookieValue, purpose, token));
    if (!isValid) throw new AppError('csrf_invalid');
  });
}

/** Form routes refuse a JSON body with a clear message instead of guessing. */
export function registerFormGuard(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.form !== true) return;
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
      throw new AppError('form_expected');
    }
  });
}
