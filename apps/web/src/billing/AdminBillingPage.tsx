import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { LedgerAdminAction, Transaction } from '@veritext/contracts';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { DocumentsSkeleton } from '../documents/DocumentsSkeleton.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { correctionsOf, CORRECTION_KEYS } from './billing.ts';
import { BalanceSummary } from './BillingPage.tsx';
import { TransactionsView } from './TransactionsTable.tsx';
import './billing.css';

type Target = { email: string } | { groupId: number };

function targetOf(params: URLSearchParams): Target | null {
  const email = params.get('email')?.trim() ?? '';
  if (email !== '') return { email };
  const group = params.get('group') ?? '';
  return /^\d{1,9}$/.test(group) && Number(group) > 0 ? { groupId: Number(group) } : null;
}

/**
 * A site administrator's corrections of one entry (commerce-and-cabinet.md §4): each button asks to confirm
 * in place (Confirm / Keep), then makes the correction; the outcome is announced.
 */
export function CorrectionActions({ entry, onDone }: { entry: Transaction; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const { endpoints } = useServices();
  const describeError = useErrorText();
  const [confirming, setConfirming] = useState<LedgerAdminAction | null>(null);
  const confirmButton = useRef<HTMLButtonElement | null>(null);
  const correct = useMutation({
    mutationFn: (action: LedgerAdminAction) => endpoints.correctLedgerEntry(entry.id, action),
    onSuccess: (_data, action) => {
      setConfirming(null);
      onDone(t(CORRECTION_KEYS[action].done));
    },
  });
  useEffect(() => {
    if (confirming !== null) confirmButton.current?.focus();
  }, [confirming]);
  const actions = correctionsOf(entry);
  if (actions.length === 0) return null;
  if (confirming !== null) {
    return (
      <div className="billing-confirm" role="group" aria-label={t(CORRECTION_KEYS[confirming].action)}>
        <span>{t(CORRECTION_KEYS[confirming].confirm)}</span>
        <button
          ref={confirmButton}
          type="button"
          className="button button--small button--primary"
          aria-disabled={correct.isPending}
          onClick={() => {
            if (!correct.isPending) correct.mutate(confirming);
          }}
        >
          {correct.isPending ? <Spinner size="sm" /> : null}
          {t('billing.admin.confirm')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={correct.isPending}
          onClick={() => {
            setConfirming(null);
            correct.reset();
          }}
        >
          {t('billing.admin.keep')}
        </button>
        {correct.isError ? (
          <p className="billing-download__error" role="alert">
            {describeError(correct.error)}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className="button button--small"
          onClick={() => {
            setConfirming(action);
          }}
        >
          {t(CORRECTION_KEYS[action].action)}
        </button>
      ))}
    </>
  );
}

/** The ledger found, with the corrections on each entry that allows one. */
function AdminLedger({ target }: { target: Target }) {
  const { t, i18n } = useTranslation();
  const { endpoints } = useServices();
  const describeError = useErrorText();
  const heading = useId();
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState('');
  const query = useQuery({
    queryKey: ['admin-billing', target, page],
    queryFn: () => endpoints.adminTransactions({ ...target, page }),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <DocumentsSkeleton />;
  if (query.isError) {
    return (
      <div className="alert alert--error" role="alert">
        <p>
          {t('billing.admin.failed')} {describeError(query.error)}
        </p>
      </div>
    );
  }
  const { account } = query.data;
  return (
    <section className="card billing-card" aria-labelledby={heading} aria-busy={query.isPlaceholderData}>
      <h2 id={heading}>
        {account.kind === 'group'
          ? t('billing.balance.groupTitle', { name: account.name })
          : t('billing.admin.userTitle', { name: account.name })}
      </h2>
      <BalanceSummary account={account} canBuy={false} />
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {notice === '' ? null : <p className="alert alert--info">{notice}</p>}
      <TransactionsView
        data={query.data}
        language={i18n.language}
        onPage={setPage}
        actionsOf={(entry) => (
          <CorrectionActions
            entry={entry}
            onDone={(message) => {
              setNotice(message);
              void query.refetch();
            }}
          />
        )}
      />
    </section>
  );
}

/** /admin/billing: a site administrator finds a ledger (by e-mail or organisation id) and corrects it. */
export function AdminBillingPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const target = targetOf(searchParams);
  const [by, setBy] = useState<'email' | 'group'>(target !== null && 'groupId' in target ? 'group' : 'email');
  const [value, setValue] = useState(target === null ? '' : 'email' in target ? target.email : String(target.groupId));
  const id = useId();

  function submit(event: SyntheticEvent): void {
    event.preventDefault();
    const text = value.trim();
    if (text === '') return;
    setSearchParams(by === 'email' ? { email: text } : { group: text });
  }

  if (session.profile?.is_admin !== true) {
    return (
      <div className="container page">
        <PageIntro title={t('billing.admin.title')} />
        <p className="alert alert--error" role="alert">
          {t('billing.admin.denied')}
        </p>
      </div>
    );
  }

  return (
    <div className="container page billing-page">
      <PageIntro title={t('billing.admin.title')} lead={t('billing.admin.lead')} />
      <form className="billing-admin-form" onSubmit={submit} role="search">
        <div className="field">
          <label htmlFor={`${id}-by`} className="field__label">
            {t('billing.admin.findBy')}
          </label>
          <select
            id={`${id}-by`}
            className="field__input"
            value={by}
            onChange={(event) => {
              setBy(event.target.value === 'group' ? 'group' : 'email');
            }}
          >
            <option value="email">{t('billing.admin.byEmail')}</option>
            <option value="group">{t('billing.admin.byGroup')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-value`} className="field__label">
            {by === 'email' ? t('billing.admin.email') : t('billing.admin.groupId')}
          </label>
          <input
            id={`${id}-value`}
            className="field__input"
            type={by === 'email' ? 'email' : 'text'}
            inputMode={by === 'email' ? 'email' : 'numeric'}
            autoComplete="off"
            required
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
            }}
          />
        </div>
        <button type="submit" className="button button--primary">
          {t('billing.admin.find')}
        </button>
      </form>
      {target === null ? null : <AdminLedger key={JSON.stringify(target)} target={target} />}
    </div>
  );
}
