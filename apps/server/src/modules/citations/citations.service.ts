import {
  CITATION_HISTORY_MAX,
  CitationEntrySchema,
  normaliseDoi,
  normaliseIsbn,
  type CitationEntry,
  type CitationForm,
} from '@veritext/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Caller } from '../groups/group-access.ts';
import { formatCitation } from './citations.format.ts';
import { lookupDoi, lookupIsbn, type LookupConfig, type LookupResult } from './citations.lookup.ts';
import {
  clearCitations,
  deleteCitation,
  insertCitation,
  listCitations,
  type CitationRecord,
} from './citations.repository.ts';

/*
 * The citation generator (issue 18). Formatting is for anyone (a visitor, a guest, an account): nothing is stored.
 * The history is an account's own: a signed-in user who is not a guest, through the session or the personal API
 * token; a guest keeps theirs in the browser, and a group's API token has no history (403). An entry of another
 * account is answered as one that does not exist (404).
 */

/** The account whose history a call reads or changes. */
function historyOwner(caller: Caller): number {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  if (caller.user === null || caller.user.is_guest) {
    throw new AppError('forbidden', {
      message: 'The citation history is kept for signed-in accounts; a guest keeps it in this browser.',
    });
  }
  return caller.user.id;
}

function toEntry(record: CitationRecord): CitationEntry {
  return CitationEntrySchema.parse({
    id: record.id,
    style: record.style,
    type: record.source_type,
    source: record.source,
    text: record.text,
    html: record.html,
    created_at: record.created_at.toISOString(),
  });
}

export function formatForm(form: Pick<CitationForm, 'style' | 'type' | 'source'>) {
  return formatCitation(form.style, form.type, form.source);
}

export async function addCitation(db: Database, caller: Caller, form: CitationForm): Promise<CitationEntry> {
  const userId = historyOwner(caller);
  const formatted = formatForm(form);
  const record = await db.transaction((tx) =>
    insertCitation(tx, {
      userId,
      style: form.style,
      type: form.type,
      source: form.source,
      text: formatted.text,
      html: formatted.html,
      keep: CITATION_HISTORY_MAX,
    }),
  );
  return toEntry(record);
}

export async function citationHistory(db: Database, caller: Caller): Promise<CitationEntry[]> {
  const records = await listCitations(db, historyOwner(caller), CITATION_HISTORY_MAX);
  return records.map(toEntry);
}

export async function removeCitation(db: Database, caller: Caller, id: number): Promise<number> {
  const removed = await deleteCitation(db, historyOwner(caller), id);
  if (removed === 0) throw new AppError('not_found');
  return removed;
}

export async function clearHistory(db: Database, caller: Caller): Promise<number> {
  return clearCitations(db, historyOwner(caller));
}

/** The look-up of an ISBN or a DOI; citation_lookup_disabled unless configured, validation_failed for a malformed one. */
export async function lookupSource(
  config: LookupConfig | null,
  publicUrl: string,
  query: { isbn?: string | undefined; doi?: string | undefined },
): Promise<LookupResult> {
  if (config === null) throw new AppError('citation_lookup_disabled');
  if (query.isbn !== undefined) {
    const isbn = normaliseIsbn(query.isbn);
    if (isbn === null) throw new AppError('validation_failed', { fields: { isbn: 'This is not a valid ISBN.' } });
    return lookupIsbn(config, publicUrl, isbn);
  }
  const doi = normaliseDoi(query.doi ?? '');
  if (doi === null) throw new AppError('validation_failed', { fields: { doi: 'This is not a valid DOI.' } });
  return lookupDoi(config, publicUrl, doi);
}
