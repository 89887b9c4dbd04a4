import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CitationEntry } from '@veritext/contracts';
import { AccountBrowser, createTestApp, signUpAccount, TestBrowser, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';

/*
 * The citation generator's routes (issue 18): public formatting, the signed-in history (list, add, delete one,
 * clear) and who may use it, and the ISBN / DOI look-up against loopback servers that answer as Open Library's
 * Books API and Crossref's REST API do.
 */

const BOOK = {
  title: 'The psychology of prejudice: From attitudes to social action',
  authors: [{ given: 'Lynne M.', family: 'Jackson' }],
  edition: '2',
  publisher: 'American Psychological Association',
  year: '2019',
  doi: '10.1037/0000168-000',
};
const APA_BOOK =
  'Jackson, L. M. (2019). The psychology of prejudice: From attitudes to social action (2nd ed.). American Psychological Association. https://doi.org/10.1037/0000168-000';

// Open Library's Books API (jscmd=data) as documented at openlibrary.org/dev/docs/api/books
const OPEN_LIBRARY_BOOK = {
  'ISBN:9780140328721': {
    url: 'https://openlibrary.org/books/OL7353617M/Fantastic_Mr._Fox',
    key: '/books/OL7353617M',
    title: 'Fantastic Mr. Fox',
    authors: [{ url: 'https://openlibrary.org/authors/OL34184A/Roald_Dahl', name: 'Roald Dahl' }],
    number_of_pages: 96,
    identifiers: { isbn_10: ['0140328726'], isbn_13: ['9780140328721'], openlibrary: ['OL7353617M'] },
    publishers: [{ name: 'Puffin' }],
    publish_places: [{ name: 'New York' }],
    publish_date: 'October 1, 1988',
    subjects: [{ name: 'Animals', url: 'https://openlibrary.org/subjects/animals' }],
  },
};
// Crossref's /works/{doi} (api.crossref.org, message-type "work")
const CROSSREF_WORK = {
  status: 'ok',
  'message-type': 'work',
  'message-version': '1.0.0',
  message: {
    indexed: { 'date-parts': [[2024, 1, 5]], 'date-time': '2024-01-05T10:00:00Z', timestamp: 1704448800000 },
    publisher: 'American Psychological Association (APA)',
    issue: '3',
    DOI: '10.1037/ppm0000185',
    type: 'journal-article',
    page: '207-217',
    title: [
      'Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States',
    ],
    volume: '8',
    author: [
      { given: 'Jessica Stoltzfus', family: 'Grady', sequence: 'first', affiliation: [] },
      { given: 'Malina', family: 'Her', sequence: 'additional', affiliation: [] },
    ],
    'container-title': ['Psychology of Popular Media Culture'],
    'published-print': { 'date-parts': [[2019, 7]] },
    issued: { 'date-parts': [[2018]] },
    URL: 'https://doi.org/10.1037/ppm0000185',
    ISSN: ['2160-4142', '2160-4134'],
  },
};

type Provider = { server: Server; url: string; requests: string[] };

async function provider(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<Provider> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, requests };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

class Writer extends AccountBrowser {
  add(style: string, type: string, source: unknown) {
    return this.post('/api/v1/citations/', { style, type, source: JSON.stringify(source) });
  }
  list() {
    return this.browser.get('/api/v1/citations/');
  }
}

describe(`the citation generator (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let openLibrary: Provider;
  let crossref: Provider;

  beforeAll(async () => {
    openLibrary = await provider((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const key = url.searchParams.get('bibkeys') ?? '';
      if (url.pathname !== '/api/books' || url.searchParams.get('jscmd') !== 'data') return json(res, 400, {});
      // Open Library answers {} for a book it does not know
      json(
        res,
        200,
        key in OPEN_LIBRARY_BOOK ? { [key]: OPEN_LIBRARY_BOOK[key as keyof typeof OPEN_LIBRARY_BOOK] } : {},
      );
    });
    crossref = await provider((req, res) => {
      if (decodeURIComponent(req.url ?? '') === '/works/10.1037/ppm0000185') return json(res, 200, CROSSREF_WORK);
      if ((req.url ?? '').includes('10.5555')) return json(res, 500, { status: 'error' });
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Resource not found.');
    });
    t = await createTestApp({
      citationLookup: { openLibraryUrl: openLibrary.url, crossrefUrl: crossref.url, mailto: 'ops@example.com' },
    });
  });
  afterAll(async () => {
    await t.dispose();
    openLibrary.server.close();
    crossref.server.close();
  });

  it('formats for a visitor without storing anything, and refuses bad fields', async () => {
    const visitor = new TestBrowser(t.app);
    const { token } = await visitor.csrf();
    const ok = await visitor.postForm('/api/v1/citations/format/', {
      style: 'apa',
      type: 'book',
      source: JSON.stringify(BOOK),
      _csrf_token: token,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: { text: string; html: string } }>().data).toEqual({
      text: APA_BOOK,
      html: 'Jackson, L. M. (2019). <i>The psychology of prejudice: From attitudes to social action</i> (2nd ed.). American Psychological Association. https://doi.org/10.1037/0000168-000',
    });
    const noTitle = await visitor.postForm('/api/v1/citations/format/', {
      style: 'mla',
      type: 'book',
      source: JSON.stringify({ ...BOOK, title: '' }),
      _csrf_token: token,
    });
    expect(noTitle.statusCode).toBe(400);
    const badStyle = await visitor.postForm('/api/v1/citations/format/', {
      style: 'vancouver',
      type: 'book',
      source: JSON.stringify(BOOK),
      _csrf_token: token,
    });
    expect(badStyle.statusCode).toBe(400);
    const noCsrf = await visitor.postForm('/api/v1/citations/format/', {
      style: 'apa',
      type: 'book',
      source: JSON.stringify(BOOK),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await visitor.get('/api/v1/citations/')).statusCode).toBe(401);
  });

  it('keeps an account history: add, list newest first, delete one, clear; never another account’s', async () => {
    const alice = await signUpAccount(t.app, Writer, 'cite');
    const bob = await signUpAccount(t.app, Writer, 'cite');
    const first = await alice.add('apa', 'book', BOOK);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ data: { citation: CitationEntry } }>().data.citation.text).toBe(APA_BOOK);
    const second = await alice.add('mla', 'book', BOOK);
    const secondId = second.json<{ data: { citation: CitationEntry } }>().data.citation.id;
    const listed = (await alice.list()).json<{ data: { citations: CitationEntry[] } }>().data.citations;
    expect(listed.map((entry) => entry.style)).toEqual(['mla', 'apa']);
    expect(listed[0]?.text).toBe(
      'Jackson, Lynne M. The Psychology of Prejudice: From Attitudes to Social Action. 2nd ed., American Psychological Association, 2019, https://doi.org/10.1037/0000168-000.',
    );
    expect(listed[1]?.source.authors).toEqual([{ given: 'Lynne M.', family: 'Jackson' }]);
    expect((await bob.list()).json<{ data: { citations: CitationEntry[] } }>().data.citations).toEqual([]);
    expect((await bob.post(`/api/v1/citations/${String(secondId)}/delete/`)).statusCode).toBe(404);
    expect((await alice.post(`/api/v1/citations/${String(secondId)}/delete/`)).statusCode).toBe(200);
    expect((await alice.list()).json<{ data: { citations: CitationEntry[] } }>().data.citations).toHaveLength(1);
    await bob.add('chicago', 'book', BOOK);
    const cleared = await alice.post('/api/v1/citations/clear/');
    expect(cleared.json<{ data: { removed: number } }>().data.removed).toBe(1);
    expect((await alice.list()).json<{ data: { citations: CitationEntry[] } }>().data.citations).toEqual([]);
    expect((await bob.list()).json<{ data: { citations: CitationEntry[] } }>().data.citations).toHaveLength(1);
  });

  it('refuses the history to a guest (kept in the browser) and to a visitor', async () => {
    const guest = new TestBrowser(t.app);
    const { guest_csrf } = await guest.csrf();
    const made = await guest.postForm('/guest/registration/', {
      _csrf_token: guest_csrf,
      'guest-security-token': await guest.botToken(),
    });
    expect(made.statusCode).toBe(200);
    const { token } = await guest.csrf();
    expect((await guest.get('/api/v1/citations/')).statusCode).toBe(403);
    const add = await guest.postForm('/api/v1/citations/', {
      style: 'apa',
      type: 'book',
      source: JSON.stringify(BOOK),
      _csrf_token: token,
    });
    expect(add.statusCode).toBe(403);
    const format = await guest.postForm('/api/v1/citations/format/', {
      style: 'apa',
      type: 'book',
      source: JSON.stringify(BOOK),
      _csrf_token: token,
    });
    expect(format.statusCode).toBe(200);
  });

  it('looks up an ISBN at Open Library and a DOI at Crossref, and says when they have nothing', async () => {
    const visitor = new TestBrowser(t.app);
    expect((await visitor.get('/api/v1/citations/settings/')).json()).toEqual({
      success: true,
      data: { lookup: true },
    });
    const book = await visitor.get('/api/v1/citations/lookup/?isbn=978-0-14-032872-1');
    expect(book.statusCode).toBe(200);
    expect(book.json()).toEqual({
      success: true,
      data: {
        type: 'book',
        source: {
          title: 'Fantastic Mr. Fox',
          authors: [{ given: 'Roald', family: 'Dahl' }],
          editors: [],
          publisher: 'Puffin',
          place: 'New York',
          year: '1988',
          isbn: '9780140328721',
        },
      },
    });
    expect(openLibrary.requests.at(-1)).toBe('/api/books?bibkeys=ISBN%3A9780140328721&format=json&jscmd=data');
    const missing = await visitor.get('/api/v1/citations/lookup/?isbn=9780306406157');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string; error: { code: string } }>()).toMatchObject({
      message: 'ISBN not found',
      error: { code: 'isbn_not_found' },
    });
    expect((await visitor.get('/api/v1/citations/lookup/?isbn=12345')).statusCode).toBe(400);

    const article = await visitor.get('/api/v1/citations/lookup/?doi=https://doi.org/10.1037/ppm0000185');
    expect(article.statusCode).toBe(200);
    expect(article.json()).toMatchObject({
      data: {
        type: 'article',
        source: {
          title: CROSSREF_WORK.message.title[0],
          authors: [
            { given: 'Jessica Stoltzfus', family: 'Grady' },
            { given: 'Malina', family: 'Her' },
          ],
          container_title: 'Psychology of Popular Media Culture',
          volume: '8',
          issue: '3',
          pages: '207-217',
          year: '2019',
          doi: '10.1037/ppm0000185',
        },
      },
    });
    const noDoi = await visitor.get('/api/v1/citations/lookup/?doi=10.1000/nothing-here');
    expect(noDoi.json<{ error: { code: string } }>().error.code).toBe('doi_not_found');
    expect(noDoi.statusCode).toBe(404);
    const failing = await visitor.get('/api/v1/citations/lookup/?doi=10.5555/broken');
    expect(failing.statusCode).toBe(502);
    expect((await visitor.get('/api/v1/citations/lookup/?isbn=9780140328721&doi=10.1037/x')).statusCode).toBe(400);
  });
});

describe(`the citation look-up when it is off, and the rate limit (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 3 });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('says the look-up is off by default and answers 404 citation_lookup_disabled', async () => {
    const visitor = new TestBrowser(t.app);
    expect((await visitor.get('/api/v1/citations/settings/')).json()).toEqual({
      success: true,
      data: { lookup: false },
    });
    const lookup = await visitor.get('/api/v1/citations/lookup/?isbn=9780140328721');
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json<{ error: { code: string } }>().error.code).toBe('citation_lookup_disabled');
  });

  it('limits formatting per address', async () => {
    const visitor = new TestBrowser(t.app);
    const { token } = await visitor.csrf();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await visitor.postForm('/api/v1/citations/format/', {
        style: 'harvard',
        type: 'book',
        source: JSON.stringify(BOOK),
        _csrf_token: token,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
