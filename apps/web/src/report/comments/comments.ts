import { REPORT_COMMENT_MAX_LENGTH, type ReportComment } from '@veritext/contracts';

/** The react-query key of a report's comments. */
export function commentsQueryKey(checkId: number): readonly unknown[] {
  return ['report-comments', checkId];
}

/** What is wrong with a comment as typed, before it is sent (the server says the same). */
export function commentBodyProblem(body: string): 'required' | 'too_long' | null {
  const trimmed = body.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > REPORT_COMMENT_MAX_LENGTH) return 'too_long';
  return null;
}

/** The longest part of a selected passage shown in the form and in the list; the rest is an ellipsis. */
export const QUOTE_PREVIEW_LENGTH = 240;

export function quotePreview(quote: string, max = QUOTE_PREVIEW_LENGTH): string {
  const flat = quote.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Which words name the author's role: the owner/administrator, a teacher, or none (no longer a member). */
export function roleOf(comment: Pick<ReportComment, 'author'>): 'owner' | 'teacher' | null {
  const role = comment.author?.role ?? null;
  if (role === 1) return 'owner';
  if (role === 2) return 'teacher';
  return null;
}

/** General comments first, then those on a passage in the order of the text; each group oldest first. */
export function orderComments(comments: readonly ReportComment[]): ReportComment[] {
  return [...comments].sort((a, b) => {
    if (a.start === null || b.start === null) {
      if (a.start === null && b.start === null) return a.id - b.id;
      return a.start === null ? -1 : 1;
    }
    return a.start - b.start || a.id - b.id;
  });
}
