import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AiChecksList } from './AiChecksList.tsx';
import { Cabinet } from './Cabinet.tsx';

export type ChecksTab = 'plagiarism' | 'ai';

/** The tab of My Documents named by the address (?tab=ai), plagiarism checks otherwise. */
export function tabOf(search: URLSearchParams): ChecksTab {
  return search.get('tab') === 'ai' ? 'ai' : 'plagiarism';
}

/**
 * My Documents (issue 20): the plagiarism checks and the AI checks side by side as two tabs; links, so the
 * address says which list is open (?tab=ai) and Back returns to it after opening a result.
 */
export function MyChecks() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const tab = tabOf(search);
  return (
    <>
      <nav className="documents-tabs" aria-label={t('documents.tabs.label')}>
        <Link
          to={{ search: '' }}
          className={tab === 'plagiarism' ? 'documents-tabs__tab is-current' : 'documents-tabs__tab'}
          aria-current={tab === 'plagiarism' ? 'page' : undefined}
          replace
        >
          {t('documents.tabs.plagiarism')}
        </Link>
        <Link
          to={{ search: '?tab=ai' }}
          className={tab === 'ai' ? 'documents-tabs__tab is-current' : 'documents-tabs__tab'}
          aria-current={tab === 'ai' ? 'page' : undefined}
          replace
        >
          {t('documents.tabs.ai')}
        </Link>
      </nav>
      {tab === 'ai' ? <AiChecksList /> : <Cabinet groupId={null} />}
    </>
  );
}
