import { hmac, safeEqual } from './secrets.ts';

/** What the browser carries between the start of a social sign-in and the provider's answer. */
export type OidcFlow = {
  state: string;
  nonce: string;
  /** The PKCE code verifier; the provider only ever saw its S256 challenge. */
  verifier: string;
  /** The page to go back to (a path on this site). */
  returnTo: string;
  language: 'en' | 'es';
  /** Unix milliseconds after which the flow is refused. */
  expiresAt: number;
  /**
   * The guest this browser was when the sign-in started (its guest_data cookie is SameSite=Strict, so it
   * does not come back with the provider's redirect): its checks become the signed-in user's.
   */
  guestId?: number;
};

export const OIDC_FLOW_COOKIE = 'vt_oidc';
export const OIDC_FLOW_TTL_SECONDS = 10 * 60;

const CONTEXT = 'oidc-flow.v1';

/** The flow as a cookie value: its JSON, base64url, then an HMAC of both under the app secret. */
export function sealFlow(secret: string, flow: OidcFlow): string {
  const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${body}.${hmac(secret, `${CONTEXT}.${body}`)}`;
}

/** The flow a cookie carries, or null when it is missing, forged, malformed or expired. */
export function openFlow(secret: string, value: string | undefined, now = Date.now()): OidcFlow | null {
  if (value === undefined || value.length > 4000) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const body = value.slice(0, dot);
  if (!safeEqual(value.slice(dot + 1), hmac(secret, `${CONTEXT}.${body}`))) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const flow = parsed as Record<string, unknown>;
  const { state, nonce, verifier, returnTo, language, expiresAt, guestId } = flow;
  if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') return null;
  if (typeof returnTo !== 'string' || !isSafeReturnPath(returnTo)) return null;
  if (language !== 'en' && language !== 'es') return null;
  if (typeof expiresAt !== 'number' || expiresAt <= now) return null;
  const guest = typeof guestId === 'number' && Number.isSafeInteger(guestId) && guestId > 0 ? { guestId } : {};
  return { state, nonce, verifier, returnTo, language, expiresAt, ...guest };
}

/** A path on this site only: no scheme, no host (`//evil.example`), no backslashes, no query. */
export function isSafeReturnPath(path: string): boolean {
  return path.length <= 200 && /^\/(?![/\\])[A-Za-z0-9\-._~/]*$/.test(path) && !path.includes('//');
}

/** The page to return to after sign-in, from an untrusted query value. */
export function returnPathFrom(value: unknown): string {
  return typeof value === 'string' && isSafeReturnPath(value) ? value : '/';
}
