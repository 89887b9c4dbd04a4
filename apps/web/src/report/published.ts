import { AI_PUBLISHED_VERDICT, type AiReportPart, type ReportNode } from '@veritext/contracts';
import { verdictKey } from '../ai-detector/aiDetector.ts';

/*
 * Published text is not AI (issue 15, point 2): the server marks the AI part's passages found in a reference
 * collection or on the internet (isPublished) and leaves them out of the AI share; the report shows them in a
 * neutral "found in sources" style, never the AI violet, and says how much of the text they are.
 */

/** The i18n key of the AI part's verdict: one of the detector's levels, or "found in published sources". */
export function aiPartVerdictKey(verdict: string | null): string | null {
  return verdict === AI_PUBLISHED_VERDICT ? 'report.published.verdict' : verdictKey(verdict);
}

/** Whether any passage of the AI part was found in published sources. */
export function hasPublished(nodes: readonly Pick<ReportNode, 'isPublished'>[]): boolean {
  return nodes.some((node) => node.isPublished === true);
}

/** The share of the text found in published sources (0 for reports that do not say). */
export function publishedShare(ai: Pick<AiReportPart, 'percents'>): number {
  return ai.percents.published ?? 0;
}
