import type { DocumentSort, DocumentStatusFilter } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { SUMMARY_COLUMNS, type TextCheckSummary } from '../text-checks/text-checks.repository.ts';

/** The SQL of My Documents' list with its search, filters and order (GET /api/v1/text/, issue 17). */

/** Whose documents: a user's own made outside any group, a group's (or one member's there), or a folder's. */
export type DocumentScope =
  | { kind: 'personal'; userId: number }
  | { kind: 'group'; groupId: number; onlyUserId: number | null }
  | { kind: 'folder'; folderId: number };

export type DocumentFilters = {
  q?: string | undefined;
  /** Only those in no folder. */
  rootOnly?: boolean;
  status?: DocumentStatusFilter | undefined;
  similarityMin?: number | undefined;
  similarityMax?: number | undefined;
  aiMin?: number | undefined;
  aiMax?: number | undefined;
  /** YYYY-MM-DD, UTC days, both ends included. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  sort?: DocumentSort;
};

/** The AI share as the list's SQL computes it (likely + strong of a done AI check). */
const AI_SHARE = 'CASE WHEN a.status = 4 THEN a.likely_percent + a.strong_percent END';

const ORDER: Record<DocumentSort, string> = {
  date_desc: 't.id DESC',
  date_asc: 't.id ASC',
  title_asc: 'lower(t.title) ASC, t.id DESC',
  title_desc: 'lower(t.title) DESC, t.id DESC',
  similarity_desc: 't.percent DESC NULLS LAST, t.id DESC',
  similarity_asc: 't.percent ASC NULLS LAST, t.id DESC',
  ai_desc: `${AI_SHARE} DESC NULLS LAST, t.id DESC`,
  ai_asc: `${AI_SHARE} ASC NULLS LAST, t.id DESC`,
};

const STATUS_SQL: Record<DocumentStatusFilter, string> = {
  in_process: 't.state = 3',
  ready: 't.state = 5',
  failed: 't.state = 4',
  ai_in_process: 'a.status IN (1, 2)',
  ai_failed: 'a.status IN (3, 5, 6, 7, 8, 9)',
};

/** A LIKE pattern that finds `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** A page of documents of the scope that pass the filters, in the asked order, and how many pass in all. */
export async function searchTextChecks(
  db: Queryable,
  scope: DocumentScope,
  filters: DocumentFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: TextCheckSummary[]; total: number }> {
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${String(params.length)}`;
  };
  const where: string[] = [];
  if (scope.kind === 'personal') {
    where.push(`t.user_id = ${param(scope.userId)} AND t.group_id IS NULL`);
  } else if (scope.kind === 'group') {
    where.push(`t.group_id = ${param(scope.groupId)}`);
    if (scope.onlyUserId !== null) where.push(`t.user_id = ${param(scope.onlyUserId)}`);
  } else {
    where.push(`t.folder_id = ${param(scope.folderId)}`);
  }
  if (filters.rootOnly === true) where.push('t.folder_id IS NULL');
  const q = (filters.q ?? '').trim();
  if (q !== '') {
    const pattern = param(containsPattern(q.toLowerCase()));
    where.push(
      `(lower(t.title) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(t.file_name, '')) LIKE ${pattern} ESCAPE '\\'
        OR lower(coalesce(u.name, '')) LIKE ${pattern} ESCAPE '\\' OR lower(coalesce(u.email, '')) LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  if (filters.status !== undefined) where.push(STATUS_SQL[filters.status]);
  if (filters.similarityMin !== undefined) where.push(`t.percent >= ${param(filters.similarityMin)}`);
  if (filters.similarityMax !== undefined) where.push(`t.percent <= ${param(filters.similarityMax)}`);
  if (filters.aiMin !== undefined) where.push(`${AI_SHARE} >= ${param(filters.aiMin)}`);
  if (filters.aiMax !== undefined) where.push(`${AI_SHARE} <= ${param(filters.aiMax)}`);
  if (filters.dateFrom !== undefined) {
    where.push(`t.created_at >= ${param(filters.dateFrom)}::date::timestamp AT TIME ZONE 'UTC'`);
  }
  if (filters.dateTo !== undefined) {
    where.push(`t.created_at < (${param(filters.dateTo)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  }
  const from = `text_checks t LEFT JOIN ai_checks a ON a.text_check_id = t.id LEFT JOIN users u ON u.id = t.user_id`;
  const condition = where.join(' AND ');
  const filterParams = [...params];
  const limit = param(page.limit);
  const offset = param(page.offset);
  const [{ rows }, count] = await Promise.all([
    db.query<TextCheckSummary>(
      `SELECT ${SUMMARY_COLUMNS} FROM ${from} WHERE ${condition}
       ORDER BY ${ORDER[filters.sort ?? 'date_desc']} LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from} WHERE ${condition}`, filterParams),
  ]);
  return { rows, total: count.rows[0]?.total ?? 0 };
}
