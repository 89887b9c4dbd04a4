import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SiteLanguage, Subscription, UiLanguage } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { Spinner } from '../components/Spinner.tsx';
import { formatCount } from '../i18n/format.ts';
import { useLanguage, useUiLanguage } from '../language/useLanguage.ts';
import { formatCents } from '../commerce/money.ts';
import {
  MY_SUBSCRIPTIONS_QUERY_KEY,
  SUBSCRIPTIONS_QUERY_KEY,
  displayPlanName,
  formatSubscriptionDate,
  groupSubscriptionsQueryKey,
  liveSubscription,
  ownedGroups,
  subscriptionsPath,
} from '../commerce/subscriptions.ts';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import {
  CANCEL_COMMENT_MAX,
  CANCEL_REASON_OPTIONS,
  cancelSurveyError,
  subscriptionState,
  upgradeSearch,
  type CancelReason,
  type CancelSurvey,
} from './cancelSurvey.ts';
import '../commerce/subscriptions.css';

const STATE_BADGES = {
  active: { className: 'badge badge--success', key: 'mySubscription.state.active' },
  cancelled: { className: 'badge badge--warning', key: 'mySubscription.state.cancelled' },
  pastDue: { className: 'badge badge--danger', key: 'mySubscription.state.pastDue' },
  ended: { className: 'badge badge--neutral', key: 'mySubscription.state.ended' },
} as const;

/** One subscription: plan, state, price, pages and AI pages per month, renewal or end date, card, actions. */
export function SubscriptionDetails({
  subscription,
  organisation,
  lang,
  onCancel,
}: {
  subscription: Subscription;
  /** The organisation's name when it is an organisation's plan. */
  organisation: string | null;
  lang: SiteLanguage;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ui = useUiLanguage();
  const state = subscriptionState(subscription);
  const badge = STATE_BADGES[state];
  const name = displayPlanName(subscription.service.name);
  const renewal = formatSubscriptionDate(subscription.renewal_date, ui);
  const end = formatSubscriptionDate(subscription.end_date ?? subscription.current_period_end, ui);
  return (
    <div className="my-subscription__item" data-subscription={subscription.id}>
      <p className="my-subscription__plan">
        <span className="my-subscription__name">{name}</span>
        <span className={badge.className}>{t(badge.key)}</span>
        {organisation === null ? null : (
          <span className="muted">{t('mySubscription.forOrganisation', { name: organisation })}</span>
        )}
      </p>
      <dl className="my-subscription__details">
        <div>
          <dt>{t('mySubscription.price')}</dt>
          <dd>
            {formatCents(subscription.price, ui)} {t('subscriptions.perMonth')}
          </dd>
        </div>
        {subscription.pages > 0 ? (
          <div>
            <dt>{t('mySubscription.pages')}</dt>
            <dd>{formatCount(subscription.pages, ui)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('mySubscription.aiPages')}</dt>
          <dd>{formatCount(subscription.ai_pages, ui)}</dd>
        </div>
        {renewal !== null && state === 'active' ? (
          <div>
            <dt>{t('mySubscription.renews')}</dt>
            <dd>{renewal}</dd>
          </div>
        ) : end !== null ? (
          <div>
            <dt>{t(state === 'ended' ? 'mySubscription.ended' : 'mySubscription.ends')}</dt>
            <dd>{end}</dd>
          </div>
        ) : null}
        {subscription.card_last4 === null ? null : (
          <div>
            <dt>{t('mySubscription.card')}</dt>
            <dd>
              <span aria-hidden="true">•••• </span>
              <span className="visually-hidden">{t('mySubscription.cardEnding')} </span>
              {subscription.card_last4}
            </dd>
          </div>
        )}
      </dl>
      {state === 'pastDue' ? (
        <p className="alert alert--error">{t('mySubscription.pastDueLead')}</p>
      ) : state === 'cancelled' ? (
        <p className="alert alert--info">{t('mySubscription.cancelledLead', { date: end ?? '' })}</p>
      ) : null}
      {state === 'ended' ? null : (
        <div className="my-subscription__actions">
          <Link
            className="button button--primary button--small"
            to={subscriptionsPath(lang, upgradeSearch(subscription.service.kind))}
          >
            {t('mySubscription.upgrade')}
          </Link>
          {state === 'cancelled' ? null : (
            <button type="button" className="button button--small button--ghost" onClick={onCancel}>
              {t('mySubscription.cancel')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The farewell survey (reasons and an optional comment) and the confirmation that the plan stays until its end. */
export function CancelSurveyForm({
  subscription,
  lang,
  isBusy,
  error,
  onSubmit,
}: {
  subscription: Subscription;
  /** The interface language of the dates. */
  lang: UiLanguage;
  isBusy: boolean;
  error: string | null;
  onSubmit: (survey: { reason: CancelReason; comment: string }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [survey, setSurvey] = useState<CancelSurvey>({ reason: null, comment: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const until = formatSubscriptionDate(subscription.current_period_end, lang) ?? '';
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const invalid = cancelSurveyError(survey);
    if (invalid !== null || survey.reason === null) {
      setProblem(t(invalid ?? 'mySubscription.reasonRequired'));
      return;
    }
    onSubmit({ reason: survey.reason, comment: survey.comment });
  };
  return (
    <form className="cancel-survey" noValidate onSubmit={submit}>
      <p>{t('mySubscription.cancelDialog.lead', { name: displayPlanName(subscription.service.name), date: until })}</p>
      <fieldset aria-describedby={problem === null ? undefined : `${id}-problem`} aria-invalid={problem !== null}>
        <legend>{t('mySubscription.cancelDialog.why')}</legend>
        {CANCEL_REASON_OPTIONS.map((option) => (
          <label key={option.reason} className="cancel-survey__reason">
            <input
              type="radio"
              name={`${id}-reason`}
              value={option.reason}
              checked={survey.reason === option.reason}
              onChange={() => {
                setSurvey((current) => ({ ...current, reason: option.reason }));
                setProblem(null);
              }}
            />
            {t(option.key)}
          </label>
        ))}
      </fieldset>
      {problem === null ? null : (
        <p id={`${id}-problem`} className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-comment`} className="field__label">
          {t('mySubscription.cancelDialog.comment')} <span className="muted">({t('common.optional')})</span>
        </label>
        <textarea
          id={`${id}-comment`}
          className="field__input"
          maxLength={CANCEL_COMMENT_MAX}
          value={survey.comment}
          onChange={(event) => {
            setSurvey((current) => ({ ...current, comment: event.target.value }));
          }}
        />
      </div>
      {error === null ? null : (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      )}
      <div className="modal__actions">
        <Dialog.Close className="button" disabled={isBusy}>
          {t('mySubscription.cancelDialog.keep')}
        </Dialog.Close>
        <button type="submit" className="button button--danger" disabled={isBusy} aria-busy={isBusy}>
          {isBusy ? <Spinner size="sm" /> : null}
          {t('mySubscription.cancelDialog.confirm')}
        </button>
      </div>
    </form>
  );
}

type Shown = { subscription: Subscription; organisation: string | null };

/**
 * My subscription (the profile's card): the user's own plan and those of the organisations they own, each with
 * Upgrade (to the pricing page's widget) and Cancel subscription (the farewell survey; it stays active until the
 * end of the paid month).
 */
export function MySubscriptionCard() {
  const { t } = useTranslation();
  const ui = useUiLanguage();
  const { endpoints, client, queryClient } = useServices();
  const lang = useLanguage();
  const errorText = useErrorText();
  const titleId = useId();
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const mine = useQuery({ queryKey: MY_SUBSCRIPTIONS_QUERY_KEY, queryFn: () => endpoints.mySubscriptions() });
  const groups = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => fetchGroups(client) });
  const owned = ownedGroups(groups.data ?? []);
  const organisations = useQueries({
    queries: owned.map((group) => ({
      queryKey: groupSubscriptionsQueryKey(group.id),
      queryFn: () => endpoints.groupSubscriptions(group.id),
    })),
  });

  const cancel = useMutation({
    mutationFn: (input: { id: number; reason: CancelReason; comment: string }) =>
      endpoints.cancelSubscription(input.id, { reason: input.reason, comment: input.comment }),
    onSuccess: async (subscription) => {
      setCancelling(null);
      setNotice(
        t('mySubscription.cancelled', {
          name: displayPlanName(subscription.service.name),
          date: formatSubscriptionDate(subscription.end_date ?? subscription.current_period_end, ui) ?? '',
        }),
      );
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY });
    },
  });

  const isPending = mine.isPending || groups.isPending || organisations.some((query) => query.isPending);
  const shown: Shown[] = [];
  const own = liveSubscription(mine.data);
  if (own !== null) shown.push({ subscription: own, organisation: null });
  owned.forEach((group, index) => {
    const live = liveSubscription(organisations[index]?.data);
    if (live !== null) shown.push({ subscription: live, organisation: group.name });
  });
  const lastEnded = own === null ? (mine.data?.find((s) => s.status === 4) ?? null) : null;

  return (
    <section className="card my-subscription" aria-labelledby={titleId} aria-busy={isPending} id="my-subscription">
      <h2 id={titleId}>{t('mySubscription.title')}</h2>
      {isPending ? (
        <div className="loading-block" role="status">
          <Spinner size="md" />
          <span>{t('mySubscription.loading')}</span>
        </div>
      ) : mine.isError ? (
        <div className="alert alert--error" role="alert">
          <p>{errorText(mine.error)}</p>
          <button type="button" className="button button--small" onClick={() => void mine.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : shown.length === 0 ? (
        <>
          <p>
            {lastEnded === null
              ? t('mySubscription.none')
              : t('mySubscription.endedLead', {
                  name: displayPlanName(lastEnded.service.name),
                  date: formatSubscriptionDate(lastEnded.end_date, ui) ?? '',
                })}
          </p>
          <Link className="button button--small" to={subscriptionsPath(lang)}>
            {t('mySubscription.seePlans')}
          </Link>
        </>
      ) : (
        shown.map((item) => (
          <SubscriptionDetails
            key={item.subscription.id}
            subscription={item.subscription}
            organisation={item.organisation}
            lang={lang}
            onCancel={() => {
              cancel.reset();
              setNotice(null);
              setCancelling(item.subscription);
            }}
          />
        ))
      )}
      {shown.length > 0 ? <p className="muted my-subscription__note">{t('subscriptions.unusedPages')}</p> : null}
      <div role="status" className={notice === null ? 'visually-hidden' : 'alert alert--success'}>
        {notice}
      </div>
      <Dialog.Root
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setCancelling(null);
        }}
      >
        {cancelling === null ? null : (
          <ModalFrame title={t('mySubscription.cancelDialog.title')}>
            <CancelSurveyForm
              subscription={cancelling}
              lang={ui}
              isBusy={cancel.isPending}
              error={cancel.error === null ? null : errorText(cancel.error)}
              onSubmit={(survey) => {
                cancel.mutate({ id: cancelling.id, ...survey });
              }}
            />
          </ModalFrame>
        )}
      </Dialog.Root>
    </section>
  );
}
