import type { Database } from '../../db/database.ts';
import { removeIndexEntries } from '../reuse/fingerprint-store.ts';
import { indexKey } from '../text-checks/text-checks.process.ts';
import { deleteTextChecks } from '../text-checks/text-checks.repository.ts';
import {
  deleteAiChecksOfUser,
  findExpiredGuests,
  findTextCheckIdsOfUser,
  lockExpiredGuest,
} from './guest-retention.repository.ts';
import { deleteUserRow } from './profile.repository.ts';

/** Guests deleted per statement batch; the sweep goes on until none is left. */
const BATCH = 200;

export type GuestSweepResult = { guests: number; textChecks: number; aiChecks: number; indexEntries: number };

/**
 * The guest retention sweep (issue 13, A5; GUEST_RETENTION_DAYS): a guest whose last activity (its creation or
 * its last check) is older than `days` is deleted, each in one transaction, as account deletion deletes a user
 * (account-deletion.ts): its plagiarism checks with their reports and AI checks, their entries in the reuse
 * index, its stand-alone AI checks, then the user (its account, ledger and sessions go with it, ON DELETE
 * CASCADE). A guest whose checks were handed over to an account (sign-up or login after a guest check) is kept
 * while its account still pays for them: those checks are the account's now and must not go with the guest.
 */
export async function deleteExpiredGuests(db: Database, days: number): Promise<GuestSweepResult> {
  const result: GuestSweepResult = { guests: 0, textChecks: 0, aiChecks: 0, indexEntries: 0 };
  for (;;) {
    const ids = await findExpiredGuests(db, days, BATCH);
    let deleted = 0;
    for (const id of ids) {
      const outcome = await db.transaction(async (tx) => {
        if (!(await lockExpiredGuest(tx, days, id))) return null;
        const checkIds = await findTextCheckIdsOfUser(tx, id);
        const indexEntries = await removeIndexEntries(tx, checkIds.map(indexKey));
        const documents = await deleteTextChecks(tx, checkIds);
        const aiChecks = await deleteAiChecksOfUser(tx, id);
        await deleteUserRow(tx, id);
        return { textChecks: documents.textChecks, aiChecks: documents.aiChecks + aiChecks, indexEntries };
      });
      if (outcome === null) continue;
      deleted += 1;
      result.guests += 1;
      result.textChecks += outcome.textChecks;
      result.aiChecks += outcome.aiChecks;
      result.indexEntries += outcome.indexEntries;
    }
    // a batch where every guest was kept (a check arrived meanwhile) would come back the same: stop
    if (ids.length < BATCH || deleted === 0) return result;
  }
}
