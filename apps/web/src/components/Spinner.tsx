/** A small spinning ring. Decorative: pair it with text or aria-busy for screen readers. */
export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}

/** A spinner with a visible label, announced politely. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="loading-block" role="status">
      <Spinner size="lg" />
      <span>{label}</span>
    </div>
  );
}
