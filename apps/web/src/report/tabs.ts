/**
 * Keyboard moves between tabs of a tablist (WAI-ARIA tabs pattern): arrows wrap, Home and End jump,
 * disabled tabs are skipped. Returns the index to select, or null when the key is not a tab key.
 */
export function nextTabIndex(
  key: string,
  current: number,
  disabled: readonly boolean[],
  orientation: 'horizontal' | 'vertical' = 'horizontal',
): number | null {
  const count = disabled.length;
  if (count === 0) return null;
  const previousKey = orientation === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
  const nextKey = orientation === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
  const walk = (from: number, step: 1 | -1): number | null => {
    for (let i = 1; i <= count; i += 1) {
      const index = (((from + step * i) % count) + count) % count;
      if (disabled[index] !== true) return index;
    }
    return null;
  };
  switch (key) {
    case previousKey:
      return walk(current, -1);
    case nextKey:
      return walk(current, 1);
    case 'Home':
      return walk(-1, 1);
    case 'End':
      return walk(count, -1);
    default:
      return null;
  }
}
