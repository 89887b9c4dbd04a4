import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GUEST_RETENTION_DAYS } from '@veritext/contracts';
import { useLanguage } from '../language/useLanguage.ts';
import { localisedPath } from '../language/language.ts';
import { LEGAL_PATHS } from '../legal/legalPaths.ts';

/** "How it works": the three steps of a check. */
export function HowItWorks() {
  const { t } = useTranslation();
  const steps = [
    { title: t('home.steps.one.title'), body: t('home.steps.one.body') },
    { title: t('home.steps.two.title'), body: t('home.steps.two.body') },
    { title: t('home.steps.three.title'), body: t('home.steps.three.body') },
  ];
  return (
    <section className="home-section home-steps" aria-labelledby="home-steps-title">
      <div className="container">
        <h2 id="home-steps-title">{t('home.steps.title')}</h2>
        <ol className="home-steps__list">
          {steps.map((step, index) => (
            <li key={step.title} className="home-steps__item">
              <span className="home-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="home-steps__title">{step.title}</h3>
              <p className="home-steps__body">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** What a check compares a text with, said honestly (the internet only with a search provider). */
export function ComparedWith() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const items = [
    { id: 'documents', title: t('home.compared.documents.title'), body: t('home.compared.documents.body') },
    { id: 'collections', title: t('home.compared.collections.title'), body: t('home.compared.collections.body') },
    { id: 'internet', title: t('home.compared.internet.title'), body: t('home.compared.internet.body') },
  ];
  return (
    <section className="home-section home-compared" aria-labelledby="home-compared-title">
      <div className="container">
        <h2 id="home-compared-title">{t('home.compared.title')}</h2>
        <ul className="home-cards">
          {items.map((item) => (
            <li key={item.id} className="home-card" data-compared={item.id}>
              <h3 className="home-card__title">{item.title}</h3>
              <p className="home-card__body">{item.body}</p>
            </li>
          ))}
          <li className="home-card home-card--ai" data-compared="ai">
            <h3 className="home-card__title">{t('home.compared.ai.title')}</h3>
            <p className="home-card__body">{t('home.compared.ai.body')}</p>
            <Link className="home-card__link" to={localisedPath('/ai-detector/', lang)}>
              {t('home.compared.ai.link')}
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}

/** Privacy in plain words: what is kept, the opt-out from the shared index, deleting; the same as the policy. */
export function PrivacyInBrief() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const items = [
    { id: 'keep', title: t('home.privacy.keep.title'), body: t('home.privacy.keep.body') },
    {
      id: 'index',
      title: t('home.privacy.index.title'),
      body: t('home.privacy.index.body', { label: t('dataControls.excludeFromIndex.label') }),
    },
    {
      id: 'delete',
      title: t('home.privacy.delete.title'),
      body: t('home.privacy.delete.body', { days: GUEST_RETENTION_DAYS }),
    },
  ];
  return (
    <section className="home-section home-privacy" aria-labelledby="home-privacy-title">
      <div className="container">
        <h2 id="home-privacy-title">{t('home.privacy.title')}</h2>
        <dl className="home-privacy__list">
          {items.map((item) => (
            <div key={item.id} className="home-privacy__item" data-privacy={item.id}>
              <dt>{item.title}</dt>
              <dd>{item.body}</dd>
            </div>
          ))}
        </dl>
        <p>
          <Link to={localisedPath(LEGAL_PATHS.privacy, lang)}>{t('home.privacy.link')}</Link>
        </p>
      </div>
    </section>
  );
}

/** Frequent questions, each a native disclosure (<details>): keyboard and screen reader support built in. */
export function HomeFaq() {
  const { t } = useTranslation();
  const days = GUEST_RETENTION_DAYS;
  const entries = [
    { id: 'free', q: t('home.faq.free.q'), a: t('home.faq.free.a') },
    { id: 'languages', q: t('home.faq.languages.q'), a: t('home.faq.languages.a') },
    { id: 'files', q: t('home.faq.files.q'), a: t('home.faq.files.a') },
    { id: 'score', q: t('home.faq.score.q'), a: t('home.faq.score.a') },
    { id: 'internet', q: t('home.faq.internet.q'), a: t('home.faq.internet.a') },
    { id: 'ai', q: t('home.faq.ai.q'), a: t('home.faq.ai.a') },
    { id: 'visible', q: t('home.faq.visible.q'), a: t('home.faq.visible.a') },
    { id: 'delete', q: t('home.faq.delete.q'), a: t('home.faq.delete.a', { days }) },
  ];
  return (
    <section className="home-section home-faq" aria-labelledby="home-faq-title">
      <div className="container">
        <h2 id="home-faq-title">{t('home.faq.title')}</h2>
        <div className="home-faq__list">
          {entries.map((entry) => (
            <details key={entry.id} className="home-faq__item" data-faq={entry.id}>
              <summary className="home-faq__question">{entry.q}</summary>
              <p className="home-faq__answer">{entry.a}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
