import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useServices } from '../app/ServicesContext.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useErrorText } from '../modals/useAuthFlow.ts';
import { tokenFromLink } from './folderTree.ts';

/** Where a folder opens in the cabinet: My Documents (personal) or its organisation's documents. */
export function folderPagePath(folder: { id: number; group_id: number | null }): string {
  const base =
    folder.group_id === null ? '/profile/my-documents' : `/profile/my-documents/group/${String(folder.group_id)}`;
  return `${base}?folder=${String(folder.id)}`;
}

/**
 * /profile/my-documents/shared/{token}: a folder's share link. The signed-in user joins it (the server's rules: any
 * account for a personal folder, an organisation's owner and teachers for its folders) and lands on the folder; an
 * empty, unknown or revoked link says so ("empty share link").
 */
export function SharedFolderPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { endpoints } = useServices();
  const navigate = useNavigate();
  const describeError = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const linkToken = tokenFromLink(token);
    if (linkToken === '') {
      setError(t('folders.join.empty'));
      return;
    }
    endpoints
      .joinSharedFolder(linkToken)
      .then((folder) => {
        void navigate(folderPagePath(folder), { replace: true });
      })
      .catch((caught: unknown) => {
        setError(describeError(caught));
      });
  }, [token, endpoints, navigate, describeError, t]);

  return (
    <div className="container page">
      <PageIntro title={t('folders.join.title')} />
      {error === null ? (
        <LoadingBlock label={t('folders.join.opening')} />
      ) : (
        <div className="card">
          <p className="alert alert--error" role="alert">
            {error}
          </p>
          <p>
            <Link to="/profile/my-documents" className="button">
              {t('folders.join.back')}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}
