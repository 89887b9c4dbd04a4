import type { AppliedPromo } from './cart.ts';

/**
 * The promo box of the cart (commerce-and-cabinet.md §4): an "Enter promo code" button, then an input with
 * Apply, then the applied code with its percent and a remove button. Pure: the modal sends the calls.
 */
export type PromoError = { kind: 'required' } | { kind: 'server'; message: string };

export type PromoState =
  | { kind: 'closed'; error: PromoError | null }
  | { kind: 'entering'; code: string; error: PromoError | null }
  | { kind: 'applying'; code: string }
  | { kind: 'applied'; promo: AppliedPromo; error: PromoError | null }
  | { kind: 'removing'; promo: AppliedPromo };

export type PromoEvent =
  | { type: 'open' }
  | { type: 'change'; code: string }
  | { type: 'cancel' }
  | { type: 'submit' }
  | { type: 'applied'; promo: AppliedPromo }
  | { type: 'failed'; message: string }
  | { type: 'remove' }
  | { type: 'removed' }
  /** The cart was reloaded: its promo line is the truth when nothing is in flight. */
  | { type: 'sync'; promo: AppliedPromo | null };

export function initialPromoState(promo: AppliedPromo | null): PromoState {
  return promo === null ? { kind: 'closed', error: null } : { kind: 'applied', promo, error: null };
}

export function promoReducer(state: PromoState, event: PromoEvent): PromoState {
  switch (event.type) {
    case 'open':
      return state.kind === 'closed' ? { kind: 'entering', code: '', error: null } : state;
    case 'change':
      return state.kind === 'entering' ? { kind: 'entering', code: event.code, error: null } : state;
    case 'cancel':
      return state.kind === 'entering' ? { kind: 'closed', error: null } : state;
    case 'submit': {
      if (state.kind !== 'entering') return state;
      // The code is sent as typed (§5); only an empty box is stopped here.
      if (state.code.trim() === '') return { ...state, error: { kind: 'required' } };
      return { kind: 'applying', code: state.code };
    }
    case 'applied':
      return state.kind === 'applying' ? { kind: 'applied', promo: event.promo, error: null } : state;
    case 'failed':
      if (state.kind === 'applying') {
        return { kind: 'entering', code: state.code, error: { kind: 'server', message: event.message } };
      }
      if (state.kind === 'removing') {
        return { kind: 'applied', promo: state.promo, error: { kind: 'server', message: event.message } };
      }
      return state;
    case 'remove':
      return state.kind === 'applied' ? { kind: 'removing', promo: state.promo } : state;
    case 'removed':
      return state.kind === 'removing' ? { kind: 'closed', error: null } : state;
    case 'sync': {
      if (state.kind === 'applying' || state.kind === 'removing') return state;
      if (event.promo !== null) {
        return state.kind === 'applied' && samePromo(state.promo, event.promo)
          ? state
          : { kind: 'applied', promo: event.promo, error: null };
      }
      return state.kind === 'applied' ? { kind: 'closed', error: null } : state;
    }
  }
}

function samePromo(a: AppliedPromo, b: AppliedPromo): boolean {
  return a.code === b.code && a.percent === b.percent && a.deleteUrl === b.deleteUrl;
}

/** Whether a call is in flight (the box's controls are disabled and a progress indicator shows). */
export function isPromoBusy(state: PromoState): boolean {
  return state.kind === 'applying' || state.kind === 'removing';
}
