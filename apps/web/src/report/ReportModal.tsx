import type { ElementType, ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices, useSession } from '../app/ServicesContext.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import type { ProgressState } from './progress.ts';
import { ReportDownload } from './ReportDownload.tsx';
import { ReportProgress } from './ReportProgress.tsx';
import type { ReportLoad } from './reportLoad.ts';
import { ReportView } from './ReportView.tsx';
import { reportName } from './title.ts';
import { useInternetSearched, useIsMobile, useProgress, useReportLoad } from './useReport.ts';
import { reportPath } from './page/reportPage.ts';
import { GrammarProvider } from './grammar/GrammarPanel.tsx';

/**
 * What the modal shows, without the dialog shell (so that it renders on its own in tests): the title,
 * the progress view until it finishes, then the report or the error, and the guest footer.
 */
export function ReportScreen({
  documentId,
  load,
  progress,
  isGuest,
  language,
  isMobile = false,
  onSignup,
  onRequestAi,
  download,
  Title = 'h2',
  closeButton,
  internet = false,
}: {
  documentId: number;
  load: ReportLoad;
  progress: ProgressState;
  isGuest: boolean;
  language: string;
  isMobile?: boolean;
  onSignup: () => void;
  /** Sends the AI check the report offers (one AI page). */
  onRequestAi?: () => void;
  download?: ReactNode;
  /** The heading element: Radix's Dialog.Title in the modal. */
  Title?: ElementType;
  closeButton?: ReactNode;
  /** The service searches the internet: the progress view names its stages. */
  internet?: boolean;
}) {
  const { t } = useTranslation();
  const toErrorText = useErrorText();
  const { document } = load;
  const name = document.kind === 'ready' ? (reportName(document.report) ?? t('report.untitled')) : null;

  let body: ReactNode;
  if (document.kind === 'failed' || document.kind === 'timeout' || document.kind === 'error') {
    const message =
      document.kind === 'timeout'
        ? t('report.errors.timeout')
        : document.kind === 'error'
          ? toErrorText(document.error)
          : (document.message ?? t('report.errors.generic'));
    body = (
      <div className="report-modal__error">
        <div className="alert alert--error" role="alert">
          <p>{message}</p>
        </div>
        {closeButton}
      </div>
    );
  } else if (document.kind === 'ready' && progress.isFinished) {
    body = (
      <GrammarProvider checkId={documentId} language={language}>
        <ReportView
          key={document.report.id}
          report={document.report}
          ai={load.ai}
          language={language}
          isMobile={isMobile}
          download={download}
          {...(onRequestAi === undefined ? {} : { onRequestAi })}
        />
      </GrammarProvider>
    );
  } else {
    body = <ReportProgress state={progress} internet={internet} />;
  }

  return (
    <div className="report-modal__inner" data-check-id={documentId}>
      <header className="report-modal__head">
        {/* titled by the document; its accessible name reads "Similarity report: <document>" */}
        <Title className="modal__title report-modal__title">
          <span className="report-modal__kind">
            {t('report.kind')}
            {name === null ? null : <span className="visually-hidden">: </span>}
          </span>
          {name === null ? null : <span className="report-modal__name">{name}</span>}
        </Title>
        <p className="report-modal__check">{t('report.checkNumber', { id: String(documentId) })}</p>
      </header>
      <div className="report-modal__body">{body}</div>
      {isGuest ? (
        <div className="report-modal__footer">
          <button type="button" className="button button--primary" onClick={onSignup}>
            {t('report.guestFooter')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The Similarity report modal (check-tool.md §2, §4), opened by `modals.openModal('report', { id })`. */
export function ReportModal({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { modals } = useServices();
  const session = useSession();
  const isGuest = session.status !== 'user' || session.profile === null || session.profile.is_guest;
  const { load, requestAi } = useReportLoad(id);
  const progress = useProgress(load.document.kind === 'ready');
  const isMobile = useIsMobile();
  const internet = useInternetSearched();

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="modal-overlay" />
      <Dialog.Content className="modal modal--report" aria-describedby={undefined}>
        <Dialog.Close className="icon-button report-modal__close" aria-label={t('common.close')}>
          <span aria-hidden="true">×</span>
        </Dialog.Close>
        <ReportScreen
          documentId={id}
          load={load}
          progress={progress}
          isGuest={isGuest}
          language={i18n.language}
          isMobile={isMobile}
          internet={internet}
          Title={Dialog.Title}
          onSignup={() => {
            modals.openModal('signup');
          }}
          onRequestAi={requestAi}
          download={
            <>
              <ReportDownload documentId={id} />
              {isGuest ? null : (
                // the report at its own address (issue 17): bookmarkable, with the source tools and settings
                <Link
                  className="button button--small report-modal__full"
                  to={reportPath(id, i18n.language)}
                  data-testid="report-open-page"
                  onClick={() => {
                    modals.closeAll();
                  }}
                >
                  {t('reportPage.openFull')}
                </Link>
              )}
            </>
          }
          closeButton={<Dialog.Close className="button">{t('common.close')}</Dialog.Close>}
        />
      </Dialog.Content>
    </Dialog.Portal>
  );
}
