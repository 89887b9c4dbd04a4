import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingBlock } from '../components/Spinner.tsx';
import { homePath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { useServices, useSession } from './ServicesContext.tsx';

/** /profile/* pages: a guest is sent to the home page with the login modal open. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const { modals } = useServices();
  const navigate = useNavigate();
  const lang = useLanguage();
  const isGuest = session.status === 'guest';

  useEffect(() => {
    if (!isGuest) return;
    void navigate(homePath(lang), { replace: true });
    modals.openModal('login');
  }, [isGuest, navigate, lang, modals]);

  if (session.status === 'user') return <>{children}</>;
  return (
    <div className="container page">
      <LoadingBlock label={session.status === 'checking' ? t('header.loadingAccount') : t('account.loginRequired')} />
    </div>
  );
}
