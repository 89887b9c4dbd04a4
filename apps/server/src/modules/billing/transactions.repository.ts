import type { Queryable } from '../../db/database.ts';
import type { LedgerEntryRecord } from '../ledger/ledger.repository.ts';

/** A ledger entry with what its reader needs: who made it, and how a hold or a reversal ended. */
export type TransactionRow = LedgerEntryRecord & {
  actor_name: string | null;
  actor_email: string | null;
  /** A hold's settlement: 'charge' or 'release', and whether an administrator made it (which correction). */
  settled_kind: 'charge' | 'release' | null;
  settled_action: LedgerEntryRecord['admin_action'];
  /** A reversal an administrator cancelled. */
  is_cancelled: boolean;
};

const SELECT = `SELECT e.*, u.name AS actor_name, u.email AS actor_email,
    s.kind AS settled_kind, s.admin_action AS settled_action, (c.id IS NOT NULL) AS is_cancelled
  FROM ledger_entries e
  LEFT JOIN users u ON u.id = e.actor_user_id
  LEFT JOIN ledger_entries s ON s.hold_entry_id = e.id
  LEFT JOIN ledger_entries c ON c.cancels_entry_id = e.id`;

/** A page of an account's ledger, newest first, and how many entries it has. */
export async function listTransactions(
  db: Queryable,
  accountId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: TransactionRow[]; total: number }> {
  const { rows } = await db.query<TransactionRow>(
    `${SELECT} WHERE e.account_id = $1 ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
    [accountId, page.limit, page.offset],
  );
  const count = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM ledger_entries WHERE account_id = $1',
    [accountId],
  );
  return { rows, total: count.rows[0]?.total ?? 0 };
}

export async function findTransactions(db: Queryable, ids: readonly number[]): Promise<TransactionRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<TransactionRow>(`${SELECT} WHERE e.id = ANY($1::int[]) ORDER BY e.id`, [[...ids]]);
  return rows;
}

/** The holds of a check still open (not charged or released), by the check's reference ('text-check:12'). */
export async function findOpenHoldsOf(db: Queryable, reference: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT e.id FROM ledger_entries e
     WHERE e.kind = 'hold' AND e.reference = $1
       AND NOT EXISTS (SELECT 1 FROM ledger_entries s WHERE s.hold_entry_id = e.id)
     ORDER BY e.id`,
    [reference],
  );
  return rows.map((row) => row.id);
}

export async function findGroupName(db: Queryable, groupId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM groups WHERE id = $1', [groupId]);
  return rows[0]?.name ?? null;
}
