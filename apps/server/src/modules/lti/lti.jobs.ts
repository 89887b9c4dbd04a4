import { AI_CHECK_STATUS, aiTextShares, TEXT_STATE } from '@veritext/contracts';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/database.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { SCOPE } from './lti.claims.ts';
import {
  findContext,
  findLaunch,
  findLaunchForCheck,
  findPlatform,
  findScore,
  insertScore,
  setLaunchLineitem,
  setRosterStatus,
  settleScore,
} from './lti.repository.ts';
import { fetchMembers, lineitemFor, platformAccessToken, postScore } from './lti-services.ts';
import { accountForPerson, joinOrganisation, personName, roleOf } from './lti.service.ts';

/**
 * The LTI jobs: a check's score posted through AGS, a course's roster synced through NRPS. They need the tool's
 * key (APP_SECRET opens it), the public URL (the report link) and, for the completion hook, the queue: set by
 * configureLti at start (main.ts for the workers, buildApp for the API).
 */
type LtiSettings = { appSecret: string; publicUrl: string; queue: Pick<JobQueue, 'send'> | null };
let settings: LtiSettings | null = null;

export function configureLti(next: Partial<LtiSettings> & { appSecret: string; publicUrl: string }): void {
  settings = { queue: next.queue ?? settings?.queue ?? null, appSecret: next.appSecret, publicUrl: next.publicUrl };
}

function settingsOrThrow(): LtiSettings {
  if (settings === null) throw new Error('LTI is not configured (configureLti)');
  return settings;
}

const SCORE_RETRIES = 5;

/** Posts a finished check's figures to the line item of the launch it came from. */
export const ltiScoreJob = defineJob({
  name: 'lti-score',
  version: 1,
  schema: z.object({ checkId: z.number().int().positive() }),
  retryLimit: SCORE_RETRIES,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  async handler(payload, { db, logger, attempt }) {
    try {
      await postCheckScore(db, payload.checkId, logger);
    } catch (error) {
      if (attempt > SCORE_RETRIES) {
        await settleScore(db, payload.checkId, {
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        });
      }
      throw error;
    }
  },
});

/** Syncs a course's members into the platform's organisation. */
export const ltiRosterJob = defineJob({
  name: 'lti-roster',
  version: 1,
  schema: z.object({ contextId: z.number().int().positive() }),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
  async handler(payload, { db, logger, attempt }) {
    try {
      await syncRoster(db, payload.contextId, logger);
    } catch (error) {
      logger.warn({ err: error, contextId: payload.contextId }, 'LTI roster sync failed');
      if (attempt > 2) {
        await setRosterStatus(db, payload.contextId, {
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        });
      }
      throw error;
    }
  },
});

export const ltiJobs = [ltiScoreJob, ltiRosterJob] as const;

/**
 * The hook of a check's completion (text-checks.jobs.ts): when its author launched from a gradable LTI link of
 * the check's organisation shortly before, its score is queued once. Never throws: grading must not fail a check.
 */
export async function afterTextCheckSettled(
  db: Database,
  checkId: number,
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  try {
    const launch = await findLaunchForCheck(db, checkId);
    if (launch === null) return;
    if (!(await insertScore(db, checkId, launch.id))) return;
    const queue = settings?.queue ?? null;
    if (queue === null) throw new Error('no job queue for LTI scores');
    await queue.send(ltiScoreJob, { checkId }, { singletonKey: `lti-score-${String(checkId)}` });
  } catch (error) {
    logger.warn({ err: error, checkId }, 'the LTI score could not be queued');
  }
}

type CheckFigures = { state: number; percent: number | null; user_id: number | null };

async function checkFigures(db: Queryable, checkId: number) {
  const { rows } = await db.query<CheckFigures>('SELECT state, percent, user_id FROM text_checks WHERE id = $1', [
    checkId,
  ]);
  const check = rows[0] ?? null;
  const ai = await db.query<{ status: number; likely_percent: number; strong_percent: number }>(
    'SELECT status, likely_percent, strong_percent FROM ai_checks WHERE text_check_id = $1',
    [checkId],
  );
  return { check, ai: ai.rows[0] ?? null };
}

/** The score: originality (100 − similarity) out of 100, fully graded; the comment names both figures and the report. */
export function scoreOf(
  similarity: number,
  ai: { status: number; likely_percent: number; strong_percent: number } | null,
  reportUrl: string,
): { scoreGiven: number; comment: string } {
  const rounded = Math.round(Math.min(100, Math.max(0, similarity)) * 100) / 100;
  const parts = [`Veritext: similarity ${String(rounded)} %`];
  if (ai?.status === AI_CHECK_STATUS.done) {
    const shares = aiTextShares(ai);
    parts.push(`AI-generated text ${String(Math.round((shares.ai + shares.mixed) * 100) / 100)} %`);
  } else if (ai !== null) {
    parts.push('AI check: no result');
  }
  return {
    scoreGiven: Math.round((100 - rounded) * 100) / 100,
    comment: `${parts.join(', ')}. Report: ${reportUrl}`,
  };
}

export async function postCheckScore(db: Database, checkId: number, logger: Pick<Logger, 'info'>): Promise<void> {
  const { appSecret, publicUrl } = settingsOrThrow();
  const score = await findScore(db, checkId);
  if (score === null || score.status === 'posted') return;
  const launch = await findLaunch(db, score.launch_id);
  const platform = launch === null ? null : await findPlatform(db, launch.platform_id);
  const { check, ai } = await checkFigures(db, checkId);
  if (launch === null || platform === null || check === null) return;
  if (check.state !== TEXT_STATE.ready || check.percent === null) return;
  // the AI check made with it still runs: wait for its figure (the retry comes back later)
  if (ai !== null && (ai.status === AI_CHECK_STATUS.queued || ai.status === AI_CHECK_STATUS.processing)) {
    throw new Error('the AI check of this document is still running');
  }
  const figures = scoreOf(check.percent, ai, `${publicUrl}/profile/report/${String(checkId)}`);
  const scopes = launch.lineitem_url === null ? [SCOPE.score, SCOPE.lineitem] : [SCOPE.score];
  const token = await platformAccessToken(db, appSecret, platform, scopes);
  let lineitem = launch.lineitem_url;
  if (lineitem === null) {
    if (launch.lineitems_url === null) return;
    lineitem = await lineitemFor(token, launch.lineitems_url, launch.resource_link_id, 'Veritext originality');
    await setLaunchLineitem(db, launch.id, lineitem);
  }
  await postScore(token, lineitem, {
    userId: launch.subject,
    scoreGiven: figures.scoreGiven,
    scoreMaximum: 100,
    comment: figures.comment,
    timestamp: new Date().toISOString(),
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
  });
  await settleScore(db, checkId, { status: 'posted', ...figures });
  logger.info({ checkId, platformId: platform.id, scoreGiven: figures.scoreGiven }, 'LTI score posted');
}

/**
 * The members of a course (NRPS), each put in the organisation as a teacher or a student (an account made for a
 * member never seen). Members the platform marks Inactive or Deleted are skipped (not removed: an organisation
 * keeps its members' checks).
 */
export async function syncRoster(db: Database, contextId: number, logger: Pick<Logger, 'info'>): Promise<number> {
  const { appSecret } = settingsOrThrow();
  const context = await findContext(db, contextId);
  if (context === null) return 0;
  const platform = await findPlatform(db, context.platform_id);
  if (platform === null) return 0;
  if (context.memberships_url === null) {
    await setRosterStatus(db, contextId, {
      status: 'failed',
      error: 'the platform has not offered the roster service',
    });
    return 0;
  }
  const token = await platformAccessToken(db, appSecret, platform, [SCOPE.membership]);
  const members = await fetchMembers(token, context.memberships_url);
  let synced = 0;
  for (const member of members) {
    if (member.status === 'Inactive' || member.status === 'Deleted') continue;
    const user = await accountForPerson(db, platform.id, {
      subject: member.user_id,
      email: member.email ?? null,
      name: personName(member),
      language: 'en',
    });
    if (await joinOrganisation(db, platform.group_id, user.id, roleOf(member.roles))) synced += 1;
  }
  await setRosterStatus(db, contextId, { status: 'done', members: synced });
  logger.info({ contextId, platformId: platform.id, members: synced }, 'LTI roster synced');
  return synced;
}
