import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage, Subscription, SubscriptionPlan, UiLanguage } from '@veritext/contracts';
import { Spinner } from '../components/Spinner.tsx';
import { formatCount, localeOf } from '../i18n/format.ts';
import { ModalFrame } from '../modals/ModalFrame.tsx';
import { formatCents } from './money.ts';
import { displayPlanName, formatSubscriptionDate, type UpgradeEstimate } from './subscriptions.ts';
import { useUiLanguage } from '../language/useLanguage.ts';

/** "12 pages and 4 AI pages" in the reader's language; null when there is nothing to add. */
export function usePagesPhrase(): (pages: number, aiPages: number) => string | null {
  const { t } = useTranslation();
  const ui = useUiLanguage();
  return (pages, aiPages) => {
    const parts: string[] = [];
    if (pages > 0) parts.push(t('subscriptions.pages', { count: pages, number: formatCount(pages, ui) }));
    if (aiPages > 0) parts.push(t('subscriptions.aiPages', { count: aiPages, number: formatCount(aiPages, ui) }));
    if (parts.length === 0) return null;
    return new Intl.ListFormat(localeOf(ui), { style: 'long', type: 'conjunction' }).format(parts);
  };
}

/** The proration in plain words (UpgradeSubscriptionFormSchema): what changes today, what is paid now, and after. */
export function UpgradeSummary({
  live,
  plan,
  estimate,
  lang,
}: {
  live: Subscription;
  plan: SubscriptionPlan;
  estimate: UpgradeEstimate | null;
  lang: UiLanguage;
}) {
  const { t } = useTranslation();
  const pagesPhrase = usePagesPhrase();
  const from = displayPlanName(live.service.name);
  const to = displayPlanName(plan.name);
  const card =
    live.card_last4 === null
      ? t('subscriptions.upgradeDialog.savedCard')
      : t('subscriptions.upgradeDialog.cardEnding', { last4: live.card_last4 });
  const added = estimate === null ? null : pagesPhrase(estimate.pages, estimate.aiPages);
  const renewal = formatSubscriptionDate(live.current_period_end, lang);
  return (
    <div className="upgrade-summary">
      <p>
        {t('subscriptions.upgradeDialog.move', {
          from,
          fromPrice: formatCents(live.price, lang),
          to,
          toPrice: formatCents(plan.price, lang),
        })}
      </p>
      {estimate === null ? (
        <p>{t('subscriptions.upgradeDialog.chargeUnknown', { card })}</p>
      ) : (
        <>
          <p>
            {t('subscriptions.upgradeDialog.charge', {
              count: estimate.daysLeft,
              days: estimate.days,
              difference: formatCents(estimate.monthlyDifference, lang),
              amount: formatCents(estimate.amount, lang),
              card,
            })}
          </p>
          {added === null ? null : <p>{t('subscriptions.upgradeDialog.pagesNow', { pages: added })}</p>}
        </>
      )}
      {renewal === null ? null : (
        <p>{t('subscriptions.upgradeDialog.after', { date: renewal, to, toPrice: formatCents(plan.price, lang) })}</p>
      )}
    </div>
  );
}

/** The confirmation before an upgrade is charged (a dialog of its own: focus trap, Esc, labelled). */
export function UpgradeDialog({
  target,
  lang,
  isBusy,
  error,
  onConfirm,
  onClose,
}: {
  target: { live: Subscription; plan: SubscriptionPlan; estimate: UpgradeEstimate | null } | null;
  lang: SiteLanguage;
  isBusy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !isBusy) onClose();
      }}
    >
      {target === null ? null : (
        <ModalFrame title={t('subscriptions.upgradeDialog.title', { name: displayPlanName(target.plan.name) })}>
          <UpgradeSummary live={target.live} plan={target.plan} estimate={target.estimate} lang={lang} />
          {error === null ? null : (
            <div className="alert alert--error" role="alert">
              {error}
            </div>
          )}
          <div className="modal__actions">
            <Dialog.Close className="button" disabled={isBusy}>
              {t('subscriptions.cancel')}
            </Dialog.Close>
            <button
              type="button"
              className="button button--primary"
              disabled={isBusy}
              aria-busy={isBusy}
              onClick={onConfirm}
            >
              {isBusy ? <Spinner size="sm" /> : null}
              {t('subscriptions.upgradeDialog.confirm')}
            </button>
          </div>
        </ModalFrame>
      )}
    </Dialog.Root>
  );
}
