import {
  REPORT_COMMENT_MAX_LENGTH,
  REPORT_COMMENT_MESSAGES,
  TEXT_STATE,
  type ReportComment,
  type ReportCommentForm,
} from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { findMembershipsOfUser } from '../auth/users.repository.ts';
import { mayReadCheck, type Caller } from '../groups/group-access.ts';
import {
  deleteOwnComment,
  findComment,
  findCommentedCheck,
  insertComment,
  listComments,
  type CommentedCheck,
  type CommentRecord,
} from './report-comments.repository.ts';

/*
 * Comments on a Similarity report (commerce-and-cabinet.md §2, §3 "Comment: general or on a selection", §6 "only
 * Teachers can create comments; students read comments on their own work"). Who reads them: whoever reads the report
 * (groups/group-access.ts mayReadCheck: the author, the organisation's owner and teachers, its token). Who writes
 * them: a teacher (role 2) or the owner/administrator (role 1) of the check's organisation, as a member now; a
 * student, the author of a personal check, a guest and a group token cannot. Who deletes one: its author.
 */

/** Roles that write comments: 1 owner/administrator, 2 teacher. */
const COMMENTING_ROLES: readonly number[] = [1, 2];

/** The check, when the caller may read its report; someone else's check does not exist, as far as they can tell. */
async function readableCheck(db: Queryable, caller: Caller, id: number): Promise<CommentedCheck> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  const check = await findCommentedCheck(db, id);
  if (check === null || !(await mayReadCheck(db, caller, check))) throw new AppError('not_found');
  return check;
}

/** Why the caller may not comment on this report (an error code), or null when they may. */
async function commentRefusal(
  db: Queryable,
  caller: Caller,
  check: Pick<CommentedCheck, 'group_id'>,
): Promise<'comment_organisation_only' | 'comment_teachers_only' | null> {
  if (check.group_id === null) return 'comment_organisation_only';
  if (caller.user === null || caller.user.is_guest) return 'comment_teachers_only';
  const groupId = check.group_id;
  const membership = (await findMembershipsOfUser(db, caller.user.id)).find((group) => group.id === groupId);
  if (membership === undefined || membership.is_disabled || !COMMENTING_ROLES.includes(membership.role)) {
    return 'comment_teachers_only';
  }
  return null;
}

function toComment(record: CommentRecord, caller: Caller): ReportComment {
  const name = (record.author_name ?? '').trim();
  return {
    id: record.id,
    body: record.body,
    start: record.start_offset,
    end: record.end_offset,
    quote: record.quote,
    author:
      record.author_user_id === null
        ? null
        : { name: name === '' ? (record.author_email ?? '') : name, role: record.author_role },
    is_mine: caller.user !== null && record.author_user_id === caller.user.id,
    created_at: record.created_at.toISOString(),
  };
}

/** GET /api/v1/text/{id}/comments/: the report's comments, oldest first, and whether the caller may write one. */
export async function listReportComments(
  db: Queryable,
  caller: Caller,
  id: number,
): Promise<{ comments: ReportComment[]; can_comment: boolean }> {
  const check = await readableCheck(db, caller, id);
  const [records, refusal] = await Promise.all([listComments(db, check.id), commentRefusal(db, caller, check)]);
  return {
    comments: records.map((record) => toComment(record, caller)),
    can_comment: refusal === null && check.state === TEXT_STATE.ready,
  };
}

/** A whole number as the form typed it ("12"), else null. */
function offsetOf(value: string): number | null {
  return /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/**
 * The selection a comment is on: none (start, end and quote all empty) or offsets inside the text whose passage is
 * the quote, as the reader saw it (the text of a check never changes).
 */
function selectionOf(
  form: Pick<ReportCommentForm, 'start' | 'end' | 'quote'>,
  content: string,
): { start: number; end: number; quote: string } | null {
  const [start, end, quote] = [form.start ?? '', form.end ?? '', form.quote ?? ''];
  if (start.trim() === '' && end.trim() === '' && quote === '') return null;
  const from = offsetOf(start);
  const to = offsetOf(end);
  if (from === null || to === null || from >= to || to > content.length || content.slice(from, to) !== quote) {
    throw new AppError('validation_failed', {
      message: REPORT_COMMENT_MESSAGES.selectionInvalid,
      fields: { selection: 'invalid' },
    });
  }
  return { start: from, end: to, quote };
}

function bodyOf(value: string | undefined): string {
  const body = (value ?? '').trim();
  if (body === '') {
    throw new AppError('validation_failed', {
      message: REPORT_COMMENT_MESSAGES.bodyRequired,
      fields: { body: 'required' },
    });
  }
  if (body.length > REPORT_COMMENT_MAX_LENGTH) {
    throw new AppError('validation_failed', {
      message: REPORT_COMMENT_MESSAGES.bodyTooLong,
      fields: { body: 'too_long' },
    });
  }
  return body;
}

/** POST /api/v1/text/{id}/comments/: a teacher's or the owner's comment on the whole report or on a selection. */
export async function addReportComment(
  db: Queryable,
  caller: Caller,
  id: number,
  form: ReportCommentForm,
): Promise<ReportComment> {
  const check = await readableCheck(db, caller, id);
  const refusal = await commentRefusal(db, caller, check);
  if (refusal !== null || caller.user === null) throw new AppError(refusal ?? 'comment_teachers_only');
  if (check.state !== TEXT_STATE.ready)
    throw new AppError('report_not_ready', { message: 'The report is not ready yet.' });
  const body = bodyOf(form.body);
  const selection = selectionOf(form, check.content);
  const commentId = await insertComment(db, { checkId: check.id, authorUserId: caller.user.id, body, selection });
  const record = await findComment(db, check.id, commentId);
  if (record === null) throw new Error('the comment just added is gone');
  return toComment(record, caller);
}

/** POST /api/v1/text/{id}/comments/{commentId}/delete/: its author deletes a comment (someone else's: forbidden). */
export async function deleteReportComment(
  db: Queryable,
  caller: Caller,
  input: { id: number; commentId: number },
): Promise<{ id: number }> {
  const check = await readableCheck(db, caller, input.id);
  const comment = await findComment(db, check.id, input.commentId);
  if (comment === null) throw new AppError('not_found');
  if (caller.user === null || comment.author_user_id !== caller.user.id) {
    throw new AppError('forbidden', { message: 'Only its author can delete a comment.' });
  }
  if (!(await deleteOwnComment(db, { checkId: check.id, commentId: comment.id, authorUserId: caller.user.id }))) {
    throw new AppError('not_found');
  }
  return { id: comment.id };
}
