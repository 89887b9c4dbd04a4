import { DOCUMENT_TITLE_MAX, DOCUMENTS_BULK_MAX, ERRORS } from '@veritext/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { mayDeleteCheck, mayReadCheck, type Caller } from '../groups/group-access.ts';
import { deleteTextCheck } from '../text-checks/text-checks.delete.ts';
import { lockTextCheck } from '../text-checks/text-checks.repository.ts';
import { renameDocument as renameDocumentRow } from './folders.repository.ts';

/** A document's new title, trimmed: not empty, at most 200 characters (as the check form takes it). */
export function documentTitle(raw: string | undefined): string {
  const title = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (title === '')
    throw new AppError('document_title_empty', { fields: { title: ERRORS.document_title_empty.message } });
  if (title.length > DOCUMENT_TITLE_MAX) {
    throw new AppError('validation_failed', {
      fields: { title: `The name can have at most ${String(DOCUMENT_TITLE_MAX)} characters.` },
    });
  }
  return title;
}

/**
 * POST /api/v1/text/{id}/rename/: who may delete a document may rename it (mayDeleteCheck: its author; in an
 * organisation also its owner and teachers; its token); who may only read it 403; anyone else 404.
 */
export async function renameDocument(
  db: Database,
  caller: Caller,
  id: number,
  rawTitle: string | undefined,
): Promise<{ id: number; title: string }> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  const title = documentTitle(rawTitle);
  return db.transaction(async (tx) => {
    const check = await lockTextCheck(tx, id);
    if (check === null) throw new AppError('not_found');
    if (!(await mayDeleteCheck(tx, caller, check))) {
      throw new AppError((await mayReadCheck(tx, caller, check)) ? 'forbidden' : 'not_found');
    }
    await renameDocumentRow(tx, id, title);
    return { id, title };
  });
}

/**
 * POST /api/v1/text/delete/: many documents, each by the rule and in the transaction of POST
 * /api/v1/text/{id}/delete/ (its text, report, AI check and index entry go; one in progress is refused): the
 * answer lists what went and what was refused, and why; when none of them exists for the caller, 404.
 */
export async function deleteDocuments(
  db: Database,
  caller: Caller,
  ids: number[] | null,
): Promise<{
  deleted: { id: number; ai_checks: number; index_entries: number }[];
  refused: { id: number; code: string; message: string }[];
}> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  if (ids === null || ids.length === 0 || ids.length > DOCUMENTS_BULK_MAX) throw new AppError('document_ids_invalid');
  const deleted: { id: number; ai_checks: number; index_entries: number }[] = [];
  const refused: { id: number; code: string; message: string }[] = [];
  for (const id of ids) {
    try {
      const result = await deleteTextCheck(db, caller, id);
      deleted.push({ id, ai_checks: result.deleted.ai_checks, index_entries: result.deleted.index_entries });
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'unauthorized') throw error;
      refused.push({ id, code: error.code, message: error.message });
    }
  }
  // None of them exists for the caller: as for one, 404 (refusals of another kind are the caller's to read).
  if (deleted.length === 0 && refused.every((refusal) => refusal.code === 'not_found')) {
    throw new AppError('not_found');
  }
  return { deleted, refused };
}
