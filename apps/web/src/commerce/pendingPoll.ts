import { PAYMENT_STATES, type Order } from '@veritext/contracts';

/** The pending page polls the order every second for up to a minute (contract: /payment/pending/{id}/). */
export const PENDING_POLL_MS = 1000;
export const PENDING_LIMIT_MS = 60_000;
/** A paid order moves on within at most 1 s (§4): long enough to announce it, well under the limit. */
export const PAID_REDIRECT_MS = 400;
export const DEFAULT_SUCCESS_URL = '/payment-success/';

export type PendingDecision =
  | { kind: 'poll'; inMs: number }
  | { kind: 'redirect'; url: string; inMs: number }
  | { kind: 'failed' }
  | { kind: 'not-found' }
  | { kind: 'timeout' };

export type PendingInput = {
  /** The last answer (null: none yet, or the last call failed). */
  order: Pick<Order, 'payment' | 'redirect_url'> | null;
  /** The last call's failure: the order is not the caller's (404), or another failure (retried). */
  error: 'not-found' | 'other' | null;
  elapsedMs: number;
};

/** What the pending page does next, from the last poll. */
export function pendingDecision({ order, error, elapsedMs }: PendingInput): PendingDecision {
  if (error === 'not-found') return { kind: 'not-found' };
  if (order !== null && error === null) {
    if (order.payment.state === PAYMENT_STATES.paid) {
      return { kind: 'redirect', url: order.redirect_url ?? DEFAULT_SUCCESS_URL, inMs: PAID_REDIRECT_MS };
    }
    if (order.payment.state === PAYMENT_STATES.failed) return { kind: 'failed' };
  }
  if (elapsedMs >= PENDING_LIMIT_MS) return { kind: 'timeout' };
  return { kind: 'poll', inMs: Math.min(PENDING_POLL_MS, PENDING_LIMIT_MS - elapsedMs) };
}

/** Whether a redirect URL is one of ours (a path), so it is followed inside the client. */
export function isLocalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}
