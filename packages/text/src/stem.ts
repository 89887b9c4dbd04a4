// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; this declaration travels with the module
/// <reference path="./types/snowball-stemmers.d.ts" />
import snowball from 'snowball-stemmers';
import type { Language } from './stopwords.ts';

const ALGORITHM: Record<Language, string> = { en: 'english', es: 'spanish' };
const stemmers = new Map<Language, (word: string) => string>();

/** Removes combining marks: "canción" -> "cancion". */
export function stripDiacritics(word: string): string {
  return /[^\p{ASCII}]/u.test(word) ? word.normalize('NFD').replace(/\p{M}+/gu, '') : word;
}

/**
 * The Snowball stemmer of the language (one per process). The stem has its diacritics removed, so "está"
 * and "esta" meet. Callers memoise by word form (tokenize does), so this keeps no memo of its own.
 */
export function stemmerFor(language: Language): (word: string) => string {
  let stem = stemmers.get(language);
  if (stem === undefined) {
    const stemmer = snowball.newStemmer(ALGORITHM[language]);
    stem = (word: string): string => stripDiacritics(stemmer.stem(word));
    stemmers.set(language, stem);
  }
  return stem;
}
