import { describe, expect, it } from 'vitest';
import { PAID_REDIRECT_MS, PENDING_LIMIT_MS, PENDING_POLL_MS, isLocalPath, pendingDecision } from './pendingPoll.ts';

const open = { payment: { state: 0 as const }, redirect_url: null };
const pending = { payment: { state: 1 as const }, redirect_url: null };
const paid = { payment: { state: 2 as const }, redirect_url: '/payment-success/1' };
const failed = { payment: { state: 3 as const }, redirect_url: null };

describe('the pending page polling decision', () => {
  it('polls every second while the payment is pending or not answered yet', () => {
    expect(PENDING_POLL_MS).toBe(1000);
    expect(pendingDecision({ order: pending, error: null, elapsedMs: 0 })).toEqual({ kind: 'poll', inMs: 1000 });
    expect(pendingDecision({ order: open, error: null, elapsedMs: 5000 })).toEqual({ kind: 'poll', inMs: 1000 });
    expect(pendingDecision({ order: null, error: 'other', elapsedMs: 3000 })).toEqual({ kind: 'poll', inMs: 1000 });
  });

  it('goes to redirect_url within at most 1 s once paid', () => {
    const decision = pendingDecision({ order: paid, error: null, elapsedMs: 2000 });
    expect(decision).toEqual({ kind: 'redirect', url: '/payment-success/1', inMs: PAID_REDIRECT_MS });
    expect(PAID_REDIRECT_MS).toBeLessThanOrEqual(1000);
    expect(pendingDecision({ order: { ...paid, redirect_url: null }, error: null, elapsedMs: 0 })).toMatchObject({
      url: '/payment-success/',
    });
  });

  it('a paid answer wins even on the last poll', () => {
    expect(pendingDecision({ order: paid, error: null, elapsedMs: PENDING_LIMIT_MS + 10 }).kind).toBe('redirect');
  });

  it('shows the failure for state 3, and not-found for an order that is not the caller’s', () => {
    expect(pendingDecision({ order: failed, error: null, elapsedMs: 0 })).toEqual({ kind: 'failed' });
    expect(pendingDecision({ order: null, error: 'not-found', elapsedMs: 0 })).toEqual({ kind: 'not-found' });
  });

  it('stops after 60 s without a result', () => {
    expect(PENDING_LIMIT_MS).toBe(60_000);
    expect(pendingDecision({ order: pending, error: null, elapsedMs: 60_000 })).toEqual({ kind: 'timeout' });
    expect(pendingDecision({ order: null, error: 'other', elapsedMs: 61_000 })).toEqual({ kind: 'timeout' });
    expect(pendingDecision({ order: pending, error: null, elapsedMs: 59_700 })).toEqual({ kind: 'poll', inMs: 300 });
  });

  it('follows only local paths inside the client', () => {
    expect(isLocalPath('/payment-success/')).toBe(true);
    expect(isLocalPath('//evil.example/x')).toBe(false);
    expect(isLocalPath('https://checkout.stripe.com/c/pay/cs_1')).toBe(false);
  });
});
