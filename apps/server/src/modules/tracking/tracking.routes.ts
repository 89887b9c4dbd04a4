import { isTrackingEventName, isUserActionName, TrackingOkResponseSchema } from '@veritext/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { hmac } from '../auth/secrets.ts';
import { guestAddressKey } from '../botcheck/botcheck.service.ts';
import { insertTrackingEvent, type TrackingKind } from './tracking.repository.ts';

export type TrackingRoutesOptions = {
  db: Database;
  appSecret: string;
  publicUrl: string;
  rateLimitPerMinute: number;
};

/** At most this many form fields are stored per post, each value at most this long. */
export const TRACKING_MAX_FIELDS = 25;
export const TRACKING_MAX_VALUE_LENGTH = 200;
const FIELD_NAME = /^[A-Za-z0-9_]{1,40}$/;
/** The browser's random visitor-session id (tracking/track.ts). */
const VISITOR_ID = /^[A-Za-z0-9-]{8,64}$/;
const IGNORED_FIELDS = new Set(['sid', '_csrf_token']);

/**
 * The posted form: string fields only (a repeated name is refused), names of letters, digits and `_`, bounded
 * in count and length. `sid` is the visitor-session id; the rest is stored as the event's fields.
 */
const TrackingFormSchema = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    `Form fields: sid (the visitor-session id, 8–64 letters, digits or -), timestamp, and the page's data values; ` +
      `at most ${String(TRACKING_MAX_FIELDS)} fields, names [A-Za-z0-9_]{1,40}, values at most ${String(TRACKING_MAX_VALUE_LENGTH)} characters.`,
  );

function cleanForm(body: Record<string, unknown> | undefined): { sid: string | null; fields: Record<string, string> } {
  const entries = Object.entries(body ?? {});
  if (entries.length > TRACKING_MAX_FIELDS + IGNORED_FIELDS.size) {
    throw new AppError('validation_failed', { message: 'Too many fields.' });
  }
  const fields: Record<string, string> = {};
  let sid: string | null = null;
  for (const [name, value] of entries) {
    if (typeof value !== 'string' || !FIELD_NAME.test(name) || value.length > TRACKING_MAX_VALUE_LENGTH) {
      throw new AppError('validation_failed', { fields: { [FIELD_NAME.test(name) ? name : 'fields']: 'invalid' } });
    }
    if (name === 'sid') {
      if (!VISITOR_ID.test(value)) throw new AppError('validation_failed', { fields: { sid: 'invalid' } });
      sid = value;
    } else if (!IGNORED_FIELDS.has(name)) {
      fields[name] = value;
    }
  }
  return { sid, fields };
}

/**
 * No CSRF token: these are beacons (navigator.sendBeacon cannot set headers, and a token fetch per event would
 * defeat fire-and-forget), and a forged one can only add a count. Instead a browser's cross-site post is refused:
 * Sec-Fetch-Site must be same-origin (or none), and an Origin must be this site's. Callers without either header
 * (no browser, so no ambient cookies to ride) are accepted.
 */
function assertSameOrigin(request: FastifyRequest, publicOrigin: string): void {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
    throw new AppError('forbidden', { message: 'Cross-site tracking posts are refused.' });
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== publicOrigin) {
      throw new AppError('forbidden', { message: 'Cross-site tracking posts are refused.' });
    }
  }
}

/**
 * The tracking posts of check-tool.md §7 and commerce-and-cabinet.md §7, stored in tracking_events (never sent
 * to a third party). Any caller, signed in or not; the account is stored when there is one.
 */
export const trackingRoutes: FastifyPluginAsyncZod<TrackingRoutesOptions> = async (api, options) => {
  const { db, appSecret } = options;
  const publicOrigin = new URL(options.publicUrl).origin;
  const config = {
    form: true,
    csrf: false as const,
    rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' },
  };

  async function store(request: FastifyRequest, kind: TrackingKind, name: string, body: unknown) {
    assertSameOrigin(request, publicOrigin);
    const { sid, fields } = cleanForm(body as Record<string, unknown> | undefined);
    // without a visitor-session id (a non-browser caller) the caller's address stands in, hashed likewise
    const visitorHash =
      sid === null ? `a:${guestAddressKey(appSecret, request.ip)}` : hmac(appSecret, `tracking-visitor.v1|${sid}`);
    await insertTrackingEvent(db, { kind, name, visitorHash, userId: request.auth.user?.id ?? null, fields });
    return { success: true as const };
  }

  api.post(
    '/user-action/:event/',
    {
      config,
      schema: {
        tags: ['tracking'],
        summary: 'A tracking event (check-tool funnel steps checktools-{step}, and the named events of §7)',
        description:
          'Fire and forget: the client posts it only where a tag-manager data layer exists. No CSRF token (a beacon); cross-site posts are refused.',
        consumes: ['application/x-www-form-urlencoded'],
        params: z.object({ event: z.string().max(80) }),
        body: TrackingFormSchema,
        response: { 200: TrackingOkResponseSchema },
      },
    },
    async (request) => {
      const { event } = request.params;
      if (!isTrackingEventName(event)) throw new AppError('not_found', { message: 'Unknown tracking event.' });
      return store(request, 'event', event, request.body);
    },
  );

  api.post(
    '/api/v1/user-action/:action/',
    {
      config,
      schema: {
        tags: ['tracking'],
        summary: 'A user action: AddToCart, RemoveFromCart, checkout or report-{name}',
        description:
          'Fire and forget, with the X-API-TOKEN (or the session) when there is one. No CSRF token (a beacon); cross-site posts are refused.',
        consumes: ['application/x-www-form-urlencoded'],
        params: z.object({ action: z.string().max(80) }),
        body: TrackingFormSchema,
        response: { 200: TrackingOkResponseSchema },
      },
    },
    async (request) => {
      const { action } = request.params;
      if (!isUserActionName(action)) throw new AppError('not_found', { message: 'Unknown user action.' });
      return store(request, 'action', action, request.body);
    },
  );
};
