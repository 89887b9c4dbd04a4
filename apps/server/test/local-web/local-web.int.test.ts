import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSearch } from './local-search.ts';
import { distractorPages, startLocalWeb, type LocalPage, type LocalWeb } from './local-web.ts';

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET as the bytes come, not decompressed or decoded (what a fetcher must deal with). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const ARTICLE = `The lighthouse keeper climbed the spiral stairs at dusk, as his father had done for forty years.

He trimmed the wick, polished the great lens and wrote the weather in the log: wind from the south-west, a heavy swell.

Ships passing the headland saw the light turn every ten seconds, and knew where the rocks were.`;

const PAGES: LocalPage[] = [
  { path: '/stories/lighthouse', title: 'The lighthouse keeper', text: ARTICLE },
  {
    path: '/es/faro',
    title: 'El farero “de siempre”',
    text: 'El farero subió la escalera — cuesta 5 € — y encendió la lámpara. Año tras año, sin faltar un día. 中',
    charset: 'windows-1252',
  },
  { path: '/latin1', title: 'Café', text: 'Crème brûlée costs 5 € at the café.', charset: 'iso-8859-1' },
  { path: '/papers/lighthouse.pdf', title: 'Lighthouses of the coast', text: ARTICLE, format: 'pdf' },
  {
    path: '/notes.txt',
    title: 'Notes',
    text: 'Plain notes about “lights”.\n\nSecond paragraph.',
    format: 'txt',
    charset: 'iso-8859-1',
  },
];

describe('the local web', () => {
  let web: LocalWeb;
  beforeAll(async () => {
    web = await startLocalWeb(PAGES, { disallow: ['/private/'] });
  });
  afterAll(async () => {
    await web.close();
  });

  it('serves an HTML page inside a site’s boilerplate, gzipped when the client accepts it', async () => {
    const plain = await get(web.urlOf('/stories/lighthouse'));
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await get(web.urlOf('/stories/lighthouse'), { 'Accept-Encoding': 'gzip, deflate' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(zipped.body).toString('utf8');
    expect(html).toBe(plain.body.toString('utf8'));

    expect(html).toContain('<h1>The lighthouse keeper</h1>');
    expect(html).toContain(
      '<p>He trimmed the wick, polished the great lens and wrote the weather in the log: wind from the south-west, a heavy swell.</p>',
    );
    expect(html).toContain(`<link rel="canonical" href="${web.urlOf('/stories/lighthouse')}">`);
    for (const boilerplate of [
      'cookie-notice',
      'main-menu',
      'Advertisement',
      'Related articles',
      'All rights reserved',
    ]) {
      expect(html).toContain(boilerplate);
    }
    // the related links name other pages of the site
    expect(html).toMatch(/<a href="\/(es\/faro|latin1|papers\/lighthouse\.pdf|notes\.txt)">/);
  });

  it('encodes a page in windows-1252 or ISO-8859-1 and says so', async () => {
    const cp1252 = await get(web.urlOf('/es/faro'));
    expect(cp1252.headers['content-type']).toBe('text/html; charset=windows-1252');
    expect(cp1252.body.includes(Buffer.from([0x93]))).toBe(true); // “
    expect(cp1252.body.includes(Buffer.from([0x80]))).toBe(true); // €
    const decoded = new TextDecoder('windows-1252').decode(cp1252.body);
    expect(decoded).toContain('<meta charset="windows-1252">');
    expect(decoded).toContain('El farero subió la escalera — cuesta 5 € — y encendió la lámpara.');
    expect(decoded).toContain('&#20013;'); // 中 is not in windows-1252
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(cp1252.body)).toThrow();

    const latin1 = await get(web.urlOf('/latin1'));
    expect(latin1.headers['content-type']).toBe('text/html; charset=iso-8859-1');
    const text = latin1.body.toString('latin1');
    expect(text).toContain('Crème brûlée costs 5 &#8364; at the café.');
  });

  it('serves a PDF whose text can be extracted, and plain text', async () => {
    const pdf = await get(web.urlOf('/papers/lighthouse.pdf'));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.body)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Lighthouses of the coast');
    expect(flat).toContain('Ships passing the headland saw the light turn every ten seconds');

    const txt = await get(web.urlOf('/notes.txt'));
    expect(txt.headers['content-type']).toBe('text/plain; charset=iso-8859-1');
    expect(txt.body.toString('latin1')).toBe('Notes\n\nPlain notes about ?lights?.\n\nSecond paragraph.\n');
  });

  it('serves robots.txt, 404 for what it lacks, and records every request', async () => {
    const robots = await get(web.urlOf('/robots.txt'));
    expect(robots.body.toString()).toMatch(/User-agent: \*\nDisallow: \/private\/\n/);
    const missing = await get(web.urlOf('/nowhere'));
    expect(missing.status).toBe(404);
    expect(web.requests).toContain('/robots.txt');
    expect(web.requests).toContain('/nowhere');
    const open = await startLocalWeb([]);
    try {
      expect((await get(open.urlOf('/robots.txt'))).body.toString()).toMatch(/User-agent: \*\nDisallow:\n/);
    } finally {
      await open.close();
    }
  });

  it('names its URLs by the host name given, while listening on 127.0.0.1', async () => {
    const named = await startLocalWeb(PAGES.slice(0, 1), { hostname: 'web.test' });
    try {
      expect(named.origin).toMatch(/^http:\/\/web\.test:\d+$/);
      const port = new URL(named.origin).port;
      const page = await get(`http://127.0.0.1:${port}/stories/lighthouse`, { Host: `web.test:${port}` });
      expect(page.body.toString()).toContain(`href="http://web.test:${port}/stories/lighthouse"`);
    } finally {
      await named.close();
    }
  });
});

describe('distractor pages', () => {
  const POOL = `The committee met on Tuesday to discuss the new budget for the library.
    Several members argued that the reading room needed longer opening hours.
    Rainfall in the valley has been below average for three consecutive years.
    Farmers have turned to drip irrigation to save what water remains.
    The orchestra will tour five cities next spring with a programme of Sibelius.
    Tickets for the opening concert sold out within an hour.
    A new species of beetle was found in the canopy of the cloud forest.
    Researchers think it feeds on the fungus that grows on fallen leaves.
    The bridge over the estuary will close for repairs during the summer.
    Commuters are advised to allow an extra half hour for their journeys.`
    .split('\n')
    .map((line) => line.trim());

  it('are the same for the same seed, varied, and in the formats asked for', () => {
    const a = distractorPages(200, 7, POOL, { pdfShare: 0.1, txtShare: 0.1 });
    expect(distractorPages(200, 7, POOL, { pdfShare: 0.1, txtShare: 0.1 })).toEqual(a);
    expect(distractorPages(200, 8, POOL)[0]).not.toEqual(a[0]);
    expect(new Set(a.map((page) => page.path)).size).toBe(200);
    expect(new Set(a.map((page) => page.text)).size).toBeGreaterThan(190);
    const pdfs = a.filter((page) => page.format === 'pdf').length;
    const txts = a.filter((page) => page.format === 'txt').length;
    expect(pdfs).toBeGreaterThan(5);
    expect(pdfs).toBeLessThan(40);
    expect(txts).toBeGreaterThan(5);
    for (const page of a) {
      const sentences = page.text.split(/(?<=\.)\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(15);
      for (const sentence of sentences) expect(POOL).toContain(sentence);
      expect(page.title.length).toBeGreaterThan(0);
    }
  });

  it('make a web the local search can search, where the page holding the planted passage comes first', async () => {
    const pages = distractorPages(300, 1, POOL, { pdfShare: 0, txtShare: 0 });
    const planted = {
      path: '/planted',
      title: 'Planted',
      text: `${pages[0]!.text}\n\nThe lighthouse keeper trimmed the wick at dusk.`,
    };
    const web = await startLocalWeb([...pages, planted]);
    const search = await startLocalSearch(
      [...pages, planted].map((page) => ({ url: web.urlOf(page.path), title: page.title, text: page.text })),
    );
    try {
      const answer = (await (
        await fetch(`${search.searxngUrl}/search?q=${encodeURIComponent('lighthouse keeper wick dusk')}&format=json`)
      ).json()) as { results: { url: string }[] };
      expect(answer.results[0]!.url).toBe(web.urlOf('/planted'));
      const page = await get(answer.results[0]!.url);
      expect(page.body.toString()).toContain('The lighthouse keeper trimmed the wick at dusk.');
    } finally {
      await search.close();
      await web.close();
    }
  });
});
