/**
 * How a similarity total reads in words (issue 20): the same bands in the web report's gauge and in the PDF.
 * A band says how much of the text matches other sources, never whether it was plagiarised.
 */
export type SimilarityBand = 'none' | 'low' | 'moderate' | 'high' | 'veryHigh';

/** The lower bounds, in percent, of the bands above "none" (0 %): under 10 low, under 25 moderate, under 50 high. */
export const SIMILARITY_BAND_FROM = { low: 0, moderate: 10, high: 25, veryHigh: 50 } as const;

export function similarityBand(percent: number): SimilarityBand {
  if (!(percent > 0)) return 'none';
  if (percent < SIMILARITY_BAND_FROM.moderate) return 'low';
  if (percent < SIMILARITY_BAND_FROM.high) return 'moderate';
  if (percent < SIMILARITY_BAND_FROM.veryHigh) return 'high';
  return 'veryHigh';
}
