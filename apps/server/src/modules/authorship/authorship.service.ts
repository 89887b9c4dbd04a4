import {
  AUTHORSHIP_CHECK_PAGES,
  AUTHORSHIP_MAX_OTHER_PAPERS,
  AUTHORSHIP_MAX_STUDENT_PAPERS,
  AUTHORSHIP_MIN_ORIGINAL_CHARACTERS,
  AUTHORSHIP_MIN_OTHER_PAPERS,
  AUTHORSHIP_MIN_OTHER_STUDENTS,
  AUTHORSHIP_MIN_STUDENT_PAPERS,
  AUTHORSHIP_STATUS,
  TEXT_STATE,
  type AuthorshipResult,
  type PlagiarismReport,
} from '@veritext/contracts';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { groupActingFor, mayReadCheck, type Caller } from '../groups/group-access.ts';
import { chargeHold, holdPages } from '../ledger/ledger.service.ts';
import { findTextCheck, type TextCheckRecord } from '../text-checks/text-checks.repository.ts';
import {
  findAuthorshipCheck,
  findGroupAuthorship,
  findPapers,
  insertAuthorshipCheck,
  isStudentMember,
  type AuthorshipRow,
  type PaperRow,
} from './authorship.repository.ts';
import { compareAuthorship, type AuthorshipLanguage } from './stylometry.ts';

/*
 * The authorship (fingerprint) check (issue 18; commerce-and-cabinet.md §6, §8, §9; check-tool.md §7 type=1): a
 * teacher or the owner of an organisation that allows it compares a student's paper with that student's earlier
 * papers, against other students' papers of the organisation (stylometry.ts). It costs 3 of the organisation's
 * pages once per document; asking again answers the stored result.
 */

/** The organisation has too few pages: said the way the organisation's other checks say it. */
export const GROUP_NO_PAGES =
  'Your organisation does not have enough pages in its balance for the authorship check. Please contact your administrator.';

/**
 * The text the Similarity report did not match to any source (its passages with no source, quote or reference):
 * what the student wrote, as far as the report can tell. Without a report, nothing.
 */
export function originalText(content: string, report: Pick<PlagiarismReport, 'nodes'> | null | undefined): string {
  if (report == null) return '';
  const covered = report.nodes
    .filter((node) => node.end > node.start && node.sources.length + node.quotes.length + node.references.length > 0)
    .map(({ start, end }) => ({ start: Math.max(0, start), end: Math.min(content.length, end) }))
    .sort((a, b) => a.start - b.start);
  let text = '';
  let at = 0;
  for (const span of covered) {
    if (span.start > at) text += content.slice(at, span.start);
    at = Math.max(at, span.end);
  }
  return text + content.slice(at);
}

function languageOf(language: string): AuthorshipLanguage {
  return language === 'es' ? 'es' : 'en';
}

/** The papers with enough original text, newest first, at most `limit`. */
function usable(rows: readonly PaperRow[], limit: number): (PaperRow & { original: string })[] {
  return rows
    .map((row) => ({ ...row, original: originalText(row.content, row.report?.plagiarism) }))
    .filter((row) => row.original.length >= AUTHORSHIP_MIN_ORIGINAL_CHARACTERS)
    .slice(0, limit);
}

function toResult(row: AuthorshipRow): AuthorshipResult {
  return {
    ...row.result,
    id: row.id,
    text_check_id: row.text_check_id,
    pages: AUTHORSHIP_CHECK_PAGES,
    created_at: row.created_at.toISOString(),
  };
}

type Access = { check: TextCheckRecord; groupId: number; allowed: boolean; manager: boolean };

/**
 * Who may run and read a document's authorship check: a current teacher (2) or owner (1) of the document's
 * organisation. `allowed`: the organisation allows the check. A document the caller cannot read: 404.
 */
async function access(db: Queryable, caller: Caller, id: number): Promise<Access> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  const check = await findTextCheck(db, id);
  if (check === null || !(await mayReadCheck(db, caller, check))) throw new AppError('not_found');
  if (check.group_id === null) return { check, groupId: 0, allowed: false, manager: false };
  let manager = false;
  if (caller.user !== null) {
    try {
      const { role } = await groupActingFor(db, caller, check.group_id);
      manager = role === 1 || role === 2;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'forbidden') throw error;
    }
  }
  const group = await findGroupAuthorship(db, check.group_id);
  return { check, groupId: check.group_id, allowed: group?.authorship_check_allowed === true, manager };
}

/** GET /api/v1/fingerprint/text-status/{id}/?type=1: whether the caller may run it, and its result. */
export async function authorshipStatus(
  db: Queryable,
  caller: Caller,
  id: number,
): Promise<{ enabled: boolean; status: number | null; result: AuthorshipResult | null }> {
  const { check, allowed, manager } = await access(db, caller, id);
  if (!manager) return { enabled: false, status: null, result: null };
  const row = await findAuthorshipCheck(db, check.id);
  if (row !== null) return { enabled: allowed, status: row.status, result: toResult(row) };
  return { enabled: allowed && check.state === TEXT_STATE.ready, status: null, result: null };
}

/** A result that is already there (a repeat), or null. */
async function existing(db: Queryable, checkId: number): Promise<AuthorshipResult | null> {
  const row = await findAuthorshipCheck(db, checkId);
  return row === null ? null : toResult(row);
}

class AlreadyStored extends Error {}

/**
 * POST /api/v1/fingerprint/send-text/{id}/ type=1: runs the authorship check of a ready document of an
 * organisation (rules in order: a teacher or owner; the organisation allows it; a student's paper; its original
 * text; the student's earlier papers; other students' papers) and charges its 3 pages, once.
 */
export async function runAuthorshipCheck(
  db: Database,
  caller: Caller,
  id: number,
  logger?: Pick<Logger, 'info'>,
): Promise<AuthorshipResult> {
  const { check, groupId, allowed, manager } = await access(db, caller, id);
  if (check.group_id === null) throw new AppError('authorship_disabled');
  if (!manager) throw new AppError('authorship_teacher_only');
  if (!allowed) throw new AppError('authorship_disabled');
  const repeat = await existing(db, check.id);
  if (repeat !== null) return repeat;
  if (check.state !== TEXT_STATE.ready || check.report === null) throw new AppError('report_not_ready');
  const authorId = check.user_id;
  if (authorId === null || !(await isStudentMember(db, groupId, authorId))) {
    throw new AppError('authorship_no_student_author');
  }
  const original = originalText(check.content, check.report.plagiarism);
  if (original.length < AUTHORSHIP_MIN_ORIGINAL_CHARACTERS) throw new AppError('authorship_not_enough_text');

  const papers = await findPapers(db, {
    groupId,
    authorId,
    checkId: check.id,
    language: check.language,
    before: check.created_at,
  });
  const known = usable(papers.own, AUTHORSHIP_MAX_STUDENT_PAPERS);
  if (known.length < AUTHORSHIP_MIN_STUDENT_PAPERS) throw new AppError('authorship_not_enough_student_papers');
  const impostors = usable(papers.others, AUTHORSHIP_MAX_OTHER_PAPERS);
  const students = new Set(impostors.map((paper) => paper.user_id));
  if (impostors.length < AUTHORSHIP_MIN_OTHER_PAPERS || students.size < AUTHORSHIP_MIN_OTHER_STUDENTS) {
    throw new AppError('authorship_not_enough_other_papers');
  }

  const language = languageOf(check.language);
  const engine = compareAuthorship({
    questioned: original,
    known: known.map((paper) => ({ id: paper.id, text: paper.original })),
    impostors: impostors.map((paper) => ({ id: paper.id, text: paper.original })),
    language,
  });
  const result: AuthorshipRow['result'] = {
    method: engine.method,
    language,
    score: engine.score,
    verdict: engine.verdict,
    thresholds: engine.thresholds,
    chance: engine.chance,
    original_characters: original.length,
    student: { id: authorId, name: papers.authorName },
    known: known.map((paper, index) => ({
      id: paper.id,
      title: paper.title,
      created_at: paper.created_at.toISOString(),
      similarity: engine.known[index]?.similarity ?? 0,
    })),
    impostors: { papers: impostors.length, students: students.size, nearest_similarity: engine.nearest_impostor },
    features: engine.features,
  };

  try {
    const row = await db.transaction(async (tx) => {
      // one per document: a second request at the same time meets this row and charges nothing
      const hold = await holdPages(tx, {
        accountId: check.account_id,
        bucket: 'balance',
        pages: AUTHORSHIP_CHECK_PAGES,
        reference: `authorship-check:${String(check.id)}`,
        actorUserId: caller.user?.id ?? null,
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'insufficient_balance') {
          throw new AppError('insufficient_balance', { message: GROUP_NO_PAGES, cause: error });
        }
        throw error;
      });
      const charge = await chargeHold(tx, hold.id);
      const inserted = await insertAuthorshipCheck(tx, {
        textCheckId: check.id,
        groupId,
        authorUserId: authorId,
        requestedByUserId: caller.user?.id ?? null,
        chargeEntryId: charge.id,
        status: AUTHORSHIP_STATUS.done,
        result,
      });
      if (inserted === null) throw new AlreadyStored();
      return inserted;
    });
    logger?.info({ checkId: check.id, verdict: result.verdict, score: result.score }, 'authorship check done');
    return toResult(row);
  } catch (error) {
    const raced = await existing(db, check.id);
    if (raced !== null) return raced;
    throw error;
  }
}

/** The stored result for the PDF: a teacher or owner of the organisation, once the check was run. */
export async function authorshipResultForReport(
  db: Queryable,
  caller: Caller,
  id: number,
): Promise<{ result: AuthorshipResult; title: string; checkedAt: Date }> {
  const { check, manager } = await access(db, caller, id);
  if (!manager) throw new AppError('authorship_teacher_only');
  const row = await findAuthorshipCheck(db, check.id);
  if (row === null) throw new AppError('not_found', { message: 'No authorship check was run for this document.' });
  return { result: toResult(row), title: check.title, checkedAt: check.created_at };
}
