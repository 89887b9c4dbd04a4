import { detectLanguage, finaliseHash, tokenize, type Language, type Token } from '@veritext/text';
import { combineHash } from './hash.ts';
import { prepareText } from './prepare.ts';
import type { Span } from './types.ts';

/*
 * Web-search queries for a document (issue 14 §1), the way the best PAN source-retrieval systems of 2013–2015
 * made them (Hagen & Stein, Kong et al., Williams et al.; ../shared/docs/research/engines.md): the document is
 * cut into chunks of whole sentences, each chunk gets one query of its most distinctive words, a chunk that
 * pages already downloaded cover is not queried, and a result is downloaded only when its snippet shares
 * enough with the chunk. Pure: the web stage (apps/server) searches and fetches.
 *
 * Tuned on the PAN 2013 dev documents against a BM25 index of the dev sources (`npm run bench:web --
 * --retrieval-only` runs that loop; the whole web path is in bench/results/web.md). What the measurements
 * decided:
 * - a bag of the chunk's best words finds more sources than the best run of consecutive words (0.91 against
 *   0.72 of PAN sources among the results), because a chunk of 200 words often holds passages of two origins;
 * - spreading the words over the chunk (at most two from each fifth) finds the short passages a chunk-wide
 *   top ten misses (+0.05);
 * - a word's weight from its length, a capital inside a sentence and a short list of common words comes
 *   within 0.02 of the true inverse document frequency of the index; weighting by how much of a word's use
 *   in the document falls in the chunk ("burstiness") made it worse;
 * - a snippet is promising when a fifth of its content words are the chunk's: true sources' snippets often
 *   show a stretch of the page next to the reused passage, so stricter filters lose sources quickly; what
 *   limits the downloads instead is each query's fair share of them, best snippets first (promisingResults).
 */

/** One query and the part of the document it stands for. */
export interface PlannedQuery {
  /** The chunk of the document the query was made from (offsets into the text as given). */
  readonly chunk: Span;
  /** Plain words separated by spaces, at most `MAX_QUERY_WORDS` of them. */
  readonly query: string;
}

/** Words in a query: well within what engines take (Google and Brave cut at about 32). */
export const MAX_QUERY_WORDS = 10;

/** Common words join a query only to give it this many words. */
const MIN_QUERY_WORDS = 4;

/** Chunks are about this long at least (a short text is one chunk, whatever the budget). */
const MIN_CHUNK_WORDS = 100;

/**
 * A chunk is divided into up to five equal parts of about 40 words, and no part gives more than its share of
 * the query's words at first.
 */
const PARTS = 5;
const PART_WORDS = 40;

/**
 * Queries a document of `words` words may spend: `perThousandWords` per 1,000 words, rounded up, at least one
 * for a non-empty text and at most `max`.
 */
export function queryBudget(words: number, perThousandWords: number, max: number): number {
  if (words <= 0 || max <= 0) return 0;
  return Math.max(1, Math.min(max, Math.ceil((words * perThousandWords) / 1000)));
}

/**
 * At most `budget` queries, in document order. The text is cut into at most `budget` chunks of whole
 * sentences of about 100 words or more (so a smaller budget makes longer chunks, and a short text is one
 * chunk); each chunk gets the query of its most distinctive words.
 */
export function planQueries(text: string, language: Language, budget: number): PlannedQuery[] {
  if (budget <= 0) return [];
  const { tokens, sentences } = prepareText(text, language);
  if (tokens.length === 0) return [];
  const sentenceStarts = new Set(sentences.map((s) => s.firstToken));
  const queries: PlannedQuery[] = [];
  for (const chunk of cutChunks(sentences, tokens.length, budget)) {
    const words = keyWords(text, tokens, chunk, sentenceStarts, language);
    if (words.length === 0) continue;
    const span = { start: tokens[chunk.firstToken]!.start, end: tokens[chunk.endToken - 1]!.end };
    queries.push({ chunk: span, query: words.join(' ') });
  }
  return queries;
}

interface TokenRange {
  readonly firstToken: number;
  readonly endToken: number;
}

/**
 * Cuts the tokens into chunks of about equal length, each ending at the sentence end nearest its ideal end
 * when one is within a third of a chunk; a sentence longer than that (a list, a menu without full stops) is
 * cut inside.
 */
function cutChunks(sentences: readonly TokenRange[], tokenCount: number, budget: number): TokenRange[] {
  const count = Math.max(1, Math.min(budget, Math.floor(tokenCount / MIN_CHUNK_WORDS)));
  const size = tokenCount / count;
  const chunks: TokenRange[] = [];
  let first = 0;
  let next = 0;
  for (let k = 1; k <= count; k++) {
    const ideal = Math.round(size * k);
    let end = k === count ? tokenCount : ideal;
    if (k < count) {
      while (next < sentences.length && sentences[next]!.endToken <= first) next++;
      let best = -1;
      for (let s = next; s < sentences.length; s++) {
        const at = sentences[s]!.endToken;
        if (at > ideal + size / 3) break;
        if (Math.abs(at - ideal) <= size / 3 && (best < 0 || Math.abs(at - ideal) < Math.abs(best - ideal))) best = at;
      }
      if (best > 0) end = best;
    }
    if (end > first) chunks.push({ firstToken: first, endToken: end });
    first = end;
  }
  return chunks;
}

/** A word worth searching for: not a function word, at least three characters, with a letter in it. */
function isContent(text: string, token: Token): boolean {
  return !token.isStop && token.end - token.start >= 3 && /\p{L}/u.test(text.slice(token.start, token.end));
}

/**
 * The chunk's most distinctive words, in the order they first occur. A word's weight stands in for the
 * inverse document frequency a search engine gives it, from what the text itself says: long words are rarer
 * than short ones, a word capitalised inside a sentence is a name, a word of the common-words list is weak;
 * repeated in the chunk, it weighs more. Each part of the chunk (a fifth of it, or about 40 words in a short
 * one) gives its best words first, at most its share, so a short passage from another source among long
 * stretches of the writer's own text still gets its words in.
 */
function keyWords(
  text: string,
  tokens: readonly Token[],
  chunk: TokenRange,
  sentenceStarts: ReadonlySet<number>,
  language: Language,
): string[] {
  const seen = new Map<string, { count: number; at: number; name: boolean }>();
  for (let i = chunk.firstToken; i < chunk.endToken; i++) {
    const token = tokens[i]!;
    if (!isContent(text, token)) continue;
    const name = !sentenceStarts.has(i) && /^\p{Lu}/u.test(text.charAt(token.start));
    const entry = seen.get(token.stem);
    if (entry === undefined) seen.set(token.stem, { count: 1, at: i, name });
    else {
      entry.count++;
      entry.name ||= name;
    }
  }
  const commonWords = COMMON_WORDS[language];
  const scored = [...seen.values()].map(({ count, at, name }) => {
    const word = text.slice(tokens[at]!.start, tokens[at]!.end);
    const common = commonWords.has(word.toLowerCase());
    const rarity = common ? COMMON_WEIGHT : (Math.min(word.length, 12) / 6) * (name ? 2.5 : 1);
    return { word, at, common, weight: (1 + Math.log(count)) * rarity };
  });
  scored.sort((a, b) => b.weight - a.weight || a.at - b.at);
  // First the best words of each part (common words never take a part's place), then the best of the rest.
  const length = chunk.endToken - chunk.firstToken;
  const parts = Math.max(1, Math.min(PARTS, Math.round(length / PART_WORDS)));
  const quota = Math.ceil(MAX_QUERY_WORDS / parts);
  const perPart = new Array<number>(parts).fill(0);
  const picked = new Set<(typeof scored)[number]>();
  for (const candidate of scored) {
    if (picked.size >= MAX_QUERY_WORDS) break;
    if (candidate.common) continue;
    const part = Math.min(parts - 1, Math.floor(((candidate.at - chunk.firstToken) / length) * parts));
    if (perPart[part]! >= quota) continue;
    perPart[part]!++;
    picked.add(candidate);
  }
  for (const candidate of scored) {
    if (picked.size >= MAX_QUERY_WORDS) break;
    if (!candidate.common || picked.size < MIN_QUERY_WORDS) picked.add(candidate);
  }
  return [...picked].sort((a, b) => a.at - b.at).map((s) => s.word);
}

/** The weight of a common word, against about 1 for an ordinary six-letter word. */
const COMMON_WEIGHT = 0.3;

/**
 * Frequent content words (beyond the stop-word lists of @veritext/text): they fill a text without saying what
 * it is about, and a search engine gives them little weight, so a query spends no slot on them first.
 */
const COMMON_WORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    `able accept across action actually addition again against ago agree allow almost alone along already although
    always among amount another answer anyone anything appear apply approach area around available away back bad
    base basic become begin behind believe best better big bit body book bring build business call came care carry
    case cause center central certain change check child children choose city class clear close come common
    complete consider continue control cost country course cover create current day deal decide deep describe
    design detail develop development different difficult direct discuss done door early easy effect either else
    end enough enter entire even event ever every everyone everything example expect experience explain face fact
    fall family far feel few field figure fill final find fine first follow food force form found free friend full
    future game general get give given goes going good great group grow half hand happen hard head hear help high
    hold home hope hour however human idea important include including increase indeed information instead interest
    interesting issue job keep kind know known large last late later lead learn least leave left less level life
    like likely line list little live local long look lot made main major make making man many matter mean means
    meet member mind minute miss moment money month morning move much name national near need never new news next
    nice night none nothing notice number offer office often old open order others otherwise page part particular
    past pay people per perhaps person place plan play point possible power present pretty probably problem process
    provide public put question quite rather read ready real really reason receive recent remain remember report
    require rest result return right room run said saw say second see seem seen sense serve service set several
    short show side simple simply since site small social someone something sometimes soon sort special stand start
    state still stop story study support sure system take taken talk tell term thank thing things think though
    thought three time today together told took top toward true try turn type understand use used useful using
    usually value various view want way week well went whether whole within without word work world write year
    years yes yet young`.split(/\s+/),
  ),
  es: new Set(
    `año años ahora aquí así bien cada caso casi cierto cosa cosas creo dar debe deben decir dentro después día días
    dice dos ejemplo embargo entonces forma gran grande gente gobierno hacer hace hecho hoy lado lugar luego mayor
    manera medio mejor menos mientras mismo momento mundo nada nombre nuevo nueva nunca obra parte pasa país
    personas poder pueden puede punto primer primera problema pues saber sea según seguir sido siempre sistema tal
    tanto tener tiempo tipo toda todas trabajo tres vez veces vida ver otro otra general gracias importante mucha
    muchas nivel número pequeño persona posible propio real relación servicio social tema través
    último única único uso varios`.split(/\s+/),
  ),
};

/** A chunk counts as covered when a page holds at least this share of its stem 5-grams. */
export const COVERED_SHARE = 0.5;

const SHINGLE = 5;

/** Hashes of the text's stem 5-grams (stems, so inflection and case do not hide a copy). */
function shingles(text: string, language: Language): Set<number> {
  const tokens = tokenize(text, language);
  const out = new Set<number>();
  for (let i = 0; i + SHINGLE <= tokens.length; i++) {
    let h = 0x3c6ef372;
    for (let k = i; k < i + SHINGLE; k++) h = combineHash(h, tokens[k]!.key);
    out.add(finaliseHash(h));
  }
  return out;
}

/**
 * Pages' shingles, by language and page text. A check passes the same growing list of pages for every chunk;
 * the memo keeps their shingles between calls (the oldest go first past `PAGE_MEMO`).
 */
const pageShingles = new Map<Language, Map<string, Set<number>>>();
const PAGE_MEMO = 128;

function shinglesOfPage(text: string, language: Language): Set<number> {
  let memo = pageShingles.get(language);
  if (memo === undefined) {
    memo = new Map();
    pageShingles.set(language, memo);
  }
  let set = memo.get(text);
  if (set === undefined) {
    set = shingles(text, language);
    if (memo.size >= PAGE_MEMO) memo.delete(memo.keys().next().value!);
    memo.set(text, set);
  }
  return set;
}

/**
 * Whether pages already downloaded hold the chunk: one of them has at least half of its stem 5-grams. The
 * language is the chunk's own when not given.
 */
export function chunkCovered(chunkText: string, pageTexts: readonly string[], language?: Language): boolean {
  const lang = language ?? detectLanguage(chunkText);
  const own = shingles(chunkText, lang);
  if (own.size === 0) return false;
  for (const page of pageTexts) {
    const theirs = shinglesOfPage(page, lang);
    let shared = 0;
    for (const s of own) if (theirs.has(s)) shared++;
    if (shared >= COVERED_SHARE * own.size) return true;
  }
  return false;
}

/** A result is downloaded when at least this share of its snippet's content words occur in the chunk. */
export const SNIPPET_SHARE = 0.2;

/**
 * Whether a search result is worth downloading: enough of its snippet's content words (by stem, so reworded
 * and reordered copies still count) occur in the chunk its query came from. A page that shares only the
 * query's words with the chunk has a snippet full of other words.
 */
export function snippetPromising(snippet: string, chunkText: string, language: Language): boolean {
  return snippetOverlap(snippet, chunkText, language) >= SNIPPET_SHARE;
}

/**
 * The results of one query worth downloading, at most `max`: those with a promising snippet, the best first
 * (snippet overlap, less a tenth for each place down the result list, so the engine's order settles near
 * ties). The web stage gives each query its fair share of the downloads left (the downloads left over the
 * queries left): in document order without a share, the first chunks' weak results use up the downloads the
 * last chunks' sources needed.
 */
export function promisingResults<T extends { readonly snippet: string }>(
  results: readonly T[],
  chunkText: string,
  language: Language,
  max: number,
): T[] {
  return results
    .map((result, rank) => ({ result, overlap: snippetOverlap(result.snippet, chunkText, language), rank }))
    .filter((r) => r.overlap >= SNIPPET_SHARE)
    .sort((a, b) => b.overlap - RANK_STEP * b.rank - (a.overlap - RANK_STEP * a.rank) || a.rank - b.rank)
    .slice(0, Math.max(0, max))
    .map((r) => r.result);
}

const RANK_STEP = 0.1;

/** Share of the snippet's distinct content stems found in the chunk (0 for a snippet without any). */
export function snippetOverlap(snippet: string, chunkText: string, language: Language): number {
  const inSnippet = contentStems(snippet, language);
  if (inSnippet.size === 0) return 0;
  const inChunk = contentStems(chunkText, language);
  let shared = 0;
  for (const stem of inSnippet) if (inChunk.has(stem)) shared++;
  return shared / inSnippet.size;
}

function contentStems(text: string, language: Language): Set<string> {
  const stems = new Set<string>();
  for (const token of tokenize(text, language)) if (isContent(text, token)) stems.add(token.stem);
  return stems;
}
