/**
 * From offsets in a fetched page's extracted text to offsets in the source document it shows. The extracted
 * text is not the source text: the page adds a title and perhaps some boilerplate, HTML and PDF change the
 * white space, PDF breaks lines. Both texts are cut into words (lower-cased runs of letters and digits) and
 * the page's words are matched to the source's in order: equal words advance together; after a mismatch the
 * match resumes at the nearest place (within 60 words on either side) where three words of the page occur in
 * the source, else at the one place the source has the page's next three words, else past the page word
 * (boilerplate). A page offset then maps through the word it
 * falls in or next to.
 */
interface Word {
  readonly start: number;
  readonly end: number;
  readonly form: string;
}

const WORD = /[\p{L}\p{N}]+/gu;
const ANCHOR = 3;
/** How far (in words, on either side) a mismatch is looked past before the match jumps. */
const NEAR = 60;

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const m of text.matchAll(WORD))
    words.push({ start: m.index, end: m.index + m[0].length, form: m[0].toLowerCase() });
  return words;
}

export interface OffsetMap {
  /** The source offset where a passage starting at this page offset starts, or null if none of it is in the source. */
  start(pageOffset: number): number | null;
  /** The source offset where a passage ending at this page offset ends. */
  end(pageOffset: number): number | null;
  /** Share of the page's words found in the source. */
  readonly located: number;
}

export function offsetMap(pageText: string, sourceText: string): OffsetMap {
  const page = wordsOf(pageText);
  const source = wordsOf(sourceText);
  const anchors = new Map<string, number[]>();
  for (let j = 0; j + ANCHOR <= source.length; j++) {
    const key = source
      .slice(j, j + ANCHOR)
      .map((w) => w.form)
      .join(' ');
    const list = anchors.get(key);
    if (list === undefined) anchors.set(key, [j]);
    else list.push(j);
  }
  const anchorAt = (i: number): string =>
    page
      .slice(i, i + ANCHOR)
      .map((w) => w.form)
      .join(' ');
  const match = new Int32Array(page.length).fill(-1);
  let j = 0;
  for (let i = 0; i < page.length;) {
    if (j < source.length && page[i]!.form === source[j]!.form) {
      match[i++] = j++;
      continue;
    }
    // Nearby first: skip a few page words (a title, a caption) or source words (a line the page lost),
    // whichever resumes the match soonest.
    let best: { skip: number; at: number } | null = null;
    for (let skip = 0; skip <= NEAR && i + skip < page.length; skip++) {
      const at = (anchors.get(anchorAt(i + skip)) ?? []).find((x) => x >= j);
      if (at === undefined || at - j > NEAR) continue;
      if (best === null || skip + (at - j) < best.skip + (best.at - j)) best = { skip, at };
    }
    if (best !== null) {
      i += best.skip;
      j = best.at;
      continue;
    }
    // Far: only to a place the page's next words name alone (an anchor the source has once).
    const far = anchors.get(anchorAt(i));
    if (far !== undefined && far.length === 1 && far[0]! > j) j = far[0]!;
    else i++;
  }
  let located = 0;
  for (const m of match) if (m >= 0) located++;

  /** Index of the first page word ending after the offset (page.length when none). */
  const firstEndingAfter = (offset: number): number => {
    let lo = 0;
    let hi = page.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (page[mid]!.end <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    located: page.length === 0 ? 0 : located / page.length,
    start(offset) {
      for (let i = firstEndingAfter(offset); i < page.length; i++) {
        const m = match[i]!;
        if (m < 0) continue;
        const inside = Math.max(0, offset - page[i]!.start);
        return source[m]!.start + Math.min(inside, source[m]!.end - source[m]!.start);
      }
      return null;
    },
    end(offset) {
      for (let i = firstEndingAfter(offset); i >= 0; i--) {
        if (i >= page.length || page[i]!.start >= offset) continue;
        const m = match[i]!;
        if (m < 0) continue;
        const short = Math.max(0, page[i]!.end - offset);
        return source[m]!.end - Math.min(short, source[m]!.end - source[m]!.start);
      }
      return null;
    },
  };
}
