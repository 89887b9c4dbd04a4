import { useId, type SyntheticEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  SiteLanguage,
  Subscription,
  SubscriptionKind,
  SubscriptionPlan,
  SubscriptionPlansResponse,
} from '@veritext/contracts';
import { Spinner } from '../components/Spinner.tsx';
import { formatCount } from '../i18n/format.ts';
import { localisedPath } from '../language/language.ts';
import { LEGAL_PATHS } from '../legal/legalPaths.ts';
import { TabList, panelId, tabId } from '../report/TabList.tsx';
import { formatCents, formatRate } from './money.ts';
import { QUOTE_PATH } from './pricing.ts';
import {
  SUBSCRIPTION_TABS,
  displayPlanName,
  formatSubscriptionDate,
  planChoice,
  submitLabelKey,
  type PlanChoice,
} from './subscriptions.ts';

export const SUBSCRIPTIONS_ID_PREFIX = 'subscriptions';

/**
 * Who is looking, for the tab shown: 'buy' (a user who may buy for the paying account), 'signup' (a visitor or
 * guest: signs up first), 'member' (team tab, a member who owns no organisation: asks the administrator),
 * 'noOrganisation' (team tab, a user without any organisation).
 */
export type SubscriptionAccess = 'buy' | 'signup' | 'member' | 'noOrganisation';

/** A paying account the user may choose (null id: one's own account). */
export type PayingAccount = { id: number | null; name: string };

export type SubscriptionPlansProps = {
  plans: SubscriptionPlansResponse;
  tab: SubscriptionKind;
  lang: SiteLanguage;
  /** The paying account's live subscription, or null. */
  live: Subscription | null;
  selectedKey: string | null;
  access: SubscriptionAccess;
  /** The accounts the plan may be bought for; fewer than two: no choice shown (one is named when given). */
  accounts: readonly PayingAccount[];
  accountId: number | null;
  /** The paying account's subscriptions are still loading: nothing can be bought yet. */
  isLoadingLive: boolean;
  /** A subscribe or upgrade call is under way. */
  isBusy: boolean;
  error: string | null;
  /** What the last upgrade did, or null. */
  notice: string | null;
  onTabChange: (tab: SubscriptionKind) => void;
  onSelect: (key: string) => void;
  onAccountChange: (id: number | null) => void;
  onSubmit: () => void;
  onNotify: () => void;
  /** A promo code for the first month (only when starting a plan). */
  coupon: string;
  onCouponChange: (value: string) => void;
};

const TAB_LABEL_KEYS = {
  individ: 'subscriptions.tabs.individ',
  team: 'subscriptions.tabs.team',
  ai: 'subscriptions.tabs.ai',
} as const;

function PlanFacts({ plan, lang }: { plan: SubscriptionPlan; lang: SiteLanguage }) {
  const { t } = useTranslation();
  return (
    <ul className="sub-card__facts">
      {plan.pages > 0 ? (
        <li>{t('subscriptions.pagesPerMonth', { count: plan.pages, number: formatCount(plan.pages, lang) })}</li>
      ) : null}
      {plan.ai_pages > 0 ? (
        <li>
          {t('subscriptions.aiPagesPerMonth', { count: plan.ai_pages, number: formatCount(plan.ai_pages, lang) })}
        </li>
      ) : null}
    </ul>
  );
}

function PlanPrice({ plan, lang }: { plan: SubscriptionPlan; lang: SiteLanguage }) {
  const { t } = useTranslation();
  return (
    <p className="plan-card__price sub-card__price">
      {formatCents(plan.price, lang)}
      <span className="sub-card__period"> {t('subscriptions.perMonth')}</span>
    </p>
  );
}

/** A plan card that can be chosen: a radio button in a card (the whole card is its label). */
function ChoosablePlan({
  plan,
  choice,
  isSelected,
  name,
  lang,
  isDisabled,
  onSelect,
}: {
  plan: SubscriptionPlan;
  choice: PlanChoice;
  isSelected: boolean;
  name: string;
  lang: SiteLanguage;
  isDisabled: boolean;
  onSelect: (key: string) => void;
}) {
  const { t } = useTranslation();
  const isActive = choice === 'active';
  const classes = ['plan-card', 'sub-card'];
  if (isSelected) classes.push('is-selected');
  if (isActive) classes.push('is-active');
  if (choice === 'lower') classes.push('is-lower');
  return (
    <li className="sub-card__item" data-plan={plan.key}>
      <label className={classes.join(' ')}>
        <span className="plan-card__head">
          <span className="sub-card__choice">
            <input
              type="radio"
              className="sub-card__radio"
              name={name}
              value={plan.key}
              checked={isSelected}
              disabled={isActive || isDisabled}
              onChange={() => {
                onSelect(plan.key);
              }}
            />
            <span className="plan-card__name">{displayPlanName(plan.name)}</span>
          </span>
          {isActive ? <span className="pill sub-card__active">{t('subscriptions.active')}</span> : null}
        </span>
        <PlanPrice plan={plan} lang={lang} />
        <PlanFacts plan={plan} lang={lang} />
      </label>
    </li>
  );
}

/** A plan card shown for information only (who cannot buy sees the plans too). */
function PlanInfo({ plan, lang, isActive }: { plan: SubscriptionPlan; lang: SiteLanguage; isActive: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="sub-card__item" data-plan={plan.key}>
      <div className={isActive ? 'plan-card sub-card is-active' : 'plan-card sub-card'}>
        <div className="plan-card__head">
          <h3 className="plan-card__name">{displayPlanName(plan.name)}</h3>
          {isActive ? <span className="pill sub-card__active">{t('subscriptions.active')}</span> : null}
        </div>
        <PlanPrice plan={plan} lang={lang} />
        <PlanFacts plan={plan} lang={lang} />
      </div>
    </li>
  );
}

function NeedMoreCard({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <li className="sub-card__item" data-plan="custom">
      <section className="plan-card plan-card--custom sub-card" aria-labelledby={titleId}>
        <h3 className="plan-card__name" id={titleId}>
          {t('subscriptions.team.needMore')}
        </h3>
        <p className="plan-card__amount">{t('subscriptions.team.needMoreLead')}</p>
        <Link to={localisedPath(QUOTE_PATH, lang)} className="button button--block">
          {t('subscriptions.team.getQuote')}
        </Link>
      </section>
    </li>
  );
}

/** Where the paying account's plan stands: renews on, ends on, or a declined renewal being retried. */
function CurrentPlan({ live, lang }: { live: Subscription; lang: SiteLanguage }) {
  const { t } = useTranslation();
  const name = displayPlanName(live.service.name);
  let text: string;
  if (live.status === 3) text = t('subscriptions.current.pastDue', { name });
  else if (live.cancel_at_period_end) {
    text = t('subscriptions.current.cancelled', { name, date: formatSubscriptionDate(live.end_date, lang) ?? '' });
  } else {
    text = t('subscriptions.current.active', { name, date: formatSubscriptionDate(live.renewal_date, lang) ?? '' });
  }
  return <p className="subscription-widget__current">{text}</p>;
}

function AccountChoice({
  accounts,
  accountId,
  isDisabled,
  onChange,
}: {
  accounts: readonly PayingAccount[];
  accountId: number | null;
  isDisabled: boolean;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const only = accounts.length === 1 ? accounts[0] : undefined;
  if (only !== undefined) {
    return only.id === null ? null : (
      <p className="subscription-widget__for">{t('subscriptions.forOrganisation', { name: only.name })}</p>
    );
  }
  if (accounts.length === 0) return null;
  return (
    <div className="subscription-widget__for field">
      <label htmlFor={selectId} className="field__label">
        {t('subscriptions.payingFor')}
      </label>
      <select
        id={selectId}
        className="field__input"
        value={accountId === null ? '' : String(accountId)}
        disabled={isDisabled}
        onChange={(event) => {
          onChange(event.target.value === '' ? null : Number(event.target.value));
        }}
      >
        {accounts.map((account) => (
          <option key={account.id ?? 'own'} value={account.id === null ? '' : String(account.id)}>
            {account.id === null ? t('subscriptions.ownAccount') : account.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The notes under the plans: promo codes, renewal and cancellation, unused pages, VAT. */
function SubscriptionNotes({ plans, lang }: { plans: SubscriptionPlansResponse; lang: SiteLanguage }) {
  const { t } = useTranslation();
  return (
    <div className="subscription-widget__notes">
      <p className="subscription-widget__promo">{t('subscriptions.promoNote')}</p>
      <p>
        {t('subscriptions.unusedPages')} {t('subscriptions.renewalNote')}{' '}
        {plans.vat_percent > 0
          ? t('commerce.pricing.vatNote', { percent: formatRate(plans.vat_percent, lang) })
          : t('commerce.pricing.usdNote')}
      </p>
      <p>
        <Trans
          i18nKey="subscriptions.policyNote"
          components={{ cancellation: <Link to={localisedPath(LEGAL_PATHS.cancellation, lang)} /> }}
        />
      </p>
    </div>
  );
}

/** Why the submit button cannot be pressed, said beside it; null when it can. */
function blockedReason(
  props: SubscriptionPlansProps,
  selected: SubscriptionPlan | undefined,
): 'lower' | 'pastDue' | null {
  if (selected === undefined || props.live === null) return null;
  const choice = planChoice(selected, props.live);
  if (choice !== 'lower') return null;
  return props.live.status === 3 ? 'pastDue' : 'lower';
}

/**
 * The subscription widget's tabs and plan cards (commerce-and-cabinet.md §2): price per month, pages and AI pages
 * per month, the active plan disabled and labelled Active, one submit button ("Get started" or "Upgrade plan");
 * data and actions come in.
 */
export function SubscriptionPlans(props: SubscriptionPlansProps) {
  const { t } = useTranslation();
  const { plans: response, tab, lang, live } = props;
  const formId = useId();
  const statusId = `${formId}-status`;
  const plans = response.plans[tab];
  const tabs = SUBSCRIPTION_TABS.map((key) => ({ key, label: t(TAB_LABEL_KEYS[key]) }));
  const canChoose = props.access === 'buy' || props.access === 'signup';
  const selected = plans.find((plan) => plan.key === props.selectedKey);
  const blocked = blockedReason(props, selected);
  const isSubmitDisabled =
    selected === undefined ||
    blocked !== null ||
    props.isBusy ||
    props.isLoadingLive ||
    live?.service.key === selected.key;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!isSubmitDisabled) props.onSubmit();
  };

  return (
    <div className="subscription-widget">
      <TabList<SubscriptionKind>
        idPrefix={SUBSCRIPTIONS_ID_PREFIX}
        label={t('subscriptions.tabsLabel')}
        tabs={tabs}
        selected={tab}
        onSelect={props.onTabChange}
        className="pricing-tabs"
      />
      <div
        role="tabpanel"
        id={panelId(SUBSCRIPTIONS_ID_PREFIX, tab)}
        aria-labelledby={tabId(SUBSCRIPTIONS_ID_PREFIX, tab)}
        className="pricing-widget__panel"
      >
        {canChoose ? (
          <AccountChoice
            accounts={props.accounts}
            accountId={props.accountId}
            isDisabled={props.isBusy}
            onChange={props.onAccountChange}
          />
        ) : null}
        {live === null ? null : <CurrentPlan live={live} lang={lang} />}
        {canChoose ? (
          <form id={formId} noValidate onSubmit={submit} aria-busy={props.isLoadingLive || props.isBusy}>
            <fieldset className="subscription-widget__plans">
              <legend className="visually-hidden">{t('subscriptions.choose')}</legend>
              <ul className="plan-grid sub-grid">
                {plans.map((plan) => (
                  <ChoosablePlan
                    key={plan.key}
                    plan={plan}
                    choice={planChoice(plan, live)}
                    isSelected={plan.key === props.selectedKey}
                    name={`${formId}-plan`}
                    lang={lang}
                    isDisabled={props.isBusy}
                    onSelect={props.onSelect}
                  />
                ))}
                {tab === 'team' ? <NeedMoreCard lang={lang} /> : null}
              </ul>
            </fieldset>
            {live === null ? (
              <div className="field subscription-widget__coupon">
                <label htmlFor={`${formId}-coupon`} className="field__label">
                  {t('subscriptions.coupon.label')}
                </label>
                <input
                  id={`${formId}-coupon`}
                  className="field__input"
                  name="coupon"
                  autoComplete="off"
                  maxLength={50}
                  aria-describedby={`${formId}-coupon-hint`}
                  value={props.coupon}
                  disabled={props.isBusy}
                  onChange={(event) => {
                    props.onCouponChange(event.target.value);
                  }}
                />
                <p id={`${formId}-coupon-hint`} className="field__hint">
                  {t('subscriptions.coupon.hint')}
                </p>
              </div>
            ) : null}
            <div className="subscription-widget__actions">
              <button
                type="submit"
                className="button button--primary button--large"
                disabled={isSubmitDisabled}
                aria-busy={props.isBusy || props.isLoadingLive}
                aria-describedby={blocked === null ? undefined : statusId}
              >
                {props.isBusy || props.isLoadingLive ? <Spinner size="sm" /> : null}
                {t(submitLabelKey(live))}
              </button>
              {props.access === 'signup' ? (
                <p className="subscription-widget__hint">
                  {tab === 'team' ? t('subscriptions.team.signupFirst') : t('subscriptions.signupFirst')}
                </p>
              ) : null}
            </div>
            <p id={statusId} className={blocked === null ? 'visually-hidden' : 'alert alert--info'}>
              {blocked === null
                ? null
                : t(blocked === 'pastDue' ? 'subscriptions.pastDueBlocked' : 'subscriptions.lower')}
            </p>
          </form>
        ) : (
          <>
            <ul className="plan-grid sub-grid">
              {plans.map((plan) => (
                <PlanInfo key={plan.key} plan={plan} lang={lang} isActive={live?.service.key === plan.key} />
              ))}
              {tab === 'team' ? <NeedMoreCard lang={lang} /> : null}
            </ul>
            {props.access === 'member' ? (
              <div className="alert alert--info subscription-widget__member" data-testid="contact-admin">
                <div>
                  <p className="subscription-widget__member-title">{t('subscriptions.team.contactAdmin')}</p>
                  <p>{t('subscriptions.team.contactAdminLead')}</p>
                </div>
                <button type="button" className="button button--primary button--small" onClick={props.onNotify}>
                  {t('notify.send')}
                </button>
              </div>
            ) : (
              <p className="alert alert--info">{t('subscriptions.team.noOrganisation')}</p>
            )}
          </>
        )}
        {props.error === null ? null : (
          <div className="alert alert--error" role="alert">
            {props.error}
          </div>
        )}
        <div role="status" className={props.notice === null ? 'visually-hidden' : 'alert alert--success'}>
          {props.notice}
        </div>
        <SubscriptionNotes plans={response} lang={lang} />
      </div>
    </div>
  );
}
