/**
 * Open-set language identification for the AI-text detector, which only checks English and Spanish.
 *
 * Two cheap signals must agree before a text is accepted as English or Spanish:
 *  - the share of its words that are that language's function words (`STOPWORDS` of @veritext/text): about
 *    half of the words of real prose, much less in other languages, including those franc has no model for
 *    (Welsh, Basque, ...);
 *  - franc's trigram ranking (`francAll`) of a short letters-only sample, restricted to English, Spanish and the
 *    languages close to them: the language must score within a tolerance of the best one, so that franc
 *    preferring Galician or Portuguese to real Spanish by a hair, or Scots to real English, does not reject it,
 *    while Catalan, Galician, Portuguese, Italian, French, ... prose, which franc ranks clearly above Spanish
 *    and English, is rejected. The tolerance is wider when the function words leave little doubt, and a text
 *    with many English function words is English whatever franc says (no other language has many).
 *
 * The `franc` package is used, not `franc-min`: franc-min has no Catalan, Galician, Scots or Esperanto model
 * and calls every Catalan text Spanish. Only the restricted franc call runs for a Spanish text and none for
 * most English texts; a rejected text gets a second, unrestricted one that names its language (`code`).
 *
 * The thresholds were measured on the labelled English and Spanish training data (77,000 texts) and on
 * hand-written paragraphs of other languages: franc ranks Spanish at most 0.008 below the best candidate for
 * 99.9% of Spanish texts, while Catalan, Galician, Portuguese and Occitan trail Spanish by 0.029 or more;
 * English trails by at most 0.021 for 99.9% of English texts, French, German, Dutch and the Romance languages
 * trail English by 0.08 or more. Languages franc has no model for can come closer; the function words tell
 * them apart (see RULES). On that data 0.04% of the English and 0.09% of the Spanish texts are rejected,
 * nearly all of them tables, lists of names or source code rather than prose.
 */
import { francAll } from 'franc';
import { STOPWORDS } from '@veritext/text';

export type DetectorLanguage = 'en' | 'es';

export interface LanguageGuess {
  /** 'en' or 'es' when the text is English or Spanish, null for any other language. */
  lang: DetectorLanguage | null;
  /** ISO 639-1 where known (e.g. 'fr', 'de', 'pt'), else ISO 639-3, or 'und'. */
  code: string;
}

/** Characters of the text looked at: windows spread over the whole text, so mixed text goes by its majority. */
const SAMPLE_CHARS = 3000;
const SAMPLE_WINDOWS = 6;
/** Letters handed to franc, whose cost grows with the sample and the number of languages compared. */
const FRANC_CHARS = 500;

/** English, Spanish, their near neighbours and the major languages written like them. */
const CANDIDATES = 'eng sco spa glg cat por ita fra ron deu nld epo'.split(' ');

interface Rule {
  /** franc's code of the language. */
  franc: string;
  /** Median share of function words in the language's prose: weighs the two languages' words in mixed text. */
  typicalShare: number;
  /** Share of the words that must be the language's function words. */
  minShare: number;
  /** How far the language may trail the best candidate in franc's normalised score (best = 1). */
  tolerance: number;
  /** A share of function words that proves the language well enough to allow `strongTolerance` instead. */
  strongShare: number;
  strongTolerance: number;
}

const RULES: Record<DetectorLanguage, Rule> = {
  // English prose: 0.47 of the words are English function words (0.23 for the lowest 0.5%); prose of the
  // related languages has at most 0.11 and Scots 0.36, so 0.3 accepts English without asking franc.
  en: {
    franc: 'eng',
    typicalShare: 0.47,
    minShare: 0.1,
    tolerance: 0.04,
    strongShare: 0.3,
    strongTolerance: Number.POSITIVE_INFINITY,
  },
  // Spanish prose: 0.43 of the words are Spanish function words of two letters or more (0.25 for the lowest
  // 0.5%); Catalan, Galician, Occitan and Esperanto prose reach 0.33, languages that franc does not know but
  // that share some of these words (Welsh y, Haitian Creole se, la) stay below 0.1.
  es: { franc: 'spa', typicalShare: 0.43, minShare: 0.12, tolerance: 0.02, strongShare: 0.4, strongTolerance: 0.03 },
};

/** franc's ISO 639-3 codes that have an ISO 639-1 code (the macrolanguage's where franc names a member). */
const ISO_639_1: ReadonlyMap<string, string> = new Map(
  `afr:af als:sq amh:am arb:ar ayr:ay azj:az bam:bm bel:be ben:bn bod:bo bos:bs bul:bg cat:ca
  ces:cs ckb:ku cmn:zh dan:da deu:de ekk:et ell:el eng:en epo:eo ewe:ee fin:fi fra:fr fuf:ff
  fuv:ff glg:gl guj:gu hat:ht hau:ha heb:he hin:hi hrv:hr hun:hu hye:hy ibo:ig iii:ii ind:id
  ita:it jav:jv jpn:ja kan:kn kat:ka kaz:kk khk:mn khm:km kin:rw kir:ky knc:kr kng:kg kor:ko
  lao:lo lin:ln lit:lt lug:lg lvs:lv mal:ml mar:mr mkd:mk mya:my nld:nl nno:nn nob:nb npi:ne
  nya:ny pan:pa pbu:ps pes:fa plt:mg pol:pl por:pt prs:fa qug:qu quy:qu quz:qu ron:ro run:rn
  rus:ru sag:sg sin:si slk:sk slv:sl sna:sn som:so sot:st spa:es src:sc srp:sr ssw:ss sun:su
  swe:sv swh:sw tam:ta tat:tt tel:te tgk:tg tgl:tl tha:th tir:ti tsn:tn tso:ts tuk:tk tur:tr
  uig:ug ukr:uk urd:ur uzn:uz ven:ve vie:vi wol:wo xho:xh ydd:yi yor:yo zlm:ms zul:zu zyb:za`
    .split(/\s+/)
    .map((pair) => pair.split(':') as [string, string]),
);

/** Markup and addresses, which carry no language: tags, character references, URLs, e-mail addresses. */
const MARKUP = /<[^<>]{0,500}>|&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z]{2,10});|(?:https?:\/\/|www\.)\S+|\S+@\S+\.\S+/gi;
const NON_LETTERS = /[^\p{L}\p{M}]+/gu;

/** Whether the text is English or Spanish (`lang`), and which language it is (`code`). */
export function identifyLanguage(text: string): LanguageGuess {
  const letters = spread(text, SAMPLE_CHARS)
    .normalize('NFC')
    .replace(MARKUP, ' ')
    .replace(NON_LETTERS, ' ')
    .trim()
    .toLowerCase();
  if (letters === '') return { lang: null, code: 'und' };

  let words = 0;
  const hits: Record<DetectorLanguage, number> = { en: 0, es: 0 };
  for (const word of letters.split(' ')) {
    words++;
    if (STOPWORDS.en.has(word)) hits.en++;
    // Spanish's one-letter words (y, a, o, e) are as common in Portuguese, Galician, Italian or Welsh.
    if (word.length > 1 && STOPWORDS.es.has(word)) hits.es++;
  }
  const share = (lang: DetectorLanguage): number => hits[lang] / words;
  // The language most of the text is written in, if it is English or Spanish at all.
  const weight = (lang: DetectorLanguage): number =>
    share(lang) >= RULES[lang].minShare ? hits[lang] / RULES[lang].typicalShare : 0;
  const majority: DetectorLanguage = weight('es') > weight('en') ? 'es' : 'en';
  if (majority === 'en' && share('en') >= RULES.en.strongShare) return accepted('en');

  const sample = spread(letters, FRANC_CHARS);
  const scores = francAll(sample, { only: CANDIDATES });
  const accepts = (lang: DetectorLanguage): boolean => {
    const rule = RULES[lang];
    const gap = 1 - (scores.find(([code]) => code === rule.franc)?.[1] ?? 0);
    return (
      share(lang) >= rule.minShare && gap <= (share(lang) >= rule.strongShare ? rule.strongTolerance : rule.tolerance)
    );
  };
  // Text mixing English and Spanish may sound more like its minority language to franc.
  if (accepts('en') || accepts('es')) return accepted(majority);
  return { lang: null, code: rejectedCode(sample) };
}

function accepted(lang: DetectorLanguage): LanguageGuess {
  return { lang, code: lang };
}

/** franc's best guess among all its languages, for a text that is neither English nor Spanish. */
function rejectedCode(sample: string): string {
  const best = francAll(sample)[0]?.[0] ?? 'und';
  // franc's favourite is English or Spanish, yet the function words disagree: a word list, a table, code or a
  // language franc has no model for.
  if (best === 'eng' || best === 'spa') return 'und';
  return ISO_639_1.get(best) ?? best;
}

/**
 * At most `total` characters of `text`: the whole text when short enough, otherwise windows spread evenly
 * from its start to its end, each beginning after a space where one is near.
 */
function spread(text: string, total: number): string {
  if (text.length <= total) return text;
  const width = Math.floor(total / SAMPLE_WINDOWS);
  const parts: string[] = [];
  for (let i = 0; i < SAMPLE_WINDOWS; i++) {
    let start = Math.floor((i * (text.length - width)) / (SAMPLE_WINDOWS - 1));
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < start + 30) start = space + 1;
    parts.push(text.slice(start, start + width));
  }
  return parts.join(' ');
}
