/** A bar with a known value, or an indeterminate one (no aria-valuenow) while the total is unknown. */
export function ProgressBar({
  label,
  percent,
  valueText,
}: {
  label: string;
  percent: number | null;
  valueText: string;
}) {
  return (
    <div
      className={percent === null ? 'admin-progress admin-progress--indeterminate' : 'admin-progress'}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(percent === null ? {} : { 'aria-valuenow': percent })}
      aria-valuetext={valueText}
    >
      <span className="admin-progress__bar" style={percent === null ? undefined : { width: `${String(percent)}%` }} />
    </div>
  );
}
