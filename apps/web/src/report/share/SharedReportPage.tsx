import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { SharedReportResponse } from '@veritext/contracts';
import { isApiError } from '../../api/client.ts';
import { useServices } from '../../app/ServicesContext.tsx';
import { LoadingBlock } from '../../components/Spinner.tsx';
import { useErrorText } from '../../modals/useAuthFlow.ts';
import { reportName } from '../title.ts';
import { useIsMobile } from '../useReport.ts';
import { ReportView } from '../ReportView.tsx';
import { formatShareDate, sharedAiLoad } from './share.ts';
import '../../styles/report-tools.css';

/** The shared report once loaded: who may read it (anyone with the link), until when, and the report read-only. */
export function SharedReportView({
  data,
  language,
  isMobile = false,
}: {
  data: SharedReportResponse['data'];
  language: string;
  isMobile?: boolean;
}) {
  const { t } = useTranslation();
  const name = reportName(data.report) ?? t('report.untitled');
  return (
    <>
      <header className="shared-report__head">
        <p className="eyebrow">{t('reportTools.shared.eyebrow')}</p>
        <h1 id="page-title" tabIndex={-1} className="shared-report__title">
          <span className="shared-report__kind">
            {t('report.kind')}
            <span className="visually-hidden">: </span>
          </span>{' '}
          <span className="shared-report__name">{name}</span>
        </h1>
        <p className="shared-report__meta">
          <span>{t('reportTools.shared.checkedOn', { date: formatShareDate(data.checked_at, language) })}</span>
          <span className="shared-report__valid" data-testid="shared-report-valid">
            {t('reportTools.shared.validUntil', { date: formatShareDate(data.expires_at, language) })}
          </span>
        </p>
        <p className="shared-report__note">{t('reportTools.shared.readOnly')}</p>
      </header>
      <div className="shared-report__body">
        <ReportView
          report={data.report}
          ai={sharedAiLoad(data.report.ai.status)}
          language={language}
          isMobile={isMobile}
        />
      </div>
    </>
  );
}

/** The link no longer works (expired, revoked, or never made). */
export function SharedReportGone() {
  const { t } = useTranslation();
  return (
    <div className="shared-report__gone">
      <h1 id="page-title" tabIndex={-1}>
        {t('reportTools.shared.goneTitle')}
      </h1>
      <p className="lead">{t('reportTools.shared.goneBody')}</p>
    </div>
  );
}

/**
 * /shared-report/{token}: a Similarity report shared by e-mail, read without an account (issue 17) — the report as an
 * outsider sees it (the server leaves out the titles of other users' checks), with until when the link works.
 */
export function SharedReportPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const { endpoints } = useServices();
  const toErrorText = useErrorText();
  const isMobile = useIsMobile();
  const query = useQuery({
    queryKey: ['shared-report', token],
    queryFn: () => endpoints.sharedReport(token),
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
  });
  const title = query.data === undefined ? t('reportTools.shared.eyebrow') : (reportName(query.data.report) ?? '');
  const appName = t('common.appName');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);

  let body;
  if (query.isPending) {
    body = <LoadingBlock label={t('reportTools.shared.loading')} />;
  } else if (query.isError) {
    body =
      isApiError(query.error) && query.error.status === 404 ? (
        <SharedReportGone />
      ) : (
        <div className="alert alert--error" role="alert">
          <p>{toErrorText(query.error)}</p>
        </div>
      );
  } else {
    body = <SharedReportView data={query.data} language={i18n.language} isMobile={isMobile} />;
  }
  return <div className="container page shared-report">{body}</div>;
}
