import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiCheckResult } from '@veritext/contracts';
import { formatPercent, highlightSegments, verdictKey } from './aiDetector.ts';

/** The AI result view (check-tool.md §2): verdict, percentages, highlighted text, Clear text, Download PDF, feedback. */
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
  const verdict = verdictKey(result.verdict);
  const percent = (value: number) => `${formatPercent(value, language)} %`;

  return (
    <section className="ai-result card" aria-labelledby={`${id}-title`} data-aidetector="">
      <div className="ai-result__summary">
        <h2 id={`${id}-title`} className="ai-result__title" tabIndex={-1}>
          {t('ai.result.title')}
        </h2>
        <p className={result.flagged ? 'ai-result__verdict is-flagged' : 'ai-result__verdict'}>
          <span className="ai-result__verdict-label">{t('ai.result.verdictLabel')}</span>{' '}
          <strong>{verdict === null ? t('ai.result.noVerdict') : t(verdict)}</strong>
          {result.score === null ? null : (
            <span className="ai-result__score">
              {' '}
              {t('ai.result.score', {
                score: formatPercent(result.score, language),
                line: formatPercent(0.5, language),
              })}
            </span>
          )}
        </p>
        <dl className="ai-result__stats">
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
      </div>

      <h3 className="ai-result__subtitle">{t('ai.result.textTitle')}</h3>
      <p className="ai-result__legend">
        <span className="ai-legend ai-legend--likely">{t('ai.result.legendLikely')}</span>
        <span className="ai-legend ai-legend--strong">{t('ai.result.legendStrong')}</span>
      </p>
      <div className="ai-result__text">
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
