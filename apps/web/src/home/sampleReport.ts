/**
 * The sample report on the home page: what the reuse engine reported for a short essay written for Veritext
 * (scripts/sample-report/). The JSON files next to this module are produced by `npm run sample-report` from
 * the real engine, and a test re-runs the engine to check they still match.
 */

export type SampleSourceKind = 'checked' | 'reference';

export interface SampleReportSource {
  /** 1-based, the report's order (source N takes colour ((N - 1) mod 8) + 1). */
  readonly id: number;
  readonly name: string;
  readonly kind: SampleSourceKind;
  /** Share of the text matched with this source, 0–100, two decimals. */
  readonly percent: number;
}

export interface SampleReportNode {
  readonly text: string;
  /** Ids of the sources this stretch of text matches (empty: original text). */
  readonly sources: readonly number[];
  /** `identical`: copied word for word; `changed`: reworded; null: no match. */
  readonly match: 'identical' | 'changed' | null;
}

export interface SampleReport {
  readonly version: 1;
  readonly language: 'en' | 'es';
  readonly title: string;
  /** Similarity of the whole text (identical and changed passages), 0–100. */
  readonly percent: number;
  readonly nodes: readonly SampleReportNode[];
  readonly sources: readonly SampleReportSource[];
}
