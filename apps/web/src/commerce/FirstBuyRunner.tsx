import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { submitCheckout } from './checkoutForm.ts';
import { takeFirstBuy } from './firstBuy.ts';
import { useIsRegistered, useStoreCart } from './useCart.ts';

type RunState = { kind: 'idle' } | { kind: 'working' } | { kind: 'failed'; error: unknown };

/**
 * A guest's pending purchase (firstBuy), taken up once after login or sign-up where firstCheck is
 * (check-tool.md §4): added to the cart, then a form POST to checkout takes the user to the card page.
 */
export function FirstBuyRunner() {
  const { t } = useTranslation();
  const { storage, endpoints, modals } = useServices();
  const isRegistered = useIsRegistered();
  const storeCart = useStoreCart();
  const errorText = useErrorText();
  const lang = useLanguage();
  const [state, setState] = useState<RunState>({ kind: 'idle' });

  useEffect(() => {
    if (!isRegistered) return;
    const pending = takeFirstBuy(storage);
    if (pending === null) return;
    setState({ kind: 'working' });
    void (async () => {
      try {
        const cart = await endpoints.addToCart({ service: pending.service, quantity: pending.quantity });
        storeCart(cart);
        const fields = await endpoints.checkoutFields();
        submitCheckout<Node>(document, cart.order.checkout_url, { ...fields, language: lang });
      } catch (error) {
        setState({ kind: 'failed', error });
      }
    })();
  }, [isRegistered, storage, endpoints, storeCart, lang]);

  if (state.kind === 'idle') return null;
  if (state.kind === 'working') {
    return (
      <div className="first-buy alert alert--info" role="status" aria-live="polite">
        <Spinner size="sm" />
        <span>{t('commerce.firstBuy.working')}</span>
      </div>
    );
  }
  return (
    <div className="first-buy alert alert--error" role="alert">
      <p>
        {t('commerce.firstBuy.failed')} {errorText(state.error)}
      </p>
      <button
        type="button"
        className="button button--small"
        onClick={() => {
          modals.openModal('cart');
        }}
      >
        {t('commerce.firstBuy.openCart')}
      </button>
    </div>
  );
}
