import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { applyEntry, findEntry, findSettlementOf, type Bucket, type LedgerEntryRecord } from './ledger.repository.ts';

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
