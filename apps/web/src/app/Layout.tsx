import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { VerifyEmailBanner } from '../account/VerifyEmailBanner.tsx';
import { CookieNotice } from '../components/CookieNotice.tsx';
import { Footer } from '../components/Footer.tsx';
import { Header } from '../components/Header.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import { homePath } from '../language/language.ts';
import { useLanguage, useLanguageSync } from '../language/useLanguage.ts';
import { ModalHost } from '../modals/ModalHost.tsx';
import { pathAfterLogin } from '../session/destinations.ts';
import { reloadHomeSoon } from '../session/useLogout.ts';
import { useSocialLoginReturn } from '../session/useSocialLoginReturn.ts';
import { useServices, useSession } from './ServicesContext.tsx';

/** Follows session changes made in other tabs (check-tool.md §4). */
function useTabSync(): void {
  const { session, modals, queryClient } = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const lang = useLanguage();
  const latest = useRef({ location, lang });
  useEffect(() => {
    latest.current = { location, lang };
  }, [location, lang]);

  useEffect(() => {
    function onStorage(event: StorageEvent): void {
      if (event.storageArea !== null && event.storageArea !== window.localStorage) return;
      const change = session.applyStorageChange(event.key, event.oldValue, event.newValue);
      if (change === 'logout') {
        modals.closeAll();
        queryClient.clear();
        reloadHomeSoon(homePath(latest.current.lang));
      } else if (change === 'login') {
        modals.closeAll();
        queryClient.clear();
        const target = pathAfterLogin(latest.current.location.pathname, latest.current.location.search);
        if (target !== null) void navigate(target);
      }
    }
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
    };
  }, [session, modals, queryClient, navigate]);
}

/** After a client-side navigation, move focus to the new page's heading (screen readers announce it). */
function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    document.getElementById('page-title')?.focus();
    window.scrollTo(0, 0);
  }, [pathname]);
}

function SessionErrorBanner() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.error === null || session.status === 'user') return null;
  return (
    <div className="banner banner--warning" role="status">
      <div className="container">{t('header.sessionError')}</div>
    </div>
  );
}

export function Layout() {
  const { t } = useTranslation();
  useLanguageSync();
  useTabSync();
  useSocialLoginReturn();
  useFocusOnNavigate();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header />
      <SessionErrorBanner />
      <main id="main" tabIndex={-1}>
        <VerifyEmailBanner />
        {/* Pages that load on demand (lazyComponent) show the loading indicator until their chunk has arrived. */}
        <Suspense
          fallback={
            <div className="container page">
              <LoadingBlock label={t('common.loading')} />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CookieNotice />
      <ModalHost />
    </div>
  );
}
