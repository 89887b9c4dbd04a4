import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';

/** The file name the server gives the AI report, kept for the saved copy. */
export function aiReportFileName(checkId: number): string {
  return `veritext-ai-report-${String(checkId)}.pdf`;
}

/** Saves a downloaded file through a temporary object URL (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 60_000);
}

/**
 * Download PDF on an AI result (check-tool.md §2): the report through the API client, a spinner
 * while it comes, and "Something went wrong." plus the server's message when it does not (§8).
 */
export function AiReportDownload({ checkId }: { checkId: number }) {
  const { t, i18n } = useTranslation();
  const { endpoints } = useServices();
  const toErrorText = useErrorText();
  const id = useId();
  const download = useMutation({
    // the PDF in the reader's language
    mutationFn: () => endpoints.downloadAiReport(checkId, i18n.language === 'es' ? 'es' : 'en'),
    onSuccess: (blob) => {
      saveBlob(blob, aiReportFileName(checkId));
    },
  });

  return (
    <div className="ai-download">
      <button
        type="button"
        className="button"
        // aria-disabled keeps the button focusable while the report comes
        aria-disabled={download.isPending}
        aria-describedby={`${id}-status`}
        data-testid="ai-download-pdf"
        onClick={() => {
          if (!download.isPending) download.mutate();
        }}
      >
        {download.isPending ? <Spinner size="sm" /> : null}
        {t('ai.pdf.download')}
      </button>
      <span id={`${id}-status`} role="status" aria-live="polite" className="visually-hidden">
        {download.isPending ? t('ai.pdf.progress') : ''}
      </span>
      {download.isError ? (
        <div className="alert alert--error ai-download__error" role="alert">
          <p>
            {t('ai.pdf.failed')} {toErrorText(download.error)}
          </p>
        </div>
      ) : null}
    </div>
  );
}
