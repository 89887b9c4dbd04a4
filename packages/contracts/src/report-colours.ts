/**
 * The source colours of the similarity report (issue 20): source N of a report takes colour ((N - 1) mod 8) + 1,
 * the same in the web report (its passages, its marker in the list of sources, the bottom sheet) and in the PDF
 * (its highlights and legend). Keep these equal to --color-source-1..8 in apps/web/src/styles/tokens.css
 * (report-colours.test.ts checks it). None is violet: violet means AI-written text (--color-ai-*).
 */
export const SOURCE_COLOURS = [
  '#d92d20',
  '#1570ef',
  '#dc6803',
  '#0e9384',
  '#c11574',
  '#4e5ba6',
  '#669f2a',
  '#8a6a3b',
] as const;

/** The 1-based palette slot of source `id` (1-based): 1..8, then 1 again for source 9. */
export function sourceColourSlot(id: number): number {
  const index = Math.max(1, Math.trunc(id)) - 1;
  return (index % SOURCE_COLOURS.length) + 1;
}

/** The hex colour of source `id` (1-based). */
export function sourceColour(id: number): string {
  return SOURCE_COLOURS[sourceColourSlot(id) - 1] ?? SOURCE_COLOURS[0];
}
