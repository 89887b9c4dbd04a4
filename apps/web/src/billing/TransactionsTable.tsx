import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transaction, TransactionsResponse } from '@veritext/contracts';
import { formatDocumentDate, paginationOf } from '../documents/documents.ts';
import { Pagination } from '../documents/Pagination.tsx';
import { STATUS_KEYS, SUBJECT_KEYS, sumOf, TYPE_KEYS } from './billing.ts';

function Actor({ by }: { by: Transaction['by'] }) {
  const { t } = useTranslation();
  if (by.kind === 'system') return <span>{t('billing.by.system')}</span>;
  const name = by.kind === 'administrator' ? t('billing.by.administrator') : by.name.trim();
  const email = by.email ?? '';
  return (
    <span className="billing-actor">
      <span>{name === '' ? email : name}</span>
      {name !== '' && email !== '' ? <span className="billing-actor__email">{email}</span> : null}
    </span>
  );
}

function Sum({ entry }: { entry: Transaction }) {
  const { t } = useTranslation();
  const sum = sumOf(entry);
  const tone = sum.sign === '+' ? 'billing-sum--in' : sum.sign === '' ? '' : 'billing-sum--out';
  return (
    <span className={`billing-sum ${tone}`}>
      <span className="billing-sum__value">
        {sum.sign}
        {t(sum.unitKey, { count: sum.count })}
      </span>
      {sum.detailKey === null ? null : <span className="billing-sum__detail">{t(sum.detailKey)}</span>}
    </span>
  );
}

/** One entry: type (and how a hold or reversal ended), date, by whom, sum, what it was for; actions for admins. */
function TransactionRow({ entry, language, actions }: { entry: Transaction; language: string; actions: ReactNode }) {
  const { t } = useTranslation();
  const subject = entry.subject === null ? null : t(SUBJECT_KEYS[entry.subject.kind], { id: entry.subject.id });
  return (
    <tr data-transaction={entry.id}>
      <th scope="row" className="billing-type">
        <span>{t(TYPE_KEYS[entry.type])}</span>
        {entry.status === null ? null : (
          <span className={`billing-status billing-status--${entry.status}`}>{t(STATUS_KEYS[entry.status])}</span>
        )}
      </th>
      <td data-label={t('billing.transactions.date')}>
        <time dateTime={entry.date}>{formatDocumentDate(entry.date, language)}</time>
      </td>
      <td data-label={t('billing.transactions.by')}>
        <Actor by={entry.by} />
      </td>
      <td data-label={t('billing.transactions.sum')} className="documents__number">
        <Sum entry={entry} />
      </td>
      <td data-label={t('billing.transactions.details')} className="billing-details">
        <span>
          {subject}
          {subject !== null && entry.note !== '' ? <br /> : null}
          {entry.note === '' ? null : <span className="billing-note">{entry.note}</span>}
          {subject === null && entry.note === '' ? <span aria-hidden="true">—</span> : null}
        </span>
      </td>
      {actions === undefined ? null : (
        <td className="documents__actions">
          <div className="billing-actions">{actions}</div>
        </td>
      )}
    </tr>
  );
}

/**
 * The ledger (commerce-and-cabinet.md §3 "Transaction": type, date, by, sum), newest first: a table on wide
 * screens, stacked cards under 768 px. `actionsOf` adds a column (a site administrator's corrections).
 */
export function TransactionsView({
  data,
  language,
  onPage,
  actionsOf,
}: {
  data: Pick<TransactionsResponse['data'], 'transactions' | 'page' | 'per_page' | 'total'>;
  language: string;
  onPage: (page: number) => void;
  actionsOf?: (entry: Transaction) => ReactNode;
}) {
  const { t } = useTranslation();
  if (data.transactions.length === 0 && data.page <= 1) {
    return (
      <p className="billing-empty" data-testid="transactions-empty">
        {t('billing.transactions.empty')}
      </p>
    );
  }
  return (
    <>
      <table className="documents__table billing-table">
        <caption className="visually-hidden">{t('billing.transactions.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.transactions.type')}</th>
            <th scope="col">{t('billing.transactions.date')}</th>
            <th scope="col">{t('billing.transactions.by')}</th>
            <th scope="col">{t('billing.transactions.sum')}</th>
            <th scope="col">{t('billing.transactions.details')}</th>
            {actionsOf === undefined ? null : (
              <th scope="col">
                <span className="visually-hidden">{t('billing.transactions.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.transactions.map((entry) => (
            <TransactionRow
              key={entry.id}
              entry={entry}
              language={language}
              actions={actionsOf === undefined ? undefined : actionsOf(entry)}
            />
          ))}
        </tbody>
      </table>
      <Pagination pagination={paginationOf(data)} label={t('billing.transactions.pages')} onPage={onPage} />
    </>
  );
}
