import { isTrackingEventName, isUserActionName } from '@veritext/contracts';
import { readGuestCookie } from '../session/guestCookie.ts';
import { readLocalSession } from '../session/storage.ts';

/**
 * User-action tracking (check-tool.md §7, commerce-and-cabinet.md §7): fire-and-forget form posts, sent only
 * when a tag-manager data layer exists (`window.dataLayer` is an array). A failure is only logged.
 *
 * - `trackEvent(name)` posts `/user-action/{name}/` with `timestamp`, the visitor-session id `sid`, the values
 *   of the global data object `window.veritextData` (string or number values, at most 20) and the caller's fields.
 * - `trackUserAction(action)` posts `/api/v1/user-action/{action}/` with the same fields and the user's API
 *   token as X-API-TOKEN (the session cookie goes along as on every same-origin call).
 *
 * The posts use `fetch` with `keepalive` (they survive a navigation, as a beacon does, and can carry the token
 * header); where fetch is missing, `navigator.sendBeacon`.
 */

declare global {
  interface Window {
    /** The tag manager's data layer (Google Tag Manager and the like). */
    dataLayer?: unknown;
    /** The global data object whose values every `/user-action/{event}/` post carries. */
    veritextData?: unknown;
  }
}

export const TRACK_SESSION_KEY = 'vt_track_sid';

const MAX_DATA_FIELDS = 20;
const MAX_VALUE_LENGTH = 200;

type Poster = (url: string, body: URLSearchParams, token: string | null) => Promise<unknown>;

export type TrackingEnvironment = {
  /** The tag manager's data layer; tracking is off unless it is an array. */
  getDataLayer: () => unknown;
  /** The global data object whose values go with every event. */
  getData: () => unknown;
  getToken: () => string | null;
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  post: Poster;
  now: () => Date;
  logError: (message: string, error?: unknown) => void;
  randomId: () => string;
};

function defaultToken(): string | null {
  try {
    const local = readLocalSession(window.localStorage);
    const token = local.profile?.api_token;
    if (token !== undefined && token !== '') return token;
    if (local.isLogin) return null;
    return readGuestCookie(document.cookie, () => undefined)?.api ?? null;
  } catch {
    return null;
  }
}

function defaultPost(url: string, body: URLSearchParams, token: string | null): Promise<unknown> {
  if (typeof fetch === 'function') {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (token !== null) headers['x-api-token'] = token;
    return fetch(url, { method: 'POST', body, headers, keepalive: true, credentials: 'same-origin' }).then(
      (response) => {
        if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
      },
    );
  }
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    return navigator.sendBeacon(url, body) ? Promise.resolve() : Promise.reject(new Error('beacon refused'));
  }
  return Promise.reject(new Error('no transport'));
}

function sessionStore(): TrackingEnvironment['session'] {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function browserEnvironment(): TrackingEnvironment {
  return {
    getDataLayer: () => (typeof window === 'undefined' ? undefined : window.dataLayer),
    getData: () => (typeof window === 'undefined' ? undefined : window.veritextData),
    getToken: defaultToken,
    session: typeof window === 'undefined' ? null : sessionStore(),
    post: defaultPost,
    now: () => new Date(),
    logError: (message, error) => {
      console.warn(message, error);
    },
    randomId: () =>
      typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
        ? crypto.randomUUID()
        : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
  };
}

let environment: TrackingEnvironment | null = null;

function env(): TrackingEnvironment {
  environment ??= browserEnvironment();
  return environment;
}

/** Replaces parts of the browser environment (tests); `null` goes back to the browser's. */
export function setTrackingEnvironment(overrides: Partial<TrackingEnvironment> | null): void {
  environment = overrides === null ? null : { ...browserEnvironment(), ...overrides };
}

/** Tracking is on only where a tag-manager data layer exists. */
export function isTrackingEnabled(): boolean {
  return Array.isArray(env().getDataLayer());
}

/** The visitor session's random id (sessionStorage): the server stores only its hash. */
export function visitorSessionId(): string {
  const { session, randomId } = env();
  let id: string | null;
  try {
    id = session?.getItem(TRACK_SESSION_KEY) ?? null;
  } catch {
    id = null;
  }
  if (id !== null && /^[A-Za-z0-9-]{8,64}$/.test(id)) return id;
  const fresh = randomId();
  try {
    session?.setItem(TRACK_SESSION_KEY, fresh);
  } catch {
    // Storage may be full or disabled: the id then lives for this page only.
  }
  return fresh;
}

/** Starts a new visitor session (after checkout). */
export function endVisitorSession(): void {
  try {
    env().session?.removeItem(TRACK_SESSION_KEY);
  } catch {
    // Nothing to end.
  }
}

/** The global data object's string and number values, bounded. */
function dataFields(data: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fields;
  let count = 0;
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (count >= MAX_DATA_FIELDS) break;
    if (!/^[A-Za-z0-9_]{1,40}$/.test(key) || key === 'sid' || key === 'timestamp') continue;
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    fields[key] = String(value).slice(0, MAX_VALUE_LENGTH);
    count += 1;
  }
  return fields;
}

function send(url: string, fields: Record<string, string> | undefined, withToken: boolean): void {
  const current = env();
  if (!Array.isArray(current.getDataLayer())) return;
  try {
    const body = new URLSearchParams({
      ...dataFields(current.getData()),
      ...(fields ?? {}),
      timestamp: String(Math.floor(current.now().getTime() / 1000)),
      sid: visitorSessionId(),
    });
    current.post(url, body, withToken ? current.getToken() : null).catch((error: unknown) => {
      current.logError(`Tracking ${url} failed`, error);
    });
  } catch (error) {
    current.logError(`Tracking ${url} failed`, error);
  }
}

/** Posts `/user-action/{name}/`: fire and forget, only with a data layer; failures are only logged. */
export function trackEvent(name: string, fields?: Record<string, string>): void {
  if (!isTrackingEventName(name)) {
    env().logError(`Tracking: invalid event name ${name}`);
    return;
  }
  send(`/user-action/${name}/`, fields, false);
}

/** Posts `/api/v1/user-action/{action}/` with the token: AddToCart, RemoveFromCart, checkout, report-{name}. */
export function trackUserAction(action: string, fields?: Record<string, string>): void {
  if (!isUserActionName(action)) {
    env().logError(`Tracking: invalid user action ${action}`);
    return;
  }
  send(`/api/v1/user-action/${action}/`, fields, true);
}
