import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportShare, ReportShareDays } from '@veritext/contracts';
import { isApiError } from '../../api/client.ts';
import { useServices } from '../../app/ServicesContext.tsx';
import { LoadingBlock, Spinner } from '../../components/Spinner.tsx';
import { FormField } from '../../modals/FormField.tsx';
import { ModalFrame } from '../../modals/ModalFrame.tsx';
import { useErrorText } from '../../modals/useAuthFlow.ts';
import { DEFAULT_SHARE_DAYS, formatShareDate, SHARE_DAYS_OPTIONS, shareEmailProblem, sharesQueryKey } from './share.ts';
import '../../styles/report-tools.css';

const DAYS_KEYS: Record<ReportShareDays, string> = {
  1: 'reportTools.share.day1',
  7: 'reportTools.share.day7',
  30: 'reportTools.share.day30',
};

/** The report's links that still work, each with Revoke. */
export function ShareList({
  shares,
  language,
  onRevoke,
}: {
  shares: readonly ReportShare[];
  language: string;
  onRevoke: (share: ReportShare) => Promise<void>;
}) {
  const { t } = useTranslation();
  const toErrorText = useErrorText();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (shares.length === 0) return <p className="report-shares__empty">{t('reportTools.share.none')}</p>;
  return (
    <>
      <ul className="report-shares__list">
        {shares.map((share) => (
          <li key={share.id} className="report-shares__item" data-share-id={share.id}>
            <div className="report-shares__who">
              <span className="report-shares__email">{share.email}</span>
              <span className="report-shares__until">
                {t('reportTools.share.until', { date: formatShareDate(share.expires_at, language) })}
              </span>
              <span className="report-shares__by">{t('reportTools.share.sharedBy', { name: share.shared_by })}</span>
            </div>
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={t('reportTools.share.revokeLabel', { email: share.email })}
              disabled={busy !== null}
              aria-busy={busy === share.id}
              onClick={() => {
                setBusy(share.id);
                setError(null);
                onRevoke(share)
                  .catch((caught: unknown) => {
                    setError(toErrorText(caught));
                  })
                  .finally(() => {
                    setBusy(null);
                  });
              }}
            >
              {busy === share.id ? <Spinner size="sm" /> : null}
              {busy === share.id ? t('reportTools.share.revoking') : t('reportTools.share.revoke')}
            </button>
          </li>
        ))}
      </ul>
      {error === null ? null : (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** The form: the recipient's address and how long the link works (1, 7 or 30 days). */
export function ShareForm({
  onShare,
}: {
  onShare: (input: { email: string; days: ReportShareDays }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const toErrorText = useErrorText();
  const id = useId();
  const [email, setEmail] = useState('');
  const [days, setDays] = useState<ReportShareDays>(DEFAULT_SHARE_DAYS);
  const [problem, setProblem] = useState<'required' | 'invalid' | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [status, setStatus] = useState('');

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    const found = shareEmailProblem(email);
    setProblem(found);
    setServerError(null);
    setStatus('');
    if (found !== null) {
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setIsBusy(true);
    try {
      await onShare({ email: email.trim(), days });
      setStatus(t('reportTools.share.sent', { email: email.trim() }));
      setEmail('');
    } catch (caught) {
      if (isApiError(caught) && caught.fields['email'] !== undefined) setProblem('invalid');
      setServerError(toErrorText(caught));
    } finally {
      setIsBusy(false);
    }
  };

  const emailError =
    problem === 'required'
      ? t('reportTools.share.emailRequired')
      : problem === 'invalid'
        ? t('reportTools.share.emailInvalid')
        : undefined;

  return (
    <form
      className="form report-shares__form"
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <FormField
        id={`${id}-email`}
        label={t('reportTools.share.email')}
        type="email"
        autoComplete="email"
        value={email}
        error={emailError}
        onChange={(event) => {
          setEmail(event.target.value);
          if (problem !== null) setProblem(null);
        }}
      />
      <fieldset className="report-shares__days">
        <legend className="field__label">{t('reportTools.share.validity')}</legend>
        <div className="report-shares__options">
          {SHARE_DAYS_OPTIONS.map((option) => (
            <label key={option} className="report-shares__option">
              <input
                type="radio"
                name={`${id}-days`}
                value={String(option)}
                checked={days === option}
                onChange={() => {
                  setDays(option);
                }}
              />
              <span>{t(DAYS_KEYS[option])}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {serverError === null ? null : (
        <p className="alert alert--error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={isBusy} aria-busy={isBusy}>
        {isBusy ? <Spinner size="sm" /> : null}
        {isBusy ? t('reportTools.share.sending') : t('reportTools.share.submit')}
      </button>
      <p className="report-shares__status" role="status">
        {status}
      </p>
    </form>
  );
}

/** The dialog's content: the form, then the links that work now. */
function ShareDialogBody({ checkId }: { checkId: number }) {
  const { t, i18n } = useTranslation();
  const { endpoints } = useServices();
  const queryClient = useQueryClient();
  const toErrorText = useErrorText();
  const key = sharesQueryKey(checkId);
  const shares = useQuery({ queryKey: key, queryFn: () => endpoints.reportShares(checkId), staleTime: 0 });
  const [announcement, setAnnouncement] = useState('');
  const headingId = useId();

  const share = async (input: { email: string; days: ReportShareDays }): Promise<void> => {
    const made = await endpoints.shareReport(checkId, input);
    queryClient.setQueryData<ReportShare[]>(key, (old) => [made, ...(old ?? []).filter((s) => s.id !== made.id)]);
  };
  const revoke = async (target: ReportShare): Promise<void> => {
    await endpoints.revokeReportShare(checkId, target.id);
    queryClient.setQueryData<ReportShare[]>(key, (old) => (old ?? []).filter((s) => s.id !== target.id));
    setAnnouncement(t('reportTools.share.revoked', { email: target.email }));
  };

  return (
    <>
      <ShareForm onShare={share} />
      <section className="report-shares" aria-labelledby={headingId}>
        <h3 id={headingId} className="report-shares__title">
          {t('reportTools.share.activeTitle')}
        </h3>
        {shares.isPending ? (
          <LoadingBlock label={t('reportTools.share.loading')} />
        ) : shares.isError ? (
          <div className="alert alert--error" role="alert">
            <p>{toErrorText(shares.error)}</p>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                void shares.refetch();
              }}
            >
              {t('reportTools.comments.retry')}
            </button>
          </div>
        ) : (
          <ShareList shares={shares.data} language={i18n.language} onRevoke={revoke} />
        )}
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </section>
    </>
  );
}

/**
 * "Share by e-mail" (commerce-and-cabinet.md §2; issue 17): a button that opens a dialog to mail a link to the report,
 * valid for 1, 7 or 30 days, with the links that work now and Revoke for each.
 */
export function ShareReportButton({ checkId }: { checkId: number }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger className="button report-share-button" data-testid="share-report">
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M1.5 3A1.5 1.5 0 0 0 0 4.5v7A1.5 1.5 0 0 0 1.5 13h13a1.5 1.5 0 0 0 1.5-1.5v-7A1.5 1.5 0 0 0 14.5 3h-13Zm.3 1.5h12.4L8 8.6 1.8 4.5Zm-.3 1.3 6.2 4.1a.5.5 0 0 0 .6 0l6.2-4.1v5.7h-13V5.8Z"
          />
        </svg>
        {t('reportTools.share.button')}
      </Dialog.Trigger>
      {isOpen ? (
        <ModalFrame title={t('reportTools.share.title')} description={t('reportTools.share.description')}>
          <ShareDialogBody checkId={checkId} />
        </ModalFrame>
      ) : null}
    </Dialog.Root>
  );
}
