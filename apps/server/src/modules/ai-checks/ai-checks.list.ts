import { AI_CHECK_STATUS, aiVerdictReading, type AiCheckSummary } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { groupActingFor, ROLE_STUDENT, type Caller } from '../groups/group-access.ts';
import { listAiCheckRows, type AiCheckListRow } from './ai-checks.repository.ts';

/** How long the first words of a check's text may be in the list. */
export const TITLE_MAX_CHARACTERS = 80;

/** The first words of a text, on one line, cut at a word boundary with "…" past `max` characters. */
export function firstWords(text: string, max = TITLE_MAX_CHARACTERS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export function toSummary(row: AiCheckListRow): AiCheckSummary {
  const isDone = row.status === AI_CHECK_STATUS.done;
  return {
    id: row.id,
    status: row.status,
    title: firstWords(row.head),
    file_name: row.file_name,
    words: row.words,
    verdict: isDone ? row.verdict : null,
    flagged: isDone && row.flagged,
    band: isDone
      ? (aiVerdictReading({ verdict: row.verdict, unfamiliar: row.unfamiliar, words: row.words })?.band ?? null)
      : null,
    ai_percent: isDone ? round2(row.likely_percent + row.strong_percent) : null,
    group_id: row.group_id,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * GET /api/v1/chat-gpt/: the caller's stand-alone AI checks, newest first, as My Documents lists documents
 * (listTextDocuments): without group_id a user's own checks made outside any group (a guest's too; a group
 * token: its group's); with group_id the group's checks for its owner and teachers, a student's own only.
 */
export async function listAiChecks(
  db: Queryable,
  caller: Caller,
  query: { groupId: number | null; page: number; perPage: number },
): Promise<{ checks: AiCheckSummary[]; total: number; page: number; per_page: number }> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  let scope: { userId: number | null; groupId: number | null; onlyUserId: number | null };
  if (query.groupId === null && caller.user !== null) {
    scope = { userId: caller.user.id, groupId: null, onlyUserId: null };
  } else {
    const groupId = query.groupId ?? caller.group?.id ?? 0;
    const { role } = await groupActingFor(db, caller, groupId);
    scope = {
      userId: null,
      groupId,
      onlyUserId: role === ROLE_STUDENT && caller.user !== null ? caller.user.id : null,
    };
  }
  const { rows, total } = await listAiCheckRows(db, scope, {
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { checks: rows.map(toSummary), total, page: query.page, per_page: query.perPage };
}
