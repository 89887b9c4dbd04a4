import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's heading and lead paragraph; also sets the document title. */
export function PageIntro({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return (
    <div className="page-intro">
      <h1 id="page-title" tabIndex={-1}>
        {title}
      </h1>
      {lead === undefined ? null : <p className="lead">{lead}</p>}
      {children}
    </div>
  );
}
