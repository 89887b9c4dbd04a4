import {
  GROUP_BALANCE_TYPES,
  GROUP_DESCRIPTION_MAX,
  GROUP_MAX_MEMBERS_LIMIT,
  GROUP_SETTINGS_MESSAGES,
  ORGANISATION_NAME_MAX,
  ORGANISATION_NAME_TOO_LONG,
  SUBSCRIPTION_STATUSES,
  type GroupDeletedResponse,
  type GroupSettings,
} from '@veritext/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { generateApiToken } from '../auth/secrets.ts';
import { insertGroup, insertMembership, type UserRecord } from '../auth/users.repository.ts';
import { insertAccount } from '../ledger/ledger.repository.ts';
import { requireGroupOwner } from '../members/members.service.ts';
import { removeIndexEntries } from '../reuse/fingerprint-store.ts';
import { findLatestSubscriptionOfAccount } from '../subscriptions/subscriptions.repository.ts';
import { groupCollection } from '../text-checks/text-checks.submit.ts';
import {
  countRunningChecks,
  deleteAuthorlessChecks,
  deleteGroupRow,
  findGroupSettings,
  findIndexKeysToDrop,
  moveChecksToAuthors,
  revokeOthersShares,
  setGroupDescription,
  updateGroupAccount,
  updateGroupSettings,
  type GroupSettingsRecord,
} from './group-settings.repository.ts';

/**
 * The organisation settings of its owner (issue 17; commerce-and-cabinet.md §2, §4, §6), a team made by an
 * existing user, its deletion, and the member maximum. The server already enforces each setting where it applies:
 * text-checks.submit.ts (lock for students, website checks, balance type, the organisation's own index),
 * ai-checks.service.ts, the ledger (negative balance), members and invitations (the maximum).
 */

/** An active subscription (paid, renewing or past due) sets the balance type (3) until it ends. */
async function hasActiveSubscription(db: Queryable, accountId: number): Promise<boolean> {
  const latest = await findLatestSubscriptionOfAccount(db, accountId);
  return (
    latest !== null &&
    (latest.status === SUBSCRIPTION_STATUSES.active || latest.status === SUBSCRIPTION_STATUSES.pastDue)
  );
}

async function present(db: Queryable, record: GroupSettingsRecord): Promise<GroupSettings> {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    balance_type: record.balance_type,
    subscription_active: await hasActiveSubscription(db, record.account_id),
    hide_new_check_for_student: record.hide_new_check_for_student,
    website_checks_disabled: record.website_checks_disabled,
    negative_balance_allowed: record.negative_balance_allowed,
    keep_documents_private: !record.share_checked_documents,
    authorship_check_allowed: record.authorship_check_allowed,
    grammar_checker_enabled: record.grammar_checker_enabled,
    max_members: record.max_members,
    member_count: record.member_count,
    pending_invitations: record.pending_invitations,
    is_disabled: record.is_disabled,
    created_at: record.created_at.toISOString(),
  };
}

async function settingsOf(db: Queryable, groupId: number): Promise<GroupSettingsRecord> {
  const record = await findGroupSettings(db, groupId);
  if (record === null) throw new AppError('not_found');
  return record;
}

/** GET /api/v1/groups/{groupId}/settings/: the owner (role 1) only; anyone else 403, an unknown group 404. */
export async function getGroupSettings(db: Queryable, groupId: number, user: UserRecord): Promise<GroupSettings> {
  await requireGroupOwner(db, groupId, user);
  return present(db, await settingsOf(db, groupId));
}

/** The settings form as posted: text fields as typed, switches already booleans; a field left out keeps its value. */
export type GroupSettingsInput = {
  name?: string | undefined;
  description?: string | undefined;
  balance_type?: string | undefined;
  hide_new_check_for_student?: boolean | undefined;
  website_checks_disabled?: boolean | undefined;
  negative_balance_allowed?: boolean | undefined;
  keep_documents_private?: boolean | undefined;
  authorship_check_allowed?: boolean | undefined;
  grammar_checker_enabled?: boolean | undefined;
  max_members?: string | undefined;
};

type FieldErrors = { fields: Record<string, string>; messages: string[] };

function fail(errors: FieldErrors, field: string, code: string, message: string): void {
  errors.fields[field] = code;
  errors.messages.push(message);
}

function throwIfInvalid(errors: FieldErrors): void {
  const first = errors.messages[0];
  if (first !== undefined) throw new AppError('validation_failed', { message: first, fields: errors.fields });
}

/** A name: required, at most ORGANISATION_NAME_MAX characters once trimmed. */
function parseName(raw: string, errors: FieldErrors): string {
  const name = raw.trim();
  if (name === '') fail(errors, 'name', 'required', GROUP_SETTINGS_MESSAGES.nameRequired);
  else if (name.length > ORGANISATION_NAME_MAX) fail(errors, 'name', 'too_long', ORGANISATION_NAME_TOO_LONG);
  return name;
}

function parseDescription(raw: string, errors: FieldErrors): string {
  const description = raw.trim();
  if (description.length > GROUP_DESCRIPTION_MAX) {
    fail(errors, 'description', 'too_long', GROUP_SETTINGS_MESSAGES.descriptionTooLong);
  }
  return description;
}

/** '' = no maximum; else a whole number from 1 to GROUP_MAX_MEMBERS_LIMIT. */
function parseMaxMembers(raw: string, errors: FieldErrors): number | null {
  const value = raw.trim();
  if (value === '') return null;
  const number = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= 1 && number <= GROUP_MAX_MEMBERS_LIMIT)) {
    fail(errors, 'max_members', 'invalid', GROUP_SETTINGS_MESSAGES.maxMembersInvalid);
    return null;
  }
  return number;
}

/**
 * POST /api/v1/groups/{groupId}/settings/ (the owner only), in one transaction with the group's row locked. Refused:
 * a balance type other than 1 or 2, or any change of it while a subscription is active (it set 3); a member maximum
 * below the members the organisation has now; turning the negative balance off while the balance is below zero.
 * "Keep checked documents private" applies to documents checked from then on: those already in the index stay in
 * the collection they joined.
 */
export async function updateGroupSettingsOf(
  db: Database,
  groupId: number,
  user: UserRecord,
  input: GroupSettingsInput,
): Promise<GroupSettings> {
  await requireGroupOwner(db, groupId, user);
  return db.transaction(async (tx) => {
    const current = await findGroupSettings(tx, groupId, true);
    if (current === null) throw new AppError('not_found');
    const errors: FieldErrors = { fields: {}, messages: [] };
    const name = input.name === undefined ? current.name : parseName(input.name, errors);
    const description =
      input.description === undefined ? current.description : parseDescription(input.description, errors);
    const maxMembers =
      input.max_members === undefined ? current.max_members : parseMaxMembers(input.max_members, errors);
    let balanceType = current.balance_type;
    if (input.balance_type !== undefined && input.balance_type.trim() !== String(current.balance_type)) {
      const wanted = input.balance_type.trim();
      if (wanted !== String(GROUP_BALANCE_TYPES.sharedPool) && wanted !== String(GROUP_BALANCE_TYPES.perUser)) {
        fail(errors, 'balance_type', 'invalid', GROUP_SETTINGS_MESSAGES.balanceTypeInvalid);
      } else {
        balanceType = Number(wanted) as 1 | 2;
      }
    }
    if (maxMembers !== null && errors.fields['max_members'] === undefined && maxMembers < current.member_count) {
      fail(
        errors,
        'max_members',
        'below_members',
        `${GROUP_SETTINGS_MESSAGES.maxMembersBelowCount} (${String(current.member_count)}).`,
      );
    }
    const negativeAllowed = input.negative_balance_allowed ?? current.negative_balance_allowed;
    if (!negativeAllowed && (current.balance < 0 || current.bonus < 0 || current.ai_balance < 0)) {
      fail(
        errors,
        'negative_balance_allowed',
        'balance_below_zero',
        'The organisation’s balance is below zero: add pages before you turn the negative balance off.',
      );
    }
    throwIfInvalid(errors);
    if (balanceType !== current.balance_type && (await hasActiveSubscription(tx, current.account_id))) {
      throw new AppError('group_subscription_active', { fields: { balance_type: 'subscription_active' } });
    }
    await updateGroupSettings(tx, groupId, {
      name,
      description,
      balance_type: balanceType,
      hide_new_check_for_student: input.hide_new_check_for_student ?? current.hide_new_check_for_student,
      website_checks_disabled: input.website_checks_disabled ?? current.website_checks_disabled,
      share_checked_documents:
        input.keep_documents_private === undefined ? current.share_checked_documents : !input.keep_documents_private,
      authorship_check_allowed: input.authorship_check_allowed ?? current.authorship_check_allowed,
      grammar_checker_enabled: input.grammar_checker_enabled ?? current.grammar_checker_enabled,
      max_members: maxMembers,
    });
    await updateGroupAccount(tx, current.account_id, {
      balance_type: balanceType,
      negative_balance_allowed: negativeAllowed,
    });
    return present(tx, await settingsOf(tx, groupId));
  });
}

/* ---------------- a team made by an existing user ---------------- */

/**
 * POST /api/v1/groups/: a signed-in user (not a guest) makes a team and becomes its administrator (role 1): the
 * group, its account (empty: an existing user's team gets no sign-up bonus, else every new team would mint pages)
 * and its API token, in one transaction, as an organisation sign-up makes them.
 */
export async function createTeam(
  db: Database,
  user: UserRecord,
  input: { name: string; description?: string | undefined },
): Promise<{ id: number; name: string }> {
  if (user.is_guest) throw new AppError('forbidden', { message: 'Please sign up to create a team.' });
  const errors: FieldErrors = { fields: {}, messages: [] };
  const name = parseName(input.name, errors);
  const description = parseDescription(input.description ?? '', errors);
  throwIfInvalid(errors);
  return db.transaction(async (tx) => {
    const token = generateApiToken();
    const group = await insertGroup(tx, {
      name,
      createdByUserId: user.id,
      apiToken: token.token,
      apiTokenHash: token.hash,
    });
    if (description !== '') await setGroupDescription(tx, group.id, description);
    await insertMembership(tx, group.id, user.id, 1);
    await insertAccount(tx, { groupId: group.id });
    return { id: group.id, name: group.name };
  });
}

/* ---------------- deleting a team ---------------- */

/**
 * POST /api/v1/groups/{groupId}/delete/ (the owner only; `confirm` is the organisation's name as shown): every
 * member goes on with their individual account; the checks made in the organisation become their authors' own
 * private checks (no group: only the author reads them, not the former owner or teachers); documents in the
 * organisation's private index collection leave the index (the organisation kept them out of everyone's, and its
 * own is searched by nobody once it is gone), those it shared stay in everyone's; report links that others made on
 * them stop working. Checks without an author (made with the organisation's token, or by a deleted account) go
 * with it. The balance is not transferred. Pending invitations and registration links go. Refused while a
 * subscription still renews (cancel it first: 409 group_delete_subscription) and while a check is running.
 */
export async function deleteTeam(
  db: Database,
  groupId: number,
  user: UserRecord,
  confirm: string,
): Promise<GroupDeletedResponse['data']> {
  const ctx = await requireGroupOwner(db, groupId, user);
  if (confirm.trim() !== ctx.groupName.trim()) {
    throw new AppError('validation_failed', {
      message: GROUP_SETTINGS_MESSAGES.confirmMismatch,
      fields: { confirm: 'mismatch' },
    });
  }
  return db.transaction(async (tx) => {
    const group = await findGroupSettings(tx, groupId, true);
    if (group === null) throw new AppError('not_found');
    const subscription = await findLatestSubscriptionOfAccount(tx, group.account_id);
    const renews =
      subscription !== null &&
      (subscription.status === SUBSCRIPTION_STATUSES.active || subscription.status === SUBSCRIPTION_STATUSES.pastDue) &&
      !subscription.cancel_at_period_end;
    if (renews) throw new AppError('group_delete_subscription');
    if ((await countRunningChecks(tx, groupId)) > 0) throw new AppError('group_delete_checks_running');

    const privateCollection = groupCollection({ id: groupId, share_checked_documents: false });
    const keys = await findIndexKeysToDrop(tx, groupId, privateCollection);
    await removeIndexEntries(tx, keys);
    const moved = await moveChecksToAuthors(tx, groupId, privateCollection);
    await revokeOthersShares(tx, moved.documents);
    const deleted = await deleteAuthorlessChecks(tx, groupId);
    await deleteGroupRow(tx, groupId);
    return {
      members: group.member_count,
      checks_moved: moved.documents.length + moved.aiChecks,
      checks_deleted: deleted,
      pages_lost: Math.max(0, group.balance) + Math.max(0, group.bonus),
      ai_pages_lost: Math.max(0, group.ai_balance),
    };
  });
}
