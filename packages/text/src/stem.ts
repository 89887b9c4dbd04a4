// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; this declaration travels with the module
/// <reference path="./types/snowball-stemmers.d.ts" />
import snowball from 'snowball-stemmers';
import type { Language } from './stopwords.ts';

const ALGORITHM: Record<Language, string> = { en: 'english', es: 'spanish' };
const caches = new Map<Language, { stem: (word: string) => string }>();
const MAX_CACHE = 200_000;

/** Removes combining marks: "canción" -> "cancion". */
export function stripDiacritics(word: string): string {
  return /[^\p{ASCII}]/u.test(word) ? word.normalize('NFD').replace(/\p{M}+/gu, '') : word;
}

/**
 * A Snowball stemmer for the language, memoised: prose repeats its words, so most calls are a map hit.
 * The stem has its diacritics removed, so "está" and "esta" meet.
 */
export function stemmerFor(language: Language): (word: string) => string {
  const cached = caches.get(language);
  if (cached !== undefined) return cached.stem;
  const stemmer = snowball.newStemmer(ALGORITHM[language]);
  const memo = new Map<string, string>();
  const stem = (word: string): string => {
    let result = memo.get(word);
    if (result === undefined) {
      result = stripDiacritics(stemmer.stem(word));
      if (memo.size >= MAX_CACHE) memo.clear();
      memo.set(word, result);
    }
    return result;
  };
  caches.set(language, { stem });
  return stem;
}
