import {
  CitationSourceSchema,
  type CitationPerson,
  type CitationSource,
  type CitationSourceType,
} from '@veritext/contracts';
import { AppError } from '../../errors.ts';

/*
 * The ISBN and DOI look-up (issue 18; DESIGN.md §6: off unless CITATION_LOOKUP=on). An ISBN goes to Open Library's
 * Books API (GET {OPENLIBRARY_URL}/api/books?bibkeys=ISBN:{isbn}&format=json&jscmd=data: an object keyed by the
 * bibkey, empty when it knows no such book), a DOI to Crossref's REST API (GET {CROSSREF_URL}/works/{doi}:
 * {status: "ok", message: {...}}, 404 when it has no such work). Each answer becomes the form's fields; nothing
 * is stored. No answer within LOOKUP_TIMEOUT_MS, or one that is not JSON of that shape: citation_lookup_failed.
 */

export type LookupConfig = { openLibraryUrl: string; crossrefUrl: string; mailto: string | null };
export type LookupResult = { type: CitationSourceType; source: CitationSource };

export const LOOKUP_TIMEOUT_MS = 8000;
const MAX_BODY = 2 * 1024 * 1024;

function userAgent(config: LookupConfig, publicUrl: string): string {
  return `Veritext/1.0 (${publicUrl}${config.mailto === null ? '' : `; mailto:${config.mailto}`})`;
}

async function getJson(url: string, agent: string): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': agent },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      redirect: 'follow',
    });
  } catch (error) {
    throw new AppError('citation_lookup_failed', { cause: error });
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return { status: 404, body: null };
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new AppError('citation_lookup_failed');
  }
  const text = await response.text();
  if (text.length > MAX_BODY) throw new AppError('citation_lookup_failed');
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch (error) {
    throw new AppError('citation_lookup_failed', { cause: error });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function str(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
function firstStr(value: unknown): string | undefined {
  return Array.isArray(value) ? str(value[0]) : str(value);
}
function names(value: unknown): string[] {
  return Array.isArray(value)
    ? value.map((entry) => (isRecord(entry) ? str(entry['name']) : undefined)).filter((n) => n !== undefined)
    : [];
}

/** "John Allen Smith" → given "John Allen", family "Smith"; "Smith, John" → the same way round. */
export function splitName(full: string): CitationPerson {
  const name = full.trim().replace(/\s+/g, ' ');
  const comma = name.indexOf(',');
  if (comma > 0) return { family: name.slice(0, comma).trim(), given: name.slice(comma + 1).trim() };
  const space = name.lastIndexOf(' ');
  return space < 0 ? { given: '', family: name } : { given: name.slice(0, space), family: name.slice(space + 1) };
}

/** The first four-digit year in a free-text date ("March 2008", "2008", "c1998"). */
function yearOf(text: string | undefined): string | undefined {
  return text === undefined ? undefined : /\b(\d{4})\b/.exec(text)?.[1];
}

function clean(source: Record<string, unknown>): CitationSource {
  const parsed = CitationSourceSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined)),
  );
  if (!parsed.success) throw new AppError('citation_lookup_failed');
  return parsed.data;
}

const cut = (value: string | undefined, max = 500) => (value === undefined ? undefined : value.slice(0, max));

/** An Open Library Books API answer (jscmd=data) for one ISBN as the form's fields. */
export function fromOpenLibrary(body: unknown, isbn: string): LookupResult | null {
  if (!isRecord(body)) throw new AppError('citation_lookup_failed');
  const book = body[`ISBN:${isbn}`];
  if (!isRecord(book)) return null;
  const title = str(book['title']);
  if (title === undefined) return null;
  const subtitle = str(book['subtitle']);
  const authors = names(book['authors']).slice(0, 20).map(splitName);
  return {
    type: 'book',
    source: clean({
      title: cut(subtitle === undefined ? title : `${title}: ${subtitle}`),
      authors,
      publisher: cut(names(book['publishers'])[0]),
      place: cut(names(book['publish_places'])[0]),
      year: yearOf(str(book['publish_date'])),
      isbn,
    }),
  };
}

function crossrefPeople(value: unknown): CitationPerson[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .map((person) => {
      const family = str(person['family']) ?? str(person['name']) ?? '';
      return { given: (str(person['given']) ?? '').slice(0, 100), family: family.slice(0, 100) };
    })
    .filter((person) => person.given !== '' || person.family !== '')
    .slice(0, 20);
}

function crossrefDate(work: Record<string, unknown>): { year?: string; published?: string } {
  for (const key of ['published-print', 'published-online', 'published', 'issued']) {
    const date = work[key];
    const parts: unknown = isRecord(date) && Array.isArray(date['date-parts']) ? date['date-parts'][0] : undefined;
    if (Array.isArray(parts) && typeof parts[0] === 'number') {
      const [year, month, day] = parts.filter((part): part is number => typeof part === 'number');
      const pad = (n: number) => String(n).padStart(2, '0');
      const published = [String(year), month === undefined ? null : pad(month), day === undefined ? null : pad(day)]
        .filter((part) => part !== null)
        .join('-');
      return { year: String(year), published };
    }
  }
  return {};
}

const CROSSREF_TYPES: Record<string, CitationSourceType> = {
  'journal-article': 'article',
  'proceedings-article': 'article',
  'book-chapter': 'chapter',
  'book-section': 'chapter',
  'book-part': 'chapter',
  book: 'book',
  monograph: 'book',
  'edited-book': 'book',
  'reference-book': 'book',
  dissertation: 'thesis',
};

/** A Crossref /works/{doi} answer as the form's fields. */
export function fromCrossref(body: unknown, doi: string): LookupResult | null {
  if (!isRecord(body) || body['status'] !== 'ok' || !isRecord(body['message'])) {
    throw new AppError('citation_lookup_failed');
  }
  const work = body['message'];
  const title = firstStr(work['title']);
  if (title === undefined) return null;
  const subtitle = firstStr(work['subtitle']);
  const type = CROSSREF_TYPES[str(work['type']) ?? ''] ?? 'article';
  const { year, published } = crossrefDate(work);
  const institution = Array.isArray(work['institution']) ? names(work['institution'])[0] : undefined;
  const isbn = firstStr(work['ISBN']);
  return {
    type,
    source: clean({
      title: cut(subtitle === undefined ? title : `${title}: ${subtitle}`),
      authors: crossrefPeople(work['author']),
      editors: type === 'chapter' ? crossrefPeople(work['editor']) : [],
      container_title: type === 'book' || type === 'thesis' ? undefined : cut(firstStr(work['container-title'])),
      publisher: type === 'thesis' ? undefined : cut(str(work['publisher'])),
      place: cut(str(work['publisher-location'])),
      university: type === 'thesis' ? cut(institution ?? str(work['publisher'])) : undefined,
      year,
      published: type === 'article' ? undefined : published,
      volume: cut(str(work['volume'])),
      issue: cut(str(work['issue'])),
      pages: cut(str(work['page'])),
      edition: cut(str(work['edition-number'])),
      isbn: type === 'book' || type === 'chapter' ? cut(isbn) : undefined,
      doi: cut(str(work['DOI']) ?? doi),
    }),
  };
}

export async function lookupIsbn(config: LookupConfig, publicUrl: string, isbn: string): Promise<LookupResult> {
  const url = `${config.openLibraryUrl}/api/books?bibkeys=${encodeURIComponent(`ISBN:${isbn}`)}&format=json&jscmd=data`;
  const { status, body } = await getJson(url, userAgent(config, publicUrl));
  const result = status === 404 ? null : fromOpenLibrary(body, isbn);
  if (result === null) throw new AppError('isbn_not_found');
  return result;
}

export async function lookupDoi(config: LookupConfig, publicUrl: string, doi: string): Promise<LookupResult> {
  const url = `${config.crossrefUrl}/works/${encodeURIComponent(doi)}`;
  const { status, body } = await getJson(url, userAgent(config, publicUrl));
  const result = status === 404 ? null : fromCrossref(body, doi);
  if (result === null) throw new AppError('doi_not_found');
  return result;
}
