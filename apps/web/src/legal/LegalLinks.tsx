import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { LEGAL_PATHS } from './legalPaths.ts';

/**
 * The text of a terms checkbox, "I agree to the Terms of Use and the Privacy Policy", with both documents as links.
 * They open in a new tab, so that a half-filled form is not lost; the label's accessible name stays the sentence.
 */
export function AgreeToTerms() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const newTabId = useId();
  const link = (doc: 'terms' | 'privacy') => (
    <a
      href={localisedPath(LEGAL_PATHS[doc], lang)}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={newTabId}
    />
  );
  return (
    <span className="consent-text">
      <Trans i18nKey="legal.consent" components={{ terms: link('terms'), privacy: link('privacy') }} />
      <span id={newTabId} hidden>
        {t('legal.newTab')}
      </span>
    </span>
  );
}

/** "Read our Terms of Use and Privacy Policy.", in the page's language (the activity-report portal's cards). */
export function LegalNote({ className }: { className?: string }) {
  const lang = useLanguage();
  return (
    <p className={className}>
      <Trans
        i18nKey="legal.portalNote"
        components={{
          terms: <Link to={localisedPath(LEGAL_PATHS.terms, lang)} />,
          privacy: <Link to={localisedPath(LEGAL_PATHS.privacy, lang)} />,
        }}
      />
    </p>
  );
}
