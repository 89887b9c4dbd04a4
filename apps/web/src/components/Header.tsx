import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { SiteLanguage } from '@veritext/contracts';
import { useSession } from '../app/ServicesContext.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { homePath, localisedPath } from '../language/language.ts';
import { NEW_CHECK_PATH } from '../session/destinations.ts';
import type { SessionState } from '../session/store.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { ProfileMenu } from '../app/LazyProfileMenu.tsx';
import { Logo } from './Logo.tsx';
import { CartButton } from '../commerce/CartButton.tsx';

/**
 * Where "Plagiarism checker" leads: a logged-in user straight to the cabinet's New check (the guest hero
 * would only repeat what they already have); a guest, or while the session is still being checked, home.
 */
export function plagiarismCheckerPath(session: SessionState, lang: SiteLanguage): string {
  const isUser = session.status === 'user' && session.profile !== null && !session.profile.is_guest;
  return isUser ? NEW_CHECK_PATH : homePath(lang);
}

function AuthControls() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.status === 'user' && session.profile !== null) return <ProfileMenu profile={session.profile} />;
  if (session.status === 'checking') {
    return (
      <div className="auth-skeleton" role="status" aria-live="polite">
        <span className="skeleton skeleton--button" aria-hidden="true" />
        <span className="visually-hidden">{t('header.loadingAccount')}</span>
      </div>
    );
  }
  return (
    <div className="auth-buttons">
      <button type="button" className="button button--ghost" data-modal="login">
        {t('header.login')}
      </button>
      <button type="button" className="button button--primary" data-modal="signup">
        {t('header.signup')}
      </button>
    </div>
  );
}

export function Header() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const { pathname } = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const panelId = useId();

  useEffect(() => {
    setIsMenuOpen(false);
  }, [pathname]);

  const links = [
    { to: plagiarismCheckerPath(session, lang), label: t('header.plagiarism'), end: true },
    { to: localisedPath('/ai-detector/', lang), label: t('header.aiDetector'), end: false },
    { to: localisedPath('/pricing/', lang), label: t('header.pricing'), end: false },
  ];

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={homePath(lang)} className="brand" aria-label={t('header.homeLink')}>
          <Logo />
          {/* Visible at every width, 375 px included: the name is the brand, the mark alone is not yet known. */}
          <span className="brand__name" aria-hidden="true">
            {t('common.appName')}
          </span>
        </Link>
        <div className={isMenuOpen ? 'site-header__panel is-open' : 'site-header__panel'} id={panelId}>
          <nav aria-label={t('header.navLabel')} className="main-nav">
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className="main-nav__link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitcher />
        </div>
        <div className="site-header__actions">
          <CartButton />
          <AuthControls />
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={isMenuOpen}
            aria-controls={panelId}
            aria-label={t('header.menu')}
            onClick={() => {
              setIsMenuOpen((open) => !open);
            }}
          >
            <span className="menu-toggle__bars" aria-hidden="true" />
          </button>
        </div>
      </div>
    </header>
  );
}
