import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../ai-detector/AiReportDownload.tsx';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { trackUserAction } from '../tracking/track.ts';

export function similarityReportFileName(documentId: number): string {
  return `veritext-similarity-report-${String(documentId)}.pdf`;
}

/** Download PDF of a ready report; "Something went wrong." plus the server's message on failure (§8). */
export function ReportDownload({ documentId }: { documentId: number }) {
  const { t, i18n } = useTranslation();
  const { endpoints } = useServices();
  const toErrorText = useErrorText();
  const id = useId();
  const download = useMutation({
    // the PDF in the reader's language
    mutationFn: () => endpoints.downloadSimilarityReport(documentId, i18n.language === 'es' ? 'es' : 'en'),
    onSuccess: (blob) => {
      saveBlob(blob, similarityReportFileName(documentId));
    },
  });

  return (
    <div className="report-download">
      <button
        type="button"
        className="button button--small"
        aria-disabled={download.isPending}
        aria-describedby={`${id}-status`}
        data-testid="report-download-pdf"
        onClick={() => {
          if (download.isPending) return;
          trackUserAction('report-pdf');
          download.mutate();
        }}
      >
        {download.isPending ? <Spinner size="sm" /> : null}
        {t('report.pdf.download')}
      </button>
      <span id={`${id}-status`} role="status" aria-live="polite" className="visually-hidden">
        {download.isPending ? t('report.pdf.progress') : ''}
      </span>
      {download.isError ? (
        <div className="alert alert--error report-download__error" role="alert">
          <p>
            {t('report.pdf.failed')} {toErrorText(download.error)}
          </p>
        </div>
      ) : null}
    </div>
  );
}
