import type { BillingAccount, Transaction } from '@veritext/contracts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser, type AccountRecord } from '../ledger/ledger.repository.ts';
import { ownsGroup } from './invoices.service.ts';
import { findGroupName, listTransactions, type TransactionRow } from './transactions.repository.ts';

/*
 * The ledger as its holder reads it (commerce-and-cabinet.md §3 "Transaction": type, date, by, sum): the caller's
 * own account, or an organisation's for its owner (role 1); site administrators read any (billing-admin.routes.ts).
 */

const SUBJECTS: readonly [RegExp, NonNullable<Transaction['subject']>['kind']][] = [
  [/^text-check:(\d+)$/, 'document'],
  [/^ai-check:(\d+)$/, 'ai_check'],
  [/^order:(\d+)(?::|$)/, 'order'],
  [/^subscription:(\d+)(?::|$)/, 'subscription'],
];

/** What an entry was for, read from its reference ('text-check:12', 'order:7:item:9'…). */
export function subjectOf(reference: string | null): Transaction['subject'] {
  if (reference === null) return null;
  for (const [pattern, kind] of SUBJECTS) {
    const match = pattern.exec(reference);
    if (match?.[1] !== undefined) return { kind, id: Number(match[1]) };
  }
  return null;
}

function statusOf(row: TransactionRow): Transaction['status'] {
  if (row.kind === 'hold') {
    if (row.settled_kind === null) return 'open';
    if (row.settled_kind === 'charge') return 'charged';
    return row.settled_action === 'cancel_hold' ? 'cancelled' : 'released';
  }
  if (row.kind === 'reverse' && row.admin_action === null) return row.is_cancelled ? 'cancelled' : null;
  return null;
}

/**
 * One entry as the reader sees it. An administrator's correction says "administrator" to the account's holder,
 * without naming them; a site administrator reading it (`forAdministrator`) sees who.
 */
export function toTransaction(row: TransactionRow, forAdministrator = false): Transaction {
  let by: Transaction['by'];
  if (row.admin_action !== null) {
    by = forAdministrator
      ? { kind: 'administrator', name: row.actor_name ?? '', email: row.actor_email }
      : { kind: 'administrator', name: '', email: null };
  } else if (row.actor_user_id === null) {
    by = { kind: 'system', name: '', email: null };
  } else {
    by = { kind: 'user', name: row.actor_name ?? '', email: row.actor_email };
  }
  return {
    id: row.id,
    type: row.kind,
    date: row.created_at.toISOString(),
    by,
    bucket: row.bucket,
    sum: row.available_delta,
    held: row.held_delta,
    note: row.note,
    subject: subjectOf(row.reference),
    status: statusOf(row),
    admin_action: row.admin_action,
  };
}

const balances = (a: AccountRecord | null) => ({
  balance: { balance: a?.balance ?? 0, bonus: a?.bonus ?? 0, ai_balance: a?.ai_balance ?? 0 },
  held: { balance: a?.held_balance ?? 0, bonus: a?.held_bonus ?? 0, ai_balance: a?.held_ai_balance ?? 0 },
});

export type TransactionsPage = {
  account: BillingAccount;
  transactions: Transaction[];
  total: number;
};

/** A page of one account's ledger (an account not made yet reads as empty). */
export async function ledgerPage(
  db: Queryable,
  owner: { kind: 'user'; user: Pick<UserRecord, 'id' | 'name' | 'email'> } | { kind: 'group'; groupId: number },
  query: { page: number; perPage: number; forAdministrator?: boolean },
): Promise<TransactionsPage> {
  let account: AccountRecord | null;
  let header: Pick<BillingAccount, 'kind' | 'group_id' | 'name'>;
  if (owner.kind === 'user') {
    account = await findAccountOfUser(db, owner.user.id);
    const name = owner.user.name.trim() === '' ? (owner.user.email ?? '') : owner.user.name;
    header = { kind: 'user', group_id: null, name };
  } else {
    const name = await findGroupName(db, owner.groupId);
    if (name === null) throw new AppError('not_found');
    account = await findAccountOfGroup(db, owner.groupId);
    header = { kind: 'group', group_id: owner.groupId, name };
  }
  const found =
    account === null
      ? { rows: [], total: 0 }
      : await listTransactions(db, account.id, {
          limit: query.perPage,
          offset: (query.page - 1) * query.perPage,
        });
  return {
    account: { ...header, ...balances(account) },
    transactions: found.rows.map((row) => toTransaction(row, query.forAdministrator === true)),
    total: found.total,
  };
}

/** The caller's own ledger, or (groupId) the organisation's, for its owner only. */
export async function transactionsOf(
  db: Queryable,
  user: UserRecord,
  query: { groupId: number | null; page: number; perPage: number },
): Promise<TransactionsPage> {
  if (query.groupId === null) return ledgerPage(db, { kind: 'user', user }, query);
  if (!(await ownsGroup(db, user.id, query.groupId))) {
    throw new AppError('group_owner_required', {
      message: 'Only the organisation owner can see its transactions.',
      fields: { group_id: 'not the owner' },
    });
  }
  return ledgerPage(db, { kind: 'group', groupId: query.groupId }, query);
}
