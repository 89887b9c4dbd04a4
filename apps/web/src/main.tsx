import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { initI18n } from './i18n/index.ts';
import { homePath, languageForPath, readStoredLanguage } from './language/language.ts';
import { createServices } from './app/services.ts';
import { ServicesContext } from './app/ServicesContext.tsx';
import { routes } from './app/routes.tsx';
import { reloadHomeSoon } from './session/useLogout.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/check.css';
import './styles/report.css';
import './styles/documents.css';
import './styles/admin.css';
import './styles/profile.css';
import './styles/account-email.css';
import './styles/portal.css';
import './styles/commerce.css';
import './styles/members.css';

async function start(): Promise<void> {
  let router: ReturnType<typeof createBrowserRouter> | null = null;
  const services = createServices((path) => {
    if (router === null) window.location.assign(path);
    else void router.navigate(path);
  });
  const language = languageForPath(window.location.pathname, readStoredLanguage(services.storage));
  document.documentElement.lang = language;
  const i18n = await initI18n(language);
  router = createBrowserRouter(routes);

  // One delegated listener for every element marked data-modal="NAME".
  document.addEventListener('click', (event) => {
    services.modals.handleClick(event);
  });

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

  const container = document.getElementById('root');
  if (container === null) throw new Error('The #root element is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <ServicesContext.Provider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ServicesContext.Provider>
    </StrictMode>,
  );
}

void start();
