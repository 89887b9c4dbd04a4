import { readFileSync } from 'node:fs';
import CSL from 'citeproc';
import type {
  CitationPerson,
  CitationSource,
  CitationSourceType,
  CitationStyle,
  FormattedCitation,
} from '@veritext/contracts';

/*
 * Formatting a reference: citeproc-js with the official CSL styles and locales (csl/, CC BY-SA 3.0, see its README).
 * Nothing here formats by hand: the source's fields become a CSL-JSON item, and the style decides every comma.
 *
 *   apa      apa.csl (APA 7th edition), its default locale en-US
 *   mla      modern-language-association.csl (MLA 9th edition), en-US
 *   chicago  chicago-author-date.csl (Chicago 17th edition, author-date), en-US
 *   harvard  harvard-cite-them-right.csl (Cite Them Right 12th edition), its default locale en-GB
 *   apa-es   apa.csl in Spanish: the es-ES locale forced (terms, dates, "Recuperado de"…)
 */

const CSL_DIR = new URL('./csl/', import.meta.url);

const STYLE_FILES: Record<CitationStyle, { file: string; lang?: string }> = {
  apa: { file: 'apa.csl' },
  mla: { file: 'modern-language-association.csl' },
  chicago: { file: 'chicago-author-date.csl' },
  harvard: { file: 'harvard-cite-them-right.csl' },
  'apa-es': { file: 'apa.csl', lang: 'es-ES' },
};

const LOCALES = new Set(['en-US', 'en-GB', 'es-ES']);

const fileCache = new Map<string, string>();
function cslFile(name: string): string {
  let text = fileCache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(name, CSL_DIR), 'utf8');
    fileCache.set(name, text);
  }
  return text;
}

function localeXml(lang: string): string {
  // en-US is citeproc's fallback for every locale; a style asks only for the three bundled here
  const tag = LOCALES.has(lang) ? lang : lang.startsWith('es') ? 'es-ES' : lang === 'en-GB' ? 'en-GB' : 'en-US';
  return cslFile(`locales-${tag}.xml`);
}

const CSL_TYPES: Record<CitationSourceType, string> = {
  book: 'book',
  article: 'article-journal',
  webpage: 'webpage',
  chapter: 'chapter',
  thesis: 'thesis',
};

type CslDate = { 'date-parts': number[][] };
type CslName = { family?: string; given?: string; literal?: string };

/** "2020", "2020-05" or "2020-05-03" as CSL date parts; undefined for nothing. */
export function cslDate(value: string | undefined): CslDate | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parts = value
    .trim()
    .split('-')
    .map((part) => Number(part))
    .filter((part) => Number.isInteger(part) && part > 0);
  return parts.length === 0 ? undefined : { 'date-parts': [parts] };
}

function cslName(person: CitationPerson): CslName {
  // an organisation as author ("World Health Organization") is typed as a family name alone
  if (person.given === '') return { literal: person.family };
  if (person.family === '') return { literal: person.given };
  return { family: person.family, given: person.given };
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/** The source as a CSL-JSON item of the type's CSL type. */
export function toCslItem(id: string, type: CitationSourceType, source: CitationSource): Record<string, unknown> {
  const item: Record<string, unknown> = { id, type: CSL_TYPES[type], title: source.title.trim() };
  const set = (key: string, value: unknown) => {
    if (value !== undefined) item[key] = value;
  };
  if (source.authors.length > 0) item['author'] = source.authors.map(cslName);
  if (type === 'chapter' && source.editors.length > 0) item['editor'] = source.editors.map(cslName);
  set('container-title', present(source.container_title));
  set('edition', present(source.edition));
  set('volume', present(source.volume));
  set('issue', present(source.issue));
  set('page', present(source.pages)?.replace(/\s*[-‐‑‒–—]\s*/g, '-'));
  set('URL', present(source.url));
  set('DOI', present(source.doi));
  set('ISBN', present(source.isbn));
  set('publisher-place', present(source.place));
  if (type === 'thesis') {
    set('publisher', present(source.university));
    set('genre', present(source.degree));
  } else {
    set('publisher', present(source.publisher));
  }
  set('issued', cslDate(present(source.published) ?? present(source.year)));
  set('accessed', cslDate(present(source.accessed)));
  return item;
}

/** The one element of citeproc's HTML bibliography, without its <div class="csl-entry"> wrapper. */
function innerEntry(html: string): string {
  const match = /^\s*<div class="csl-entry">([\s\S]*)<\/div>\s*$/.exec(html);
  return (match?.[1] ?? html).trim();
}

let sequence = 0;
/** The item each engine is asked for: set just before it renders (citeproc runs synchronously). */
const items = new Map<string, Record<string, unknown>>();
/** One engine per style and output format: building one parses the style (APA: about a second), using one is quick. */
const engines = new Map<string, CSL.Engine>();

function engineFor(style: CitationStyle, format: 'text' | 'html'): CSL.Engine {
  const key = `${style}:${format}`;
  let engine = engines.get(key);
  if (engine === undefined) {
    const { file, lang } = STYLE_FILES[style];
    engine = new CSL.Engine(
      { retrieveLocale: localeXml, retrieveItem: (id) => items.get(id) },
      cslFile(file),
      lang,
      lang !== undefined,
    );
    engine.setOutputFormat(format);
    engines.set(key, engine);
  }
  return engine;
}

function render(style: CitationStyle, format: 'text' | 'html', id: string): string {
  const engine = engineFor(style, format);
  engine.updateItems([id]);
  const bibliography = engine.makeBibliography();
  if (bibliography === false) throw new Error(`the style ${STYLE_FILES[style].file} has no bibliography`);
  return bibliography[1].join('');
}

/** The reference of a source in a style, as plain text and as HTML (italics as <i>). */
export function formatCitation(
  style: CitationStyle,
  type: CitationSourceType,
  source: CitationSource,
): FormattedCitation {
  sequence += 1;
  const id = `item-${String(sequence)}`;
  items.set(id, toCslItem(id, type, source));
  try {
    return { text: render(style, 'text', id).trim(), html: innerEntry(render(style, 'html', id)) };
  } finally {
    items.delete(id);
  }
}
