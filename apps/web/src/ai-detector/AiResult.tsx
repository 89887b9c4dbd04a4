import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiCheckResult } from '@veritext/contracts';
import { formatPercent } from '../i18n/format.ts';
import { PART_KEYS, barParts, highlightSegments, verdictAssessment, verdictWords } from './aiDetector.ts';

/**
 * The AI result view (check-tool.md §2, issue 20): one verdict in words (reads as written by a person / not enough evidence to
 * tell / likely AI, from the server's assessment), the detector level where its name fits the evidence, what the
 * result means and how often human texts got it in our tests (issue 15), the bar of the text's shares with its
 * text equivalent, a caution, then the highlighted text and, after it, the statistic cards (beside the text on a
 * wide screen, under it on a phone); Clear text, Download PDF, feedback and Delete.
 */
export function AiResult({
  result,
  language,
  onClear,
  feedback,
  download,
  remove,
}: {
  result: AiCheckResult;
  language: string;
  onClear: () => void;
  /** The thumbs up/down block; passed in so that this view renders without the server. */
  feedback?: ReactNode;
  /** The Download PDF button; passed in for the same reason. */
  download?: ReactNode;
  /** The Delete this check button (issue 13, A5); passed in for the same reason. */
  remove?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const segments = useMemo(() => highlightSegments(result.content, result.chunks), [result.content, result.chunks]);
  const words = verdictWords(t, verdictAssessment(result), language);
  const band = words.band;
  const parts = barParts(result, language);
  const percent = (value: number) => formatPercent(value, language);
  const [human, mixed, ai] = parts;

  return (
    <section className="ai-result card" aria-labelledby={`${id}-title`} data-aidetector="">
      <div className={`ai-result__summary ai-result__summary--${band ?? 'none'}`} data-verdict={band ?? ''}>
        <h2 id={`${id}-title`} className="ai-result__title" tabIndex={-1}>
          {t('ai.result.title')}
        </h2>
        <p className="ai-verdict" data-testid="ai-verdict">
          <span className="ai-verdict__dot" aria-hidden="true" />
          {words.headline}
        </p>
        {words.level === null ? null : <p className="ai-verdict__level">{words.level}</p>}
        {words.meaning === null ? null : (
          <p className="ai-verdict__meaning" data-testid="ai-verdict-meaning">
            {words.meaning}
          </p>
        )}

        <div className="ai-bar">
          <p id={`${id}-bar`} className="ai-bar__title">
            {t('ai.result.barTitle')}
          </p>
          <div
            className="ai-bar__track"
            role="img"
            aria-labelledby={`${id}-bar`}
            aria-describedby={`${id}-bar-text`}
            data-testid="ai-bar"
          >
            {parts.map((part) =>
              part.share > 0 ? (
                <span
                  key={part.part}
                  className={`ai-bar__part ai-bar__part--${part.part}`}
                  style={{ flexGrow: part.share }}
                />
              ) : null,
            )}
          </div>
          <ul className="ai-bar__legend" aria-hidden="true">
            {parts.map((part) => (
              <li key={part.part} className={`ai-bar__key ai-bar__key--${part.part}`}>
                <span className="ai-bar__name">{t(PART_KEYS[part.part])}</span>{' '}
                <span className="ai-bar__value">{part.label}</span>
              </li>
            ))}
          </ul>
          <p id={`${id}-bar-text`} className="visually-hidden" data-testid="ai-bar-text">
            {t('ai.result.barText', {
              human: human?.label ?? '',
              mixed: mixed?.label ?? '',
              ai: ai?.label ?? '',
            })}
          </p>
        </div>
        <p className="ai-result__caution">{t('ai.result.caution')}</p>
      </div>

      <div className="ai-result__body">
        <div className="ai-result__main">
          <h3 className="ai-result__subtitle">{t('ai.result.textTitle')}</h3>
          <p className="ai-result__legend">
            <span className="ai-legend ai-legend--likely">{t('ai.result.legendLikely')}</span>
            <span className="ai-legend ai-legend--strong">{t('ai.result.legendStrong')}</span>
          </p>
          <div className="ai-result__text" data-testid="ai-text">
            {segments.map((segment, index) =>
              segment.reliability === 0 ? (
                <span key={index}>{segment.text}</span>
              ) : (
                <mark
                  key={index}
                  className={segment.reliability === 2 ? 'ai-mark ai-mark--strong' : 'ai-mark ai-mark--likely'}
                >
                  <span className="visually-hidden">
                    {segment.reliability === 2 ? t('ai.result.startStrong') : t('ai.result.startLikely')}
                  </span>
                  {segment.text}
                  <span className="visually-hidden">{t('ai.result.endMark')}</span>
                </mark>
              ),
            )}
          </div>
        </div>

        <aside className="ai-result__aside" aria-label={t('ai.result.statsLabel')}>
          <dl className="ai-result__stats" data-testid="ai-stats">
            <div>
              <dt>{t('ai.result.processed')}</dt>
              <dd>{percent(result.processed_percent)}</dd>
            </div>
            <div>
              <dt>
                <span className="ai-swatch ai-swatch--likely" aria-hidden="true" />
                {t('ai.result.likely')}
              </dt>
              <dd>{percent(result.likely_percent)}</dd>
            </div>
            <div>
              <dt>
                <span className="ai-swatch ai-swatch--strong" aria-hidden="true" />
                {t('ai.result.strong')}
              </dt>
              <dd>{percent(result.strong_percent)}</dd>
            </div>
          </dl>
        </aside>
      </div>

      <div className="ai-result__actions">
        <button type="button" className="button" onClick={onClear}>
          {t('ai.clear')}
        </button>
        {download}
        {feedback}
        {remove}
      </div>
    </section>
  );
}
