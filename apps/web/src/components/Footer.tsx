import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../language/useLanguage.ts';
import { localisedPath } from '../language/language.ts';
import { LEGAL_DOCUMENTS, LEGAL_NAME_KEYS, LEGAL_PATHS } from '../legal/legalPaths.ts';
import { Logo } from './Logo.tsx';

export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const blogPath = lang === 'es' ? '/blog/es/' : '/blog/';
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__brand">
            <Logo size={28} tone="inverse" />
            {t('common.appName')}
          </p>
          <p className="site-footer__tagline">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="site-footer__heading">
            {t('footer.productHeading')}
          </h2>
          <ul>
            <li>
              <Link to={localisedPath('/ai-detector/', lang)}>{t('header.aiDetector')}</Link>
            </li>
            <li>
              <Link to="/citation-generator/">{t('footer.citation')}</Link>
            </li>
            <li>
              <Link to={localisedPath('/google-docs-add-on/', lang)}>{t('footer.googleDocs')}</Link>
            </li>
            <li>
              <Link to={localisedPath('/for-students/', lang)}>{t('footer.students')}</Link>
            </li>
            <li>
              <Link to={localisedPath('/for-developers/', lang)}>{t('header.developers')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">
            {t('footer.companyHeading')}
          </h2>
          <ul>
            <li>
              <Link to={localisedPath('/about-us/', lang)}>{t('footer.about')}</Link>
            </li>
            <li>
              <Link to={localisedPath('/higher-ed/', lang)}>{t('header.education')}</Link>
            </li>
            <li>
              <Link to={localisedPath('/contact-us/', lang)}>{t('footer.contact')}</Link>
            </li>
            <li>
              <Link to={blogPath}>{t('footer.blog')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__heading">
            {t('legal.heading')}
          </h2>
          <ul>
            {LEGAL_DOCUMENTS.map((doc) => (
              <li key={doc}>
                <Link to={localisedPath(LEGAL_PATHS[doc], lang)}>{t(LEGAL_NAME_KEYS[doc])}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
