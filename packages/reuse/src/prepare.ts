import { detectLanguage, splitSentences, tokenize, type Language, type Sentence, type Token } from '@veritext/text';

/** A text analysed once and then aligned against many others. */
export interface PreparedText {
  readonly text: string;
  readonly language: Language;
  readonly tokens: readonly Token[];
  /** Sentences, with those shorter than `minSentenceWords` merged into a neighbour. */
  readonly sentences: readonly Sentence[];
}

export const MIN_SENTENCE_WORDS = 3;

export function prepareText(text: string, language: Language = detectLanguage(text)): PreparedText {
  const tokens = tokenize(text, language);
  return { text, language, tokens, sentences: mergeShortSentences(splitSentences(text, tokens)) };
}

/** A sentence of fewer than three words ("Yes.", a heading) is joined to the next one, or the previous. */
function mergeShortSentences(sentences: readonly Sentence[]): Sentence[] {
  const merged: Sentence[] = [];
  let pending: Sentence | null = null;
  for (const sentence of sentences) {
    const current: Sentence = pending === null ? sentence : join(pending, sentence);
    pending = null;
    if (current.endToken - current.firstToken < MIN_SENTENCE_WORDS) pending = current;
    else merged.push(current);
  }
  if (pending !== null) {
    const last = merged.pop();
    merged.push(last === undefined ? pending : join(last, pending));
  }
  return merged;
}

function join(a: Sentence, b: Sentence): Sentence {
  return { start: a.start, end: b.end, firstToken: a.firstToken, endToken: b.endToken };
}
