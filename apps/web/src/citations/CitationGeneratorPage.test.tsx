import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CITATION_GUEST_HISTORY_MAX, CITATION_GUEST_STORAGE_KEY, type CitationSourceType } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import { createMemoryStore } from '../session/storage.ts';
import {
  addGuestEntry,
  copyCitation,
  draftProblems,
  draftToSource,
  emptyDraft,
  parseCitationHtml,
  readGuestHistory,
  sourceToDraft,
  writeGuestHistory,
} from './citationForm.ts';
import { CitationGeneratorPage } from './CitationGeneratorPage.tsx';

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const APA_HTML =
  'Jackson, L. M. (2019). <i>The psychology of prejudice</i> (2nd ed.). American Psychological Association &#38; Co.';

function render(storage = createMemoryStore(), initialType: CitationSourceType = 'book', signedIn = false): string {
  const services = {
    client: { getJson: () => new Promise(() => undefined) },
    storage,
    session: {
      subscribe: () => () => undefined,
      getState: () => ({
        status: signedIn ? 'user' : 'guest',
        profile: signedIn ? { is_guest: false } : null,
        error: null,
      }),
    },
  } as unknown as Services;
  return renderToStaticMarkup(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <CitationGeneratorPage initialType={initialType} />
        </MemoryRouter>
      </QueryClientProvider>
    </ServicesContext.Provider>,
  );
}

const labels = (html: string) => [...html.matchAll(/<label for="citation-([a-z0-9-]+)"/g)].map((match) => match[1]);

describe('the citation generator page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('offers the five styles and the five source types', () => {
    const html = render();
    const options = [...html.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)</g)].map(
      (m) => `${m[1] ?? ''}=${m[2] ?? ''}`,
    );
    expect(options).toEqual([
      'apa=APA 7th edition',
      'mla=MLA 9th edition',
      'chicago=Chicago 17th edition (author-date)',
      'harvard=Harvard (Cite Them Right)',
      'apa-es=APA 7th edition in Spanish',
    ]);
    const types = [...html.matchAll(/<input type="radio"[^>]*>/g)].map((m) => /value="([a-z]+)"/.exec(m[0])?.[1]);
    expect(types).toEqual(['book', 'article', 'webpage', 'chapter', 'thesis']);
    expect(html).toMatch(
      /<input type="radio"[^>]*value="book"[^>]*checked=""|<input type="radio"[^>]*checked=""[^>]*value="book"/,
    );
  });

  it('shows the fields each source type needs', () => {
    expect(labels(render(undefined, 'book'))).toEqual([
      'style',
      'author-0-given',
      'author-0-family',
      'title',
      'edition',
      'publisher',
      'place',
      'year',
      'isbn',
      'doi',
      'url',
    ]);
    expect(labels(render(undefined, 'article')).slice(3)).toEqual([
      'title',
      'container-title',
      'year',
      'volume',
      'issue',
      'pages',
      'doi',
      'url',
    ]);
    expect(render(undefined, 'article')).toContain('>Journal</label>');
    expect(labels(render(undefined, 'webpage')).slice(3)).toEqual([
      'title',
      'container-title',
      'published',
      'accessed',
      'url',
    ]);
    const chapter = render(undefined, 'chapter');
    expect(chapter).toContain('<legend class="field__label">Editors</legend>');
    expect(chapter).toContain('>Book title</label>');
    expect(labels(render(undefined, 'thesis')).slice(3)).toEqual([
      'title',
      'degree',
      'university',
      'place',
      'year',
      'url',
    ]);
    // the look-up appears only once the server says it is on
    expect(render()).not.toContain('citation-lookup');
  });

  it("lists a guest's history from this browser's storage, with italics kept", () => {
    const storage = createMemoryStore();
    addGuestEntry(storage, { style: 'apa', type: 'book', source: { title: 'X' }, text: 'plain', html: APA_HTML });
    const html = render(storage);
    expect(html).toContain('Kept in this browser only.');
    expect(html).toContain('<i>The psychology of prejudice</i>');
    expect(textOf(html)).toContain('American Psychological Association &amp; Co.');
    expect(html).toContain('data-citation-id="1"');
    expect(render()).toContain('The citations you generate appear here.');
  });

  it('waits for the account history of a signed-in user, and does not show the local one', () => {
    const storage = createMemoryStore();
    addGuestEntry(storage, { style: 'mla', type: 'book', source: { title: 'X' }, text: 'plain', html: 'Local entry' });
    const html = render(storage, 'book', true);
    expect(html).toContain('Kept in your account.');
    expect(html).not.toContain('Local entry');
  });
});

describe('the citation form', () => {
  it('asks for a title and checks years, dates and addresses', () => {
    expect(draftProblems('book', emptyDraft())).toEqual({ title: 'required' });
    const draft = sourceToDraft({ title: 'T', year: '19', url: 'www.example.org' });
    expect(draftProblems('book', draft)).toEqual({ year: 'year', url: 'url' });
    expect(draftProblems('webpage', sourceToDraft({ title: 'T', accessed: '1 March 2024' }))).toEqual({
      accessed: 'date',
    });
    expect(draftProblems('webpage', sourceToDraft({ title: 'T', accessed: '2024-03-01' }))).toEqual({});
  });

  it("sends only the type's fields, trimmed, without empty names; editors only for a chapter", () => {
    const draft = sourceToDraft({
      title: ' A title ',
      publisher: 'Press',
      volume: '3',
      university: 'Uni',
      authors: [
        { given: ' Ann ', family: 'Lee' },
        { given: '', family: '' },
      ],
      editors: [{ given: 'Ed', family: 'Itor' }],
    });
    expect(draftToSource('book', draft)).toEqual({
      title: 'A title',
      authors: [{ given: 'Ann', family: 'Lee' }],
      editors: [],
      publisher: 'Press',
    });
    expect(draftToSource('thesis', draft)).toMatchObject({ university: 'Uni' });
    expect(draftToSource('thesis', draft)).not.toHaveProperty('publisher');
    expect(draftToSource('chapter', draft).editors).toEqual([{ given: 'Ed', family: 'Itor' }]);
  });
});

describe("a guest's history in local storage", () => {
  it('keeps the newest first, survives a reload (a new read), drops what it cannot read, and is bounded', () => {
    const storage = createMemoryStore();
    addGuestEntry(storage, { style: 'apa', type: 'book', source: { title: 'One' }, text: '1', html: '1' });
    addGuestEntry(storage, { style: 'mla', type: 'article', source: { title: 'Two' }, text: '2', html: '2' });
    expect(readGuestHistory(storage).map((entry) => [entry.id, entry.style, entry.text])).toEqual([
      [2, 'mla', '2'],
      [1, 'apa', '1'],
    ]);
    const raw = JSON.parse(storage.getItem(CITATION_GUEST_STORAGE_KEY) ?? '[]') as unknown[];
    storage.setItem(CITATION_GUEST_STORAGE_KEY, JSON.stringify([...raw, { id: 9, style: 'nope' }]));
    expect(readGuestHistory(storage)).toHaveLength(2);
    storage.setItem(CITATION_GUEST_STORAGE_KEY, '{not json');
    expect(readGuestHistory(storage)).toEqual([]);
    for (let i = 0; i < CITATION_GUEST_HISTORY_MAX + 5; i += 1) {
      addGuestEntry(storage, { style: 'apa', type: 'book', source: { title: `T${String(i)}` }, text: 't', html: 't' });
    }
    expect(readGuestHistory(storage)).toHaveLength(CITATION_GUEST_HISTORY_MAX);
    writeGuestHistory(storage, []);
    expect(storage.getItem(CITATION_GUEST_STORAGE_KEY)).toBeNull();
  });
});

describe('the reference as rich text', () => {
  it('keeps italics, small caps and superscripts, and shows any other markup as text', () => {
    expect(parseCitationHtml('A <i>B &#38; C</i> 2.<sup>a</sup>')).toEqual([
      { tag: null, smallCaps: false, children: [], text: 'A ' },
      {
        tag: 'i',
        smallCaps: false,
        children: [{ tag: null, smallCaps: false, children: [], text: 'B & C' }],
        text: '',
      },
      { tag: null, smallCaps: false, children: [], text: ' 2.' },
      { tag: 'sup', smallCaps: false, children: [{ tag: null, smallCaps: false, children: [], text: 'a' }], text: '' },
    ]);
    const caps = parseCitationHtml('<span style="font-variant:small-caps;">Doe</span>')[0];
    expect(caps?.smallCaps).toBe(true);
    expect(parseCitationHtml('<script>x</script>&#60;b&#62;')).toEqual([
      { tag: null, smallCaps: false, children: [], text: 'x' },
      { tag: null, smallCaps: false, children: [], text: '<b>' },
    ]);
  });
});

describe('copying a reference', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('puts the text and the HTML on the clipboard where the browser takes both', async () => {
    class FakeItem {
      readonly items: Record<string, Blob>;
      constructor(items: Record<string, Blob>) {
        this.items = items;
      }
    }
    vi.stubGlobal('ClipboardItem', FakeItem);
    const written: FakeItem[] = [];
    const clipboard = {
      write: (items: FakeItem[]) => {
        written.push(...items);
        return Promise.resolve();
      },
      writeText: () => Promise.reject(new Error('not used')),
    } as unknown as Clipboard;
    expect(await copyCitation(clipboard, 'Plain.', '<i>Rich</i>.')).toBe(true);
    expect(await written[0]?.items['text/plain']?.text()).toBe('Plain.');
    expect(await written[0]?.items['text/html']?.text()).toBe('<i>Rich</i>.');
  });

  it('falls back to the plain text, and says when nothing could be copied', async () => {
    const texts: string[] = [];
    const plain = {
      writeText: (text: string) => {
        texts.push(text);
        return Promise.resolve();
      },
    } as unknown as Clipboard;
    expect(await copyCitation(plain, 'Plain.', '<i>Rich</i>.')).toBe(true);
    expect(texts).toEqual(['Plain.']);
    const refusing = { writeText: () => Promise.reject(new Error('denied')) } as unknown as Clipboard;
    expect(await copyCitation(refusing, 'Plain.', '')).toBe(false);
    expect(await copyCitation(undefined, 'Plain.', '')).toBe(false);
  });
});
