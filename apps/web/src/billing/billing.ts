import type { LedgerAdminAction, Transaction, TransactionType } from '@veritext/contracts';

/** The cabinet's Billing page (its /es twin: /es/profile/billing/) and the site administrators' corrections. */
export const BILLING_PATH = '/profile/billing/';
export const ADMIN_BILLING_PATH = '/admin/billing';

export const TRANSACTIONS_PER_PAGE = 20;
export const INVOICES_PER_PAGE = 10;

export function transactionsQueryKey(groupId: number | null, page: number): readonly unknown[] {
  return ['billing-transactions', groupId, page];
}

export function invoicesQueryKey(groupId: number | null, page: number): readonly unknown[] {
  return ['billing-invoices', groupId, page];
}

/** The spec's transaction types (commerce-and-cabinet.md §3), as the reader's language says them. */
export const TYPE_KEYS: Record<TransactionType, string> = {
  charge: 'billing.types.charge',
  deposit: 'billing.types.deposit',
  reverse: 'billing.types.reverse',
  hold: 'billing.types.hold',
  release: 'billing.types.release',
  bonus: 'billing.types.bonus',
  load_by_service: 'billing.types.load_by_service',
};

export const STATUS_KEYS: Record<NonNullable<Transaction['status']>, string> = {
  open: 'billing.status.open',
  charged: 'billing.status.charged',
  released: 'billing.status.released',
  cancelled: 'billing.status.cancelled',
};

const UNIT_KEYS: Record<Transaction['bucket'], string> = {
  balance: 'billing.units.pages',
  bonus: 'billing.units.bonus',
  ai_balance: 'billing.units.ai',
};

/** U+2212: a minus sign that reads as one (and is not a hyphen to a screen reader). */
export const MINUS = '\u2212';

/**
 * How an entry's sum reads: a sign, a count of its unit (pages, bonus pages, AI pages) and what happened to held
 * pages. A hold takes pages off the balance (they wait for the check); its charge spends them (no further change
 * of the balance, so no sign); a release gives them back.
 */
export function sumOf(entry: Pick<Transaction, 'type' | 'bucket' | 'sum' | 'held'>): {
  sign: '+' | typeof MINUS | '';
  count: number;
  unitKey: string;
  detailKey: string | null;
} {
  const unitKey = UNIT_KEYS[entry.bucket];
  if (entry.type === 'charge')
    return { sign: '', count: Math.abs(entry.held), unitKey, detailKey: 'billing.detail.charge' };
  const sign = entry.sum > 0 ? '+' : entry.sum < 0 ? MINUS : '';
  const detailKey =
    entry.type === 'hold' ? 'billing.detail.hold' : entry.type === 'release' ? 'billing.detail.release' : null;
  return { sign, count: Math.abs(entry.sum), unitKey, detailKey };
}

export const SUBJECT_KEYS: Record<NonNullable<Transaction['subject']>['kind'], string> = {
  document: 'billing.subject.document',
  ai_check: 'billing.subject.ai_check',
  order: 'billing.subject.order',
  subscription: 'billing.subject.subscription',
};

export const CORRECTION_KEYS: Record<LedgerAdminAction, { action: string; confirm: string; done: string }> = {
  release_hold: {
    action: 'billing.admin.release',
    confirm: 'billing.admin.confirmRelease',
    done: 'billing.admin.released',
  },
  cancel_hold: {
    action: 'billing.admin.cancelHold',
    confirm: 'billing.admin.confirmCancelHold',
    done: 'billing.admin.holdCancelled',
  },
  cancel_reversal: {
    action: 'billing.admin.cancelReversal',
    confirm: 'billing.admin.confirmCancelReversal',
    done: 'billing.admin.reversalCancelled',
  },
};

/** What a site administrator may do with an entry: an open hold is released or cancelled, a reversal cancelled. */
export function correctionsOf(
  entry: Pick<Transaction, 'type' | 'status' | 'admin_action' | 'sum'>,
): LedgerAdminAction[] {
  if (entry.type === 'hold' && entry.status === 'open') return ['release_hold', 'cancel_hold'];
  if (entry.type === 'reverse' && entry.admin_action === null && entry.status === null && entry.sum !== 0) {
    return ['cancel_reversal'];
  }
  return [];
}

/** Whose billing the page shows: an organisation the user owns (?group=ID), else the user's own (null). */
export function chooseScope(owned: readonly { id: number }[], requested: string | null): number | null {
  if (requested === null || !/^\d{1,9}$/.test(requested)) return null;
  const id = Number(requested);
  return owned.some((group) => group.id === id) ? id : null;
}
