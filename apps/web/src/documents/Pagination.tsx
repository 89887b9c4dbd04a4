import { useTranslation } from 'react-i18next';
import type { Pagination as PageState } from './documents.ts';

/** Previous / "page N of M" / Next under a list of My Documents; nothing when everything fits on one page. */
export function Pagination({
  pagination,
  label,
  onPage,
}: {
  pagination: PageState;
  /** The navigation landmark's name (which list it pages). */
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (!pagination.isPaginated) return null;
  return (
    <nav className="documents__pagination" aria-label={label}>
      <button
        type="button"
        className="button button--small"
        disabled={!pagination.hasPrevious}
        onClick={() => {
          onPage(pagination.page - 1);
        }}
      >
        {t('documents.pagination.previous')}
      </button>
      <span className="documents__page" aria-live="polite">
        {t('documents.pagination.status', { page: pagination.page, pages: pagination.pageCount })}
      </span>
      <button
        type="button"
        className="button button--small"
        disabled={!pagination.hasNext}
        onClick={() => {
          onPage(pagination.page + 1);
        }}
      >
        {t('documents.pagination.next')}
      </button>
    </nav>
  );
}
