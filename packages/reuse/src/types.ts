/** A half-open character range [start, end) in some text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * One aligned passage pair: [suspStart, suspEnd) of the checked text was reused from [srcStart, srcEnd) of a
 * source. Offsets are JavaScript string indices into the texts as given (the original, not the cleaned text).
 */
export interface Alignment {
  readonly suspStart: number;
  readonly suspEnd: number;
  readonly srcStart: number;
  readonly srcEnd: number;
  /** Similarity of the two passages, 0..1 (cosine of their stem vectors). */
  readonly similarity: number;
}

/**
 * How a passage was reused. `identical`: copied word for word (up to case, spacing, punctuation);
 * `changed`: edited or paraphrased (the spec's isChangedIndex).
 */
export type MatchKind = 'identical' | 'changed';

export interface Match extends Alignment {
  readonly sourceId: string;
  readonly kind: MatchKind;
}
