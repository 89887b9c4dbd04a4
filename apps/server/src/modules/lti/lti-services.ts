import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Queryable } from '../../db/database.ts';
import { LTI_SIGNING_ALG, toolSigningKey } from './lti-keys.ts';
import { MEDIA } from './lti.claims.ts';
import type { PlatformRecord } from './lti.repository.ts';
import { platformFetch } from './lti-outbound.ts';

/**
 * The tool as an OAuth2 client of a platform (LTI Advantage security, RFC 7523): a client_credentials token got
 * with a client assertion JWT signed by the tool's key, then the AGS and NRPS calls with it.
 */

const TIMEOUT_MS = 15_000;

export class LtiServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LtiServiceError';
  }
}

const tokens = new Map<string, { token: string; until: number }>();

/** A bearer token for `scopes` from the platform's token URL (cached until a minute before it expires). */
export async function platformAccessToken(
  db: Queryable,
  appSecret: string,
  platform: PlatformRecord,
  scopes: readonly string[],
): Promise<string> {
  const cacheKey = `${String(platform.id)} ${platform.token_url} ${platform.client_id} ${[...scopes].sort().join(' ')}`;
  const cached = tokens.get(cacheKey);
  if (cached !== undefined && cached.until > Date.now()) return cached.token;
  const { kid, key } = await toolSigningKey(db, appSecret);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: LTI_SIGNING_ALG, kid, typ: 'JWT' })
    .setIssuer(platform.client_id)
    .setSubject(platform.client_id)
    .setAudience(platform.token_url)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(randomUUID())
    .sign(key);
  const response = await platformFetch(platform.token_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: scopes.join(' '),
    }).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (!response.ok || typeof body?.access_token !== 'string') {
    throw new LtiServiceError(`the platform's token URL answered ${String(response.status)}`);
  }
  const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  tokens.set(cacheKey, { token: body.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 });
  return body.access_token;
}

/** The scores URL of a line item: its path + /scores, its query kept (AGS 2.0 §3.4). */
export function scoresUrl(lineitemUrl: string): string {
  const url = new URL(lineitemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.href;
}

export type Score = {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  comment: string;
  timestamp: string;
  activityProgress: 'Completed';
  gradingProgress: 'FullyGraded' | 'PendingManual';
};

export async function postScore(token: string, lineitemUrl: string, score: Score): Promise<void> {
  const response = await platformFetch(scoresUrl(lineitemUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': MEDIA.score },
    body: JSON.stringify(score),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new LtiServiceError(`the platform refused the score (${String(response.status)})`);
}

/**
 * The line item of a resource link when the launch named only the container: the first one of the link
 * (?resource_link_id=), else one created for it (AGS 2.0 §3.2).
 */
export async function lineitemFor(
  token: string,
  lineitemsUrl: string,
  resourceLinkId: string,
  label: string,
): Promise<string> {
  const listUrl = new URL(lineitemsUrl);
  listUrl.searchParams.set('resource_link_id', resourceLinkId);
  const listed = await platformFetch(listUrl, {
    headers: { authorization: `Bearer ${token}`, accept: MEDIA.lineitems },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (listed.ok) {
    const items = (await listed.json().catch(() => [])) as { id?: unknown }[];
    const found = Array.isArray(items) ? items.find((item) => typeof item.id === 'string') : undefined;
    if (found !== undefined) return found.id as string;
  }
  const created = await platformFetch(lineitemsUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': MEDIA.lineitem, accept: MEDIA.lineitem },
    body: JSON.stringify({
      scoreMaximum: 100,
      label,
      resourceLinkId,
      resourceId: 'veritext-check',
      tag: 'originality',
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await created.json().catch(() => null)) as { id?: unknown } | null;
  if (!created.ok || typeof body?.id !== 'string') {
    throw new LtiServiceError(`the platform did not create a line item (${String(created.status)})`);
  }
  return body.id;
}

export type NrpsMember = {
  status?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  user_id: string;
  roles: string[];
};

/** The URL of rel="next" in a Link header, if any. */
export function nextLink(header: string | null): string | null {
  if (header === null) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;(.*)$/.exec(part.trim());
    if (match !== null && /rel\s*=\s*"?([^"]*\s)?next(\s[^"]*)?"?/.test(match[2] ?? '')) return match[1] ?? null;
  }
  return null;
}

const MAX_PAGES = 200;

/** Every member of a context, page after page (rel="next"), as NRPS 2.0 sends them. */
export async function fetchMembers(token: string, membershipsUrl: string): Promise<NrpsMember[]> {
  const members: NrpsMember[] = [];
  let url: string | null = membershipsUrl;
  for (let page = 0; url !== null && page < MAX_PAGES; page += 1) {
    const response: Response = await platformFetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: MEDIA.memberships },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new LtiServiceError(`the platform's memberships URL answered ${String(response.status)}`);
    const body = (await response.json()) as { members?: unknown };
    if (!Array.isArray(body.members)) throw new LtiServiceError('the memberships answer has no members list');
    for (const member of body.members as Record<string, unknown>[]) {
      if (typeof member.user_id !== 'string' || !Array.isArray(member.roles)) continue;
      members.push({
        ...(member as Omit<NrpsMember, 'roles'>),
        roles: member.roles.filter((role): role is string => typeof role === 'string'),
      });
    }
    const next = nextLink(response.headers.get('link'));
    url = next === null ? null : new URL(next, url).href;
  }
  return members;
}
