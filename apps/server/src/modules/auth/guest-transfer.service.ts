import type { Database } from '../../db/database.ts';
import { lockGuestAndAccount, moveAiChecksOfUser, moveTextChecksOfUser } from './guest-transfer.repository.ts';
import type { UserRecord } from './users.repository.ts';

export type GuestHandOver = { textChecks: number; aiChecks: number };

const NOTHING: GuestHandOver = { textChecks: 0, aiChecks: 0 };

/**
 * A guest signs up or logs in (issue 13 A1): the checks the guest made — plagiarism checks with their
 * reports, AI checks — become the account's, in one transaction, so the free check is in My Documents.
 *
 * Only a guest's data ever moves, and only to a real user: both are re-read under a row lock. What stays
 * with the guest: its account and ledger (the free pages it was given and spent: a check keeps the account
 * that paid for it, so a hold still open is settled there), and any free page left (an account never gains
 * pages by taking over a guest). The guest user is not deleted (its account pays for the moved checks); it is
 * left without data, and its cookie is cleared by the caller. The reuse index needs nothing: its keys are
 * the checks' ids (`check:<id>`), not their authors.
 */
export async function handOverGuestChecks(
  db: Database,
  guest: UserRecord | null,
  account: UserRecord,
): Promise<GuestHandOver> {
  if (guest === null || !guest.is_guest || account.is_guest || guest.id === account.id) return NOTHING;
  return db.transaction(async (tx) => {
    if (!(await lockGuestAndAccount(tx, guest.id, account.id))) return NOTHING;
    const textChecks = await moveTextChecksOfUser(tx, guest.id, account.id);
    const aiChecks = await moveAiChecksOfUser(tx, guest.id, account.id);
    return { textChecks, aiChecks };
  });
}
