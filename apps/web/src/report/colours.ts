import type { CSSProperties } from 'react';
import { similarityBand, sourceColourSlot, type ReportNode, type SimilarityBand } from '@veritext/contracts';
import { isEnabled, type DisabledItems } from './highlight.ts';

/**
 * Colours that mean one thing each (issue 20): source N of a report takes --color-source-((N-1) mod 8 + 1), for
 * its passages in the text, its marker in the list of sources (and the bottom sheet) and the PDF's highlights
 * (the same palette is SOURCE_COLOURS in @veritext/contracts). AI marks are violet (--color-ai-*), never a
 * source's colour.
 */
export function sourceColourVar(id: number): string {
  return `var(--color-source-${String(sourceColourSlot(id))})`;
}

/** The custom property an element of source `id` is drawn with (`--source-colour`). */
export function sourceColourStyle(id: number): CSSProperties {
  return { '--source-colour': sourceColourVar(id) } as CSSProperties;
}

/** The source whose colour a passage of the text takes: its first source still in the highlights, else none. */
export function nodeColourSource(node: Pick<ReportNode, 'sources'>, disabled: DisabledItems): number | null {
  return node.sources.find((id) => isEnabled(disabled, 'source', id)) ?? null;
}

/** How the similarity total reads: its band's i18n keys, and the gauge's share of the ring (0–1). */
export type GaugeModel = { band: SimilarityBand; labelKey: string; meaningKey: string; fraction: number };

export function similarityGauge(total: number): GaugeModel {
  const band = similarityBand(total);
  const fraction = Number.isFinite(total) ? Math.min(1, Math.max(0, total / 100)) : 0;
  return { band, labelKey: `report.gauge.${band}.label`, meaningKey: `report.gauge.${band}.meaning`, fraction };
}
