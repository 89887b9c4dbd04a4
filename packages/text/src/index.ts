export { countWords, countPages, WORDS_PER_PAGE } from './words.ts';
export { normaliseText } from './normalise.ts';
