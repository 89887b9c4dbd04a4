import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyComponent } from '../app/lazyComponent.ts';
import { CheckForm } from '../check/CheckForm.tsx';
import { ComparedWith, HomeFaq, HowItWorks, PrivacyInBrief } from '../home/HomeSections.tsx';
import { SampleReportSection } from '../home/SampleReportSection.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { LoadingBlock } from '../components/Spinner.tsx';
import { useLanguage } from '../language/useLanguage.ts';
import { localisedPath } from '../language/language.ts';

/** The pages with an English and a Spanish twin (check-tool.md §2). */

// The AI detector and the pricing plans load on demand (chunks of their own); the home page's check form does not.
const AiDetector = lazyComponent(async () => (await import('../ai-detector/AiDetector.tsx')).AiDetector);
const PricingWidget = lazyComponent(async () => (await import('../commerce/PricingWidget.tsx')).PricingWidget);
const SubscriptionWidget = lazyComponent(
  async () => (await import('../commerce/SubscriptionWidget.tsx')).SubscriptionWidget,
);

export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <section className="hero home-hero">
        <div className="container home-hero__grid">
          <PageIntro title={t('pages.home.title')} lead={t('home.hero.lead')} />
          <div className="home-hero__form">
            <CheckForm />
          </div>
          {/* Beside the title on wide screens; below the form on phones, so the text box is on the first screen. */}
          <ul className="ticks home-hero__points">
            <li>{t('pages.home.point1')}</li>
            <li>{t('pages.home.point2')}</li>
            <li>{t('pages.home.point3')}</li>
          </ul>
        </div>
      </section>
      <HowItWorks />
      <SampleReportSection />
      <ComparedWith />
      <PrivacyInBrief />
      <HomeFaq />
    </>
  );
}

export function AiDetectorPage() {
  const { t } = useTranslation();
  return (
    <section className="hero">
      <div className="container">
        <PageIntro title={t('pages.aiDetector.title')} lead={t('pages.aiDetector.lead')}>
          <p>{t('pages.aiDetector.body')}</p>
        </PageIntro>
        <AiDetector />
      </div>
    </section>
  );
}

function TextPage({ title, lead, body }: { title: string; lead: string; body?: string }) {
  return (
    <div className="container page">
      <PageIntro title={title} lead={lead}>
        {body === undefined ? null : <p>{body}</p>}
      </PageIntro>
    </div>
  );
}

export function AboutPage() {
  const { t } = useTranslation();
  return <TextPage title={t('pages.about.title')} lead={t('pages.about.lead')} body={t('pages.about.body')} />;
}

export function DevelopersPage() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <PageIntro title={t('pages.developers.title')} lead={t('pages.developers.lead')}>
        <p>{t('pages.developers.body')}</p>
        <button type="button" className="button button--primary" data-modal="get_api_token">
          {t('apiToken.button')}
        </button>
      </PageIntro>
    </div>
  );
}

export function GoogleDocsPage() {
  const { t } = useTranslation();
  return (
    <TextPage title={t('pages.googleDocs.title')} lead={t('pages.googleDocs.lead')} body={t('pages.googleDocs.body')} />
  );
}

export function HigherEdPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="container page">
      <PageIntro title={t('pages.higherEd.title')} lead={t('pages.higherEd.lead')}>
        <p>{t('pages.higherEd.body')}</p>
        <Link className="button button--primary" to={localisedPath('/for-education-request/', lang)}>
          {t('pages.higherEd.cta')}
        </Link>
      </PageIntro>
    </div>
  );
}

export function PricingPage() {
  const { t } = useTranslation();
  const features = [
    t('pages.pricing.f1'),
    t('pages.pricing.f2'),
    t('pages.pricing.f3'),
    t('pages.pricing.f4'),
    t('pages.pricing.f5'),
    t('pages.pricing.f6'),
  ];
  // The packs first (what a visitor came for), the monthly plans, then what every pack includes and what is not sold yet.
  return (
    <div className="container page pricing-page">
      <PageIntro title={t('pages.pricing.title')} lead={t('pages.pricing.lead')} />
      <section className="pricing-packs" aria-labelledby="pricing-packs-title">
        <h2 id="pricing-packs-title" className="pricing-page__title">
          {t('commerce.pricing.title')}
        </h2>
        <Suspense fallback={<LoadingBlock label={t('commerce.pricing.loading')} />}>
          <PricingWidget />
        </Suspense>
      </section>
      <section id="subscriptions" className="pricing-subscriptions" aria-labelledby="pricing-subscriptions-title">
        <h2 id="pricing-subscriptions-title" className="pricing-page__title">
          {t('subscriptions.title')}
        </h2>
        <p className="pricing-subscriptions__lead">{t('subscriptions.lead')}</p>
        <Suspense fallback={<LoadingBlock label={t('subscriptions.loading')} />}>
          <SubscriptionWidget />
        </Suspense>
      </section>
      <div className="pricing-page__details">
        <section className="card pricing-features" aria-labelledby="pricing-features">
          <h2 id="pricing-features" className="pricing-page__title">
            {t('pages.pricing.features')}
          </h2>
          <ul className="ticks ticks--columns">
            {features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <p className="pricing-features__body">{t('pages.pricing.body')}</p>
        </section>
        <section className="pricing-not-yet" aria-labelledby="pricing-not-yet">
          <h2 id="pricing-not-yet" className="pricing-not-yet__title">
            {t('pages.pricing.notYetTitle')}
          </h2>
          <p>{t('pages.pricing.notYet')}</p>
        </section>
      </div>
    </div>
  );
}
