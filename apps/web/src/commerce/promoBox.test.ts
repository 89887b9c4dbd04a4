import { describe, expect, it } from 'vitest';
import type { AppliedPromo } from './cart.ts';
import { initialPromoState, isPromoBusy, promoReducer, type PromoEvent, type PromoState } from './promoBox.ts';

const SPRING: AppliedPromo = { code: 'SPRING30', percent: 30, deleteUrl: '/order/delete_item/9' };

function run(state: PromoState, ...events: PromoEvent[]): PromoState {
  return events.reduce(promoReducer, state);
}

describe('the promo box state machine', () => {
  it('starts closed, or applied when the cart already has a promo line', () => {
    expect(initialPromoState(null)).toEqual({ kind: 'closed', error: null });
    expect(initialPromoState(SPRING)).toEqual({ kind: 'applied', promo: SPRING, error: null });
  });

  it('goes enter-code button -> input -> applying -> applied', () => {
    const closed = initialPromoState(null);
    const entering = run(closed, { type: 'open' }, { type: 'change', code: 'spring30' });
    expect(entering).toEqual({ kind: 'entering', code: 'spring30', error: null });
    const applying = promoReducer(entering, { type: 'submit' });
    expect(applying).toEqual({ kind: 'applying', code: 'spring30' });
    expect(isPromoBusy(applying)).toBe(true);
    expect(promoReducer(applying, { type: 'applied', promo: SPRING })).toEqual({
      kind: 'applied',
      promo: SPRING,
      error: null,
    });
  });

  it('keeps an empty code in the input with a required error (nothing is sent)', () => {
    const state = run(initialPromoState(null), { type: 'open' }, { type: 'change', code: '   ' }, { type: 'submit' });
    expect(state).toEqual({ kind: 'entering', code: '   ', error: { kind: 'required' } });
    expect(isPromoBusy(state)).toBe(false);
  });

  it("returns to the input with the server's message when the code is refused, and typing clears it", () => {
    const failed = run(
      initialPromoState(null),
      { type: 'open' },
      { type: 'change', code: 'NOPE' },
      { type: 'submit' },
      { type: 'failed', message: 'This promo code is not valid' },
    );
    expect(failed).toEqual({
      kind: 'entering',
      code: 'NOPE',
      error: { kind: 'server', message: 'This promo code is not valid' },
    });
    expect(promoReducer(failed, { type: 'change', code: 'NOPE2' })).toEqual({
      kind: 'entering',
      code: 'NOPE2',
      error: null,
    });
  });

  it('removes an applied code back to the enter-code button; a failed removal keeps it with the error', () => {
    const removing = promoReducer(initialPromoState(SPRING), { type: 'remove' });
    expect(removing).toEqual({ kind: 'removing', promo: SPRING });
    expect(promoReducer(removing, { type: 'removed' })).toEqual({ kind: 'closed', error: null });
    expect(promoReducer(removing, { type: 'failed', message: 'Network error occurred' })).toEqual({
      kind: 'applied',
      promo: SPRING,
      error: { kind: 'server', message: 'Network error occurred' },
    });
  });

  it('cancel closes the input', () => {
    expect(run(initialPromoState(null), { type: 'open' }, { type: 'cancel' })).toEqual({ kind: 'closed', error: null });
  });

  it("follows the server's cart when idle, and ignores it while a call is in flight", () => {
    expect(promoReducer(initialPromoState(null), { type: 'sync', promo: SPRING })).toEqual({
      kind: 'applied',
      promo: SPRING,
      error: null,
    });
    expect(promoReducer(initialPromoState(SPRING), { type: 'sync', promo: null })).toEqual({
      kind: 'closed',
      error: null,
    });
    const applying: PromoState = { kind: 'applying', code: 'X' };
    expect(promoReducer(applying, { type: 'sync', promo: null })).toBe(applying);
    const entering: PromoState = { kind: 'entering', code: 'AB', error: null };
    expect(promoReducer(entering, { type: 'sync', promo: null })).toBe(entering);
  });

  it('ignores events that do not belong to the current state', () => {
    const applied = initialPromoState(SPRING);
    expect(promoReducer(applied, { type: 'open' })).toBe(applied);
    expect(promoReducer(applied, { type: 'submit' })).toBe(applied);
    const closed = initialPromoState(null);
    expect(promoReducer(closed, { type: 'applied', promo: SPRING })).toBe(closed);
    expect(promoReducer(closed, { type: 'remove' })).toBe(closed);
  });
});
