import { AI_STATUS_CODE, MAX_WORDS, MIN_CHARACTERS, type AiDetection } from '@veritext/ai';
import {
  AI_CHECK_CODE,
  AI_CHECK_STATUS,
  AI_MARK_THANKS,
  SUBSCRIPTION_STATUSES,
  type AiCheckResult,
} from '@veritext/contracts';
import { EXTRACT_MESSAGES, ExtractError, fileStatusFor } from '@veritext/extract';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { groupActingFor, lockCurrentMembership, mayReadCheck, type Caller } from '../groups/group-access.ts';
import { findAccountOfGroup, findAccountOfUser, type AccountRecord } from '../ledger/ledger.repository.ts';
import { chargeHold, holdPages, releaseHold } from '../ledger/ledger.service.ts';
import { enforceMemberPageLimit } from '../members/page-limit.ts';
import {
  findAiCheck,
  findStaleAiChecks,
  insertAiCheck,
  lockAiCheck,
  markProcessing,
  setHoldEntry,
  setMarkOnce,
  storeOutcome,
  type AiCheckRecord,
} from './ai-checks.repository.ts';
import type { AiDetector } from './detector.ts';
import { aiAssessment } from './ai-assessment.ts';
import type { AiReportRenderer } from './ai-report.ts';
import { aiCheckJob } from './ai-checks.jobs.ts';
import { extractUpload, type ExtractionCaller } from '../text-checks/text-checks.service.ts';
import { measureForAi } from '../text-checks/text-work.ts';
import { findLatestSubscriptionOfAccount } from '../subscriptions/subscriptions.repository.ts';

export type AiCheckCaller = Caller;

export type JobSender = Pick<JobQueue, 'send'>;

/** What one AI check costs, from the account's ai_balance. */
export const AI_CHECK_PAGES = 1;

export const GROUP_NO_AI_PAGES = 'Your organisation does not have enough AI pages in its balance for this check.';
const OPEN_STATUSES = [AI_CHECK_STATUS.queued, AI_CHECK_STATUS.processing] as const;

function isOpen(status: number): boolean {
  return (OPEN_STATUSES as readonly number[]).includes(status);
}

export type Payer = { account: AccountRecord; userId: number | null; groupId: number | null; isGroup: boolean };

/**
 * Whose AI pages pay: the caller's own account, or with group_id the group's (see groupActingFor; a
 * student is also locked out when the group hides new checks from students); a group's API token
 * always acts for its group.
 */
async function resolvePayer(db: Queryable, caller: AiCheckCaller, groupId: number | null): Promise<Payer> {
  if (caller.user === null) {
    if (caller.group === null) throw new AppError('unauthorized');
    const { group } = await groupActingFor(db, caller, groupId ?? caller.group.id);
    const account = await findAccountOfGroup(db, group.id);
    if (account === null) throw new Error(`group ${group.id} has no account`);
    return { account, userId: null, groupId: group.id, isGroup: true };
  }
  const user = caller.user;
  if (groupId === null) {
    const account = await findAccountOfUser(db, user.id);
    if (account === null) throw new Error(`user ${user.id} has no account`);
    return { account, userId: user.id, groupId: null, isGroup: false };
  }
  const { group, role } = await groupActingFor(db, caller, groupId);
  // the organisation's settings, as for a document (text-checks.submit.ts groupPayer)
  if (role !== null && group.website_checks_disabled) throw new AppError('website_checks_disabled');
  if (group.hide_new_check_for_student && role === 3) throw new AppError('new_checks_locked');
  const account = await findAccountOfGroup(db, groupId);
  if (account === null) throw new Error(`group ${groupId} has no account`);
  return { account, userId: user.id, groupId, isGroup: true };
}

/**
 * The text to check: pasted, or extracted from the one uploaded file (the extractor's message on failure).
 * Reading a file stops past the check's maximum of symbols: such a text is too long for the detector.
 */
async function contentOf(
  text: string | undefined,
  upload: UploadedFile | undefined,
  who: ExtractionCaller | undefined,
): Promise<string> {
  const hasText = text !== undefined && text.trim() !== '';
  if (upload !== undefined) {
    if (hasText) throw new AppError('validation_failed', { fields: { text: 'Send either a text or a file' } });
    try {
      return await extractUpload(upload, who);
    } catch (error) {
      if (!(error instanceof ExtractError)) throw error;
      if (error.code === 'too-long') throw new AppError('ai_text_too_long', { cause: error });
      const isInputError = error.code === 'bad-format' || error.code === 'too-large';
      throw new AppError(isInputError ? 'file_invalid' : 'file_unreadable', {
        message: EXTRACT_MESSAGES[error.code],
        fields: { file: fileStatusFor(error.code) },
        cause: error,
      });
    }
  }
  if (!hasText) throw new AppError('ai_text_required', { fields: { text: 'required' } });
  return text;
}

/**
 * POST /api/v1/chat-gpt/: validates, then in one transaction records the check (queued) and holds
 * one AI page; then enqueues the job. No AI pages: the spec's code 1.
 */
export async function submitAiCheck(
  db: Database,
  queue: JobSender,
  caller: AiCheckCaller,
  input: {
    text?: string | undefined;
    upload?: UploadedFile | undefined;
    forceLanguage: 'en' | 'es' | null;
    groupId: number | null;
    /** Who reads the file, for the extractor's per-caller limit (issue 13 B6). */
    extraction?: ExtractionCaller | undefined;
  },
  logger?: Pick<Logger, 'error'>,
): Promise<{ id: number; status: number }> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  const payer = await resolvePayer(db, caller, input.groupId);
  const content = await contentOf(input.text, input.upload, input.extraction);
  // Measured in a worker thread, and refused before anything is stored or held (issue 13 B5): a text the
  // detector would answer "too long" (8) is never kept.
  const measures = await measureForAi(content);
  if (measures.words > MAX_WORDS) throw new AppError('ai_text_too_long');
  if (measures.significant < MIN_CHARACTERS) throw new AppError('ai_text_too_short');

  return queueAiCheck(
    db,
    queue,
    payer,
    { content, fileName: input.upload?.fileName ?? null, forceLanguage: input.forceLanguage, textCheckId: null },
    logger,
  );
}

/**
 * Records an AI check (queued) and holds one AI page in one transaction, then enqueues its job. Used by
 * the stand-alone detector and by the AI check of a document (textCheckId). No AI pages: the spec's code 1.
 */
export async function queueAiCheck(
  db: Database,
  queue: JobSender,
  payer: Payer,
  input: { content: string; fileName: string | null; forceLanguage: 'en' | 'es' | null; textCheckId: number | null },
  logger?: Pick<Logger, 'error'>,
): Promise<{ id: number; status: number }> {
  const check = await db.transaction(async (tx) => {
    if (payer.userId !== null && payer.groupId !== null) {
      // the group pays only for whoever is its member now (a removed member spends nothing of it)
      await lockCurrentMembership(tx, payer.groupId, payer.userId);
      await enforceMemberPageLimit(tx, { groupId: payer.groupId, userId: payer.userId, pages: AI_CHECK_PAGES });
    }
    const inserted = await insertAiCheck(tx, {
      userId: payer.userId,
      groupId: payer.groupId,
      accountId: payer.account.id,
      content: input.content,
      fileName: input.fileName,
      forceLanguage: input.forceLanguage,
      status: AI_CHECK_STATUS.queued,
      textCheckId: input.textCheckId,
    });
    try {
      const hold = await holdPages(tx, {
        accountId: payer.account.id,
        bucket: 'ai_balance',
        pages: AI_CHECK_PAGES,
        reference: `ai-check:${String(inserted.id)}`,
        actorUserId: payer.userId,
      });
      await setHoldEntry(tx, inserted.id, hold.id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_balance') {
        // one's own subscription ended: the spec's code 2, its message and a Subscribe button
        const latest = payer.isGroup ? null : await findLatestSubscriptionOfAccount(tx, payer.account.id);
        if (latest?.status === SUBSCRIPTION_STATUSES.ended) {
          throw new AppError('subscription_ended', { specCode: AI_CHECK_CODE.subscriptionEnded });
        }
        throw new AppError('insufficient_ai_balance', {
          specCode: AI_CHECK_CODE.noAiPages,
          ...(payer.isGroup ? { message: GROUP_NO_AI_PAGES } : {}),
        });
      }
      throw error;
    }
    return inserted;
  });

  try {
    await queue.send(aiCheckJob, { checkId: check.id });
  } catch (error) {
    // Never leave pages held for a check that will not run.
    logger?.error({ err: error, checkId: check.id }, 'could not enqueue the AI check; releasing its page');
    await settleAiCheck(db, check.id, { status: AI_CHECK_STATUS.failed, error: 'could not be queued' });
    throw error;
  }
  return { id: check.id, status: AI_CHECK_STATUS.queued };
}

type Settlement = { status: number; detection?: AiDetection; error?: string };

/**
 * Stores the outcome and settles the held page in one transaction: charged when checked, released
 * otherwise. A check already settled is left as it is (a retried or duplicated job charges once).
 */
async function settleAiCheck(db: Database, checkId: number, settlement: Settlement): Promise<boolean> {
  return db.transaction(async (tx) => {
    const check = await lockAiCheck(tx, checkId);
    if (check === null || !isOpen(check.status)) return false;
    const d = settlement.detection;
    await storeOutcome(tx, checkId, {
      status: settlement.status,
      lang: d?.lang ?? null,
      detectedLanguage: d?.detectedLanguage ?? null,
      words: d?.words ?? null,
      score: d?.score ?? null,
      level: d?.level ?? null,
      verdict: d?.verdict ?? null,
      flagged: d?.flagged ?? false,
      unfamiliar: d?.unfamiliar ?? null,
      chunks: (d?.chunks ?? []).map((chunk) => ({
        position: [chunk.position[0], chunk.position[1]],
        reliability: chunk.reliability,
        score: chunk.score,
      })),
      processedPercent: d?.processed_percent ?? 0,
      likelyPercent: d?.likely_percent ?? 0,
      strongPercent: d?.strong_percent ?? 0,
      modelVersion: d?.modelVersion ?? null,
      error: settlement.error ?? null,
    });
    if (check.hold_entry_id !== null) {
      if (settlement.status === AI_CHECK_STATUS.done) await chargeHold(tx, check.hold_entry_id);
      else await releaseHold(tx, check.hold_entry_id);
    }
    return true;
  });
}

/**
 * The job: runs the detector off the event loop, stores the result and settles the page. A thrown
 * error is retried by the queue; on the last attempt the check fails (status 3) and its page is
 * released first.
 */
export async function processAiCheck(
  db: Database,
  detector: AiDetector,
  checkId: number,
  run: { isLastAttempt: boolean; logger: Pick<Logger, 'info' | 'warn'> },
): Promise<void> {
  const check = await findAiCheck(db, checkId);
  if (check === null) {
    run.logger.warn({ checkId }, 'AI check not found; nothing to do');
    return;
  }
  if (!(await markProcessing(db, checkId, AI_CHECK_STATUS.processing, OPEN_STATUSES))) {
    run.logger.info({ checkId, status: check.status }, 'AI check already settled');
    return;
  }
  let detection: AiDetection;
  try {
    detection = await detector.detect(check.content, { forceLanguage: check.force_language });
  } catch (error) {
    if (run.isLastAttempt) {
      await settleAiCheck(db, checkId, {
        status: AI_CHECK_STATUS.failed,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    throw error;
  }
  const status = AI_STATUS_CODE[detection.status];
  await settleAiCheck(db, checkId, { status, detection });
  run.logger.info({ checkId, status, verdict: detection.verdict }, 'AI check settled');
}

/**
 * A job lives at most three attempts of five minutes. A check still queued or processing an hour
 * after it was made was abandoned (the process of its last attempt died before it could settle it):
 * it fails (status 3) and its AI page is released.
 */
export const ABANDONED_AFTER_MINUTES = 60;

/** Fails the abandoned checks; returns how many it settled. Idempotent: settled checks are skipped. */
export async function failAbandonedAiChecks(db: Database, minutes = ABANDONED_AFTER_MINUTES): Promise<number> {
  let failed = 0;
  for (const id of await findStaleAiChecks(db, OPEN_STATUSES, minutes)) {
    const error = `abandoned: not finished within ${String(minutes)} minutes`;
    if (await settleAiCheck(db, id, { status: AI_CHECK_STATUS.failed, error })) failed++;
  }
  return failed;
}

/** Only who submitted the check gives feedback on it. */
function isOwner(caller: AiCheckCaller, check: AiCheckRecord): boolean {
  if (caller.user !== null) return check.user_id === caller.user.id;
  return caller.group !== null && check.user_id === null && check.group_id === caller.group.id;
}

/** A check the caller may read by id: the same rule as documents (mayReadCheck: the author, the group's owner and teachers). */
async function visibleCheck(db: Queryable, caller: AiCheckCaller, id: number): Promise<AiCheckRecord> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  const check = await findAiCheck(db, id);
  // Someone else's check does not exist, as far as the caller can tell.
  if (check === null || !(await mayReadCheck(db, caller, check))) throw new AppError('not_found');
  return check;
}

export function toResult(check: AiCheckRecord): AiCheckResult {
  return {
    id: check.id,
    status: check.status,
    enabled: true,
    content: check.content,
    chunks: check.chunks.map((chunk) => ({ position: chunk.position, reliability: chunk.reliability })),
    processed_percent: check.processed_percent,
    likely_percent: check.likely_percent,
    strong_percent: check.strong_percent,
    mark: check.mark,
    comment: check.comment,
    score: check.score,
    verdict: check.verdict,
    flagged: check.flagged,
    lang: check.lang,
    assessment: aiAssessment(check),
  };
}

export async function getAiCheck(db: Queryable, caller: AiCheckCaller, id: number): Promise<AiCheckResult> {
  return toResult(await visibleCheck(db, caller, id));
}

/** Thumbs up ('1') or down ('0'), with an optional comment; once per check. */
export async function markAiCheck(
  db: Queryable,
  caller: AiCheckCaller,
  id: number,
  feedback: { mark: '0' | '1'; comment?: string | undefined },
): Promise<{ success: true; message: string }> {
  const check = await visibleCheck(db, caller, id);
  if (!isOwner(caller, check)) throw new AppError('not_found');
  const comment = feedback.comment === undefined || feedback.comment === '' ? null : feedback.comment;
  if (!(await setMarkOnce(db, id, feedback.mark, comment))) throw new AppError('already_marked');
  return { success: true, message: AI_MARK_THANKS };
}

/** The report type of the AI detector's PDF (`?type=3`, check-tool.md §7); without a type, the Similarity report. */
export const AI_REPORT_TYPE = '3';

/**
 * POST /profile/fingerprint/download-pdf/{id}/?type=3: the PDF report of a done AI check, for whoever
 * may read the check; a check not done has no report. In the reader's language when the client says it
 * (`language`), else in the text's (Spanish for a Spanish text, else English).
 */
export async function aiCheckReportPdf(
  db: Queryable,
  renderer: Pick<AiReportRenderer, 'render'>,
  caller: AiCheckCaller,
  input: { id: number; type: string | undefined; now?: Date; language?: 'en' | 'es' },
  logger?: Pick<Logger, 'error'>,
): Promise<{ fileName: string; pdf: Buffer }> {
  if (input.type !== AI_REPORT_TYPE) throw new AppError('report_type_unsupported');
  const check = await visibleCheck(db, caller, input.id);
  if (check.status !== AI_CHECK_STATUS.done) throw new AppError('report_not_ready');
  try {
    const pdf = await renderer.render({
      id: check.id,
      content: check.content,
      chunks: check.chunks.map((chunk) => ({ position: chunk.position, reliability: chunk.reliability })),
      verdict: check.verdict,
      score: check.score,
      flagged: check.flagged,
      lang: check.lang,
      assessment: aiAssessment(check),
      language: input.language ?? (check.lang === 'es' ? 'es' : 'en'),
      processedPercent: check.processed_percent,
      likelyPercent: check.likely_percent,
      strongPercent: check.strong_percent,
      checkedAt: check.created_at,
      generatedAt: input.now ?? new Date(),
    });
    return { fileName: `veritext-ai-report-${String(check.id)}.pdf`, pdf };
  } catch (error) {
    logger?.error({ err: error, checkId: check.id }, 'could not render the AI report');
    throw new AppError('report_failed', { cause: error });
  }
}
