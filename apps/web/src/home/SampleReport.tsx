import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sourceColourSlot } from '@veritext/contracts';
import { formatPercent } from '../i18n/format.ts';
import { useLanguage } from '../language/useLanguage.ts';
import { SimilarityGauge } from './SimilarityGauge.tsx';
import en from './sample-report.en.json';
import es from './sample-report.es.json';
import { type SampleReport as SampleReportData, type SampleReportNode } from './sampleReport.ts';

/** The sample report of each site language (produced by the reuse engine: npm run sample-report). */
export const SAMPLE_REPORTS = { en: en as SampleReportData, es: es as SampleReportData } as const;

/**
 * The home page's sample report: the similarity gauge, the checked text with each matching passage in its
 * source's colour, and the source list. Pointing at a source with a mouse, focusing it or pressing it (a tap
 * on a phone; the choice stays until pressed again) highlights that source's passages and dims the others.
 */
export function SampleReport({ report: given }: { report?: SampleReportData }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const report = given ?? SAMPLE_REPORTS[lang];
  const [pointed, setPointed] = useState<number | null>(null);
  const [pinned, setPinned] = useState<number | null>(null);
  const active = pointed ?? pinned;
  const percent = formatPercent(report.percent, lang);

  return (
    <div className={active === null ? 'sample-report' : 'sample-report has-active'} data-sample-report="">
      <div className="sample-report__summary">
        <SimilarityGauge percent={report.percent} label={t('home.sample.similarity')} language={lang} />
        <p className="sample-report__meaning">{t('home.sample.meaning', { percent })}</p>
      </div>
      <div className="sample-report__body">
        <div className="sample-report__sources">
          <h3 id="sample-report-sources" className="sample-report__heading">
            {t('home.sample.sourcesTitle')}
          </h3>
          <ol className="sample-sources" aria-labelledby="sample-report-sources">
            {report.sources.map((source) => (
              <li key={source.id} className={active === source.id ? 'sample-source is-active' : 'sample-source'}>
                <button
                  type="button"
                  className="sample-source__button"
                  data-source={source.id}
                  aria-pressed={pinned === source.id}
                  aria-describedby={`sample-source-hint-${source.id}`}
                  onPointerEnter={(event) => {
                    if (event.pointerType === 'mouse') setPointed(source.id);
                  }}
                  onPointerLeave={(event) => {
                    if (event.pointerType === 'mouse') setPointed(null);
                  }}
                  onFocus={(event) => {
                    // keyboard focus shows the passages; a tap's focus leaves that to the press (pinned)
                    if (event.currentTarget.matches(':focus-visible')) setPointed(source.id);
                  }}
                  onBlur={() => {
                    setPointed(null);
                  }}
                  onClick={() => {
                    setPinned((current) => (current === source.id ? null : source.id));
                  }}
                >
                  <span className="sample-source__number" data-colour={sourceColourSlot(source.id)} aria-hidden="true">
                    {source.id}
                  </span>
                  <span className="sample-source__main">
                    <span className="sample-source__name">{source.name}</span>
                    <span className="sample-source__kind">{t(KIND_KEYS[source.kind])}</span>
                  </span>
                  <span className="sample-source__percent">
                    {t('home.sample.sourceShare', { percent: formatPercent(source.percent, lang) })}
                  </span>
                </button>
                <span id={`sample-source-hint-${source.id}`} className="visually-hidden">
                  {t('home.sample.sourceHint')}
                </span>
              </li>
            ))}
          </ol>
        </div>
        <article className="sample-report__document" aria-labelledby="sample-report-text">
          <h3 id="sample-report-text" className="sample-report__heading">
            {t('home.sample.textTitle')}
          </h3>
          <p className="sample-report__title">{report.title}</p>
          <p className="sample-report__text">
            {report.nodes.map((node, index) => (
              <SampleNode
                key={index}
                node={node}
                active={active}
                onPoint={(id) => {
                  setPointed(id);
                }}
              />
            ))}
          </p>
          <ul className="sample-report__legend">
            <li className="sample-report__legend-item sample-report__legend-item--identical">
              {t('home.sample.legend.identical')}
            </li>
            <li className="sample-report__legend-item sample-report__legend-item--changed">
              {t('home.sample.legend.changed')}
            </li>
          </ul>
        </article>
      </div>
      <p className="sample-report__note">{t('home.sample.note')}</p>
    </div>
  );
}

const KIND_KEYS = {
  checked: 'home.sample.kind.checked',
  reference: 'home.sample.kind.reference',
} as const;

const MATCH_KEYS = {
  identical: 'home.sample.match.identical',
  changed: 'home.sample.match.changed',
} as const;

/** One stretch of the text: plain, or a mark in its (first) source's colour that names its source. */
function SampleNode({
  node,
  active,
  onPoint,
}: {
  node: SampleReportNode;
  active: number | null;
  onPoint: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const first = node.sources[0];
  if (node.match === null || first === undefined) return <>{node.text}</>;
  const isHighlighted = active !== null && node.sources.includes(active);
  const classes = ['sample-mark', `sample-mark--${node.match}`];
  if (isHighlighted) classes.push('is-highlighted');
  return (
    <mark
      className={classes.join(' ')}
      data-colour={sourceColourSlot(first)}
      data-sources={node.sources.join(' ')}
      data-highlighted={isHighlighted ? 'true' : 'false'}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') onPoint(first);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') onPoint(null);
      }}
    >
      <span className="visually-hidden">{t(MATCH_KEYS[node.match], { id: first })}: </span>
      {node.text}
    </mark>
  );
}
