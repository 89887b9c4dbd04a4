import type { Queryable } from '../../db/database.ts';

/** The SQL of the LTI tool (migration 0034), but for its keys (lti-keys.ts). */

export type PlatformRecord = {
  id: number;
  group_id: number;
  name: string;
  issuer: string;
  client_id: string;
  auth_url: string;
  token_url: string;
  jwks_url: string;
  created_at: Date;
  deployment_ids: string[];
};

export type PlatformInput = {
  name: string;
  issuer: string;
  clientId: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  deploymentIds: string[];
};

const PLATFORM_COLUMNS = `p.id, p.group_id, p.name, p.issuer, p.client_id, p.auth_url, p.token_url, p.jwks_url, p.created_at,
  COALESCE((SELECT array_agg(d.deployment_id ORDER BY d.deployment_id) FROM lti_deployments d WHERE d.platform_id = p.id),
    ARRAY[]::text[]) AS deployment_ids`;

export async function findPlatform(db: Queryable, id: number): Promise<PlatformRecord | null> {
  const { rows } = await db.query<PlatformRecord>(`SELECT ${PLATFORM_COLUMNS} FROM lti_platforms p WHERE p.id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** The platforms of an issuer (with our client id there when the platform named it). */
export async function findPlatformsByIssuer(
  db: Queryable,
  issuer: string,
  clientId: string | null,
): Promise<PlatformRecord[]> {
  const { rows } = await db.query<PlatformRecord>(
    `SELECT ${PLATFORM_COLUMNS} FROM lti_platforms p WHERE p.issuer = $1 AND ($2::text IS NULL OR p.client_id = $2)
     ORDER BY p.id`,
    [issuer, clientId],
  );
  return rows;
}

export async function listPlatformsOfGroups(db: Queryable, groupIds: number[]): Promise<PlatformRecord[]> {
  if (groupIds.length === 0) return [];
  const { rows } = await db.query<PlatformRecord>(
    `SELECT ${PLATFORM_COLUMNS} FROM lti_platforms p WHERE p.group_id = ANY($1::int[]) ORDER BY p.group_id, p.id`,
    [groupIds],
  );
  return rows;
}

async function replaceDeployments(db: Queryable, platformId: number, deploymentIds: string[]): Promise<void> {
  await db.query('DELETE FROM lti_deployments WHERE platform_id = $1', [platformId]);
  for (const deploymentId of new Set(deploymentIds)) {
    await db.query('INSERT INTO lti_deployments (platform_id, deployment_id) VALUES ($1, $2)', [
      platformId,
      deploymentId,
    ]);
  }
}

export async function insertPlatform(
  db: Queryable,
  groupId: number,
  userId: number,
  input: PlatformInput,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO lti_platforms (group_id, name, issuer, client_id, auth_url, token_url, jwks_url, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [groupId, input.name, input.issuer, input.clientId, input.authUrl, input.tokenUrl, input.jwksUrl, userId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('lti_platforms insert returned no row');
  await replaceDeployments(db, id, input.deploymentIds);
  return id;
}

export async function updatePlatform(db: Queryable, id: number, input: PlatformInput): Promise<void> {
  await db.query(
    `UPDATE lti_platforms SET name = $2, issuer = $3, client_id = $4, auth_url = $5, token_url = $6, jwks_url = $7,
       updated_at = now() WHERE id = $1`,
    [id, input.name, input.issuer, input.clientId, input.authUrl, input.tokenUrl, input.jwksUrl],
  );
  await replaceDeployments(db, id, input.deploymentIds);
}

export async function deletePlatform(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM lti_platforms WHERE id = $1', [id]);
}

// --- login states and nonces ---

export async function insertLoginState(
  db: Queryable,
  state: { stateHash: string; platformId: number; nonce: string; targetLinkUri: string; ttlSeconds: number },
): Promise<void> {
  await db.query('DELETE FROM lti_login_states WHERE expires_at < now()');
  await db.query(
    `INSERT INTO lti_login_states (state_hash, platform_id, nonce, target_link_uri, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [state.stateHash, state.platformId, state.nonce, state.targetLinkUri, state.ttlSeconds],
  );
}

/** The state, used up: deleted whatever follows; null when unknown or expired. */
export async function takeLoginState(
  db: Queryable,
  stateHash: string,
): Promise<{ platform_id: number; nonce: string; target_link_uri: string } | null> {
  const { rows } = await db.query<{ platform_id: number; nonce: string; target_link_uri: string; live: boolean }>(
    `DELETE FROM lti_login_states WHERE state_hash = $1
     RETURNING platform_id, nonce, target_link_uri, expires_at > now() AS live`,
    [stateHash],
  );
  const row = rows[0];
  return row === undefined || !row.live ? null : row;
}

/** Records a nonce as used; false when it already was (a replay). */
export async function useNonce(db: Queryable, platformId: number, nonce: string, until: Date): Promise<boolean> {
  await db.query('DELETE FROM lti_used_nonces WHERE expires_at < now()');
  const { rows } = await db.query(
    `INSERT INTO lti_used_nonces (platform_id, nonce, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING nonce`,
    [platformId, nonce, until],
  );
  return rows.length > 0;
}

// --- users, contexts, launches ---

export async function findLtiUser(db: Queryable, platformId: number, subject: string): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM lti_users WHERE platform_id = $1 AND subject = $2',
    [platformId, subject],
  );
  return rows[0]?.user_id ?? null;
}

export async function insertLtiUser(db: Queryable, platformId: number, subject: string, userId: number): Promise<void> {
  await db.query('INSERT INTO lti_users (platform_id, subject, user_id) VALUES ($1, $2, $3)', [
    platformId,
    subject,
    userId,
  ]);
}

export type ContextRecord = {
  id: number;
  platform_id: number;
  context_id: string;
  title: string;
  memberships_url: string | null;
  roster_status: 'never' | 'queued' | 'done' | 'failed';
  roster_synced_at: Date | null;
  roster_members: number | null;
  roster_error: string | null;
};

const CONTEXT_COLUMNS =
  'id, platform_id, context_id, title, memberships_url, roster_status, roster_synced_at, roster_members, roster_error';

export async function upsertContext(
  db: Queryable,
  context: { platformId: number; contextId: string; title: string; membershipsUrl: string | null },
): Promise<ContextRecord> {
  const { rows } = await db.query<ContextRecord>(
    `INSERT INTO lti_contexts (platform_id, context_id, title, memberships_url) VALUES ($1, $2, $3, $4)
     ON CONFLICT (platform_id, context_id) DO UPDATE
       SET title = EXCLUDED.title, memberships_url = COALESCE(EXCLUDED.memberships_url, lti_contexts.memberships_url)
     RETURNING ${CONTEXT_COLUMNS}`,
    [context.platformId, context.contextId, context.title.slice(0, 200), context.membershipsUrl],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('lti_contexts upsert returned no row');
  return row;
}

export async function findContext(db: Queryable, id: number): Promise<ContextRecord | null> {
  const { rows } = await db.query<ContextRecord>(`SELECT ${CONTEXT_COLUMNS} FROM lti_contexts WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function listContextsOfPlatforms(db: Queryable, platformIds: number[]): Promise<ContextRecord[]> {
  if (platformIds.length === 0) return [];
  const { rows } = await db.query<ContextRecord>(
    `SELECT ${CONTEXT_COLUMNS} FROM lti_contexts WHERE platform_id = ANY($1::int[]) ORDER BY platform_id, id`,
    [platformIds],
  );
  return rows;
}

export async function setRosterStatus(
  db: Queryable,
  contextId: number,
  status: { status: 'queued' } | { status: 'done'; members: number } | { status: 'failed'; error: string },
): Promise<void> {
  if (status.status === 'queued') {
    await db.query(`UPDATE lti_contexts SET roster_status = 'queued' WHERE id = $1`, [contextId]);
  } else if (status.status === 'done') {
    await db.query(
      `UPDATE lti_contexts SET roster_status = 'done', roster_synced_at = now(), roster_members = $2, roster_error = NULL
       WHERE id = $1`,
      [contextId, status.members],
    );
  } else {
    await db.query(`UPDATE lti_contexts SET roster_status = 'failed', roster_error = $2 WHERE id = $1`, [
      contextId,
      status.error.slice(0, 500),
    ]);
  }
}

export async function insertLaunch(
  db: Queryable,
  launch: {
    platformId: number;
    userId: number;
    subject: string;
    contextRowId: number | null;
    resourceLinkId: string;
    lineitemUrl: string | null;
    lineitemsUrl: string | null;
    agsScopes: string[];
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO lti_launches (platform_id, user_id, subject, context_row_id, resource_link_id, lineitem_url,
       lineitems_url, ags_scopes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING id`,
    [
      launch.platformId,
      launch.userId,
      launch.subject,
      launch.contextRowId,
      launch.resourceLinkId,
      launch.lineitemUrl,
      launch.lineitemsUrl,
      JSON.stringify(launch.agsScopes),
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('lti_launches insert returned no row');
  return id;
}

export type LaunchRecord = {
  id: number;
  platform_id: number;
  user_id: number;
  subject: string;
  resource_link_id: string;
  lineitem_url: string | null;
  lineitems_url: string | null;
};

/**
 * Where a ready check's score goes: the latest launch of its author in its organisation made within a day before it,
 * with a line item (or their container) and the score scope granted.
 */
export async function findLaunchForCheck(db: Queryable, checkId: number): Promise<LaunchRecord | null> {
  const { rows } = await db.query<LaunchRecord>(
    `SELECT l.id, l.platform_id, l.user_id, l.subject, l.resource_link_id, l.lineitem_url, l.lineitems_url
     FROM text_checks c
     JOIN lti_launches l ON l.user_id = c.user_id
     JOIN lti_platforms p ON p.id = l.platform_id AND p.group_id = c.group_id
     WHERE c.id = $1 AND c.state = 5 AND l.created_at <= c.created_at AND l.created_at > c.created_at - interval '1 day'
       AND (l.lineitem_url IS NOT NULL OR l.lineitems_url IS NOT NULL)
       AND l.ags_scopes ? 'https://purl.imsglobal.org/spec/lti-ags/scope/score'
     ORDER BY l.created_at DESC, l.id DESC LIMIT 1`,
    [checkId],
  );
  return rows[0] ?? null;
}

export async function findLaunch(db: Queryable, id: number): Promise<LaunchRecord | null> {
  const { rows } = await db.query<LaunchRecord>(
    `SELECT id, platform_id, user_id, subject, resource_link_id, lineitem_url, lineitems_url FROM lti_launches
     WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function setLaunchLineitem(db: Queryable, launchId: number, url: string): Promise<void> {
  await db.query('UPDATE lti_launches SET lineitem_url = $2 WHERE id = $1', [launchId, url]);
}

// --- scores ---

/** Queues the score of a check once; false when it was queued before. */
export async function insertScore(db: Queryable, checkId: number, launchId: number): Promise<boolean> {
  const { rows } = await db.query(
    'INSERT INTO lti_scores (check_id, launch_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING check_id',
    [checkId, launchId],
  );
  return rows.length > 0;
}

export type ScoreRecord = {
  check_id: number;
  launch_id: number;
  status: 'queued' | 'posted' | 'failed';
  score_given: number | null;
  comment: string | null;
  error: string | null;
};

export async function findScore(db: Queryable, checkId: number): Promise<ScoreRecord | null> {
  const { rows } = await db.query<ScoreRecord>(
    'SELECT check_id, launch_id, status, score_given, comment, error FROM lti_scores WHERE check_id = $1',
    [checkId],
  );
  return rows[0] ?? null;
}

export async function settleScore(
  db: Queryable,
  checkId: number,
  outcome: { status: 'posted'; scoreGiven: number; comment: string } | { status: 'failed'; error: string },
): Promise<void> {
  if (outcome.status === 'posted') {
    await db.query(
      `UPDATE lti_scores SET status = 'posted', score_given = $2, comment = $3, error = NULL, posted_at = now()
       WHERE check_id = $1`,
      [checkId, outcome.scoreGiven, outcome.comment],
    );
  } else {
    await db.query(`UPDATE lti_scores SET status = 'failed', error = $2 WHERE check_id = $1`, [
      checkId,
      outcome.error.slice(0, 500),
    ]);
  }
}

// --- deep linking ---

export async function insertDeepLink(
  db: Queryable,
  link: {
    tokenHash: string;
    platformId: number;
    deploymentId: string;
    returnUrl: string;
    data: string | null;
    ttlSeconds: number;
  },
): Promise<void> {
  await db.query('DELETE FROM lti_deep_links WHERE expires_at < now()');
  await db.query(
    `INSERT INTO lti_deep_links (token_hash, platform_id, deployment_id, return_url, data, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [link.tokenHash, link.platformId, link.deploymentId, link.returnUrl, link.data, link.ttlSeconds],
  );
}

export async function takeDeepLink(
  db: Queryable,
  tokenHash: string,
): Promise<{ platform_id: number; deployment_id: string; return_url: string; data: string | null } | null> {
  const { rows } = await db.query<{
    platform_id: number;
    deployment_id: string;
    return_url: string;
    data: string | null;
    live: boolean;
  }>(
    `DELETE FROM lti_deep_links WHERE token_hash = $1
     RETURNING platform_id, deployment_id, return_url, data, expires_at > now() AS live`,
    [tokenHash],
  );
  const row = rows[0];
  return row === undefined || !row.live ? null : row;
}
