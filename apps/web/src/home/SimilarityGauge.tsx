import { formatPercent, formatPercentNumber } from '../i18n/format.ts';

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A ring gauge of a similarity percentage (0–100) with the figure in its middle. The figure is real text
 * (read out with the label); the ring is decoration.
 */
export function SimilarityGauge({ percent, label, language }: { percent: number; label: string; language: string }) {
  const clamped = Math.min(100, Math.max(0, percent));
  const filled = (clamped / 100) * CIRCUMFERENCE;
  return (
    <div className="similarity-gauge">
      <svg className="similarity-gauge__ring" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <circle className="similarity-gauge__track" cx="50" cy="50" r={RADIUS} />
        <circle
          className="similarity-gauge__value"
          cx="50"
          cy="50"
          r={RADIUS}
          strokeDasharray={`${filled.toFixed(2)} ${CIRCUMFERENCE.toFixed(2)}`}
          transform="rotate(-90 50 50)"
        />
      </svg>
      <p className="similarity-gauge__figure">
        <span className="visually-hidden">{`${label}: ${formatPercent(clamped, language)}`}</span>
        <span className="similarity-gauge__number" aria-hidden="true">
          {formatPercentNumber(clamped, language)}
          <span className="similarity-gauge__sign">%</span>
        </span>
        <span className="similarity-gauge__label" aria-hidden="true">
          {label}
        </span>
      </p>
    </div>
  );
}
