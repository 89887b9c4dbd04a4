import { useEffect, useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { SiteLanguage } from '@veritext/contracts';
import { PageIntro } from '../components/PageIntro.tsx';
import { localisedPath } from '../language/language.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { CANCELLATION } from './content/cancellation.ts';
import { PRIVACY } from './content/privacy.ts';
import { REFUND } from './content/refund.ts';
import { TERMS } from './content/terms.ts';
import {
  LEGAL_DOCUMENTS,
  LEGAL_LAST_UPDATED,
  LEGAL_NAME_KEYS,
  LEGAL_PATHS,
  type LegalDocumentId,
} from './legalPaths.ts';
import { fillFacts, parseInline, type LegalBlock, type LegalDocument, type LegalFacts } from './legalText.ts';
import { siteSupportEmail } from './operator.ts';
import '../styles/legal.css';

export const LEGAL_TEXTS: Readonly<Record<LegalDocumentId, LegalDocument>> = {
  terms: TERMS,
  privacy: PRIVACY,
  refund: REFUND,
  cancellation: CANCELLATION,
};

/** "25 November 2026" in the page's language; the date is a calendar day, so it is read in UTC. */
export function formatLegalDate(isoDay: string, lang: SiteLanguage): string {
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

function Inline({ text, lang, facts }: { text: string; lang: SiteLanguage; facts: LegalFacts }) {
  return (
    <>
      {parseInline(fillFacts(text, facts), lang).map((part, index) =>
        'href' in part ? (
          part.isExternal ? (
            <a key={index} href={part.href}>
              {part.text}
            </a>
          ) : (
            <Link key={index} to={part.href}>
              {part.text}
            </Link>
          )
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

function Block({ block, lang, facts }: { block: LegalBlock; lang: SiteLanguage; facts: LegalFacts }) {
  if ('p' in block) {
    return (
      <p>
        <Inline text={block.p} lang={lang} facts={facts} />
      </p>
    );
  }
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>
          <Inline text={item} lang={lang} facts={facts} />
        </li>
      ))}
    </ul>
  );
}

/** The section named by the address's hash is scrolled to once the page (a chunk loaded on demand) is there. */
function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

/**
 * A legal document (/terms/, /privacy/, /money-back-guarantee/, /cancellation-policy/ and their /es twins): its
 * title, the date of its last update, a table of contents and numbered sections, then links to the others.
 */
export function LegalPage({ doc, facts }: { doc: LegalDocumentId; facts?: LegalFacts }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const text = LEGAL_TEXTS[doc][lang];
  const pageFacts = useMemo<LegalFacts>(() => facts ?? { supportEmail: siteSupportEmail() }, [facts]);
  useScrollToHash();
  return (
    <div className="container page legal">
      <PageIntro title={text.title} lead={text.lead}>
        <p className="legal__updated">
          <Trans
            i18nKey="legal.lastUpdated"
            values={{ date: formatLegalDate(LEGAL_LAST_UPDATED, lang) }}
            components={{ time: <time dateTime={LEGAL_LAST_UPDATED} /> }}
          />
        </p>
      </PageIntro>
      <div className="legal__layout">
        <nav className="legal__toc" aria-labelledby="legal-contents">
          <h2 id="legal-contents" className="legal__toc-title">
            {t('legal.contents')}
          </h2>
          <ol>
            {text.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="legal__body">
          {text.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              className="legal__section"
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`}>
                <span className="legal__number">{index + 1}.</span> {section.heading}
              </h2>
              {section.blocks.map((block, blockIndex) => (
                <Block key={blockIndex} block={block} lang={lang} facts={pageFacts} />
              ))}
            </section>
          ))}
          <nav className="legal__others" aria-labelledby="legal-others">
            <h2 id="legal-others">{t('legal.otherDocuments')}</h2>
            <ul>
              {LEGAL_DOCUMENTS.filter((other) => other !== doc).map((other) => (
                <li key={other}>
                  <Link to={localisedPath(LEGAL_PATHS[other], lang)}>{t(LEGAL_NAME_KEYS[other])}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}
