import {
  CITATION_DATE,
  CITATION_GUEST_HISTORY_MAX,
  CITATION_GUEST_STORAGE_KEY,
  CITATION_SOURCE_TYPES,
  CITATION_STYLES,
  CITATION_TYPE_FIELDS,
  CITATION_TYPES_WITH_EDITORS,
  CITATION_YEAR,
  type CitationEntry,
  type CitationPerson,
  type CitationSourceInput,
  type CitationSourceType,
  type CitationStyle,
  type CitationTextField,
} from '@veritext/contracts';
import type { KeyValueStore } from '../session/storage.ts';

/** The form's state: every text field as typed, the people as rows (empty rows are dropped on send). */
export type CitationDraft = {
  fields: Partial<Record<CitationTextField, string>>;
  authors: CitationPerson[];
  editors: CitationPerson[];
};

export const EMPTY_PERSON: CitationPerson = { given: '', family: '' };
export const emptyDraft = (): CitationDraft => ({ fields: {}, authors: [{ ...EMPTY_PERSON }], editors: [] });

export type FieldProblem = 'required' | 'year' | 'date' | 'url';

/** What is wrong with the draft for this type (the server checks it again); empty when it can be sent. */
export function draftProblems(
  type: CitationSourceType,
  draft: CitationDraft,
): Partial<Record<CitationTextField, FieldProblem>> {
  const problems: Partial<Record<CitationTextField, FieldProblem>> = {};
  const value = (field: CitationTextField) => (draft.fields[field] ?? '').trim();
  if (value('title') === '') problems.title = 'required';
  for (const field of CITATION_TYPE_FIELDS[type]) {
    const text = value(field);
    if (text === '') continue;
    if (field === 'year' && !CITATION_YEAR.test(text)) problems.year = 'year';
    if ((field === 'published' || field === 'accessed') && !CITATION_DATE.test(text)) problems[field] = 'date';
    if (field === 'url' && !/^https?:\/\/\S+$/i.test(text)) problems.url = 'url';
  }
  return problems;
}

const filled = (people: CitationPerson[]) =>
  people
    .map((person) => ({ given: person.given.trim(), family: person.family.trim() }))
    .filter((person) => person.given !== '' || person.family !== '');

/** The source the server formats: only the fields this type shows, trimmed, empty ones left out. */
export function draftToSource(type: CitationSourceType, draft: CitationDraft): CitationSourceInput {
  const source: CitationSourceInput = {
    title: (draft.fields.title ?? '').trim(),
    authors: filled(draft.authors),
    editors: CITATION_TYPES_WITH_EDITORS.includes(type) ? filled(draft.editors) : [],
  };
  for (const field of CITATION_TYPE_FIELDS[type]) {
    const text = (draft.fields[field] ?? '').trim();
    if (field !== 'title' && text !== '') source[field] = text;
  }
  return source;
}

const toPerson = (person: { given?: string | undefined; family?: string | undefined }): CitationPerson => ({
  given: person.given ?? '',
  family: person.family ?? '',
});

/** A source (a look-up's answer, a history entry) back in the form. */
export function sourceToDraft(source: CitationSourceInput): CitationDraft {
  const fields: CitationDraft['fields'] = {};
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string') fields[key as CitationTextField] = value;
  }
  const authors = source.authors ?? [];
  return {
    fields,
    authors: authors.length === 0 ? [{ ...EMPTY_PERSON }] : authors.map(toPerson),
    editors: (source.editors ?? []).map(toPerson),
  };
}

/** A guest's history entry: as the server's, with a local id. */
export type LocalCitation = Omit<CitationEntry, 'source'> & { source: CitationSourceInput };

function isLocalCitation(value: unknown): value is LocalCitation {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry['id'] === 'number' &&
    typeof entry['text'] === 'string' &&
    typeof entry['html'] === 'string' &&
    typeof entry['created_at'] === 'string' &&
    (CITATION_STYLES as readonly unknown[]).includes(entry['style']) &&
    (CITATION_SOURCE_TYPES as readonly unknown[]).includes(entry['type']) &&
    typeof entry['source'] === 'object' &&
    entry['source'] !== null
  );
}

/** The guest's history in local storage (CITATION_GUEST_STORAGE_KEY), newest first; anything unreadable is dropped. */
export function readGuestHistory(storage: KeyValueStore): LocalCitation[] {
  const raw = storage.getItem(CITATION_GUEST_STORAGE_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isLocalCitation).slice(0, CITATION_GUEST_HISTORY_MAX) : [];
  } catch {
    return [];
  }
}

export function writeGuestHistory(storage: KeyValueStore, entries: readonly LocalCitation[]): void {
  if (entries.length === 0) storage.removeItem(CITATION_GUEST_STORAGE_KEY);
  else storage.setItem(CITATION_GUEST_STORAGE_KEY, JSON.stringify(entries.slice(0, CITATION_GUEST_HISTORY_MAX)));
}

export function addGuestEntry(
  storage: KeyValueStore,
  entry: { style: CitationStyle; type: CitationSourceType; source: CitationSourceInput; text: string; html: string },
  now: Date = new Date(),
): LocalCitation[] {
  const entries = readGuestHistory(storage);
  const id = Math.max(0, ...entries.map((e) => e.id)) + 1;
  const next = [{ ...entry, id, created_at: now.toISOString() }, ...entries].slice(0, CITATION_GUEST_HISTORY_MAX);
  writeGuestHistory(storage, next);
  return next;
}

export type RichPart = {
  tag: 'i' | 'b' | 'sup' | 'sub' | 'span' | null;
  smallCaps: boolean;
  children: RichPart[];
  text: string;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * citeproc-js's HTML output as a tree of the tags it writes (i, b, sup, sub, span with small caps) and text, never
 * as markup: every other tag is dropped and its text kept, and the text is shown as text (it is the user's).
 */
export function parseCitationHtml(html: string): RichPart[] {
  const root: RichPart = { tag: null, smallCaps: false, children: [], text: '' };
  const stack: RichPart[] = [root];
  const top = () => stack[stack.length - 1] ?? root;
  const pattern = /<(\/?)([a-z][a-z0-9]*)([^>]*)>/gi;
  let last = 0;
  for (let match = pattern.exec(html); match !== null; match = pattern.exec(html)) {
    if (match.index > last) {
      top().children.push({
        tag: null,
        smallCaps: false,
        children: [],
        text: decodeEntities(html.slice(last, match.index)),
      });
    }
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    if (!['i', 'b', 'sup', 'sub', 'span'].includes(name)) continue;
    if (closing) {
      if (stack.length > 1 && top().tag === name) stack.pop();
      continue;
    }
    const part: RichPart = {
      tag: name as RichPart['tag'],
      smallCaps: /small-caps/i.test(match[3] ?? ''),
      children: [],
      text: '',
    };
    top().children.push(part);
    stack.push(part);
  }
  if (last < html.length) {
    top().children.push({ tag: null, smallCaps: false, children: [], text: decodeEntities(html.slice(last)) });
  }
  return root.children;
}

/** The formatted reference on the clipboard: plain text, and HTML where the browser takes it (italics survive). */
export async function copyCitation(clipboard: Clipboard | undefined, text: string, html: string): Promise<boolean> {
  if (clipboard === undefined) return false;
  try {
    if (typeof ClipboardItem !== 'undefined' && typeof clipboard.write === 'function') {
      await clipboard.write([
        new ClipboardItem({
          'text/plain': new Blob([text], { type: 'text/plain' }),
          'text/html': new Blob([html], { type: 'text/html' }),
        }),
      ]);
      return true;
    }
  } catch {
    // some browsers refuse text/html: plain text below
  }
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
