/*
 * Okapi BM25 over an inverted index: the ranking behind the local search service that stands in for SearXNG,
 * Brave and Google in tests and in `npm run bench:web` (issue 14, "Tests and measures"). A real ranking, not
 * canned answers: a query finds a page only if its words are in the page, and a page full of them ranks first,
 * which is what the web stage's query planning has to get right against a real engine.
 *
 * Words are lower-cased runs of letters and digits with diacritics folded ("Canción" and "cancion" are one
 * term, as in the big engines); a short English and Spanish stop list keeps function words out of the
 * postings. No stemming: a phrase copied from a page matches it word for word anyway.
 */

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** Words a web search engine would not rank on: the most frequent function words of English and Spanish. */
const STOP_WORDS = new Set(
  `a an and are as at be but by for from has have he her his i if in into is it its of on or our she so
  than that the their them then there these they this those to was we were what when which who will with
  would you your not no do does did been being can could
  al como con de del el ella ellos en era es esa ese eso esta este esto fue ha hay la las le les lo los mas
  me mi muy ni nos o para pero por que se ser si sin sobre son su sus te tu un una uno unos unas y ya yo`.split(/\s+/),
);

const PUNCTUATION = /[^\p{L}\p{N}\s]+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/u;
const MARKS = /\p{M}+/gu;
const ASCII = /^\p{ASCII}*$/u;

/** Lower case, diacritics folded: what the index stores and a query is matched with. */
function fold(text: string): string {
  const lower = text.toLowerCase();
  return ASCII.test(lower) ? lower : lower.normalize('NFD').replace(MARKS, '');
}

/** The index terms of a text, in order, stop words left out. */
export function bm25Terms(text: string): string[] {
  const terms: string[] = [];
  for (const term of fold(text).split(NON_WORD)) {
    if (term !== '' && !STOP_WORDS.has(term)) terms.push(term);
  }
  return terms;
}

/** One term's postings: documents (ascending) and how often the term occurs in each. Grows by doubling. */
type Postings = { docs: Int32Array; freqs: Int32Array; length: number };

export type Bm25Document = { id: string; title: string; text: string };
export type Bm25Hit = { id: string; score: number; snippet: string };

/** Words in a snippet: about a search engine's two lines. */
const SNIPPET_WORDS = 30;

export class Bm25Index {
  readonly #postings = new Map<string, Postings>();
  readonly #docs: Bm25Document[] = [];
  /** Terms per document (the document length of the BM25 formula), title included. */
  #lengths = new Int32Array(64);
  #totalLength = 0;
  /** k1·(1 − b + b·length/average) per document, computed at the first search after an add. */
  #norms: Float64Array | null = null;
  readonly #ids = new Set<string>();

  get size(): number {
    return this.#docs.length;
  }

  add(doc: Bm25Document): void {
    if (this.#ids.has(doc.id)) throw new Error(`Bm25Index: document "${doc.id}" added twice`);
    this.#ids.add(doc.id);
    const index = this.#docs.length;
    this.#docs.push(doc);
    const terms = bm25Terms(`${doc.title}\n${doc.text}`);
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, count] of counts) {
      let postings = this.#postings.get(term);
      if (postings === undefined) {
        postings = { docs: new Int32Array(4), freqs: new Int32Array(4), length: 0 };
        this.#postings.set(term, postings);
      }
      if (postings.length === postings.docs.length) {
        const docs = new Int32Array(postings.length * 2);
        docs.set(postings.docs);
        const freqs = new Int32Array(postings.length * 2);
        freqs.set(postings.freqs);
        postings.docs = docs;
        postings.freqs = freqs;
      }
      postings.docs[postings.length] = index;
      postings.freqs[postings.length] = count;
      postings.length += 1;
    }
    if (index === this.#lengths.length) {
      const lengths = new Int32Array(this.#lengths.length * 2);
      lengths.set(this.#lengths);
      this.#lengths = lengths;
    }
    this.#lengths[index] = terms.length;
    this.#totalLength += terms.length;
    this.#norms = null;
  }

  /**
   * The best `limit` documents for the query, best first, each with the stretch of its text that holds the
   * most query words. Documents sharing no term with the query are never returned.
   */
  search(query: string, limit: number): Bm25Hit[] {
    const n = this.#docs.length;
    if (n === 0 || limit <= 0) return [];
    const queryTerms = [...new Set(bm25Terms(query))];
    const norms = this.#normsOf(n);
    const scores = new Float64Array(n);
    const touched: number[] = [];
    for (const term of queryTerms) {
      const postings = this.#postings.get(term);
      if (postings === undefined) continue;
      const df = postings.length;
      // Lucene's form of the IDF: never negative, so a word in most documents still counts a little.
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = 0; i < df; i++) {
        const doc = postings.docs[i]!;
        const tf = postings.freqs[i]!;
        if (scores[doc] === 0) touched.push(doc);
        scores[doc]! += (idf * (tf * (BM25_K1 + 1))) / (tf + norms[doc]!);
      }
    }
    const terms = new Set(queryTerms);
    return topOf(touched, scores, limit).map((doc) => {
      const { id, text } = this.#docs[doc]!;
      return { id, score: scores[doc]!, snippet: snippetOf(text, terms) };
    });
  }

  #normsOf(n: number): Float64Array {
    if (this.#norms !== null) return this.#norms;
    const averageLength = this.#totalLength / n || 1;
    const norms = new Float64Array(n);
    for (let doc = 0; doc < n; doc++) {
      norms[doc] = BM25_K1 * (1 - BM25_B + (BM25_B * this.#lengths[doc]!) / averageLength);
    }
    this.#norms = norms;
    return norms;
  }
}

/** The `limit` best documents, best first (ties: the earlier added), without sorting every candidate. */
function topOf(candidates: readonly number[], scores: Float64Array, limit: number): number[] {
  const better = (a: number, b: number): boolean => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
  const top: number[] = [];
  for (const doc of candidates) {
    if (top.length === limit && !better(doc, top[limit - 1]!)) continue;
    let at = top.length === limit ? limit - 1 : top.length;
    while (at > 0 && better(doc, top[at - 1]!)) {
      top[at] = top[at - 1]!;
      at -= 1;
    }
    top[at] = doc;
  }
  return top;
}

/**
 * The window of about thirty words holding the most query-term occurrences (the earliest such window), as
 * plain text in the document's own spelling.
 */
export function snippetOf(text: string, terms: ReadonlySet<string>): string {
  const words = text.trim().split(/\s+/);
  if (words.length <= SNIPPET_WORDS) return words.join(' ');
  // Folding keeps the white space where it was, so the folded words line up with the page's own; the
  // punctuation inside a word becomes a separator mark so that "powerhouse;" still counts as "powerhouse".
  const folded = fold(text).trim().replace(PUNCTUATION, '\u0000').split(/\s+/);
  const hits = new Int32Array(words.length);
  for (let i = 0; i < words.length; i++) {
    const word = folded.length === words.length ? folded[i]! : fold(words[i]!).replace(PUNCTUATION, '\u0000');
    if (!word.includes('\u0000')) hits[i] = terms.has(word) ? 1 : 0;
    else for (const part of word.split('\u0000')) if (terms.has(part)) hits[i]! += 1;
  }
  let inWindow = 0;
  for (let i = 0; i < SNIPPET_WORDS; i++) inWindow += hits[i]!;
  let best = inWindow;
  let bestStart = 0;
  for (let start = 1; start + SNIPPET_WORDS <= words.length; start++) {
    inWindow += hits[start + SNIPPET_WORDS - 1]! - hits[start - 1]!;
    if (inWindow > best) {
      best = inWindow;
      bestStart = start;
    }
  }
  return words.slice(bestStart, bestStart + SNIPPET_WORDS).join(' ');
}
