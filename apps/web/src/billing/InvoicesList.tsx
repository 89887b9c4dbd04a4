import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice, InvoicesResponse } from '@veritext/contracts';
import { useServices } from '../app/ServicesContext.tsx';
import { saveBlob } from '../ai-detector/AiReportDownload.tsx';
import { formatCents } from '../commerce/money.ts';
import { Spinner } from '../components/Spinner.tsx';
import { paginationOf } from '../documents/documents.ts';
import { Pagination } from '../documents/Pagination.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';

/** The day of a payment in the reader's language ("May 12, 2026" / "12 may 2026"). */
export function formatPaymentDay(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** Download PDF: the invoice through the API, a spinner while it comes, the server's message when it does not. */
export function InvoiceDownload({ invoice }: { invoice: Pick<Invoice, 'number' | 'pdf_url'> }) {
  const { t, i18n } = useTranslation();
  const { endpoints } = useServices();
  const toErrorText = useErrorText();
  const id = useId();
  const download = useMutation({
    mutationFn: () => endpoints.downloadInvoice(invoice.pdf_url, i18n.language === 'es' ? 'es' : 'en'),
    onSuccess: (blob) => {
      saveBlob(blob, `veritext-invoice-${invoice.number}.pdf`);
    },
  });
  return (
    <div className="billing-download">
      <button
        type="button"
        className="button button--small"
        // aria-disabled keeps the button focusable while the file comes
        aria-disabled={download.isPending}
        aria-describedby={`${id}-status`}
        onClick={() => {
          if (!download.isPending) download.mutate();
        }}
      >
        {download.isPending ? <Spinner size="sm" /> : null}
        {t('billing.invoices.download')}
        {/* the name starts with the visible words (WCAG 2.5.3) and says which invoice */}
        <span className="visually-hidden"> ({t('billing.invoices.downloadWhich', { number: invoice.number })})</span>
      </button>
      <span id={`${id}-status`} role="status" aria-live="polite" className="visually-hidden">
        {download.isPending ? t('billing.invoices.downloading') : ''}
      </span>
      {download.isError ? (
        <p className="billing-download__error" role="alert">
          {t('billing.invoices.downloadFailed')} {toErrorText(download.error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The invoices (commerce-and-cabinet.md §3 "Invoice": subscription name, payment date, invoice number, amount
 * paid), newest first, each with its PDF.
 */
export function InvoicesView({
  data,
  language,
  onPage,
}: {
  data: Pick<InvoicesResponse['data'], 'invoices' | 'page' | 'per_page' | 'total'>;
  language: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (data.invoices.length === 0 && data.page <= 1) {
    return (
      <p className="billing-empty" data-testid="invoices-empty">
        {t('billing.invoices.empty')}
      </p>
    );
  }
  return (
    <>
      <table className="documents__table billing-table">
        <caption className="visually-hidden">{t('billing.invoices.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.invoices.item')}</th>
            <th scope="col">{t('billing.invoices.date')}</th>
            <th scope="col">{t('billing.invoices.number')}</th>
            <th scope="col">{t('billing.invoices.amount')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('billing.invoices.pdf')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.invoices.map((invoice) => (
            <tr key={invoice.id} data-invoice={invoice.number}>
              <th scope="row" className="documents__name">
                <span>
                  {invoice.title}
                  <span className="billing-kind">
                    {' · '}
                    {t(invoice.kind === 'subscription' ? 'billing.invoices.subscription' : 'billing.invoices.pack')}
                  </span>
                  {invoice.organisation === null ? null : (
                    <span className="billing-note">
                      {t('billing.invoices.forOrganisation', { name: invoice.organisation.name })}
                    </span>
                  )}
                </span>
              </th>
              <td data-label={t('billing.invoices.date')}>
                <time dateTime={invoice.paid_at}>{formatPaymentDay(invoice.paid_at, language)}</time>
              </td>
              <td data-label={t('billing.invoices.number')} className="billing-invoice-number">
                {invoice.number}
              </td>
              <td data-label={t('billing.invoices.amount')} className="documents__number">
                {formatCents(invoice.total, language)}
              </td>
              <td className="documents__actions">
                <InvoiceDownload invoice={invoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination pagination={paginationOf(data)} label={t('billing.invoices.pages')} onPage={onPage} />
    </>
  );
}
