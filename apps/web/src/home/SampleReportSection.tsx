import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../app/lazyComponent.ts';
import { LoadingBlock } from '../components/Spinner.tsx';
import { useNearViewport } from './useNearViewport.ts';

// The sample (its code and its report data) is a chunk of its own, fetched when the visitor scrolls near it.
const SampleReport = lazyComponent(async () => (await import('./SampleReport.tsx')).SampleReport);

/** "A sample report": a real report of a text written for the purpose, loaded when scrolled near. */
export function SampleReportSection() {
  const { t } = useTranslation();
  const slot = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(slot);
  return (
    <section className="home-section home-sample" aria-labelledby="home-sample-title">
      <div className="container">
        <h2 id="home-sample-title">{t('home.sample.title')}</h2>
        <p className="home-section__lead">{t('home.sample.lead')}</p>
        <div ref={slot} className="home-sample__slot" data-loaded={isNear ? 'true' : 'false'}>
          {isNear ? (
            <Suspense fallback={<LoadingBlock label={t('home.sample.loading')} />}>
              <SampleReport />
            </Suspense>
          ) : null}
        </div>
      </div>
    </section>
  );
}
