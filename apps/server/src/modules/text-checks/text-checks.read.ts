import {
  AI_CHECK_STATUS,
  AI_PUBLISHED_VERDICT,
  GUEST_FREE_PAGES,
  TEXT_CHECK_MESSAGES,
  TEXT_STATE,
  type AiReportPart,
  type ReportNode,
  type SimilarityReport,
  type TextDocument,
  WORDS_PER_PAGE,
} from '@veritext/contracts';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { queueAiCheck, type JobSender } from '../ai-checks/ai-checks.service.ts';
import { findUserById } from '../auth/users.repository.ts';
import { findAiCheckOfText, type AiCheckRecord } from '../ai-checks/ai-checks.repository.ts';
import { aiAssessment } from '../ai-checks/ai-assessment.ts';
import { groupActingFor, mayReadCheck, ROLE_STUDENT, type Caller } from '../groups/group-access.ts';
import { findAccountById } from '../ledger/ledger.repository.ts';
import {
  cutAtPublished,
  isPublishedCollection,
  publishedShares,
  publishedSpans,
  type AiPiece,
  type Span,
} from './ai-published.ts';
import type { SimilarityReportRenderer } from './similarity-report.ts';
import { withOrigins } from './source-origins.ts';
import { searchTextChecks, type DocumentFilters, type DocumentScope } from '../folders/documents.repository.ts';
import { folderRightsFor, openableFolderIds } from '../folders/folder-access.ts';
import {
  findTextCheck,
  findTextCheckSummary,
  type TextCheckRecord,
  type TextCheckSummary,
} from './text-checks.repository.ts';

async function visible<T extends Pick<TextCheckRecord, 'user_id' | 'group_id'>>(
  db: Queryable,
  caller: Caller,
  check: T | null,
): Promise<T> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  // Someone else's document does not exist, as far as the caller can tell.
  // One rule for documents and AI checks (groups/group-access.ts mayReadCheck).
  if (check === null || !(await mayReadCheck(db, caller, check))) throw new AppError('not_found');
  return check;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export function toDocument(row: TextCheckSummary): TextDocument {
  return {
    id: row.id,
    state: row.state,
    title: row.title,
    file_name: row.file_name,
    words: row.words,
    pages: row.pages,
    percent: row.percent,
    ai_status: row.ai_status,
    ai_percent: row.ai_percent === null ? null : round2(row.ai_percent),
    group_id: row.group_id,
    in_index: row.in_index,
    error: row.state === TEXT_STATE.failed ? TEXT_CHECK_MESSAGES.failed : null,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at === null ? null : row.finished_at.toISOString(),
    author: row.author === null ? null : { id: row.author.id, name: row.author.name, email: row.author.email },
    folder_id: row.folder_id,
  };
}

/** The documents with their folder shown only where the caller may open it (folders/folder-access.ts). */
async function withOpenableFolders(db: Queryable, caller: Caller, documents: TextDocument[]): Promise<TextDocument[]> {
  const ids = documents.flatMap((document) => (document.folder_id === null ? [] : [document.folder_id]));
  const open = await openableFolderIds(db, caller.user, ids);
  return documents.map((document) =>
    document.folder_id === null || open.has(document.folder_id) ? document : { ...document, folder_id: null },
  );
}

/**
 * A listed document with the AI share its report shows: where the report found passages in published sources
 * (a reference collection or the internet), they are not AI and not counted (ai-published.ts), so the share is the
 * report's AI part's (aiPart); otherwise it is the AI check's own (likely + strong), which is the same figure.
 */
async function withReportAiShare(db: Queryable, row: TextCheckSummary): Promise<TextCheckSummary> {
  if (row.ai_percent === null || !(row.ai_source_types ?? []).some(isPublishedCollection)) return row;
  const [check, ai] = await Promise.all([findTextCheck(db, row.id), findAiCheckOfText(db, row.id)]);
  if (check?.report == null || ai === null) return row;
  const part = aiPart(check.content, ai, publishedSpans(check.report.plagiarism, check.content));
  return { ...row, ai_percent: part.percents.total };
}

/** GET /api/v1/text/{id}: the document's state (3, 4, 5) and what My Documents shows of it. */
export async function getTextDocument(db: Queryable, caller: Caller, id: number): Promise<TextDocument> {
  const document = toDocument(
    await withReportAiShare(db, await visible(db, caller, await findTextCheckSummary(db, id))),
  );
  const [shown] = await withOpenableFolders(db, caller, [document]);
  return shown ?? document;
}

/**
 * GET /api/v1/text/: My Documents. Without group_id a user's own checks made outside any group (a group
 * token: its group's); with group_id the group's checks (a student: their own only). With a folder_id (issue 17)
 * the documents of a folder the caller may open (folders/folder-access.ts), whoever made them; `root`: those of
 * the scope in no folder. Filters: the search in title and author, status, similarity and AI share, dates, order.
 */
export async function listTextDocuments(
  db: Queryable,
  caller: Caller,
  query: {
    groupId: number | null;
    page: number;
    perPage: number;
    folderId?: number | 'root' | undefined;
    filters?: DocumentFilters;
  },
): Promise<{ texts: TextDocument[]; total: number; page: number; per_page: number }> {
  let scope: DocumentScope;
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  if (typeof query.folderId === 'number') {
    const rights = await folderRightsFor(db, caller.user, query.folderId);
    if (rights === null || (query.groupId !== null && rights.folder.group_id !== query.groupId)) {
      throw new AppError('not_found');
    }
    scope = { kind: 'folder', folderId: query.folderId };
  } else if (query.groupId === null && caller.user !== null) {
    scope = { kind: 'personal', userId: caller.user.id };
  } else {
    const groupId = query.groupId ?? caller.group?.id ?? 0;
    const { role } = await groupActingFor(db, caller, groupId);
    scope = { kind: 'group', groupId, onlyUserId: role === 3 && caller.user !== null ? caller.user.id : null };
  }
  const { rows, total } = await searchTextChecks(
    db,
    scope,
    { ...query.filters, rootOnly: query.folderId === 'root' },
    { limit: query.perPage, offset: (query.page - 1) * query.perPage },
  );
  const texts = await Promise.all(rows.map(async (row) => toDocument(await withReportAiShare(db, row))));
  return { texts: await withOpenableFolders(db, caller, texts), total, page: query.page, per_page: query.perPage };
}

const AI_ERRORS: Record<number, string> = {
  [AI_CHECK_STATUS.failed]: 'The AI check failed.',
  [AI_CHECK_STATUS.too_short]: 'Not enough characters to check. Please insert at least 250 characters.',
  6: 'Not enough characters to check. Please insert at least 250 characters.',
  7: 'Not enough characters to check. Please insert at least 250 characters.',
  [AI_CHECK_STATUS.too_long]:
    'The text was not checked by the AI detector: it is longer than the detector allows (100 pages).',
  [AI_CHECK_STATUS.unsupported_language]:
    'The text was not checked by the AI detector: it can check only texts in English and Spanish.',
};

/**
 * The AI part of the report: the document cut at the AI check's chunks, marked likely (1) and strong (2). Where the
 * plagiarism check found passages in published sources (`published`, ai-published.ts), the chunks are cut at their
 * edges too: those nodes are isPublished and unmarked, and the shares count only the words outside them.
 */
export function aiPart(content: string, check: AiCheckRecord | null, published: readonly Span[] = []): AiReportPart {
  const empty = { processed: 0, likely: 0, strong: 0, total: 0 };
  if (check === null) return { status: null, nodes: [], percents: empty, verdict: null, error: null };
  const error = AI_ERRORS[check.status] ?? null;
  if (check.status !== AI_CHECK_STATUS.done) {
    return { status: check.status, nodes: [], percents: empty, verdict: null, error };
  }
  // the verdict as people read it (band, level, how often human texts got it): the same as the AI result's
  const assessment = aiAssessment(check);
  const length = content.length;
  const chunks: AiPiece[] = check.chunks
    .filter((chunk) => chunk.position[1] > chunk.position[0])
    .map(({ position: [start, end], reliability, score }) => ({
      start,
      end,
      reliability,
      scored: score !== null,
    }));
  const pieces = cutAtPublished(chunks, published).map((piece) => ({
    ...piece,
    text: content.slice(piece.start, piece.end),
  }));
  const nodes: ReportNode[] = pieces.map(({ start, end, text, reliability, published: isPublished }) => ({
    start,
    end,
    text,
    sources: [],
    quotes: [],
    references: [],
    isIdentical: false,
    isChangedIndex: false,
    isQuote: false,
    isReference: false,
    isLikely: !isPublished && reliability === 1,
    isHlikely: !isPublished && reliability === 2,
    percent: length === 0 ? 0 : round2(((end - start) * 100) / length),
    ...(isPublished ? { isPublished } : {}),
  }));
  if (!pieces.some((piece) => piece.published)) {
    return {
      status: check.status,
      nodes,
      percents: {
        processed: round2(check.processed_percent),
        likely: round2(check.likely_percent),
        strong: round2(check.strong_percent),
        total: round2(check.likely_percent + check.strong_percent),
      },
      verdict: check.verdict,
      error: null,
      assessment,
    };
  }
  const { percents, wordsOutside } = publishedShares(pieces);
  return {
    status: check.status,
    nodes,
    percents,
    // nothing left to judge: every word was found in published sources
    verdict: wordsOutside === 0 ? AI_PUBLISHED_VERDICT : check.verdict,
    error: null,
    assessment: wordsOutside === 0 ? null : assessment,
  };
}

/** The words a guest's check covers: the free page (the client sends a guest's text cut to it). */
const GUEST_CHECK_WORDS = WORDS_PER_PAGE * GUEST_FREE_PAGES;

/**
 * Whether only the first words of the text were checked: a guest's check stops at the free page (a longer
 * text is refused, and the client cuts it to 275 words before sending), so a guest's check that reached the
 * limit checked the first 275 words. Null when the whole text was checked.
 */
async function cutAtWords(db: Queryable, check: Pick<TextCheckRecord, 'user_id' | 'words'>): Promise<number | null> {
  if (check.user_id === null || check.words < GUEST_CHECK_WORDS) return null;
  const owner = await findUserById(db, check.user_id);
  return owner?.is_guest === true ? GUEST_CHECK_WORDS : null;
}

/** GET /api/v1/text/report/{id}: the Similarity report of a ready document, with its AI part. */
export async function getSimilarityReport(db: Queryable, caller: Caller, id: number): Promise<SimilarityReport> {
  return buildSimilarityReport(db, caller, await visible(db, caller, await findTextCheck(db, id)));
}

/**
 * The report of a check the caller was let read, its sources named for `caller` (source-origins.ts); a caller
 * with neither user nor group reads it as an outsider (a shared link: report-shares).
 */
export async function buildSimilarityReport(
  db: Queryable,
  caller: Caller,
  check: TextCheckRecord,
): Promise<SimilarityReport> {
  if (check.state !== TEXT_STATE.ready || check.report === null) throw new AppError('report_not_ready');
  const cut = await cutAtWords(db, check);
  return {
    id: check.id,
    title: check.title,
    // whose each source is, for this reader (source-origins.ts)
    plagiarism: await withOrigins(db, caller, check.report.plagiarism),
    // published passages are not AI (ai-published.ts): read from the stored report, whichever job finished first
    ai: aiPart(
      check.content,
      await findAiCheckOfText(db, check.id),
      publishedSpans(check.report.plagiarism, check.content),
    ),
    compared_with: check.report.compared_with ?? null,
    ...(cut === null ? {} : { cut_at_words: cut }),
  };
}

/** The fingerprint calls' one report type: 3, the AI check (check-tool.md §7). */
export const AI_FINGERPRINT_TYPE = '3';

function assertAiType(type: string | undefined): void {
  if (type !== undefined && type !== '' && type !== AI_FINGERPRINT_TYPE) throw new AppError('report_type_unsupported');
}

/**
 * GET /api/v1/fingerprint/text-status/{id}/?type=3: whether the document can have an AI check (it is
 * ready and one was sent, or its account has an AI page or may go below zero) and that check's status.
 */
export async function textAiStatus(
  db: Queryable,
  caller: Caller,
  input: { id: number; type: string | undefined },
): Promise<{ enabled: boolean; status: number | null }> {
  assertAiType(input.type);
  const check = await visible(db, caller, await findTextCheck(db, input.id));
  const ai = await findAiCheckOfText(db, check.id);
  if (ai !== null) return { enabled: true, status: ai.status };
  if (check.state !== TEXT_STATE.ready) return { enabled: false, status: null };
  const account = await findAccountById(db, check.account_id);
  return { enabled: account !== null && (account.ai_balance > 0 || account.negative_balance_allowed), status: null };
}

/**
 * POST /api/v1/fingerprint/send-text/{id}/: sends a ready document to the AI detector (one AI page of the
 * account that paid for the check is held; a group's only for who acts for the group now, never a removed
 * member). Sending it again answers the AI check it already has.
 */
export async function sendTextToAi(
  db: Database,
  queue: JobSender,
  caller: Caller,
  input: { id: number; type: string | undefined },
  logger?: Pick<Logger, 'error'>,
): Promise<{ id: number; status: number }> {
  assertAiType(input.type);
  const check = await visible(db, caller, await findTextCheck(db, input.id));
  if (check.state !== TEXT_STATE.ready) throw new AppError('report_not_ready');
  const existing = await findAiCheckOfText(db, check.id);
  if (existing !== null) return { id: existing.id, status: existing.status };
  const account = await findAccountById(db, check.account_id);
  if (account === null) throw new AppError('ai_check_unavailable');
  const payer = { account, userId: check.user_id, groupId: check.group_id, isGroup: check.group_id !== null };
  if (check.group_id !== null) {
    // The group pays: only who acts for it now (a current member, or its token), as a new AI check would; the
    // AI check is the sender's, held against the sender's page limit (queueAiCheck checks the membership again).
    const { group, role } = await groupActingFor(db, caller, check.group_id);
    if (role === ROLE_STUDENT && group.hide_new_check_for_student) throw new AppError('new_checks_locked');
    payer.userId = caller.user?.id ?? null;
  }
  try {
    return await queueAiCheck(
      db,
      queue,
      payer,
      { content: check.content, fileName: check.file_name, forceLanguage: null, textCheckId: check.id },
      logger,
    );
  } catch (error) {
    // Two sends at once: the second meets the first's row (one AI check per document).
    const raced = await findAiCheckOfText(db, check.id);
    if (raced !== null) return { id: raced.id, status: raced.status };
    throw error;
  }
}

/**
 * POST /profile/fingerprint/download-pdf/{id}/ (no type): the PDF of a ready document's Similarity report,
 * with its AI part, for whoever may read the document.
 */
export async function similarityReportPdf(
  db: Queryable,
  renderer: Pick<SimilarityReportRenderer, 'render'>,
  caller: Caller,
  input: { id: number; now?: Date; language?: 'en' | 'es' },
  logger?: Pick<Logger, 'error'>,
): Promise<{ fileName: string; pdf: Buffer }> {
  const report = await getSimilarityReport(db, caller, input.id);
  const check = await findTextCheck(db, input.id);
  if (check === null) throw new AppError('not_found');
  try {
    const pdf = await renderer.render({
      report,
      checkedAt: check.created_at,
      generatedAt: input.now ?? new Date(),
      fileName: check.file_name,
      // the reader's language when the client says it, else the text's
      language: input.language ?? (check.language === 'es' ? 'es' : 'en'),
    });
    return { fileName: `veritext-similarity-report-${String(check.id)}.pdf`, pdf };
  } catch (error) {
    logger?.error({ err: error, checkId: check.id }, 'could not render the Similarity report');
    throw new AppError('report_failed', { cause: error });
  }
}
