import type { AccountDeletedResponse } from '@veritext/contracts';
import type { FingerprintStore } from '@veritext/reuse';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { checkAccountPassword } from '../auth/login-throttle.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import { indexKey } from '../text-checks/text-checks.process.ts';
import {
  censusOfMemberships,
  countChecksInGroups,
  countIndexEntries,
  countSessionsOfUser,
  deleteGroups,
  deletePersonalChecks,
  deleteUserRow,
  findPersonalTextCheckIds,
  findTextCheckIdsOfGroups,
  lockUser,
  type MembershipCensus,
} from './profile.repository.ts';

/** An owner (role 1) who is the last owner of a group that has other members: ownership must move first. */
function blockingGroups(census: readonly MembershipCensus[]): MembershipCensus[] {
  return census.filter((group) => group.role === 1 && group.other_members > 0 && group.other_owners === 0);
}

/**
 * Deletes the account for good, confirmed with the current password (commerce-and-cabinet.md §2: "delete
 * account"). Deleted: the user, their sessions, API token, e-mail codes, agreements, personal account and
 * its ledger, their personal checks (text and AI) and those checks' documents in the reuse index, and any
 * organisation where they were the only member (with its checks and balance). Kept: checks they made inside
 * an organisation that has other members stay with that organisation, without their author (user_id NULL).
 * Refused while the user is the last administrator of an organisation with other members.
 */
export async function deleteAccount(
  db: Database,
  store: Pick<FingerprintStore, 'remove'>,
  user: UserRecord,
  currentPassword: string,
  log?: { error: (object: object, message: string) => void },
): Promise<AccountDeletedResponse['data']> {
  if (currentPassword === '') {
    throw new AppError('validation_failed', {
      message: 'Please enter the current password',
      fields: { current_password: 'required' },
    });
  }
  if (!(await checkAccountPassword(db, user, currentPassword))) {
    throw new AppError('current_password_invalid', { fields: { current_password: 'wrong' } });
  }

  const outcome = await db.transaction(async (tx) => {
    if (!(await lockUser(tx, user.id))) throw new AppError('unauthorized');
    const census = await censusOfMemberships(tx, user.id);
    const blocking = blockingGroups(census);
    if (blocking.length > 0) {
      throw new AppError('account_owns_group', { fields: { groups: blocking.map((group) => group.name).join(', ') } });
    }
    const soleGroups = census.filter((group) => group.other_members === 0).map((group) => group.group_id);
    const keptGroups = census.filter((group) => group.other_members > 0).map((group) => group.group_id);
    const checkIds = [
      ...(await findPersonalTextCheckIds(tx, user.id)),
      ...(await findTextCheckIdsOfGroups(tx, soleGroups)),
    ];
    const keys = checkIds.map(indexKey);
    const indexEntries = await countIndexEntries(tx, keys);
    const keptChecks = await countChecksInGroups(tx, user.id, keptGroups);
    const sessions = await countSessionsOfUser(tx, user.id);
    const personal = await deletePersonalChecks(tx, user.id);
    await deleteGroups(tx, soleGroups);
    await deleteUserRow(tx, user.id);
    return {
      keys,
      data: {
        deleted: {
          personal_checks: personal.textChecks,
          ai_checks: personal.aiChecks,
          index_entries: indexEntries,
          sessions,
          organisations: soleGroups.length,
        },
        kept: { organisation_checks: keptChecks, organisations: keptGroups.length },
      },
    };
  });

  // The documents leave the index once their checks are gone (the store writes in its own transactions).
  for (const key of outcome.keys) {
    try {
      await store.remove(key);
    } catch (error) {
      // The account is gone either way; the operator sees which document to remove by hand.
      log?.error({ err: error, key }, 'a deleted account’s document could not be removed from the index');
    }
  }
  return outcome.data;
}
