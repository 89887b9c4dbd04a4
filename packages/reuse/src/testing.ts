/**
 * Seeded generators of prose-like text for the engine's property tests and benchmarks: sentences of
 * pseudo-words (each generator draws from its own slice of a large vocabulary, so two generators' texts
 * are unrelated) with real function words between them.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES =
  'ka lo mi ne ru ta so vi de pa li mo ne sa tu ri fe go la ba ce di fo gu he ja ko lu ma ni po qui ra se ti vo za'.split(
    ' ',
  );
const FUNCTION_WORDS = ['the', 'of', 'and', 'to', 'in', 'a', 'is', 'that', 'for', 'with', 'as', 'on'];

export function textGenerator(seed: number): (sentences: number) => string {
  const rand = seededRandom(seed);
  const vocabulary: string[] = [];
  for (let i = 0; i < 400; i++) {
    let word = '';
    const syllables = 2 + Math.floor(rand() * 3);
    for (let s = 0; s < syllables; s++) word += SYLLABLES[Math.floor(rand() * SYLLABLES.length)]!;
    vocabulary.push(word);
  }
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  return (sentences: number) => {
    const out: string[] = [];
    for (let s = 0; s < sentences; s++) {
      const words: string[] = [];
      const length = 10 + Math.floor(rand() * 12);
      for (let w = 0; w < length; w++) words.push(rand() < 0.35 ? pick(FUNCTION_WORDS) : pick(vocabulary));
      const sentence = words.join(' ');
      out.push(sentence.charAt(0).toUpperCase() + sentence.slice(1) + '.');
    }
    return out.join(' ');
  };
}
