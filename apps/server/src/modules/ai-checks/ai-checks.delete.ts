import { AI_CHECK_STATUS } from '@veritext/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { mayDeleteCheck, type Caller } from '../groups/group-access.ts';
import { deleteAiChecks, lockAiCheck } from './ai-checks.repository.ts';

/**
 * POST /api/v1/chat-gpt/{id}/delete/ (issue 13, A5): deletes a stand-alone AI check (the AI detector page's)
 * for good: its text and result. The same rule as documents (mayDeleteCheck); anyone else gets 404, and so
 * does the AI check of a document (it goes with its document). Still queued or running: 409
 * check_delete_in_progress (its AI page is still held). The AI page it used is not returned.
 */
export async function deleteAiCheck(db: Database, caller: Caller, id: number): Promise<{ id: number }> {
  if (caller.user === null && caller.group === null) throw new AppError('unauthorized');
  return db.transaction(async (tx) => {
    const check = await lockAiCheck(tx, id);
    if (check === null || check.text_check_id !== null || !(await mayDeleteCheck(tx, caller, check))) {
      throw new AppError('not_found');
    }
    if (check.status === AI_CHECK_STATUS.queued || check.status === AI_CHECK_STATUS.processing) {
      throw new AppError('check_delete_in_progress');
    }
    await deleteAiChecks(tx, [id]);
    return { id };
  });
}
