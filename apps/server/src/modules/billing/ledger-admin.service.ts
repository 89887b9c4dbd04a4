import { AI_CHECK_STATUS, TEXT_STATE, type LedgerAdminAction, type Transaction } from '@veritext/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { lockAiCheck, storeOutcome } from '../ai-checks/ai-checks.repository.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import { findEntry, type LedgerEntryRecord } from '../ledger/ledger.repository.ts';
import {
  cancelReversalAsAdministrator,
  releaseHoldAsAdministrator,
  type Correction,
} from '../ledger/ledger.service.ts';
import { lockTextCheck, storeFailed } from '../text-checks/text-checks.repository.ts';
import { findOpenHoldsOf, findTransactions } from './transactions.repository.ts';
import { subjectOf, toTransaction } from './transactions.service.ts';

/*
 * A site administrator's corrections to a ledger (commerce-and-cabinet.md §4: "Transaction hold can be released or
 * cancelled; a reversal can be cancelled"). Each is itself a ledger entry (ledger.service.ts), made in one
 * transaction, once: the same correction again changes nothing and answers the first one.
 *
 * - Release hold: the hold's pages go back to the account. The check it held for is left to run; when it finishes
 *   its charge finds the hold settled and spends nothing (the administrator waived it).
 * - Cancel hold: the check is aborted: a document or AI check still in progress ends as failed ("Check aborted by
 *   an administrator"), so it delivers no result, and every hold it still has open (a document's bonus and balance
 *   holds) gives its pages back.
 * - Cancel reversal: a 'reverse' entry (e.g. of a refund) is undone by a 'reverse' entry of the opposite sum: the
 *   pages come back. A card refund that went with it stays made.
 * Nothing here takes a balance below zero: a release and the cancellation of a reversal only give pages back.
 */

export const CHECK_ABORTED = 'Check aborted by an administrator. The pages it held were returned to your balance.';

const DEFAULT_NOTES: Record<LedgerAdminAction, string> = {
  release_hold: 'Hold released by a site administrator',
  cancel_hold: 'Hold cancelled by a site administrator: the check was aborted',
  cancel_reversal: 'Reversal cancelled by a site administrator',
};

export const CORRECTION_MESSAGES: Record<LedgerAdminAction, string> = {
  release_hold: 'The hold was released: its pages are back on the balance.',
  cancel_hold: 'The hold was cancelled: the check was aborted and its pages are back on the balance.',
  cancel_reversal: 'The reversal was cancelled: its pages are back on the balance.',
};

/** Aborts the check a hold was for, when it is still running (locked first, as its own settlement locks it). */
async function abortCheckOf(tx: Queryable, hold: LedgerEntryRecord): Promise<void> {
  const subject = subjectOf(hold.reference);
  if (subject?.kind === 'document') {
    const check = await lockTextCheck(tx, subject.id);
    if (check?.state === TEXT_STATE.inProgress) await storeFailed(tx, subject.id, CHECK_ABORTED);
  } else if (subject?.kind === 'ai_check') {
    const check = await lockAiCheck(tx, subject.id);
    if (check !== null && (check.status === AI_CHECK_STATUS.queued || check.status === AI_CHECK_STATUS.processing)) {
      await storeOutcome(tx, subject.id, {
        status: AI_CHECK_STATUS.failed,
        lang: null,
        detectedLanguage: null,
        words: null,
        score: null,
        level: null,
        verdict: null,
        flagged: false,
        unfamiliar: null,
        chunks: [],
        processedPercent: 0,
        likelyPercent: 0,
        strongPercent: 0,
        modelVersion: null,
        error: CHECK_ABORTED,
      });
    }
  }
}

async function cancelHold(
  tx: Queryable,
  holdEntryId: number,
  correction: { adminUserId: number; note: string },
): Promise<{ entries: LedgerEntryRecord[]; isRepeat: boolean }> {
  const hold = await findEntry(tx, holdEntryId);
  if (hold === null) throw new AppError('not_found');
  if (hold.kind !== 'hold') throw new AppError('ledger_action_invalid', { message: 'This transaction is not a hold.' });
  await abortCheckOf(tx, hold);
  const first = await releaseHoldAsAdministrator(tx, holdEntryId, { action: 'cancel_hold', ...correction });
  if (first.isRepeat) return { entries: [first.entry], isRepeat: true };
  const entries = [first.entry];
  // the check's other holds still open (a document holds its bonus pages and its balance pages apart)
  if (hold.reference !== null && subjectOf(hold.reference) !== null) {
    for (const id of await findOpenHoldsOf(tx, hold.reference)) {
      const other = await releaseHoldAsAdministrator(tx, id, { action: 'cancel_hold', ...correction });
      entries.push(other.entry);
    }
  }
  return { entries, isRepeat: false };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Makes one correction. Two at once on the same entry (or a check settling it meanwhile) meet at the ledger's
 * once-only indexes: the loser's transaction fails and is run again, when it sees the winner's settlement.
 */
export async function correctLedger(
  db: Database,
  admin: UserRecord,
  entryId: number,
  action: LedgerAdminAction,
  note?: string,
): Promise<{ entries: Transaction[]; isRepeat: boolean }> {
  const correction = { adminUserId: admin.id, note: note === undefined || note === '' ? DEFAULT_NOTES[action] : note };
  const run = () =>
    db.transaction(async (tx): Promise<{ entries: LedgerEntryRecord[]; isRepeat: boolean }> => {
      if (action === 'cancel_hold') return cancelHold(tx, entryId, correction);
      const done: Correction =
        action === 'release_hold'
          ? await releaseHoldAsAdministrator(tx, entryId, { action, ...correction })
          : await cancelReversalAsAdministrator(tx, entryId, correction);
      return { entries: [done.entry], isRepeat: done.isRepeat };
    });
  let outcome: { entries: LedgerEntryRecord[]; isRepeat: boolean };
  try {
    outcome = await run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    outcome = await run();
  }
  const rows = await findTransactions(
    db,
    outcome.entries.map((entry) => entry.id),
  );
  return { entries: rows.map((row) => toTransaction(row, true)), isRepeat: outcome.isRepeat };
}
