import {
  AI_CHECK_CODE,
  SUBSCRIBER_TEXT_LIMIT_WORDS,
  TEXT_STATE,
  TEXT_VALIDATION_CODE,
  TEXT_VALIDATION_MESSAGES,
  type ReportSettings,
  type SiteLanguage,
  type TextSubmitResponse,
} from '@veritext/contracts';
import { EXTRACT_MESSAGES, ExtractError, fileStatusFor } from '@veritext/extract';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { GROUP_NO_AI_PAGES, queueAiCheck } from '../ai-checks/ai-checks.service.ts';
import type { GroupRecord } from '../auth/users.repository.ts';
import { groupActingFor, lockCurrentMembership, type Caller } from '../groups/group-access.ts';
import {
  findAccountById,
  findAccountOfGroup,
  findAccountOfUser,
  type AccountRecord,
  type Bucket,
} from '../ledger/ledger.repository.ts';
import { holdPages } from '../ledger/ledger.service.ts';
import { enforceMemberPageLimit } from '../members/page-limit.ts';
import { saveReportSettings } from './report-settings.repository.ts';
import { textCheckJob } from './text-checks.jobs.ts';
import { settleFailed } from './text-checks.process.ts';
import { findLatestSameText, insertTextCheck, lockSubmitter, setHoldEntries } from './text-checks.repository.ts';
import { requestText, type ExtractionCaller } from './text-checks.service.ts';
import { verifyTextOffThread } from './text-work.ts';
import { DUPLICATE_TEXT_WINDOW_SECONDS } from '@veritext/contracts';
import { insertLmsCheck, type LmsCheckMeta } from '../lms-api/lms-api.repository.ts';
import {
  findEarlierSubmission,
  rememberSubmission,
  requestHashOf,
  type SubmitKeys,
} from '../lms-api/lms-api.resend.ts';
import { findSubscriptionPlan } from '../commerce/catalogue.ts';
import { findLatestSubscriptionOfAccount } from '../subscriptions/subscriptions.repository.ts';

export type JobSender = Pick<JobQueue, 'send'>;

/** Who pays for a check, where its document goes in the index, and whether pages are held at all. */
export type TextPayer = {
  account: AccountRecord;
  userId: number | null;
  groupId: number | null;
  isGuest: boolean;
  /** false for a per-user group (balance type 2): its members check without a page balance. */
  holdsPages: boolean;
  /** A subscription (balance type 3) checks texts of up to about 26,000 words. */
  isSubscription: boolean;
  /** The caller's role in the paying organisation (null: the caller's own account, or a group token). */
  role: 1 | 2 | 3 | null;
  /** Where the check's document joins the index: everyone's (`checked`) or its organisation's own. */
  indexCollection: string;
};

export const CHECKED_COLLECTION = 'checked';

/** An organisation's own collection of checked documents (unless it shares them with everyone's). */
export function groupCollection(group: Pick<GroupRecord, 'id' | 'share_checked_documents'>): string {
  return group.share_checked_documents ? CHECKED_COLLECTION : `${CHECKED_COLLECTION}:g${String(group.id)}`;
}

async function groupPayer(
  db: Queryable,
  group: GroupRecord,
  userId: number | null,
  role: 1 | 2 | 3 | null,
): Promise<TextPayer> {
  if (role !== null && group.website_checks_disabled) throw new AppError('website_checks_disabled');
  if (role === 3 && group.hide_new_check_for_student) throw new AppError('new_checks_locked');
  const account = await findAccountOfGroup(db, group.id);
  if (account === null) throw new Error(`group ${String(group.id)} has no account`);
  return {
    account,
    userId,
    groupId: group.id,
    isGuest: false,
    holdsPages: group.balance_type !== 2,
    isSubscription: group.balance_type === 3,
    role,
    indexCollection: groupCollection(group),
  };
}

/**
 * Whose pages pay (check-tool.md §4, §6): the caller's own account, or with group_id the group's (a
 * student is locked out when the group hides new checks from students; an organisation may have website
 * checks disabled); a group's API token always acts for its group.
 */
export async function resolveTextPayer(db: Queryable, caller: Caller, groupId: number | null): Promise<TextPayer> {
  if (caller.user === null) {
    if (caller.group === null) throw new AppError('unauthorized');
    const { group } = await groupActingFor(db, caller, groupId ?? caller.group.id);
    return groupPayer(db, group, null, null);
  }
  const user = caller.user;
  if (user.block_text_submit) throw new AppError('website_checks_disabled');
  if (groupId !== null) {
    const { group, role } = await groupActingFor(db, caller, groupId);
    return groupPayer(db, group, user.id, role);
  }
  const account = await findAccountOfUser(db, user.id);
  if (account === null) throw new Error(`user ${String(user.id)} has no account`);
  return {
    account,
    userId: user.id,
    groupId: null,
    isGuest: user.is_guest,
    holdsPages: true,
    isSubscription: account.balance_type === 3,
    role: null,
    indexCollection: CHECKED_COLLECTION,
  };
}

/** Only the organisation's owner can upgrade it: the others are told to ask (commerce-and-cabinet.md §8). */
export const GROUP_UPGRADE_REQUIRED =
  'Contact your Admin to upgrade your subscription to one of Plagiarism + AI plans.';

/**
 * An AI-only subscription pays for AI checks only: a plagiarism check its account has no pages for gets the
 * spec's upgrade message instead of "not enough pages" (the group variant for whoever cannot upgrade).
 */
async function refuseAiOnlySubscription(tx: Queryable, payer: TextPayer): Promise<void> {
  const latest = await findLatestSubscriptionOfAccount(tx, payer.account.id);
  if (latest === null || (latest.status !== 2 && latest.status !== 3)) return;
  if (findSubscriptionPlan(latest.plan)?.kind !== 'ai') return;
  const canUpgrade = payer.groupId === null || payer.role === 1;
  throw new AppError('subscription_upgrade_required', canUpgrade ? {} : { message: GROUP_UPGRADE_REQUIRED });
}

/**
 * Holds the check's pages: the bonus first, then the balance (which may go below zero where the account
 * allows it). Nothing is held, and the error says why, when the pages are not there.
 */
async function holdCheckPages(tx: Queryable, payer: TextPayer, checkId: number, pages: number): Promise<number[]> {
  const account = await findAccountById(tx, payer.account.id);
  if (account === null) throw new Error(`account ${String(payer.account.id)} is gone`);
  const fromBonus = Math.min(pages, Math.max(0, account.bonus));
  const fromBalance = pages - fromBonus;
  if (fromBalance > 0 && !account.negative_balance_allowed && account.balance < fromBalance) {
    if (!payer.isGuest) await refuseAiOnlySubscription(tx, payer);
    throw new AppError(payer.isGuest ? 'guest_full_check' : 'insufficient_balance');
  }
  const parts: [Bucket, number][] = [
    ['bonus', fromBonus],
    ['balance', fromBalance],
  ];
  const holds: number[] = [];
  for (const [bucket, count] of parts) {
    if (count === 0) continue;
    const hold = await holdPages(tx, {
      accountId: account.id,
      bucket,
      pages: count,
      reference: `text-check:${String(checkId)}`,
      actorUserId: payer.userId,
    });
    holds.push(hold.id);
  }
  return holds;
}

/** The title My Documents shows: the caller's, else the file name, else the text's first words. */
export function documentTitle(title: string | undefined, fileName: string | null, text: string): string {
  const given = title?.trim() ?? '';
  if (given !== '') return given;
  if (fileName !== null && fileName.trim() !== '') return fileName.trim();
  const words = text.split(/\s+/).filter((word) => word !== '');
  const head = words.slice(0, 8).join(' ');
  const cut = head.length > 80 ? `${head.slice(0, 79)}…` : head;
  return words.length > 8 && !cut.endsWith('…') ? `${cut}…` : cut;
}

export type TextSubmitInput = {
  text?: string | undefined;
  upload?: UploadedFile | undefined;
  language: SiteLanguage;
  hash?: string | undefined;
  title?: string | undefined;
  excludeFromIndex: boolean;
  groupId: number | null;
  /** The submitter chose the AI check too: one AI page of the paying account (none is spent otherwise). */
  checkAi?: boolean | undefined;
  /** Who reads the file, for the extractor's per-caller limit (issue 13 B6). */
  extraction?: ExtractionCaller | undefined;
  /** The report's settings chosen with the check (issue 17); none: the defaults. */
  settings?: Omit<ReportSettings, 'ignored_sources'> | undefined;
  /** An LMS client's submission (issue 19, modules/lms-api): recorded with the check. */
  lms?: LmsCheckMeta | undefined;
  /** Idempotency (issue 19): an Idempotency-Key, and for an LMS submission the resend of the same request. */
  keys?: SubmitKeys | undefined;
};

/** The AI check chosen with a text needs an AI page of the account that pays (or a negative balance allowed). */
function assertAiPage(account: AccountRecord, isGroup: boolean): void {
  if (account.ai_balance > 0 || account.negative_balance_allowed) return;
  throw new AppError('insufficient_ai_balance', {
    specCode: AI_CHECK_CODE.noAiPages,
    ...(isGroup ? { message: GROUP_NO_AI_PAGES } : {}),
  });
}

/**
 * POST /api/v1/text (and /create): verifies the text (or extracts the file's), refuses the same text
 * again within 10 seconds or while it is still in progress, then in one transaction records the check
 * (state 3) and holds its pages; then enqueues the job.
 */
export async function submitTextCheck(
  db: Database,
  queue: JobSender,
  caller: Caller,
  input: TextSubmitInput,
  logger?: Pick<Logger, 'error'>,
): Promise<TextSubmitResponse> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  const payer = await resolveTextPayer(db, caller, input.groupId);
  let raw: string;
  try {
    raw = await requestText(input.text, input.upload, input.extraction);
  } catch (error) {
    if (!(error instanceof ExtractError)) throw error;
    if (error.code === 'too-long') {
      // reading stopped at the maximum (issue 13 B4): the verification's code 5
      throw new AppError('text_rejected', {
        message: TEXT_VALIDATION_MESSAGES.maximumSymbols,
        specCode: TEXT_VALIDATION_CODE.maximumSymbols,
        cause: error,
      });
    }
    const isInputError = error.code === 'bad-format' || error.code === 'too-large';
    throw new AppError(isInputError ? 'file_invalid' : 'file_unreadable', {
      message: EXTRACT_MESSAGES[error.code],
      fields: { file: fileStatusFor(error.code) },
      cause: error,
    });
  }
  if (input.upload === undefined && raw.trim() === '') throw new AppError('text_required');
  // The warnings (codes 3 and 4) were the verification's to show; here only what cannot be checked stops.
  const verified = await verifyTextOffThread(
    raw,
    { language: input.language, skipEnglishWords: true, skipPercentLetters: true },
    true,
  );
  if (!verified.success || verified.hash === null) {
    throw new AppError('text_rejected', {
      message: verified.message,
      ...(verified.code === null ? {} : { specCode: verified.code }),
    });
  }
  if (input.hash !== undefined && input.hash !== '' && input.hash !== verified.hash) {
    throw new AppError('text_hash_mismatch');
  }
  if (payer.isSubscription && verified.words > SUBSCRIBER_TEXT_LIMIT_WORDS) {
    throw new AppError('text_too_long_for_subscription');
  }
  const hash = verified.hash;
  const owner = { userId: payer.userId, groupId: payer.groupId };
  const fileName = input.upload?.fileName ?? null;

  const keys = input.keys;
  const requestHash = keys === undefined ? '' : requestHashOf(keys, hash);
  const made = await db.transaction(async (tx) => {
    await lockSubmitter(tx, `${String(owner.userId)}:${String(owner.groupId)}`);
    // the same request again (an Idempotency-Key, an LMS client's resend): its check, nothing charged again
    const earlier = keys === undefined ? null : await findEarlierSubmission(tx, keys, requestHash);
    if (earlier !== null) return { earlier, inserted: undefined };
    const latest = await findLatestSameText(tx, owner, hash);
    if (latest !== null && latest.age_seconds < DUPLICATE_TEXT_WINDOW_SECONDS) throw new AppError('text_duplicate');
    if (latest?.state === TEXT_STATE.inProgress) throw new AppError('text_in_progress');
    if (owner.userId !== null && owner.groupId !== null) {
      // the group pays only for whoever is its member now, checked again under lock (issue 13 B9)
      await lockCurrentMembership(tx, owner.groupId, owner.userId);
      await enforceMemberPageLimit(tx, { groupId: owner.groupId, userId: owner.userId, pages: verified.pages });
    }
    if (input.checkAi === true) {
      const account = await findAccountById(tx, payer.account.id);
      if (account === null) throw new Error(`account ${String(payer.account.id)} is gone`);
      assertAiPage(account, payer.groupId !== null);
    }
    const inserted = await insertTextCheck(tx, {
      userId: payer.userId,
      groupId: payer.groupId,
      accountId: payer.account.id,
      title: documentTitle(input.title, fileName, verified.text),
      fileName,
      content: verified.text,
      hash,
      language: input.language,
      words: verified.words,
      pages: verified.pages,
      excludeFromIndex: input.excludeFromIndex,
      indexCollection: payer.indexCollection,
    });
    if (input.settings !== undefined) {
      await saveReportSettings(tx, inserted.id, { ...input.settings, ignored_sources: [] });
    }
    if (payer.holdsPages) {
      await setHoldEntries(tx, inserted.id, await holdCheckPages(tx, payer, inserted.id, verified.pages));
    }
    if (input.lms !== undefined) await insertLmsCheck(tx, inserted.id, input.lms);
    if (keys !== undefined) await rememberSubmission(tx, keys, requestHash, inserted.id);
    return { earlier: undefined, inserted };
  });
  if (made.earlier !== undefined) {
    return { success: true, hash, data: { text: { id: made.earlier.id, state: made.earlier.state } } };
  }
  const check = made.inserted;

  try {
    await queue.send(textCheckJob, { checkId: check.id });
  } catch (error) {
    // Never leave pages held for a check that will not run.
    logger?.error({ err: error, checkId: check.id }, 'could not enqueue the text check; releasing its pages');
    await settleFailed(db, check.id, 'could not be queued');
    throw error;
  }
  if (input.checkAi === true) {
    // Chosen with the text: the AI check runs beside the plagiarism check. Its page is held now; a page spent
    // in the meantime (a race) leaves the document without one, and its report offers the AI check again.
    const payerOfAi = {
      account: payer.account,
      userId: payer.userId,
      groupId: payer.groupId,
      isGroup: payer.groupId !== null,
    };
    try {
      await queueAiCheck(
        db,
        queue,
        payerOfAi,
        { content: check.content, fileName, forceLanguage: null, textCheckId: check.id },
        logger,
      );
    } catch (error) {
      logger?.error({ err: error, checkId: check.id }, 'the AI check chosen with the text could not be queued');
    }
  }
  // no `message` on success: LMS clients take any message as an error (issue 19)
  return { success: true, hash, data: { text: { id: check.id, state: check.state } } };
}
