/**
 * The Veritext mark: a "V" drawn as a check mark on an ink tile, the right stroke in the accent, and a
 * short ruled line under it (a line of checked text). Decorative: the brand name or a label goes beside it.
 * tone="inverse" lifts the tile off an ink background (the footer).
 */
export function Logo({ size = 32, tone = 'default' }: { size?: number; tone?: 'default' | 'inverse' }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill={tone === 'inverse' ? 'var(--color-ink-soft)' : 'var(--color-ink)'} />
      <path
        d="M8.5 9.5 14.5 21"
        fill="none"
        stroke="var(--color-text-inverse)"
        strokeWidth="3.4"
        strokeLinecap="round"
      />
      <path
        d="M14.5 21 23.5 6.5"
        fill="none"
        stroke="var(--color-accent-soft)"
        strokeWidth="3.4"
        strokeLinecap="round"
      />
      <path d="M9 26h14" stroke="var(--color-focus-inverse)" strokeWidth="2" strokeLinecap="round" opacity="0.7" />
    </svg>
  );
}
