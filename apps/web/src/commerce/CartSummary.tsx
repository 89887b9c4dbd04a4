import { useId, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CartItem, SiteLanguage, UiLanguage } from '@veritext/contracts';
import { Spinner } from '../components/Spinner.tsx';
import { localisedPath } from '../language/language.ts';
import { LEGAL_PATHS } from '../legal/legalPaths.ts';
import { addMorePlacement, pageCountOf, type CartView } from './cart.ts';
import { formatCount } from '../i18n/format.ts';
import { formatCents, formatRate } from './money.ts';
import { isPromoBusy, type PromoState } from './promoBox.ts';
import { useUiLanguage } from '../language/useLanguage.ts';

export type CartSummaryProps = {
  view: CartView;
  lang: SiteLanguage;
  promo: PromoState;
  /** The line being removed (its button shows progress), or null. */
  removingId: number | null;
  isCheckingOut: boolean;
  /** The last failure, announced (role=alert); null: none. */
  error: string | null;
  /** The last confirmation from the server ("Promo code applied"), announced politely. */
  notice: string | null;
  onRemove: (item: CartItem) => void;
  onPromoOpen: () => void;
  onPromoChange: (code: string) => void;
  onPromoCancel: () => void;
  onPromoSubmit: () => void;
  onPromoRemove: () => void;
  /** A link that leaves the modal (Add more packages, Refund policy, Contact us) closes it. */
  onLeave: () => void;
  onCheckout: () => void;
  listRef?: RefObject<HTMLUListElement | null>;
  promoInputRef?: RefObject<HTMLInputElement | null>;
  promoOpenRef?: RefObject<HTMLButtonElement | null>;
};

function AddMoreLink({ lang, onLeave, placement }: { lang: SiteLanguage; onLeave: () => void; placement: string }) {
  const { t } = useTranslation();
  return (
    <div className={`cart__add-more cart__add-more--${placement}`}>
      <Link to={localisedPath('/pricing/', lang)} className="button button--ghost button--small" onClick={onLeave}>
        <span aria-hidden="true">+</span> {t('commerce.cart.addMore')}
      </Link>
    </div>
  );
}

function LineDetails({ item, lang }: { item: CartItem; lang: UiLanguage }) {
  const { t } = useTranslation();
  const pages = pageCountOf(item);
  const parts: string[] = [];
  if (pages !== null) parts.push(t('commerce.cart.pages', { count: pages, number: formatCount(pages, lang) }));
  if (item.quantity > 1) {
    parts.push(t('commerce.cart.quantity', { count: item.quantity, number: formatCount(item.quantity, lang) }));
  }
  if (item.group_id !== null) parts.push(t('commerce.cart.forGroup'));
  if (parts.length === 0) return null;
  return <span className="cart-line__details">{parts.join(' · ')}</span>;
}

function PromoBox(props: CartSummaryProps) {
  const { t } = useTranslation();
  const ui = useUiLanguage();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const { promo } = props;
  const busy = isPromoBusy(promo);
  const errorMessage =
    'error' in promo && promo.error !== null
      ? promo.error.kind === 'required'
        ? t('commerce.promo.required')
        : promo.error.message
      : null;

  if (promo.kind === 'applied' || promo.kind === 'removing') {
    return (
      <div className="promo promo--applied">
        <p className="promo__applied">
          <span className="promo__badge">{promo.promo.code}</span>
          <span>{t('commerce.promo.applied', { percent: formatRate(promo.promo.percent, ui) })}</span>
        </p>
        <button
          type="button"
          className="link-button promo__remove"
          onClick={props.onPromoRemove}
          disabled={busy}
          aria-busy={promo.kind === 'removing'}
          aria-label={t('commerce.promo.removeLabel', { code: promo.promo.code })}
        >
          {promo.kind === 'removing' ? <Spinner size="sm" /> : null}
          {t('commerce.promo.remove')}
        </button>
        {errorMessage === null ? null : (
          <p className="field__error" role="alert">
            {errorMessage}
          </p>
        )}
      </div>
    );
  }

  if (promo.kind === 'closed') {
    return (
      <div className="promo">
        <button type="button" className="link-button" ref={props.promoOpenRef} onClick={props.onPromoOpen}>
          {t('commerce.promo.enter')}
        </button>
      </div>
    );
  }

  return (
    <form
      className="promo promo--form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onPromoSubmit();
      }}
    >
      <label htmlFor={inputId} className="field__label">
        {t('commerce.promo.label')}
      </label>
      <div className={errorMessage === null ? 'promo__row field' : 'promo__row field field--invalid'}>
        <input
          id={inputId}
          ref={props.promoInputRef}
          className="field__input"
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
          value={promo.code}
          readOnly={busy}
          aria-invalid={errorMessage === null ? undefined : true}
          aria-describedby={errorMessage === null ? undefined : errorId}
          onChange={(event) => {
            props.onPromoChange(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !busy) {
              event.stopPropagation();
              props.onPromoCancel();
            }
          }}
        />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="sm" /> : null}
          {t('commerce.promo.apply')}
        </button>
      </div>
      {errorMessage === null ? null : (
        <p id={errorId} className="field__error" role="alert">
          {errorMessage}
        </p>
      )}
    </form>
  );
}

/** The body of the cart modal "Order summary" (commerce-and-cabinet.md §2); state lives in CartModal. */
export function CartSummary(props: CartSummaryProps) {
  const { t } = useTranslation();
  const ui = useUiLanguage();
  const { view, lang } = props;
  const placement = addMorePlacement(view.count);
  const anyBusy = props.removingId !== null || props.isCheckingOut || isPromoBusy(props.promo);

  return (
    <div className="cart" data-placement={placement}>
      {placement === 'top' ? <AddMoreLink lang={lang} onLeave={props.onLeave} placement="top" /> : null}

      {view.count === 0 ? (
        <p className="cart__empty">{t('commerce.cart.empty')}</p>
      ) : (
        <ul className="cart__items" aria-label={t('commerce.cart.itemsLabel')} tabIndex={-1} ref={props.listRef}>
          {view.products.map((item) => (
            <li key={item.id} className="cart-line" data-item-id={item.id}>
              <div className="cart-line__main">
                <span className="cart-line__name">{item.service.name}</span>
                <LineDetails item={item} lang={ui} />
              </div>
              <span className="cart-line__price">{formatCents(item.price, ui)}</span>
              <button
                type="button"
                className="icon-button cart-line__remove"
                onClick={() => {
                  props.onRemove(item);
                }}
                disabled={anyBusy}
                aria-busy={props.removingId === item.id}
                aria-label={t('commerce.cart.remove', { name: item.service.name })}
              >
                {props.removingId === item.id ? <Spinner size="sm" /> : <span aria-hidden="true">×</span>}
              </button>
            </li>
          ))}
        </ul>
      )}

      {placement === 'below-items' ? <AddMoreLink lang={lang} onLeave={props.onLeave} placement="below-items" /> : null}

      {view.count === 0 ? null : <PromoBox {...props} />}

      <dl className="cart__totals" aria-live="polite" aria-atomic="true">
        <div>
          <dt>{t('commerce.cart.subtotal')}</dt>
          <dd>{view.totals.subtotal}</dd>
        </div>
        {view.hasDiscount ? (
          <div className="cart__discount">
            <dt>{t('commerce.cart.discount')}</dt>
            <dd>{view.totals.discount}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('commerce.cart.vat', { percent: view.totals.vatRate })}</dt>
          <dd>{view.totals.vat}</dd>
        </div>
        <div className="cart__total">
          <dt>{t('commerce.cart.total')}</dt>
          <dd>{view.totals.gross}</dd>
        </div>
      </dl>

      <div className="cart__messages">
        {props.error === null ? null : (
          <div className="alert alert--error" role="alert">
            {props.error}
          </div>
        )}
        <p className="visually-hidden" role="status">
          {props.notice ?? ''}
        </p>
      </div>

      <button
        type="button"
        className="button button--primary button--large button--block"
        disabled={!view.canCheckout || anyBusy}
        aria-busy={props.isCheckingOut}
        onClick={props.onCheckout}
      >
        {props.isCheckingOut ? <Spinner size="sm" /> : null}
        {props.isCheckingOut ? t('commerce.cart.redirecting') : t('commerce.cart.checkout')}
      </button>

      <p className="cart__links">
        <Link to={localisedPath(LEGAL_PATHS.refund, lang)} onClick={props.onLeave}>
          {t('legal.names.refund')}
        </Link>
        <Link to={localisedPath(LEGAL_PATHS.cancellation, lang)} onClick={props.onLeave}>
          {t('legal.names.cancellation')}
        </Link>
        <Link to={localisedPath('/contact-us/', lang)} onClick={props.onLeave}>
          {t('commerce.cart.contact')}
        </Link>
      </p>
    </div>
  );
}
