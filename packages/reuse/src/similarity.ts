import type { Trick } from '@veritext/text';
import { findQuotes, findReferences } from './citations.ts';
import type { CheckResult } from './engine.ts';
import { buildReport, reportBasis, type PlagiarismReport, type ReportBasis, type ReportOptions } from './report.ts';

/** The reuse part of the spec's Similarity report, plus the tricks found in the checked text. */
export interface SimilarityReport {
  readonly plagiarism: PlagiarismReport;
  readonly tricks: readonly Trick[];
  /** What the report can be rebuilt from under other settings (rebuildReport). */
  readonly basis: ReportBasis;
}

/** Builds the report of a check: matches classed as identical, changed, quote or reference, with percentages. */
export function buildSimilarityReport(text: string, result: CheckResult, options: ReportOptions): SimilarityReport {
  const input = {
    text,
    matches: result.matches,
    sources: result.sources,
    quotes: findQuotes(text),
    references: findReferences(text),
    options,
  };
  return { plagiarism: buildReport(input), tricks: result.tricks, basis: reportBasis(input) };
}
