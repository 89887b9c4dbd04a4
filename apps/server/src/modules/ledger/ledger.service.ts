import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import {
  applyEntry,
  findCancellationOf,
  findEntry,
  findSettlementOf,
  lockEntry,
  type Bucket,
  type LedgerEntryRecord,
} from './ledger.repository.ts';

/**
 * The only way balances change (DESIGN.md §3). Each function takes the transaction of the action
 * that causes the change, so the entry and the action commit or roll back together.
 */

export type CreditKind = 'deposit' | 'bonus' | 'load_by_service';

function assertPositivePages(pages: number): void {
  if (!Number.isInteger(pages) || pages <= 0) throw new RangeError(`pages must be a positive integer (got ${pages})`);
}

function required(entry: LedgerEntryRecord | null, what: string): LedgerEntryRecord {
  if (entry === null) throw new Error(`ledger: ${what} was not recorded`);
  return entry;
}

export async function creditPages(
  tx: Queryable,
  credit: {
    accountId: number;
    bucket: Bucket;
    pages: number;
    kind: CreditKind;
    reference?: string;
    actorUserId?: number | null;
    note?: string;
  },
): Promise<LedgerEntryRecord> {
  assertPositivePages(credit.pages);
  const entry = await applyEntry(tx, {
    accountId: credit.accountId,
    kind: credit.kind,
    bucket: credit.bucket,
    availableDelta: credit.pages,
    heldDelta: 0,
    reference: credit.reference ?? null,
    actorUserId: credit.actorUserId ?? null,
    note: credit.note ?? '',
  });
  return required(entry, 'credit');
}

/** Reserves pages for work about to run; fails with insufficient_balance and changes nothing if they are not there. */
export async function holdPages(
  tx: Queryable,
  hold: { accountId: number; bucket: Bucket; pages: number; reference: string; actorUserId?: number | null },
): Promise<LedgerEntryRecord> {
  assertPositivePages(hold.pages);
  const entry = await applyEntry(tx, {
    accountId: hold.accountId,
    kind: 'hold',
    bucket: hold.bucket,
    availableDelta: -hold.pages,
    heldDelta: hold.pages,
    reference: hold.reference,
    actorUserId: hold.actorUserId ?? null,
  });
  if (entry === null) throw new AppError('insufficient_balance');
  return entry;
}

async function settleHold(tx: Queryable, holdEntryId: number, kind: 'charge' | 'release'): Promise<LedgerEntryRecord> {
  const hold = await findEntry(tx, holdEntryId);
  if (hold === null || hold.kind !== 'hold') throw new Error(`ledger: entry ${holdEntryId} is not a hold`);
  const existing = await findSettlementOf(tx, holdEntryId);
  if (existing !== null) {
    // Settling twice is a no-op when it is the same settlement: a retried job charges once.
    if (existing.kind === kind) return existing;
    // A hold a site administrator gave back is not charged afterwards: the work it held for is free (or aborted).
    if (kind === 'charge' && existing.admin_action !== null) return existing;
    throw new Error(`ledger: hold ${holdEntryId} was already settled by ${existing.kind}`);
  }
  const pages = hold.held_delta;
  const entry = await applyEntry(tx, {
    accountId: hold.account_id,
    kind,
    bucket: hold.bucket,
    availableDelta: kind === 'release' ? pages : 0,
    heldDelta: -pages,
    holdEntryId,
    reference: hold.reference,
    actorUserId: hold.actor_user_id,
  });
  return required(entry, kind);
}

/** Turns a hold into a charge: the pages are spent. */
export function chargeHold(tx: Queryable, holdEntryId: number): Promise<LedgerEntryRecord> {
  return settleHold(tx, holdEntryId, 'charge');
}

/** Gives held pages back, as when a check fails. */
export function releaseHold(tx: Queryable, holdEntryId: number): Promise<LedgerEntryRecord> {
  return settleHold(tx, holdEntryId, 'release');
}

/** What a site administrator's correction answers: its entry, and whether it had been made before (no change now). */
export type Correction = { entry: LedgerEntryRecord; isRepeat: boolean };

/**
 * A site administrator gives a hold's pages back (commerce-and-cabinet.md §4: release hold, cancel hold): a
 * 'release' entry marked with the action. The same correction again returns the first one; a hold charged, or
 * released by its check, refuses (hold_already_settled). The check it held for is the caller's business
 * (billing/ledger-admin.service.ts); if it still runs, its charge later finds the hold settled and spends nothing.
 */
export async function releaseHoldAsAdministrator(
  tx: Queryable,
  holdEntryId: number,
  correction: { action: 'release_hold' | 'cancel_hold'; adminUserId: number; note: string },
): Promise<Correction> {
  const hold = await lockEntry(tx, holdEntryId);
  if (hold === null) throw new AppError('not_found');
  if (hold.kind !== 'hold') throw new AppError('ledger_action_invalid', { message: 'This transaction is not a hold.' });
  const existing = await findSettlementOf(tx, holdEntryId);
  if (existing !== null) {
    if (existing.admin_action === correction.action) return { entry: existing, isRepeat: true };
    throw new AppError('hold_already_settled');
  }
  const entry = await applyEntry(tx, {
    accountId: hold.account_id,
    kind: 'release',
    bucket: hold.bucket,
    availableDelta: hold.held_delta,
    heldDelta: -hold.held_delta,
    holdEntryId,
    reference: hold.reference,
    actorUserId: correction.adminUserId,
    note: correction.note,
    adminAction: correction.action,
  });
  return { entry: required(entry, 'release'), isRepeat: false };
}

/**
 * A site administrator cancels a reversal (commerce-and-cabinet.md §4): the 'reverse' entry is undone by a
 * 'reverse' entry of the opposite sum on the same account and bucket, once (a second call returns the first).
 * A correction itself cannot be cancelled this way.
 */
export async function cancelReversalAsAdministrator(
  tx: Queryable,
  reverseEntryId: number,
  correction: { adminUserId: number; note: string },
): Promise<Correction> {
  const reversal = await lockEntry(tx, reverseEntryId);
  if (reversal === null) throw new AppError('not_found');
  if (reversal.kind !== 'reverse' || reversal.admin_action !== null || reversal.available_delta === 0) {
    throw new AppError('ledger_action_invalid', { message: 'This transaction is not a reversal.' });
  }
  const existing = await findCancellationOf(tx, reverseEntryId);
  if (existing !== null) return { entry: existing, isRepeat: true };
  const entry = await applyEntry(tx, {
    accountId: reversal.account_id,
    kind: 'reverse',
    bucket: reversal.bucket,
    availableDelta: -reversal.available_delta,
    heldDelta: 0,
    reference: reversal.reference,
    actorUserId: correction.adminUserId,
    note: correction.note,
    adminAction: 'cancel_reversal',
    cancelsEntryId: reverseEntryId,
  });
  // Only a reversal that added pages can take the balance below zero when undone.
  if (entry === null) throw new AppError('insufficient_balance');
  return { entry, isRepeat: false };
}
