import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Balance, SiteLanguage } from '@veritext/contracts';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { formatCount } from '../i18n/format.ts';
import { LoadingBlock } from '../components/Spinner.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { afterPurchasePath } from './paths.ts';
import { CART_QUERY_KEY } from './useCart.ts';

/** The body of the success page: the new balance (or its progress) and the way on. */
export function PaymentSuccessView({
  isAi,
  balance,
  lang,
}: {
  isAi: boolean;
  /** null while the refreshed profile is on its way. */
  balance: Balance | null;
  lang: SiteLanguage;
}) {
  const { t } = useTranslation();
  return (
    <section className="card payment-success" aria-labelledby="payment-balance">
      <h2 id="payment-balance">{t('commerce.success.balanceTitle')}</h2>
      {balance === null ? (
        <LoadingBlock label={t('commerce.success.loadingBalance')} />
      ) : (
        <dl className="balance__grid payment-success__balance">
          <div className="balance__tile">
            <dt>{t('commerce.success.pages')}</dt>
            <dd>{formatCount(balance.balance + balance.bonus, lang)}</dd>
          </div>
          <div className="balance__tile">
            <dt>{t('commerce.success.aiPages')}</dt>
            <dd>{formatCount(balance.ai_balance, lang)}</dd>
          </div>
        </dl>
      )}
      <div className="payment-success__actions">
        <Link className="button button--primary button--large" to={afterPurchasePath(isAi, lang)}>
          {isAi ? t('commerce.success.toAiDetector') : t('commerce.success.toNewCheck')}
        </Link>
      </div>
    </section>
  );
}

/** /payment-success/ and /payment-success/1 (every item an AI pack): "Payment successful!" with the new balance. */
export function PaymentSuccessPage({ isAi }: { isAi: boolean }) {
  const { t } = useTranslation();
  const { session, queryClient } = useServices();
  const state = useSession();
  const lang = useLanguage();
  const [isRefreshed, setIsRefreshed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    session
      .refreshProfile()
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setIsRefreshed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [session, queryClient]);

  const balance = isRefreshed ? (state.profile?.balance ?? null) : null;
  return (
    <div className="container page payment-page">
      <PageIntro title={t('commerce.success.title')} lead={t('commerce.success.lead')} />
      <PaymentSuccessView isAi={isAi} balance={balance} lang={lang} />
    </div>
  );
}
