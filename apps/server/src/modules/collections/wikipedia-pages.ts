import { countWords, LANGUAGES, type Language } from '@veritext/text';
import wtf from 'wtf_wikipedia';
import { CollectionError, type ReadDocument, type ReadFailure } from './collection-files.ts';
import type { WikipediaSkipped, WikipediaSkipReason } from './collection-imports.repository.ts';
import { openDump, type DumpPage, type DumpSite } from './wikipedia-dump.ts';

/**
 * What the pages of a Wikipedia (or any MediaWiki) dump become: each article one document whose URL is the
 * article's, so a report links to Wikipedia. The wikitext becomes plain text through wtf_wikipedia (templates,
 * infoboxes, references, tables, files and categories go; link labels, bold and italic text stay); the sections
 * that only list sources and links (References, See also, External links…) are left out.
 *
 * A page is not imported (and is counted by reason) when it is
 * - `namespace`: outside the article namespace (`<ns>` other than 0: talk pages, users, templates, Anexo…);
 * - `redirect`: a redirect (`<redirect title=…/>`, or wikitext that wtf_wikipedia reads as #REDIRECT);
 * - `disambiguation`: what wtf_wikipedia's isDisambiguation() calls one: a disambiguation template under its
 *   name in any of some 200 languages ({{disambiguation}}, {{dab}}, {{desambiguación}}…), a title ending in
 *   "(disambiguation)" or its translation, or an English lead saying "… may refer to". (Dumps carry no
 *   page_props, so the __DISAMBIG__ flag those templates set is not available);
 * - `short`: an article whose text has fewer than `minWords` words (50 by default): stubs, empty pages.
 *
 * `articleBatches` reads a dump into batches of articles; wikipedia-pages.worker.ts runs it in a worker thread.
 */

export const MIN_ARTICLE_WORDS = 50;

/** Sections that hold no prose of the article (compared lower-case), with what is under them. */
const TRAILING_SECTIONS = new Set([
  // en
  'references',
  'notes',
  'notes and references',
  'footnotes',
  'citations',
  'sources',
  'bibliography',
  'see also',
  'external links',
  'further reading',
  // es
  'referencias',
  'notas',
  'notas y referencias',
  'fuentes',
  'bibliografía',
  'véase también',
  'enlaces externos',
  'lectura adicional',
  'otras lecturas',
]);

export type WikiSite = {
  /** The wiki's host name: es.wikipedia.org. */
  host: string;
  /** The wiki's language code (`xml:lang`, else the host's first label): es. */
  code: string;
  /** The code when the engine knows the language (its stemmer and stop words); detected per text otherwise. */
  language: Language | undefined;
};

/** The wiki a dump comes from, from its `<siteinfo>`; throws CollectionError when it does not say. */
export function wikiSiteOf(site: DumpSite | null): WikiSite {
  let url: URL;
  try {
    url = new URL(site?.base ?? '');
  } catch {
    throw new CollectionError('The dump does not say which wiki it comes from: its <siteinfo> has no <base> URL');
  }
  const fromHost = url.hostname.split('.')[0] ?? '';
  const code = (site?.language ?? fromHost).toLowerCase();
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(code)) {
    throw new CollectionError(`The dump's language "${code}" is not a wiki language code`);
  }
  const language = (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : undefined;
  return { host: url.host, code, language };
}

/**
 * An article's URL as MediaWiki writes its links: spaces become underscores and the title is percent-encoded
 * except for the characters wfUrlencode keeps (`;:@$!*(),/~`).
 */
export function articleUrl(host: string, title: string): string {
  const encoded = encodeURIComponent(title.replace(/ /g, '_'))
    .replace(/'/g, '%27')
    .replace(/%3B|%3A|%40|%24|%2C|%2F/g, (escape) => decodeURIComponent(escape));
  return `https://${host}/wiki/${encoded}`;
}

type Wtf = ReturnType<typeof wtf>;

/** The article's prose: every section's text but the trailing ones (and their subsections). */
function proseOf(doc: Wtf): string {
  const parts: string[] = [];
  let skipBelow: number | null = null;
  for (const section of doc.sections()) {
    const depth = section.depth();
    if (skipBelow !== null && depth > skipBelow) continue;
    skipBelow = null;
    if (TRAILING_SECTIONS.has(section.title().trim().toLowerCase())) {
      skipBelow = depth;
      continue;
    }
    const text = section.text({}).trim();
    if (text !== '') parts.push(text);
  }
  return parts.join('\n\n');
}

export type PageOutcome =
  | { kind: 'article'; document: ReadDocument }
  | { kind: 'skipped'; reason: WikipediaSkipReason }
  | { kind: 'failed'; message: string };

/** What one page of the dump becomes (the rules are in this module's comment). */
export function pageOutcome(page: DumpPage, wiki: WikiSite, minWords = MIN_ARTICLE_WORDS): PageOutcome {
  if (page.ns !== 0) return { kind: 'skipped', reason: 'namespace' };
  if (page.redirect !== null) return { kind: 'skipped', reason: 'redirect' };
  if (page.text.trim() === '') return { kind: 'skipped', reason: 'short' };
  let doc: Wtf;
  let text: string;
  try {
    doc = wtf(page.text, { title: page.title });
    if (doc.isRedirect()) return { kind: 'skipped', reason: 'redirect' };
    if (doc.isDisambiguation()) return { kind: 'skipped', reason: 'disambiguation' };
    text = proseOf(doc);
  } catch (error) {
    return { kind: 'failed', message: `its wikitext could not be read: ${(error as Error).message}` };
  }
  if (countWords(text) < minWords) return { kind: 'skipped', reason: 'short' };
  return {
    kind: 'article',
    document: {
      ref: `wiki:${wiki.code}:${String(page.id)}`,
      title: page.title,
      url: articleUrl(wiki.host, page.title),
      text,
      ...(wiki.language === undefined ? {} : { language: wiki.language }),
    },
  };
}

/** A run of pages: its articles, what it skipped, and where it ends in the dump. */
export type ArticleBatch = {
  documents: ReadDocument[];
  /** The dump position of the batch's last page: every page up to it is in this batch or an earlier one. */
  pages: number;
  /** Pages of the batch not imported, by reason. */
  skipped: WikipediaSkipped;
  /** Pages of the batch whose wikitext could not be read. */
  failures: ReadFailure[];
  /** How far into the file the reading was. */
  bytesRead: number;
};

export type ArticleBatchOptions = {
  /** The pages up to this one were done by an earlier run: only counted. */
  skip: number;
  minWords: number;
  /** Articles a batch (the last one may hold fewer). */
  batchSize: number;
};

const noneSkipped = (): WikipediaSkipped => ({ redirect: 0, namespace: 0, disambiguation: 0, short: 0 });

/**
 * The dump after its first `skip` pages as batches of `batchSize` articles; the last batch ends with the dump
 * (and may hold no article). Throws CollectionError for a dump that cannot be read (after the batches before).
 */
export async function* articleBatches(file: string, options: ArticleBatchOptions): AsyncGenerator<ArticleBatch> {
  const reader = await openDump(file, { skip: options.skip });
  let wiki: WikiSite | null = null;
  let batch: ArticleBatch = { documents: [], pages: options.skip, skipped: noneSkipped(), failures: [], bytesRead: 0 };
  for await (const page of reader.pages) {
    if (page.index <= options.skip) continue;
    wiki ??= wikiSiteOf(reader.site());
    const outcome = pageOutcome(page, wiki, options.minWords);
    batch.pages = page.index;
    if (outcome.kind === 'article') batch.documents.push(outcome.document);
    else if (outcome.kind === 'skipped') batch.skipped[outcome.reason]++;
    else batch.failures.push({ file: `page ${String(page.id)} "${page.title}"`, message: outcome.message });
    if (batch.documents.length >= options.batchSize) {
      batch.bytesRead = reader.bytesRead();
      yield batch;
      batch = { documents: [], pages: page.index, skipped: noneSkipped(), failures: [], bytesRead: 0 };
    }
  }
  batch.bytesRead = reader.bytesRead();
  yield batch;
}
