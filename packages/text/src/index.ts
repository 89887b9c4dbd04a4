export { countWords, countPages, countSymbols, WORDS_PER_PAGE } from './words.ts';
export { normaliseText } from './normalise.ts';
export { STOPWORDS, LANGUAGES, type Language } from './stopwords.ts';
export { stemmerFor, stripDiacritics } from './stem.ts';
export { tokenize, splitSentences, detectLanguage, type Token, type Sentence } from './tokens.ts';
export { deobfuscate, type Deobfuscated, type HiddenRange, type Trick, type TrickKind } from './deobfuscate.ts';
export { hashString, finaliseHash } from './hash.ts';
