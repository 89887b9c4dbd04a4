/**
 * The web of `npm run bench:web`: every source document of the dev set as a page of the local web, among
 * distractor pages, and the way back from a page's URL to the source it shows.
 */
import type { LocalPage } from '../../apps/server/test/local-web/local-web.ts';
import { distractorPages } from '../../apps/server/test/local-web/local-web.ts';

export interface PlagPassage {
  readonly susp_offset: number;
  readonly susp_length: number;
  readonly src_id: string;
  readonly src_offset: number;
  readonly src_length: number;
}

export interface PlagCase {
  readonly id: string;
  readonly corpus: string;
  readonly category: string;
  readonly lang: string;
  readonly susp_text: string;
  readonly sources: readonly { readonly src_id: string; readonly text: string; readonly lang?: string }[];
  readonly passages: readonly PlagPassage[] | null;
  readonly doc_plagiarised?: boolean;
}

/** A source of the dev set as served: its case corpus and id, its text, and where the local web has it. */
export interface SourcePage {
  /** `corpus/src_id`: unique over the three corpora (TNLP and PAN both name files "source-document…"). */
  readonly key: string;
  readonly srcId: string;
  readonly text: string;
  readonly page: LocalPage;
}

/** Every seventh source is a PDF, every eleventh HTML page is in windows-1252 (the rest HTML in UTF-8). */
const PDF_EVERY = 7;
const CP1252_EVERY = 11;

/** The path of a source's page: its corpus and file name without ".txt" (".pdf" for a PDF). */
function pathOf(corpus: string, srcId: string, pdf: boolean): string {
  return `/${corpus}/${encodeURIComponent(srcId.replace(/\.txt$/, ''))}${pdf ? '.pdf' : ''}`;
}

/** A page's title as a site would show it: the first words of the text's first line. */
function titleOf(text: string): string {
  const words = (text.split('\n').find((line) => line.trim() !== '') ?? '').trim().split(/\s+/).slice(0, 8);
  return words.join(' ') || 'Untitled';
}

/** The sources of all cases, deduplicated by corpus and id, in a stable order, as pages. */
export function sourcePages(cases: readonly PlagCase[]): SourcePage[] {
  const byKey = new Map<string, { corpus: string; srcId: string; text: string }>();
  for (const c of cases) {
    for (const s of c.sources)
      byKey.set(`${c.corpus}/${s.src_id}`, { corpus: c.corpus, srcId: s.src_id, text: s.text });
  }
  return [...byKey].map(([key, { corpus, srcId, text }], i) => {
    const pdf = i % PDF_EVERY === PDF_EVERY - 1;
    const page: LocalPage = {
      path: pathOf(corpus, srcId, pdf),
      title: titleOf(text),
      text,
      format: pdf ? 'pdf' : 'html',
      ...(!pdf && i % CP1252_EVERY === CP1252_EVERY - 1 ? { charset: 'windows-1252' as const } : {}),
    };
    return { key, srcId, text, page };
  });
}

/** The source a page URL shows, or null for a distractor (or any other URL). */
export function sourceOfUrl(url: string, byPath: ReadonlyMap<string, SourcePage>): SourcePage | null {
  try {
    return byPath.get(decodeURIComponent(new URL(url).pathname)) ?? byPath.get(new URL(url).pathname) ?? null;
  } catch {
    return null;
  }
}

/**
 * Distractor pages made from the sentences of the sources no case reused (the negatives of PAN category 01
 * and the like), so they read like the sources and share their topics, but hold no passage any suspicious
 * document took.
 */
export function distractors(cases: readonly PlagCase[], count: number): LocalPage[] {
  if (count <= 0) return [];
  const reused = new Set<string>();
  for (const c of cases) {
    if (c.passages === null) for (const s of c.sources) reused.add(`${c.corpus}/${s.src_id}`);
    else for (const p of c.passages) reused.add(`${c.corpus}/${p.src_id}`);
  }
  const pool: string[] = [];
  const taken = new Set<string>();
  for (const c of cases) {
    for (const s of c.sources) {
      const key = `${c.corpus}/${s.src_id}`;
      if (reused.has(key) || taken.has(key)) continue;
      taken.add(key);
      pool.push(...s.text.split(/(?<=[.!?])\s+/));
    }
  }
  return distractorPages(count, 2013, pool, { prefix: '/articles' });
}
