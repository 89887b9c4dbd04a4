import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { cartView, promoOf, type AppliedPromo } from './cart.ts';
import { CartSummary } from './CartSummary.tsx';
import { submitCheckout } from './checkoutForm.ts';
import { funnelStep } from '../tracking/funnel.ts';
import { trackUserAction } from '../tracking/track.ts';
import { initialPromoState, promoReducer } from './promoBox.ts';
import { useCart, useStoreCart } from './useCart.ts';

/** The cart modal 'cart' ("Order summary"): lines, promo code, totals, checkout (commerce-and-cabinet.md §2, §4). */
export function CartModal() {
  const { t } = useTranslation();
  const { endpoints, modals, session } = useServices();
  const lang = useLanguage();
  const errorText = useErrorText();
  const cart = useCart();
  const storeCart = useStoreCart();
  const order = cart.data ?? null;
  const view = cartView(order, lang);

  const [promo, dispatch] = useReducer(promoReducer, view.promo, initialPromoState);
  const [removingId, setRemovingId] = useState<number | null>(null);
  const [isCheckingOut, setIsCheckingOut] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  const promoInputRef = useRef<HTMLInputElement | null>(null);
  const promoOpenRef = useRef<HTMLButtonElement | null>(null);

  // The server's cart is the truth for the promo line whenever nothing is in flight.
  const serverPromo = JSON.stringify(view.promo);
  useEffect(() => {
    dispatch({ type: 'sync', promo: JSON.parse(serverPromo) as AppliedPromo | null });
  }, [serverPromo]);

  // Focus follows the promo box: into the input when it opens, back to its button when it closes.
  const promoKind = promo.kind;
  const previousKind = useRef(promoKind);
  useEffect(() => {
    if (promoKind === 'entering' && previousKind.current === 'closed') promoInputRef.current?.focus();
    if (promoKind === 'closed' && previousKind.current !== 'closed') promoOpenRef.current?.focus();
    previousKind.current = promoKind;
  }, [promoKind]);

  async function remove(item: CartItem): Promise<void> {
    setRemovingId(item.id);
    setError(null);
    try {
      const response = await endpoints.removeFromCart(item.delete_url);
      storeCart(response);
      trackUserAction('RemoveFromCart');
      setNotice(response.message ?? t('commerce.cart.removed'));
      void session.refreshProfile().catch(() => undefined);
      // The modal closes when the last package is gone (§4).
      if (cartView(response.order, lang).count === 0) modals.closeAll();
      else listRef.current?.focus();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setRemovingId(null);
    }
  }

  async function applyPromo(): Promise<void> {
    if (promo.kind !== 'entering') return;
    const code = promo.code;
    dispatch({ type: 'submit' });
    if (code.trim() === '') return;
    setError(null);
    try {
      const response = await endpoints.applyCoupon(code);
      storeCart(response);
      const applied = promoOf(response.order.items);
      if (applied === null) dispatch({ type: 'failed', message: t('commerce.promo.notApplied') });
      else dispatch({ type: 'applied', promo: applied });
      setNotice(response.message ?? t('commerce.promo.appliedNotice'));
    } catch (failure) {
      dispatch({ type: 'failed', message: errorText(failure) });
    }
  }

  async function removePromo(): Promise<void> {
    if (promo.kind !== 'applied') return;
    const { deleteUrl } = promo.promo;
    dispatch({ type: 'remove' });
    try {
      const response = await endpoints.removeFromCart(deleteUrl);
      dispatch({ type: 'removed' });
      storeCart(response);
      setNotice(t('commerce.promo.removedNotice'));
    } catch (failure) {
      dispatch({ type: 'failed', message: errorText(failure) });
    }
  }

  async function checkout(): Promise<void> {
    if (!view.canCheckout) return;
    setIsCheckingOut(true);
    setError(null);
    try {
      const fields = await endpoints.checkoutFields();
      // tracked before the page is left (the posts are keepalive); checkout ends the funnel's visitor session
      trackUserAction('checkout');
      funnelStep('checkout');
      // A real form POST: the browser follows the server's 303 to the card-payment page.
      submitCheckout<Node>(document, view.checkoutUrl, { ...fields, language: lang });
    } catch (failure) {
      setError(errorText(failure));
      setIsCheckingOut(false);
    }
  }

  return (
    <ModalFrame title={t('commerce.cart.title')}>
      {cart.isPending ? (
        <LoadingBlock label={t('commerce.cart.loading')} />
      ) : cart.isError && order === null ? (
        <div className="alert alert--error" role="alert">
          <p>{errorText(cart.error)}</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              void cart.refetch();
            }}
          >
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <CartSummary
          view={view}
          lang={lang}
          promo={promo}
          removingId={removingId}
          isCheckingOut={isCheckingOut}
          error={error}
          notice={notice}
          listRef={listRef}
          promoInputRef={promoInputRef}
          promoOpenRef={promoOpenRef}
          onRemove={(item) => {
            void remove(item);
          }}
          onPromoOpen={() => {
            dispatch({ type: 'open' });
          }}
          onPromoChange={(code) => {
            dispatch({ type: 'change', code });
          }}
          onPromoCancel={() => {
            dispatch({ type: 'cancel' });
          }}
          onPromoSubmit={() => {
            void applyPromo();
          }}
          onPromoRemove={() => {
            void removePromo();
          }}
          onLeave={() => {
            modals.closeAll();
          }}
          onCheckout={() => {
            void checkout();
          }}
        />
      )}
    </ModalFrame>
  );
}
