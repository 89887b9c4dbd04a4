import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BillingAccount } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import type { CheckGroup } from '../check/account.ts';
import { fetchGroups, GROUPS_QUERY_KEY } from '../check/groups.ts';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import { DocumentsSkeleton } from '../documents/DocumentsSkeleton.tsx';
import { formatCount } from '../i18n/format.ts';
import { ownedGroups } from '../invites/inviteLinks.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { localisedPath } from '../language/language.ts';
import { useErrorText } from '../modals/useAuthFlow.ts';
import {
  chooseScope,
  INVOICES_PER_PAGE,
  invoicesQueryKey,
  TRANSACTIONS_PER_PAGE,
  transactionsQueryKey,
} from './billing.ts';
import { InvoicesView } from './InvoicesList.tsx';
import { TransactionsView } from './TransactionsTable.tsx';
import './billing.css';

/** Whose billing: the user's own account, or an organisation the user owns (role 1). */
function ScopeChooser({
  groups,
  selected,
  onChange,
}: {
  groups: readonly CheckGroup[];
  selected: number | null;
  onChange: (groupId: number | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field billing-scope">
      <label htmlFor={id} className="field__label">
        {t('billing.scope.label')}
      </label>
      <select
        id={id}
        className="field__input"
        value={selected === null ? '' : String(selected)}
        onChange={(event) => {
          onChange(event.target.value === '' ? null : Number(event.target.value));
        }}
      >
        <option value="">{t('billing.scope.own')}</option>
        {groups.map((group) => (
          <option key={group.id} value={String(group.id)}>
            {t('billing.scope.group', { name: group.name.trim() === '' ? `#${String(group.id)}` : group.name })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The account's balance: pages, bonus pages, AI pages, and what checks in progress hold. */
export function BalanceSummary({ account, canBuy = true }: { account: BillingAccount; canBuy?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = useLanguage();
  const held = account.held.balance + account.held.bonus + account.held.ai_balance;
  const tiles: [string, number][] = [
    ['billing.balance.pages', account.balance.balance],
    ['billing.balance.bonus', account.balance.bonus],
    ['billing.balance.ai', account.balance.ai_balance],
  ];
  return (
    <div className="billing-balance">
      <dl className="balance__grid">
        {tiles.map(([key, value]) => (
          <div key={key} className="balance__tile">
            <dt>{t(key)}</dt>
            <dd>{formatCount(value, i18n.language)}</dd>
          </div>
        ))}
      </dl>
      {held > 0 ? (
        <p className="muted">
          {t('billing.balance.held', {
            pages: formatCount(account.held.balance + account.held.bonus, i18n.language),
            ai: formatCount(account.held.ai_balance, i18n.language),
          })}
        </p>
      ) : null}
      {canBuy ? (
        <p>
          <Link to={localisedPath('/pricing/', lang)} className="button button--primary button--small">
            {t('billing.balance.buy')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function LoadFailed({ message, detail, onRetry }: { message: string; detail: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert--error" role="alert">
      <p>
        {message} {detail}
      </p>
      <button type="button" className="button button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** The balance, the ledger and the invoices of one account (the user's, or an organisation's). */
export function BillingScope({ groupId }: { groupId: number | null }) {
  const { t, i18n } = useTranslation();
  const { endpoints } = useServices();
  const describeError = useErrorText();
  const transactionsHeading = useId();
  const invoicesHeading = useId();
  const balanceHeading = useId();
  const [transactionsPage, setTransactionsPage] = useState(1);
  const [invoicesPage, setInvoicesPage] = useState(1);
  const transactions = useQuery({
    queryKey: transactionsQueryKey(groupId, transactionsPage),
    queryFn: () => endpoints.billingTransactions({ groupId, page: transactionsPage, perPage: TRANSACTIONS_PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const invoices = useQuery({
    queryKey: invoicesQueryKey(groupId, invoicesPage),
    queryFn: () => endpoints.billingInvoices({ groupId, page: invoicesPage, perPage: INVOICES_PER_PAGE }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="billing-grid">
      <section className="card billing-card" aria-labelledby={balanceHeading} aria-busy={transactions.isPending}>
        <h2 id={balanceHeading}>
          {transactions.data?.account.kind === 'group'
            ? t('billing.balance.groupTitle', { name: transactions.data.account.name })
            : t('billing.balance.title')}
        </h2>
        {transactions.isPending ? (
          <div className="balance__grid" aria-hidden="true">
            <span className="skeleton skeleton--tile" />
            <span className="skeleton skeleton--tile" />
            <span className="skeleton skeleton--tile" />
          </div>
        ) : transactions.isError ? null : (
          <BalanceSummary account={transactions.data.account} />
        )}
      </section>

      <section
        className="card billing-card"
        aria-labelledby={transactionsHeading}
        aria-busy={transactions.isPending || transactions.isPlaceholderData}
      >
        <h2 id={transactionsHeading}>{t('billing.transactions.title')}</h2>
        {transactions.isPending ? (
          <DocumentsSkeleton />
        ) : transactions.isError ? (
          <LoadFailed
            message={t('billing.transactions.failed')}
            detail={describeError(transactions.error)}
            onRetry={() => void transactions.refetch()}
          />
        ) : (
          <TransactionsView data={transactions.data} language={i18n.language} onPage={setTransactionsPage} />
        )}
      </section>

      <section
        className="card billing-card"
        aria-labelledby={invoicesHeading}
        aria-busy={invoices.isPending || invoices.isPlaceholderData}
      >
        <h2 id={invoicesHeading}>{t('billing.invoices.title')}</h2>
        <p className="muted">{t(groupId === null ? 'billing.invoices.leadOwn' : 'billing.invoices.leadGroup')}</p>
        {invoices.isPending ? (
          <DocumentsSkeleton />
        ) : invoices.isError ? (
          <LoadFailed
            message={t('billing.invoices.failed')}
            detail={describeError(invoices.error)}
            onRetry={() => void invoices.refetch()}
          />
        ) : (
          <InvoicesView data={invoices.data} language={i18n.language} onPage={setInvoicesPage} />
        )}
      </section>
    </div>
  );
}

/**
 * /profile/billing/ (and /es/profile/billing/): the cabinet's billing (commerce-and-cabinet.md §2 "Profile: …
 * billing, transaction history", §3 "Transaction", "Invoice"): the balance, the transactions and the invoices of
 * the user's account, or of an organisation the user owns (?group=ID).
 */
export function BillingPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const describeError = useErrorText();
  const [searchParams, setSearchParams] = useSearchParams();
  const groups = useQuery({ queryKey: GROUPS_QUERY_KEY, queryFn: () => fetchGroups(client) });
  const owned = ownedGroups(groups.data ?? []);
  const requested = searchParams.get('group');
  const groupId = chooseScope(owned, requested);

  let content: React.JSX.Element;
  if (requested !== null && groups.isPending) content = <LoadingBlock label={t('billing.loading')} />;
  else if (requested !== null && groups.isError) {
    content = (
      <LoadFailed
        message={t('billing.groupsFailed')}
        detail={describeError(groups.error)}
        onRetry={() => void groups.refetch()}
      />
    );
  } else {
    content = (
      <>
        {owned.length > 0 ? (
          <ScopeChooser
            groups={owned}
            selected={groupId}
            onChange={(next) => {
              setSearchParams(next === null ? {} : { group: String(next) });
            }}
          />
        ) : null}
        {/* another account starts again at the first pages */}
        <BillingScope key={groupId ?? 'own'} groupId={groupId} />
      </>
    );
  }

  return (
    <div className="container page billing-page">
      <PageIntro title={t('billing.title')} lead={t('billing.lead')} />
      {content}
    </div>
  );
}
