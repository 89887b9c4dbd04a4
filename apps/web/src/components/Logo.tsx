export function Logo() {
  return (
    <svg className="logo" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-brand-strong)" />
      <path
        d="M8 9l8 15 8-15"
        fill="none"
        stroke="var(--color-accent-soft)"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
