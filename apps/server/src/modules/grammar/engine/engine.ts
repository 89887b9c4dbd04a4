import type { Root, Sentence } from 'nlcst';
import { toString } from 'nlcst-to-string';
import NSpell from 'nspell';
import retextContractions from 'retext-contractions';
import retextEnglish from 'retext-english';
import retextIndefiniteArticle from 'retext-indefinite-article';
import retextLatin from 'retext-latin';
import retextPassive from 'retext-passive';
import retextRepeatedWords from 'retext-repeated-words';
import retextSentenceSpacing from 'retext-sentence-spacing';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';

/*
 * The grammar checker's engine (issue 18; commerce-and-cabinet.md §4 "Grammar check"): spelling through nspell with
 * the hunspell dictionaries of `dictionary-en` (en-US; `dictionary-en-gb` accepted too) and `dictionary-es` (es),
 * read from node_modules the first time a language is checked and kept; grammar, style and punctuation through retext plugins on the unified syntax
 * tree (retext-english for English, retext-latin for Spanish) and a few rules of our own (below).
 *
 * English: spelling, repeated words, a/an (retext-indefinite-article), missing apostrophes in contractions
 * (retext-contractions), passive voice (retext-passive, style), spaces between sentences (retext-sentence-spacing),
 * a sentence starting in lower case, a space before punctuation.
 * Spanish: spelling, repeated words, spaces between sentences, a sentence starting in lower case, a space before
 * punctuation, a question or exclamation closed without being opened (¿ ?, ¡ !).
 *
 * Each finding is a rule id with parameters (the client words it in the reader's language), its place as UTF-16
 * offsets into the text checked (as JavaScript strings count and the report's nodes do), and suggestions.
 *
 * Left alone to keep false alarms down: URLs, e-mail addresses, words with digits, words in capitals (acronyms),
 * capitalised words inside a sentence (names), words with a letter of another script, and one-letter words.
 */

export const GRAMMAR_LANGUAGES = ['en', 'es'] as const;
export type GrammarLanguage = (typeof GRAMMAR_LANGUAGES)[number];

export type GrammarKind = 'spelling' | 'grammar' | 'style' | 'punctuation';

export type GrammarRule =
  | 'spelling'
  | 'repeated-word'
  | 'indefinite-article'
  | 'contraction'
  | 'passive-voice'
  | 'sentence-spacing'
  | 'sentence-capital'
  | 'space-before-punctuation'
  | 'opening-mark';

export type GrammarFinding = {
  start: number;
  end: number;
  kind: GrammarKind;
  rule: GrammarRule;
  /** The words the message names (the word, the article expected, ...). */
  params: Record<string, string>;
  suggestions: string[];
};

export const RULE_KINDS: Record<GrammarRule, GrammarKind> = {
  spelling: 'spelling',
  'repeated-word': 'grammar',
  'indefinite-article': 'grammar',
  contraction: 'punctuation',
  'passive-voice': 'style',
  'sentence-spacing': 'punctuation',
  'sentence-capital': 'grammar',
  'space-before-punctuation': 'punctuation',
  'opening-mark': 'punctuation',
};

/** At most this many suggestions for a word. */
const MAX_SUGGESTIONS = 4;
/** Spelling suggestions are computed for this many distinct misspelt words per text (the slow part of nspell). */
const MAX_SUGGESTED_WORDS = 150;
/**
 * nspell's own search (two edits away) runs for English words with no dictionary word one edit away, for at most
 * this long per text; never for Spanish, where it takes up to seconds a word: a Spanish word two edits from any
 * other has no suggestion. The words are found all the same.
 */
const SUGGESTION_BUDGET_MS = 150;

const spellers = new Map<GrammarLanguage | 'en-gb', Promise<NSpell>>();

/**
 * A spell checker: its dictionary read (and parsed) once, the first time it is asked for. English words are checked
 * against en-US (dictionary-en, whose suggestions are given) and en-GB (dictionary-en-gb: "neighbour" is no mistake).
 */
export function speller(language: GrammarLanguage | 'en-gb'): Promise<NSpell> {
  let loading = spellers.get(language);
  if (loading === undefined) {
    loading = (async () => {
      const dictionary =
        language === 'en'
          ? (await import('dictionary-en')).default
          : language === 'en-gb'
            ? (await import('dictionary-en-gb')).default
            : (await import('dictionary-es')).default;
      return new NSpell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
    })();
    spellers.set(language, loading);
  }
  return loading;
}

const processors = {
  en: unified()
    .use(retextEnglish)
    .use(retextRepeatedWords)
    .use(retextIndefiniteArticle)
    .use(retextContractions)
    .use(retextPassive)
    .use(retextSentenceSpacing),
  es: unified().use(retextLatin).use(retextRepeatedWords).use(retextSentenceSpacing),
};

const PLUGIN_RULES: Record<string, GrammarRule> = {
  'retext-repeated-words': 'repeated-word',
  'retext-indefinite-article': 'indefinite-article',
  'retext-contractions': 'contraction',
  'retext-passive': 'passive-voice',
  'retext-sentence-spacing': 'sentence-spacing',
};

/** URLs and e-mail addresses: no finding inside them. */
const ADDRESSES = /\b(?:https?:\/\/|www\.)[^\s<>"]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/giu;

function addressSpans(text: string): Array<[number, number]> {
  return [...text.matchAll(ADDRESSES)].map((match) => [match.index, match.index + match[0].length]);
}

function overlaps(spans: ReadonlyArray<[number, number]>, start: number, end: number): boolean {
  return spans.some(([from, to]) => start < to && end > from);
}

function offsetsOf(node: { position?: { start: { offset?: number }; end: { offset?: number } } }): [number, number] {
  return [node.position?.start.offset ?? 0, node.position?.end.offset ?? 0];
}

/** Straight apostrophes in place of typographic ones, for the dictionaries. */
function plainApostrophes(word: string): string {
  return word.replace(/[’‘]/gu, "'");
}

const HAS_DIGIT = /\d/u;
const LATIN_WORD = /^[\p{Script=Latin}'’-]+$/u;
const UPPER = /^\p{Lu}/u;

/** Whether a word is to be spell-checked at all (see the heading). */
function isCheckable(word: string, isSentenceStart: boolean): boolean {
  if (word.length < 2 || HAS_DIGIT.test(word) || !LATIN_WORD.test(word)) return false;
  // acronyms and words in capitals
  if (word === word.toUpperCase()) return false;
  // a capital inside a sentence: a name, most likely
  if (!isSentenceStart && UPPER.test(word)) return false;
  // a capital inside the word (iPhone, McDonald): a name
  if (/\p{Ll}\p{Lu}/u.test(word)) return false;
  return true;
}

function isCorrect(spells: readonly NSpell[], word: string, isSentenceStart: boolean): boolean {
  return spells.some((spell) => isCorrectIn(spell, word, isSentenceStart));
}

function isCorrectIn(spell: NSpell, word: string, isSentenceStart: boolean): boolean {
  const plain = plainApostrophes(word);
  if (spell.correct(plain)) return true;
  // a possessive or an elision: the word before it ("teacher's", "students'")
  const base = plain.replace(/'s?$/u, '');
  if (base !== plain && base.length > 1 && spell.correct(base)) return true;
  if (isSentenceStart && spell.correct(plain.toLowerCase())) return true;
  return false;
}

type WordPlace = { word: string; start: number; end: number; isSentenceStart: boolean };

const WORD_PART = /[\p{L}\p{M}\d]+(?:['’][\p{L}\p{M}]+)*/gu;

/**
 * The words of the text with their offsets: the letters of each word node, split at hyphens and full stops
 * ("well-known": "well", "known"; the parser keeps "answer." whole before a small letter).
 */
function wordsOf(tree: Root): WordPlace[] {
  const words: WordPlace[] = [];
  visit(tree, 'SentenceNode', (sentence: Sentence) => {
    let isFirst = true;
    for (const child of sentence.children) {
      if (child.type !== 'WordNode') continue;
      const [start] = offsetsOf(child);
      for (const match of toString(child).matchAll(WORD_PART)) {
        words.push({
          word: match[0],
          start: start + match.index,
          end: start + match.index + match[0].length,
          isSentenceStart: isFirst && match.index === 0,
        });
      }
      isFirst = false;
    }
  });
  return words;
}

/** Words often shortened with a full stop, after which a small letter is no new sentence. */
const ABBREVIATIONS = new Set(
  'e.g i.e etc vs cf al approx ca fig no vol pp ed eds dr mr mrs ms prof st jr sr inc ltd co p.ej ej pág págs núm sra sr srta dra ud uds art cap aprox etc'.split(
    ' ',
  ),
);

/** A sentence starting with a small letter after a full stop, a question or an exclamation mark. */
function sentenceCapitals(text: string): GrammarFinding[] {
  const findings: GrammarFinding[] = [];
  for (const match of text.matchAll(/([\p{L}.]*)([.!?])["'”’)»]?[ \t]+(\p{Ll}[\p{L}\p{M}]*)/gu)) {
    const before = (match[1] ?? '').toLowerCase().replace(/\.$/u, '');
    const word = match[3] ?? '';
    // an abbreviation, an ellipsis or an initial ("J. smith" aside) is no end of a sentence
    if (match[2] === '.' && (ABBREVIATIONS.has(before) || before.length <= 1 || before.includes('.'))) continue;
    const start = match.index + match[0].length - word.length;
    findings.push({
      start,
      end: start + word.length,
      kind: RULE_KINDS['sentence-capital'],
      rule: 'sentence-capital',
      params: { word },
      suggestions: [word.charAt(0).toUpperCase() + word.slice(1)],
    });
  }
  return findings;
}

/** A space before , ; : . ! ? (not before an ellipsis or a number like .5). */
function spacesBeforePunctuation(text: string): GrammarFinding[] {
  const findings: GrammarFinding[] = [];
  for (const match of text.matchAll(/(?<=\p{L})([ \t]+)([,;:!?]|\.(?![.\d]))(?=\s|$)/gu)) {
    const mark = match[2] ?? '';
    findings.push({
      start: match.index,
      end: match.index + match[0].length,
      kind: RULE_KINDS['space-before-punctuation'],
      rule: 'space-before-punctuation',
      params: { mark },
      suggestions: [mark],
    });
  }
  return findings;
}

/** Spanish: a question or an exclamation closed (? !) in a sentence where it was not opened (¿ ¡). */
function openingMarks(tree: Root, text: string): GrammarFinding[] {
  const findings: GrammarFinding[] = [];
  visit(tree, 'SentenceNode', (sentence: Sentence) => {
    const [start, end] = offsetsOf(sentence);
    const body = text.slice(start, end);
    for (const [open, close] of [
      ['¿', '?'],
      ['¡', '!'],
    ] as const) {
      if (!body.includes(close) || body.includes(open)) continue;
      // the mark opens the sentence: the finding is its first word, the suggestion that word with the mark
      const first = sentence.children.find((child) => child.type === 'WordNode');
      if (first === undefined) continue;
      const [wordStart] = offsetsOf(first);
      const word = /^[\p{L}\p{M}]+/u.exec(text.slice(wordStart, end))?.[0] ?? '';
      if (word === '') continue;
      findings.push({
        start: wordStart,
        end: wordStart + word.length,
        kind: RULE_KINDS['opening-mark'],
        rule: 'opening-mark',
        params: { open, close },
        suggestions: [open + word],
      });
    }
  });
  return findings;
}

const bare = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** nspell's suggestions, the word with its accents put right first ("corrio": "corrió"). */
function ranked(word: string, suggestions: string[]): string[] {
  const key = bare(word);
  return [...suggestions].sort((a, b) => Number(bare(b) === key) - Number(bare(a) === key)).slice(0, MAX_SUGGESTIONS);
}

const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'úü', n: 'ñ' };

/**
 * The word with one letter accented that the dictionary knows ("corrio": "corrió", "arbol": "árbol"): the commonest
 * misspelling in Spanish, found at once where nspell's search is slow (and sometimes misses it).
 */
function accentVariants(spell: NSpell, word: string): string[] {
  const variants: string[] = [];
  for (let at = 0; at < word.length; at++) {
    const letter = word.charAt(at);
    const lower = letter.toLowerCase();
    for (const accented of ACCENTS[lower] ?? '') {
      const replaced = letter === lower ? accented : accented.toUpperCase();
      const variant = word.slice(0, at) + replaced + word.slice(at + 1);
      if (spell.correct(variant)) variants.push(variant);
    }
  }
  return variants;
}

const LETTERS: Record<GrammarLanguage, string> = {
  en: 'abcdefghijklmnopqrstuvwxyz',
  es: 'abcdefghijklmnopqrstuvwxyzáéíóúüñ',
};

/**
 * The words the dictionary knows one edit away (an accent, two letters swapped, a letter dropped, added or changed),
 * in that order: found with a few hundred look-ups, where nspell's own search takes up to seconds a word with the
 * Spanish dictionary. Empty when none is that close (nspell's suggest is tried then, within the time budget).
 */
function nearWords(spell: NSpell, word: string, language: GrammarLanguage): string[] {
  const found = new Set<string>(accentVariants(spell, word));
  const isCapital = /^\p{Lu}/u.test(word);
  const lower = word.toLowerCase();
  const add = (candidate: string): void => {
    const shown = isCapital ? candidate.charAt(0).toUpperCase() + candidate.slice(1) : candidate;
    if (candidate !== lower && candidate.length > 0 && spell.correct(shown)) found.add(shown);
  };
  for (let at = 0; at < lower.length - 1; at++) {
    add(lower.slice(0, at) + lower.charAt(at + 1) + lower.charAt(at) + lower.slice(at + 2));
  }
  for (let at = 0; at < lower.length; at++) add(lower.slice(0, at) + lower.slice(at + 1));
  for (const letter of LETTERS[language]) {
    for (let at = 0; at <= lower.length; at++) {
      add(lower.slice(0, at) + letter + lower.slice(at));
      if (at < lower.length) add(lower.slice(0, at) + letter + lower.slice(at + 1));
    }
  }
  return [...found];
}

/** The text's findings in its language, ordered by place. */
export async function checkGrammar(text: string, language: GrammarLanguage): Promise<GrammarFinding[]> {
  const spell = await speller(language);
  const spells = language === 'en' ? [spell, await speller('en-gb')] : [spell];
  const processor = processors[language];
  const tree = processor.parse(text);
  const file = new VFile(text);
  await processor.run(tree, file);
  const addresses = addressSpans(text);
  const findings: GrammarFinding[] = [];

  const smart = text.includes('’');
  for (const message of file.messages) {
    const rule = PLUGIN_RULES[message.source ?? ''];
    if (rule === undefined) continue;
    // contractions: only a missing apostrophe ("dont"), not the choice between ' and ’
    if (rule === 'contraction' && (!(message.ruleId ?? '').startsWith('missing') || /['’]/u.test(message.actual ?? '')))
      continue;
    const start = message.place !== undefined && 'start' in message.place ? message.place.start.offset : undefined;
    const end = message.place !== undefined && 'end' in message.place ? message.place.end.offset : undefined;
    if (start === undefined || end === undefined || overlaps(addresses, start, end)) continue;
    const actual = message.actual ?? text.slice(start, end);
    let suggestions = (message.expected ?? []).filter((value) => value !== '');
    if (rule === 'contraction' && !smart) suggestions = suggestions.map(plainApostrophes);
    if (rule === 'repeated-word') suggestions = [actual.split(/\s+/u)[0] ?? actual];
    findings.push({
      start,
      end,
      kind: RULE_KINDS[rule],
      rule,
      params:
        rule === 'indefinite-article'
          ? { word: actual, expected: suggestions[0] ?? '' }
          : rule === 'sentence-spacing'
            ? { count: String(actual.length) }
            : rule === 'repeated-word'
              ? { word: suggestions[0] ?? actual }
              : { word: actual },
      suggestions,
    });
  }

  const suggested = new Map<string, string[]>();
  let suggesting = 0;
  for (const place of wordsOf(tree)) {
    if (!isCheckable(place.word, place.isSentenceStart) || overlaps(addresses, place.start, place.end)) continue;
    if (isCorrect(spells, place.word, place.isSentenceStart)) continue;
    const plain = plainApostrophes(place.word);
    let suggestions = suggested.get(plain);
    if (suggestions === undefined) {
      const near = nearWords(spell, plain, language);
      const started = performance.now();
      suggestions =
        near.length > 0 ||
        language === 'es' ||
        suggested.size >= MAX_SUGGESTED_WORDS ||
        suggesting > SUGGESTION_BUDGET_MS
          ? near.slice(0, MAX_SUGGESTIONS)
          : ranked(plain, spell.suggest(plain));
      suggesting += performance.now() - started;
      suggested.set(plain, suggestions);
    }
    findings.push({
      start: place.start,
      end: place.end,
      kind: 'spelling',
      rule: 'spelling',
      params: { word: place.word },
      suggestions,
    });
  }

  findings.push(...sentenceCapitals(text), ...spacesBeforePunctuation(text));
  if (language === 'es') findings.push(...openingMarks(tree, text));

  // a word another rule already names ("dont": a missing apostrophe) is not also a misspelling
  const named = findings
    .filter((finding) => finding.rule !== 'spelling')
    .map((f): [number, number] => [f.start, f.end]);
  return findings
    .filter((finding) => !overlaps(addresses, finding.start, finding.end))
    .filter((finding) => finding.rule !== 'spelling' || !overlaps(named, finding.start, finding.end))
    .sort((a, b) => a.start - b.start || a.end - b.end);
}
