import { hashString, type Token } from '@veritext/text';
import { combineHash } from './hash.ts';

/**
 * Share of the suspicious passage's words that sit in a word 3-gram (of lower-cased surface forms) also in the
 * source passage: 1 for a verbatim copy, low for a paraphrase.
 */
export function verbatimShare(
  suspTokens: readonly Token[],
  suspText: string,
  srcTokens: readonly Token[],
  srcText: string,
): number {
  if (suspTokens.length < 3 || srcTokens.length < 3) return 0;
  const surface = (tokens: readonly Token[], text: string): number[] =>
    tokens.map((t) => hashString(text.slice(t.start, t.end).toLowerCase()));
  const grams = (h: readonly number[], i: number): number =>
    combineHash(combineHash(combineHash(0, h[i]!), h[i + 1]!), h[i + 2]!);
  const src = surface(srcTokens, srcText);
  const srcGrams = new Set<number>();
  for (let i = 0; i + 2 < src.length; i++) srcGrams.add(grams(src, i));
  const susp = surface(suspTokens, suspText);
  const covered = new Uint8Array(susp.length);
  for (let i = 0; i + 2 < susp.length; i++) {
    if (srcGrams.has(grams(susp, i))) covered[i] = covered[i + 1] = covered[i + 2] = 1;
  }
  let count = 0;
  for (const c of covered) count += c;
  return count / susp.length;
}
