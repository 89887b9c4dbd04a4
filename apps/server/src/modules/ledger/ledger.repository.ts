import type { Queryable } from '../../db/database.ts';

export type Bucket = 'balance' | 'bonus' | 'ai_balance';
export type EntryKind = 'charge' | 'deposit' | 'reverse' | 'hold' | 'release' | 'bonus' | 'load_by_service';

export type AccountRecord = {
  id: number;
  user_id: number | null;
  group_id: number | null;
  balance: number;
  bonus: number;
  ai_balance: number;
  held_balance: number;
  held_bonus: number;
  held_ai_balance: number;
  balance_type: 1 | 2 | 3;
  negative_balance_allowed: boolean;
};

export type LedgerEntryRecord = {
  id: number;
  account_id: number;
  kind: EntryKind;
  bucket: Bucket;
  available_delta: number;
  held_delta: number;
  hold_entry_id: number | null;
  reference: string | null;
  actor_user_id: number | null;
  note: string;
  /** A site administrator's correction (billing/ledger-admin.service.ts), or null. */
  admin_action: 'release_hold' | 'cancel_hold' | 'cancel_reversal' | null;
  /** cancel_reversal: the 'reverse' entry this one undoes. */
  cancels_entry_id: number | null;
  created_at: Date;
};

// Column names come from this fixed map only, never from input.
const AVAILABLE_COLUMN: Record<Bucket, string> = { balance: 'balance', bonus: 'bonus', ai_balance: 'ai_balance' };
const HELD_COLUMN: Record<Bucket, string> = {
  balance: 'held_balance',
  bonus: 'held_bonus',
  ai_balance: 'held_ai_balance',
};

const ACCOUNT_COLUMNS =
  'id, user_id, group_id, balance, bonus, ai_balance, held_balance, held_bonus, held_ai_balance, balance_type, negative_balance_allowed';

export async function insertAccount(
  db: Queryable,
  owner: { userId: number } | { groupId: number },
): Promise<AccountRecord> {
  const { rows } = await db.query<AccountRecord>(
    `INSERT INTO accounts (user_id, group_id) VALUES ($1, $2) RETURNING ${ACCOUNT_COLUMNS}`,
    ['userId' in owner ? owner.userId : null, 'groupId' in owner ? owner.groupId : null],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insertAccount returned no row');
  return row;
}

export async function findAccountOfUser(db: Queryable, userId: number): Promise<AccountRecord | null> {
  const { rows } = await db.query<AccountRecord>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE user_id = $1`, [
    userId,
  ]);
  return rows[0] ?? null;
}

export async function findAccountOfGroup(db: Queryable, groupId: number): Promise<AccountRecord | null> {
  const { rows } = await db.query<AccountRecord>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE group_id = $1`, [
    groupId,
  ]);
  return rows[0] ?? null;
}

export async function findAccountById(db: Queryable, id: number): Promise<AccountRecord | null> {
  const { rows } = await db.query<AccountRecord>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * Moves the account's counters by the entry's deltas and records the entry. Returns null, changing
 * nothing, when the move would take a bucket below zero on an account that may not go negative.
 */
export async function applyEntry(
  db: Queryable,
  entry: {
    accountId: number;
    kind: EntryKind;
    bucket: Bucket;
    availableDelta: number;
    heldDelta: number;
    holdEntryId?: number | null;
    reference?: string | null;
    actorUserId?: number | null;
    note?: string;
    adminAction?: LedgerEntryRecord['admin_action'];
    cancelsEntryId?: number | null;
  },
): Promise<LedgerEntryRecord | null> {
  const available = AVAILABLE_COLUMN[entry.bucket];
  const held = HELD_COLUMN[entry.bucket];
  const updated = await db.query(
    `UPDATE accounts SET ${available} = ${available} + $1, ${held} = ${held} + $2
     WHERE id = $3 AND (negative_balance_allowed OR ${available} + $1 >= 0) AND ${held} + $2 >= 0
     RETURNING id`,
    [entry.availableDelta, entry.heldDelta, entry.accountId],
  );
  if (updated.rows.length === 0) return null;
  const { rows } = await db.query<LedgerEntryRecord>(
    `INSERT INTO ledger_entries (account_id, kind, bucket, available_delta, held_delta, hold_entry_id, reference, actor_user_id, note,
       admin_action, cancels_entry_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
    [
      entry.accountId,
      entry.kind,
      entry.bucket,
      entry.availableDelta,
      entry.heldDelta,
      entry.holdEntryId ?? null,
      entry.reference ?? null,
      entry.actorUserId ?? null,
      entry.note ?? '',
      entry.adminAction ?? null,
      entry.cancelsEntryId ?? null,
    ],
  );
  return rows[0] ?? null;
}

export async function findEntry(db: Queryable, id: number): Promise<LedgerEntryRecord | null> {
  const { rows } = await db.query<LedgerEntryRecord>('SELECT * FROM ledger_entries WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** The entry, locked for the rest of the transaction (one correction of it at a time). */
export async function lockEntry(db: Queryable, id: number): Promise<LedgerEntryRecord | null> {
  const { rows } = await db.query<LedgerEntryRecord>('SELECT * FROM ledger_entries WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

/** The entry that cancelled a reversal, if any. */
export async function findCancellationOf(db: Queryable, entryId: number): Promise<LedgerEntryRecord | null> {
  const { rows } = await db.query<LedgerEntryRecord>('SELECT * FROM ledger_entries WHERE cancels_entry_id = $1', [
    entryId,
  ]);
  return rows[0] ?? null;
}

export async function findSettlementOf(db: Queryable, holdEntryId: number): Promise<LedgerEntryRecord | null> {
  const { rows } = await db.query<LedgerEntryRecord>('SELECT * FROM ledger_entries WHERE hold_entry_id = $1', [
    holdEntryId,
  ]);
  return rows[0] ?? null;
}

export async function listEntries(db: Queryable, accountId: number): Promise<LedgerEntryRecord[]> {
  const { rows } = await db.query<LedgerEntryRecord>('SELECT * FROM ledger_entries WHERE account_id = $1 ORDER BY id', [
    accountId,
  ]);
  return rows;
}

/** Sums of the ledger per bucket: what the account's counters must equal. */
export async function sumEntries(
  db: Queryable,
  accountId: number,
): Promise<Record<Bucket, { available: number; held: number }>> {
  const { rows } = await db.query<{ bucket: Bucket; available: number; held: number }>(
    `SELECT bucket, COALESCE(SUM(available_delta), 0)::int AS available, COALESCE(SUM(held_delta), 0)::int AS held
     FROM ledger_entries WHERE account_id = $1 GROUP BY bucket`,
    [accountId],
  );
  const sums: Record<Bucket, { available: number; held: number }> = {
    balance: { available: 0, held: 0 },
    bonus: { available: 0, held: 0 },
    ai_balance: { available: 0, held: 0 },
  };
  for (const row of rows) sums[row.bucket] = { available: row.available, held: row.held };
  return sums;
}
