import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { TEST_CARDS, type SandboxSessionResponse } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { FormAlert, FormField, SubmitButton } from '../modals/FormField.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { formatCents } from './money.ts';
import { inLanguage, pendingPath } from './paths.ts';
import { isLocalPath } from './pendingPoll.ts';
import {
  EMPTY_CARD,
  cardFieldErrors,
  cardFormFields,
  digitsOnly,
  formatCardNumber,
  type CardField,
  type CardInput,
  withoutFieldError,
} from './sandboxCard.ts';

type Session = SandboxSessionResponse['session'];

/** Follows a server path inside the client, anything else with a full navigation. */
function useGo(): (url: string) => void {
  const navigate = useNavigate();
  const lang = useLanguage();
  return (url) => {
    if (isLocalPath(url)) void navigate(inLanguage(url, lang));
    else window.location.assign(url);
  };
}

export function SandboxCardForm({
  session,
  isPaying,
  fieldErrors,
  formError,
  card,
  onChange,
  onSubmit,
  onCancel,
}: {
  session: Session;
  isPaying: boolean;
  fieldErrors: Partial<Record<CardField, string>>;
  formError: string | null;
  card: CardInput;
  onChange: (name: CardField, value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const hintId = `${id}-test-cards`;
  // US dollars only: the locale's format names the currency ("$10.00", "10,00 US$").
  const amount = formatCents(session.amount, i18n.language);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <div className="sandbox-pay__layout">
      <section className="card sandbox-pay__summary" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className="sandbox-pay__summary-title">
          {t('commerce.sandbox.summary')}
        </h2>
        <p className="sandbox-pay__description">{session.description}</p>
        <p className="sandbox-pay__amount">
          <span className="visually-hidden">{t('commerce.sandbox.amount')} </span>
          {amount}
        </p>
      </section>
      <section className="card sandbox-pay__card" aria-labelledby={`${id}-card`}>
        <h2 id={`${id}-card`}>{t('commerce.sandbox.cardTitle')}</h2>
        <form className="form" noValidate onSubmit={submit} aria-describedby={hintId}>
          <FormAlert message={formError} />
          <FormField
            id={`${id}-number`}
            label={t('commerce.sandbox.cardNumber')}
            name="card_number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={card.card_number}
            error={fieldErrors.card_number}
            required
            onChange={(event) => {
              onChange('card_number', formatCardNumber(event.target.value));
            }}
          />
          <div className="sandbox-pay__row">
            <FormField
              id={`${id}-month`}
              label={t('commerce.sandbox.expMonth')}
              name="exp_month"
              inputMode="numeric"
              autoComplete="cc-exp-month"
              placeholder={t('commerce.sandbox.monthPlaceholder')}
              value={card.exp_month}
              error={fieldErrors.exp_month}
              required
              onChange={(event) => {
                onChange('exp_month', digitsOnly(event.target.value, 2));
              }}
            />
            <FormField
              id={`${id}-year`}
              label={t('commerce.sandbox.expYear')}
              name="exp_year"
              inputMode="numeric"
              autoComplete="cc-exp-year"
              placeholder={t('commerce.sandbox.yearPlaceholder')}
              value={card.exp_year}
              error={fieldErrors.exp_year}
              required
              onChange={(event) => {
                onChange('exp_year', digitsOnly(event.target.value, 4));
              }}
            />
            <FormField
              id={`${id}-cvc`}
              label={t('commerce.sandbox.cvc')}
              name="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              value={card.cvc}
              error={fieldErrors.cvc}
              required
              onChange={(event) => {
                onChange('cvc', digitsOnly(event.target.value, 4));
              }}
            />
          </div>
          <FormField
            id={`${id}-name`}
            label={t('commerce.sandbox.name')}
            name="name"
            autoComplete="cc-name"
            value={card.name}
            error={fieldErrors.name}
            onChange={(event) => {
              onChange('name', event.target.value);
            }}
          />
          <SubmitButton
            label={isPaying ? t('commerce.sandbox.paying') : t('commerce.sandbox.pay', { amount })}
            isBusy={isPaying}
          />
          <p id={hintId} className="sandbox-pay__hint">
            {t('commerce.sandbox.testCards', {
              success: formatCardNumber(TEST_CARDS.success),
              declined: formatCardNumber(TEST_CARDS.declined),
            })}
          </p>
          <p className="sandbox-pay__cancel">
            <button type="button" className="link-button" onClick={onCancel} disabled={isPaying}>
              {t('commerce.sandbox.cancel')}
            </button>
          </p>
        </form>
      </section>
    </div>
  );
}

/** /sandbox-pay/{session_id}: the local card-payment page used when Stripe is not configured (DESIGN.md §6). */
export function SandboxPayPage() {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  const { endpoints } = useServices();
  const lang = useLanguage();
  const go = useGo();
  const errorText = useErrorText();
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CardField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const session = useQuery({
    queryKey: ['commerce', 'sandbox', sessionId],
    queryFn: () => endpoints.sandboxSession(sessionId),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 1,
  });

  const pay = useMutation({
    mutationFn: (input: CardInput) => endpoints.paySandbox(sessionId, cardFormFields(input)),
    onSuccess: (result) => {
      go(result.redirect_url);
    },
    onError: (error) => {
      // The alert announces the failure; invalid fields also get their own message inline. A declined
      // card (card_declined) marks no field: its `card_number` entry is a reason code, not a message.
      const isDeclined = isApiError(error) && error.code === 'card_declined';
      setFieldErrors(isApiError(error) && !isDeclined ? cardFieldErrors(error.fields) : {});
      setFormError(errorText(error));
    },
  });

  let body;
  if (session.isPending) {
    body = <LoadingBlock label={t('commerce.sandbox.loading')} />;
  } else if (session.isError) {
    body = (
      <div className="alert alert--error" role="alert">
        <p>
          {isApiError(session.error) && session.error.status === 404
            ? t('commerce.sandbox.notFound')
            : errorText(session.error)}
        </p>
        <Link to={inLanguage('/pricing/', lang)}>{t('commerce.sandbox.backToPricing')}</Link>
      </div>
    );
  } else if (session.data.status === 'complete') {
    body = (
      <div className="alert alert--info" role="status">
        <p>{t('commerce.sandbox.complete')}</p>
        <Link to={pendingPath(session.data.order_id, lang)}>{t('commerce.sandbox.seeOrder')}</Link>
      </div>
    );
  } else if (session.data.status === 'expired') {
    const cancelUrl = session.data.cancel_url;
    body = (
      <div className="alert alert--error" role="alert">
        <p>{t('commerce.sandbox.expired')}</p>
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            go(cancelUrl);
          }}
        >
          {t('commerce.sandbox.backToCart')}
        </button>
      </div>
    );
  } else {
    const data = session.data;
    body = (
      <SandboxCardForm
        session={data}
        isPaying={pay.isPending || pay.isSuccess}
        fieldErrors={fieldErrors}
        formError={formError}
        card={card}
        onChange={(name, value) => {
          setCard((current) => ({ ...current, [name]: value }));
          setFieldErrors((current) => withoutFieldError(current, name));
        }}
        onSubmit={() => {
          setFormError(null);
          pay.mutate(card);
        }}
        onCancel={() => {
          go(data.cancel_url);
        }}
      />
    );
  }

  return (
    <div className="container page sandbox-pay">
      <PageIntro title={t('commerce.sandbox.title')}>
        <p className="sandbox-pay__badge" role="note">
          <span aria-hidden="true">⚠</span> {t('commerce.sandbox.badge')}
        </p>
      </PageIntro>
      {body}
    </div>
  );
}
