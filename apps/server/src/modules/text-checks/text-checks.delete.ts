import { AI_CHECK_STATUS, TEXT_STATE, type TextDeletedResponse } from '@veritext/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { lockAiCheckOfText } from '../ai-checks/ai-checks.repository.ts';
import { mayDeleteCheck, type Caller } from '../groups/group-access.ts';
import { removeIndexEntries } from '../reuse/fingerprint-store.ts';
import { indexKey } from './text-checks.process.ts';
import { deleteTextChecks, lockTextCheck } from './text-checks.repository.ts';

/** AI checks that still hold their AI page: a deletion waits until they are settled. */
const AI_RUNNING: readonly number[] = [AI_CHECK_STATUS.queued, AI_CHECK_STATUS.processing];

/**
 * POST /api/v1/text/{id}/delete/ (issue 13, A5): deletes a document for good in one transaction: its text and
 * report, its AI check, and its entry in the reuse index (key check:<id>), so no later check finds it. Who may:
 * groups/group-access.ts mayDeleteCheck; anyone else gets 404, as for reading. A check still in progress (or
 * whose AI check is still queued or running) is refused with 409 check_delete_in_progress: its pages are
 * still held and its job would write to it; once it settles it can go. The pages it used are not returned.
 */
export async function deleteTextCheck(db: Database, caller: Caller, id: number): Promise<TextDeletedResponse['data']> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  return db.transaction(async (tx) => {
    const check = await lockTextCheck(tx, id);
    // Someone else's document does not exist, as far as the caller can tell.
    if (check === null || !(await mayDeleteCheck(tx, caller, check))) throw new AppError('not_found');
    if (check.state === TEXT_STATE.inProgress) throw new AppError('check_delete_in_progress');
    const ai = await lockAiCheckOfText(tx, id);
    if (ai !== null && AI_RUNNING.includes(ai.status)) throw new AppError('check_delete_in_progress');
    const indexEntries = await removeIndexEntries(tx, [indexKey(id)]);
    const deleted = await deleteTextChecks(tx, [id]);
    return { id, deleted: { ai_checks: deleted.aiChecks, index_entries: indexEntries } };
  });
}
