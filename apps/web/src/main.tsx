import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, type NavigateFunction } from 'react-router';
import { initI18n } from './i18n/index.ts';
import { homePath, languageForPath, readStoredLanguage } from './language/language.ts';
import { setDocumentLanguage } from './language/useLanguage.ts';
import { createServices } from './app/services.ts';
import { ServicesContext } from './app/ServicesContext.tsx';
import { AppRoutes } from './app/AppRoutes.tsx';
import { reloadHomeSoon } from './session/useLogout.ts';
import { preloadModal } from './modals/modalChunks.ts';
import { listenForTrackedClicks } from './tracking/clicks.ts';
import { observeTrackedViews } from './tracking/viewObserver.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/check.css';
import './styles/home.css';
import './styles/report.css';
import './styles/documents.css';
import './styles/folders.css';
import './styles/ai.css';
import './styles/admin.css';
import './styles/profile.css';
import './styles/account-email.css';
import './styles/portal.css';
import './styles/commerce.css';
import './styles/members.css';
import './styles/organisation.css';

async function start(): Promise<void> {
  let navigate: NavigateFunction | null = null;
  const onNavigate = (next: NavigateFunction | null): void => {
    navigate = next;
  };
  const services = createServices((path) => {
    if (navigate === null) window.location.assign(path);
    else void navigate(path);
  });
  const language = languageForPath(window.location.pathname, readStoredLanguage(services.storage));
  setDocumentLanguage(language);
  const i18n = await initI18n(language);

  // One delegated listener for every element marked data-modal="NAME".
  document.addEventListener('click', (event) => {
    services.modals.handleClick(event);
  });
  // A pointer or the keyboard resting on such an element starts fetching the modal's chunks (they load on demand).
  const preloadFrom = (event: Event): void => {
    const target = event.target instanceof Element ? event.target.closest('[data-modal]') : null;
    const name = target?.getAttribute('data-modal');
    if (name !== undefined && name !== null && name !== '') preloadModal(name);
  };
  document.addEventListener('pointerover', preloadFrom, { passive: true });
  document.addEventListener('focusin', preloadFrom);

  window.veritext = {
    openModal: (name, props) => {
      services.modals.openModal(name, props);
    },
    updateProfile: async () => {
      await services.session.refreshProfile();
    },
    logout: async () => {
      try {
        await services.session.logout();
      } finally {
        reloadHomeSoon(homePath(languageForPath(window.location.pathname, i18n.language)));
      }
    },
  };

  services.session.start({ isBlog: window.location.pathname.includes('/blog/') });
  // tracking (issue 18): marked elements when they appear or are clicked, help and LMS links; posts go out
  // only where a tag-manager data layer exists (tracking/track.ts)
  listenForTrackedClicks();

  const container = document.getElementById('root');
  if (container === null) throw new Error('The #root element is missing from index.html');
  observeTrackedViews(container);
  createRoot(container).render(
    <StrictMode>
      <ServicesContext.Provider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <BrowserRouter>
            <AppRoutes onNavigate={onNavigate} />
          </BrowserRouter>
        </QueryClientProvider>
      </ServicesContext.Provider>
    </StrictMode>,
  );
}

void start();
