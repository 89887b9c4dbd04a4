import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { cartView } from './cart.ts';
import { useCart } from './useCart.ts';

/** The header's cart button with the number of packages; shown only when the cart is not empty. */
export function CartButtonView({ count, onOpen }: { count: number; onOpen: () => void }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <button
      type="button"
      className="cart-button"
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-label={t('commerce.header.cartLabel', { count })}
    >
      <svg className="cart-button__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M3 4h2l2.2 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.76L20 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="19" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19" r="1.5" fill="currentColor" />
      </svg>
      <span className="cart-button__count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
}

export function CartButton() {
  const { modals } = useServices();
  const cart = useCart();
  return (
    <CartButtonView
      count={cartView(cart.data ?? null).count}
      onOpen={() => {
        modals.openModal('cart');
      }}
    />
  );
}
