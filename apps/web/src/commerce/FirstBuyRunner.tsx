import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { fetchGroups } from '../check/groups.ts';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { submitCheckout } from './checkoutForm.ts';
import { takeFirstBuy, type FirstBuy } from './firstBuy.ts';
import { ownedGroups, subscriptionsPath } from './subscriptions.ts';
import { useIsRegistered, useStoreCart } from './useCart.ts';
import { useFollowUrl } from './useSubscribe.ts';
import { funnelStep } from '../tracking/funnel.ts';
import { trackUserAction } from '../tracking/track.ts';

type RunState =
  | { kind: 'idle' }
  | { kind: 'working'; buy: FirstBuy['kind'] }
  | { kind: 'failed'; buy: FirstBuy['kind']; error: unknown };

/** Thrown when a team plan waits for an organisation the new account does not own. */
class NoOrganisationError extends Error {}

/**
 * A guest's pending purchase (firstBuy), taken up once after login or sign-up where firstCheck is
 * (check-tool.md §4): a pack is added to the cart, then a form POST to checkout takes the user to the card page;
 * a subscription is started (for the organisation the account owns, for a team plan) and its card page opened.
 */
export function FirstBuyRunner() {
  const { t } = useTranslation();
  const { storage, endpoints, modals, client } = useServices();
  const isRegistered = useIsRegistered();
  const storeCart = useStoreCart();
  const errorText = useErrorText();
  const lang = useLanguage();
  const follow = useFollowUrl();
  const [state, setState] = useState<RunState>({ kind: 'idle' });

  useEffect(() => {
    if (!isRegistered) return;
    const pending = takeFirstBuy(storage);
    if (pending === null) return;
    setState({ kind: 'working', buy: pending.kind });
    void (async () => {
      try {
        if (pending.kind === 'subscription') {
          let groupId: number | null = null;
          if (pending.forOrganisation) {
            const owned = ownedGroups(await fetchGroups(client))[0];
            if (owned === undefined) throw new NoOrganisationError();
            groupId = owned.id;
          }
          const answer = await endpoints.subscribe({
            service: pending.service,
            groupId,
            language: lang,
            coupon: pending.coupon ?? null,
          });
          follow(answer.redirect_url);
          return;
        }
        const cart = await endpoints.addToCart({ service: pending.service, quantity: pending.quantity });
        storeCart(cart);
        trackUserAction('AddToCart');
        const fields = await endpoints.checkoutFields();
        trackUserAction('checkout');
        funnelStep('checkout');
        submitCheckout<Node>(document, cart.order.checkout_url, { ...fields, language: lang });
      } catch (error) {
        setState({ kind: 'failed', buy: pending.kind, error });
      }
    })();
  }, [isRegistered, storage, endpoints, storeCart, lang, client, follow]);

  if (state.kind === 'idle') return null;
  if (state.kind === 'working') {
    return (
      <div className="first-buy alert alert--info" role="status" aria-live="polite">
        <Spinner size="sm" />
        <span>{t(state.buy === 'subscription' ? 'subscriptions.firstBuy.working' : 'commerce.firstBuy.working')}</span>
      </div>
    );
  }
  if (state.buy === 'subscription') {
    return (
      <div className="first-buy alert alert--error" role="alert">
        <p>
          {t('subscriptions.firstBuy.failed')}{' '}
          {state.error instanceof NoOrganisationError ? t('subscriptions.team.noOrganisation') : errorText(state.error)}
        </p>
        <Link className="button button--small" to={subscriptionsPath(lang)}>
          {t('subscriptions.firstBuy.seePlans')}
        </Link>
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
