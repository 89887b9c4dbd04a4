import { useTranslation } from 'react-i18next';

const SKELETON_ROWS = 3;

/** The rows a documents, AI checks or billing list shows while it loads, announced as loading. */
export function DocumentsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="documents__skeleton" data-testid="documents-loading">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <span key={index} className="skeleton skeleton--row" aria-hidden="true" />
      ))}
    </div>
  );
}
