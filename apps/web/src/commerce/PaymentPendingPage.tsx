import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { SiteLanguage } from '@veritext/contracts';
import { isApiError } from '../api/client.ts';
import { useServices } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { inLanguage } from './paths.ts';
import { isLocalPath, pendingDecision, type PendingDecision } from './pendingPoll.ts';

/** What the pending page shows for the poll's latest decision. */
export function PendingView({
  decision,
  lang,
  onRetry,
}: {
  decision: PendingDecision;
  lang: SiteLanguage;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const contact = (
    <Link className="button button--small" to={localisedPath('/contact-us/', lang)}>
      {t('commerce.pending.contact')}
    </Link>
  );
  switch (decision.kind) {
    case 'poll':
      return (
        <div className="card payment-status" role="status" aria-live="polite" aria-busy="true">
          <Spinner size="lg" />
          <div>
            <p className="payment-status__title">{t('commerce.pending.waiting')}</p>
            <p className="muted">{t('commerce.pending.waitingLead')}</p>
          </div>
        </div>
      );
    case 'redirect':
      return (
        <div className="card payment-status payment-status--success" role="status" aria-live="polite">
          <Spinner size="lg" />
          <p className="payment-status__title">{t('commerce.pending.paid')}</p>
        </div>
      );
    case 'failed':
      return (
        <div className="alert alert--error payment-status" role="alert">
          <div>
            <p className="payment-status__title">{t('commerce.pending.failed')}</p>
            <p>{t('commerce.pending.failedLead')}</p>
            <div className="payment-status__actions">
              {contact}
              <Link className="button button--small" to={localisedPath('/pricing/', lang)}>
                {t('commerce.pending.backToPricing')}
              </Link>
            </div>
          </div>
        </div>
      );
    case 'not-found':
      return (
        <div className="alert alert--error payment-status" role="alert">
          <div>
            <p className="payment-status__title">{t('commerce.pending.notFound')}</p>
            <div className="payment-status__actions">{contact}</div>
          </div>
        </div>
      );
    case 'timeout':
      return (
        <div className="alert alert--info payment-status" role="alert">
          <div>
            <p className="payment-status__title">{t('commerce.pending.timeout')}</p>
            <p>{t('commerce.pending.timeoutLead')}</p>
            <div className="payment-status__actions">
              <button type="button" className="button button--primary button--small" onClick={onRetry}>
                {t('commerce.pending.checkAgain')}
              </button>
              {contact}
            </div>
          </div>
        </div>
      );
  }
}

/** /payment/pending/{order_id}/: polls the order every second (up to 60 s) until it is paid or failed. */
export function PaymentPendingPage() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const { endpoints } = useServices();
  const navigate = useNavigate();
  const lang = useLanguage();
  const [round, setRound] = useState(0);
  const [decision, setDecision] = useState<PendingDecision>({ kind: 'poll', inMs: 0 });

  useEffect(() => {
    const id = Number(orderId);
    let cancelled = false;
    let timer: number | undefined;
    const started = Date.now();
    async function tick(): Promise<void> {
      let order = null;
      let error: 'not-found' | 'other' | null = null;
      if (!Number.isInteger(id) || id <= 0) error = 'not-found';
      else {
        try {
          order = await endpoints.getOrder(id);
        } catch (failure) {
          error = isApiError(failure) && failure.status === 404 ? 'not-found' : 'other';
        }
      }
      if (cancelled) return;
      const next = pendingDecision({ order, error, elapsedMs: Date.now() - started });
      setDecision(next);
      if (next.kind === 'poll') {
        timer = window.setTimeout(() => void tick(), next.inMs);
      } else if (next.kind === 'redirect') {
        const url = next.url;
        timer = window.setTimeout(() => {
          if (isLocalPath(url)) void navigate(inLanguage(url, lang), { replace: true });
          else window.location.assign(url);
        }, next.inMs);
      }
    }
    setDecision({ kind: 'poll', inMs: 0 });
    void tick();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [orderId, round, endpoints, navigate, lang]);

  return (
    <div className="container page payment-page">
      <PageIntro title={t('commerce.pending.title')} />
      <PendingView
        decision={decision}
        lang={lang}
        onRetry={() => {
          setRound((value) => value + 1);
        }}
      />
    </div>
  );
}
