import type { ReportSettings } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import type { StoredReport } from './text-checks.repository.ts';

/** The only SQL of the report's settings (text_checks' settings columns, migration 0025). */

export const DEFAULT_REPORT_SETTINGS: ReportSettings = {
  exclude_below_percent: 0,
  exclude_self_plagiarism: false,
  custom_author: null,
  include_quotes: false,
  include_references: false,
  ignored_sources: [],
};

const SETTINGS_COLUMNS = `exclude_below_percent::float8 AS exclude_below_percent, exclude_self_plagiarism, custom_author,
  include_quotes, include_references, ignored_sources`;

export async function findReportSettings(db: Queryable, checkId: number): Promise<ReportSettings | null> {
  const { rows } = await db.query<ReportSettings>(`SELECT ${SETTINGS_COLUMNS} FROM text_checks WHERE id = $1`, [
    checkId,
  ]);
  return rows[0] ?? null;
}

/** The check's settings, its row locked for the rest of the transaction (one change at a time). */
export async function lockReportSettings(
  db: Queryable,
  checkId: number,
): Promise<(ReportSettings & { state: number; report: StoredReport | null; content: string }) | null> {
  const { rows } = await db.query<ReportSettings & { state: number; report: StoredReport | null; content: string }>(
    `SELECT ${SETTINGS_COLUMNS}, state, report, content FROM text_checks WHERE id = $1 FOR UPDATE`,
    [checkId],
  );
  return rows[0] ?? null;
}

export async function saveReportSettings(db: Queryable, checkId: number, settings: ReportSettings): Promise<void> {
  await db.query(
    `UPDATE text_checks SET exclude_below_percent = $2, exclude_self_plagiarism = $3, custom_author = $4,
       include_quotes = $5, include_references = $6, ignored_sources = $7::text[]
     WHERE id = $1`,
    [
      checkId,
      settings.exclude_below_percent,
      settings.exclude_self_plagiarism,
      settings.custom_author,
      settings.include_quotes,
      settings.include_references,
      settings.ignored_sources,
    ],
  );
}

/** A ready check's report rebuilt under new settings, and the percent My Documents lists. */
export async function storeRebuiltReport(
  db: Queryable,
  checkId: number,
  report: StoredReport,
  percent: number,
): Promise<void> {
  await db.query('UPDATE text_checks SET report = $2::jsonb, percent = $3 WHERE id = $1 AND state = 5', [
    checkId,
    JSON.stringify(report),
    percent,
  ]);
}

/**
 * The author of each checked document (by check id), as self-plagiarism compares it: the check's custom author,
 * else its submitter's name; '' for neither. Never returned to a reader.
 */
export async function findCheckAuthors(db: Queryable, checkIds: readonly number[]): Promise<Map<number, string>> {
  if (checkIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; author: string }>(
    `SELECT t.id, COALESCE(NULLIF(btrim(t.custom_author), ''), u.name, '') AS author
     FROM text_checks t LEFT JOIN users u ON u.id = t.user_id WHERE t.id = ANY($1::int[])`,
    [[...checkIds]],
  );
  return new Map(rows.map((row) => [row.id, row.author]));
}

/** The text of an indexed source (null: no longer in the index). */
export async function findSourceBody(db: Queryable, key: string): Promise<string | null> {
  const { rows } = await db.query<{ body: string }>('SELECT body FROM reuse_sources WHERE key = $1', [key]);
  return rows[0]?.body ?? null;
}
