import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/*
 * A local web for the internet tests and `npm run bench:web` (issue 14, "Tests and measures"): an HTTP server
 * on 127.0.0.1 that serves documents the way real sites do, so that the fetcher, the extractor and the web
 * stage meet what they meet on the internet. An HTML page comes inside a site's boilerplate (a header with a
 * menu, a sidebar of ads and related links, a cookie notice, a footer, a canonical link) that the extractor
 * must leave out; some pages are PDF or plain text; a page may be in windows-1252 or ISO-8859-1 with the
 * charset in Content-Type and in a <meta>; bodies are gzipped when the client accepts it; robots.txt is
 * served (everything allowed unless told otherwise). `distractorPages` makes thousands of plausible pages of
 * human-like text, so that finding the source among them is a real retrieval.
 */

export type LocalPage = {
  /** The page's path on the site, starting with "/" (no query string). */
  path: string;
  title: string;
  /** Plain text; paragraphs are separated by blank lines (or by single line breaks when there is none). */
  text: string;
  format?: 'html' | 'pdf' | 'txt';
  charset?: 'utf-8' | 'windows-1252' | 'iso-8859-1';
};

export type LocalWebOptions = {
  /**
   * The host name URLs use (e.g. "web.test", for a caller that resolves names with its own look-up); the
   * server listens on 127.0.0.1 whatever it is. Default 127.0.0.1.
   */
  hostname?: string;
  /** Paths robots.txt disallows to every user agent (prefixes, as robots.txt reads them). */
  disallow?: readonly string[];
  /** The site's name in its boilerplate. */
  siteName?: string;
};

export type LocalWeb = {
  /** "http://HOST:PORT", no trailing slash. */
  origin: string;
  urlOf(path: string): string;
  /** Every request's path (and query), in the order they came, robots.txt included. */
  requests: string[];
  close(): Promise<void>;
};

type Served = { status: number; contentType: string; body: Buffer };

export async function startLocalWeb(pages: readonly LocalPage[], options: LocalWebOptions = {}): Promise<LocalWeb> {
  const byPath = new Map<string, LocalPage>();
  for (const page of pages) {
    if (!page.path.startsWith('/') || page.path.includes('?')) {
      throw new Error(`startLocalWeb: "${page.path}" is not a path`);
    }
    if (byPath.has(page.path)) throw new Error(`startLocalWeb: two pages at "${page.path}"`);
    byPath.set(page.path, page);
  }
  const siteName = options.siteName ?? 'The Daily Lantern';
  const requests: string[] = [];
  // PDFs take a while to render: each is made when first asked for and kept.
  const rendered = new Map<string, Promise<Served>>();
  let origin = '';

  const serve = (path: string): Promise<Served> => {
    if (path === '/robots.txt') return Promise.resolve(robotsTxt(options.disallow ?? []));
    const page = byPath.get(path);
    if (page === undefined) return Promise.resolve(notFound(siteName));
    let served = rendered.get(path);
    if (served === undefined) {
      served = renderPage(page, { origin, siteName, related: relatedOf(page, pages) });
      rendered.set(path, served);
    }
    return served;
  };

  const server = http.createServer((request, response) => {
    const target = request.url ?? '/';
    requests.push(target);
    let path: string;
    try {
      path = decodeURI(new URL(target, 'http://local.invalid').pathname);
    } catch {
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad request');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    serve(path).then(
      ({ status, contentType, body }) => {
        const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '') && body.length > 0;
        const sent = gzip ? gzipSync(body) : body;
        response.writeHead(status, {
          'Content-Type': contentType,
          'Content-Length': sent.length,
          Vary: 'Accept-Encoding',
          'Cache-Control': 'max-age=600',
          ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
        });
        response.end(request.method === 'HEAD' ? undefined : sent);
      },
      (error: unknown) => {
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  return {
    origin,
    urlOf: (path) => `${origin}${path.startsWith('/') ? path : `/${path}`}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      }),
  };
}

function robotsTxt(disallow: readonly string[]): Served {
  const rules = disallow.length === 0 ? ['Disallow:'] : disallow.map((path) => `Disallow: ${path}`);
  const body = ['# Everything here may be read by robots unless listed below.', 'User-agent: *', ...rules, ''].join(
    '\n',
  );
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: Buffer.from(body) };
}

function notFound(siteName: string): Served {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page not found | ${escapeHtml(siteName)}</title></head><body><h1>Page not found</h1><p>The page you asked for is not here. <a href="/">Back to the home page</a>.</p></body></html>`;
  return { status: 404, contentType: 'text/html; charset=utf-8', body: Buffer.from(html) };
}

/** Up to four other pages of the site, chosen by the page's path, for its "Related" links. */
function relatedOf(page: LocalPage, pages: readonly LocalPage[]): LocalPage[] {
  if (pages.length <= 1) return [];
  const start = hashOf(page.path) % pages.length;
  const related: LocalPage[] = [];
  for (let i = 0; i < pages.length && related.length < 4; i++) {
    const other = pages[(start + i * 7919) % pages.length]!;
    if (other !== page && !related.includes(other)) related.push(other);
  }
  return related;
}

async function renderPage(
  page: LocalPage,
  site: { origin: string; siteName: string; related: readonly LocalPage[] },
): Promise<Served> {
  const charset = page.charset ?? 'utf-8';
  switch (page.format ?? 'html') {
    case 'pdf':
      return { status: 200, contentType: 'application/pdf', body: await renderPdf(page) };
    case 'txt':
      return {
        status: 200,
        contentType: `text/plain; charset=${charset}`,
        body: encode(`${page.title}\n\n${paragraphsOf(page.text).join('\n\n')}\n`, charset, 'text'),
      };
    case 'html':
      return {
        status: 200,
        contentType: `text/html; charset=${charset}`,
        body: encode(renderHtml(page, site, charset), charset, 'html'),
      };
  }
}

/** The text's paragraphs: blocks between blank lines, or its lines when it has no blank line. */
export function paragraphsOf(text: string): string[] {
  const blocks = /\n\s*\n/.test(text) ? text.split(/\n\s*\n/) : text.split('\n');
  return blocks.map((block) => block.replace(/\s+/g, ' ').trim()).filter((block) => block !== '');
}

const NAV = ['Home', 'News', 'Opinion', 'Science', 'Culture', 'Sport', 'About us', 'Contact'];
const ADS = [
  'Cheap flights to 200 destinations — book today and save up to 40%.',
  'Learn a language in three months with our award-winning app. Try it free.',
  'Refinance your home: compare rates from trusted lenders in minutes.',
  'The comfiest running shoes of the year, now with free returns.',
  'Your next car is waiting: hundreds of certified used cars near you.',
  'Sign up for our newsletter and never miss a story.',
];
const AUTHORS = ['Maria Jensen', 'Tom Okafor', 'Lucía Ortega', 'Sam Whitfield', 'Priya Raman', 'Jon Ellery'];

function renderHtml(
  page: LocalPage,
  site: { origin: string; siteName: string; related: readonly LocalPage[] },
  charset: string,
): string {
  const h = hashOf(page.path);
  const site_ = escapeHtml(site.siteName);
  const title = escapeHtml(page.title);
  const canonical = escapeHtml(`${site.origin}${page.path}`);
  const ad = (i: number): string => escapeHtml(ADS[(h + i) % ADS.length]!);
  const author = escapeHtml(AUTHORS[h % AUTHORS.length]!);
  const date = new Date(Date.UTC(2015 + (h % 9), h % 12, 1 + (h % 28)));
  const day = date.toISOString().slice(0, 10);
  const paragraphs = paragraphsOf(page.text)
    .map((paragraph) => `        <p>${escapeHtml(paragraph)}</p>`)
    .join('\n');
  const related = site.related
    .map((other) => `          <li><a href="${escapeHtml(other.path)}">${escapeHtml(other.title)}</a></li>`)
    .join('\n');
  const nav = NAV.map((item) => `<li><a href="/${item.toLowerCase().replace(/\s+/g, '-')}/">${item}</a></li>`).join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="${charset}">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title} | ${site_}</title>
  <meta name="description" content="${escapeHtml(page.text.slice(0, 150).replace(/\s+/g, ' '))}">
  <meta property="og:title" content="${title}">
  <meta property="og:type" content="article">
  <meta property="og:site_name" content="${site_}">
  <link rel="canonical" href="${canonical}">
  <link rel="stylesheet" href="/static/site.css">
  <script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date());</script>
</head>
<body class="article-page">
  <div id="cookie-notice" class="cookie-banner" role="dialog">
    <p>We use cookies to improve your experience, to show you personalised ads and to measure our audience.
    By continuing to browse you accept our <a href="/cookies/">cookie policy</a>.</p>
    <button type="button">Accept all</button> <button type="button">Manage preferences</button>
  </div>
  <header class="site-header">
    <a class="logo" href="/">${site_}</a>
    <nav class="main-menu" aria-label="Main"><ul>${nav}</ul></nav>
    <form class="search" action="/search" method="get"><input name="q" placeholder="Search ${site_}"><button>Search</button></form>
  </header>
  <div class="layout">
    <main id="content">
      <nav class="breadcrumbs"><a href="/">Home</a> › <a href="/news/">News</a> › ${title}</nav>
      <article>
        <h1>${title}</h1>
        <p class="byline">By <a href="/authors/${h % AUTHORS.length}/">${author}</a> · <time datetime="${day}">${day}</time> · ${3 + (h % 9)} min read</p>
${paragraphs}
        <div class="share">Share this article: <a href="#">Facebook</a> <a href="#">X</a> <a href="#">E-mail</a></div>
      </article>
      <section class="comments"><h2>Comments (${h % 40})</h2><p>Comments are closed for this article.</p></section>
    </main>
    <aside class="sidebar">
      <div class="ad"><span class="ad-label">Advertisement</span><p>${ad(0)}</p></div>
      <section class="related">
        <h2>Related articles</h2>
        <ul>
${related}
        </ul>
      </section>
      <div class="ad"><span class="ad-label">Sponsored</span><p>${ad(3)}</p></div>
      <section class="newsletter"><h2>Newsletter</h2><p>The best of ${site_}, every morning in your inbox.</p></section>
    </aside>
  </div>
  <footer class="site-footer">
    <ul><li><a href="/about/">About</a></li><li><a href="/privacy/">Privacy policy</a></li><li><a href="/terms/">Terms of use</a></li><li><a href="/advertise/">Advertise with us</a></li></ul>
    <p>© ${2016 + (h % 9)} ${site_}. All rights reserved. No part of this site may be reproduced without permission.</p>
  </footer>
</body>
</html>
`;
}

const FONT = new URL('../../assets/fonts/DejaVuSans.ttf', import.meta.url);
let fontBytes: Buffer | null = null;

/** A PDF of the page: its title as a heading, then its paragraphs, in an embedded Unicode font. */
function renderPdf(page: LocalPage): Promise<Buffer> {
  fontBytes ??= readFileSync(FONT);
  const doc = new PDFDocument({ size: 'A4', margin: 60, info: { Title: page.title, Author: 'Local web' } });
  doc.registerFont('Body', fontBytes);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Body').fontSize(18).text(page.title);
  doc.moveDown();
  doc.fontSize(11);
  for (const paragraph of paragraphsOf(page.text)) {
    doc.text(paragraph, { align: 'left' });
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}

/** windows-1252's characters in 0x80–0x9F (the rest of its upper half is ISO-8859-1's). */
const CP1252_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/**
 * Text in the page's charset. A character the charset lacks becomes a numeric character reference in HTML
 * (as a site's editor would write it) and "?" in plain text.
 */
export function encode(text: string, charset: NonNullable<LocalPage['charset']>, kind: 'html' | 'text'): Buffer {
  if (charset === 'utf-8') return Buffer.from(text, 'utf8');
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const byte =
      code < 0x80 || (code >= 0xa0 && code <= 0xff)
        ? code
        : charset === 'windows-1252'
          ? CP1252_HIGH[code]
          : code <= 0xff
            ? code
            : undefined;
    if (byte !== undefined) bytes.push(byte);
    else for (const c of kind === 'html' ? `&#${code};` : '?') bytes.push(c.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A small stable hash (FNV-1a) for choosing a page's boilerplate. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a seeded generator, so that the same seed makes the same pages everywhere. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type DistractorOptions = {
  /** Path prefix of the pages (default "/articles"). */
  prefix?: string;
  /** Shares of PDF and plain-text pages (default 5 % each); the rest is HTML. */
  pdfShare?: number;
  txtShare?: number;
  /** Sentences per page, at least and at most (default 15 and 60). */
  minSentences?: number;
  maxSentences?: number;
};

/**
 * `n` plausible pages made by recombining the sentences of `pool` (the caller's, e.g. the sentences of a set
 * of real texts): each page takes a run of sentences from one place in the pool, then sentences from
 * elsewhere, in paragraphs of three to seven, with a title made of one of its sentences' words. The same
 * `seed` and pool make the same pages.
 */
export function distractorPages(
  n: number,
  seed: number,
  pool: readonly string[],
  options: DistractorOptions = {},
): LocalPage[] {
  const sentences = pool
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((s) => s.split(' ').length >= 4);
  if (sentences.length === 0) throw new Error('distractorPages: the pool has no sentence of four words or more');
  const random = seeded(seed);
  const pick = (): number => Math.floor(random() * sentences.length);
  const prefix = (options.prefix ?? '/articles').replace(/\/+$/, '');
  const pdfShare = options.pdfShare ?? 0.05;
  const txtShare = options.txtShare ?? 0.05;
  const min = options.minSentences ?? 15;
  const max = Math.max(min, options.maxSentences ?? 60);
  const pages: LocalPage[] = [];
  for (let i = 0; i < n; i++) {
    const count = min + Math.floor(random() * (max - min + 1));
    const chosen: string[] = [];
    let at = pick();
    while (chosen.length < count) {
      // Runs of a few consecutive sentences read like prose; a jump now and then mixes topics as sites do.
      chosen.push(sentences[at % sentences.length]!);
      at = random() < 0.7 ? at + 1 : pick();
    }
    const paragraphs: string[] = [];
    for (let start = 0; start < chosen.length;) {
      const size = 3 + Math.floor(random() * 5);
      paragraphs.push(chosen.slice(start, start + size).join(' '));
      start += size;
    }
    const words = chosen[0]!
      .replace(/[^\p{L}\p{N}\s'-]/gu, '')
      .split(' ')
      .filter((word) => word !== '');
    const titleWords = words.slice(0, Math.min(words.length, 3 + Math.floor(random() * 5)));
    const title = titleWords.join(' ').replace(/^\p{Ll}/u, (c) => c.toUpperCase());
    const slug = titleWords
      .join('-')
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9-]/g, '');
    const roll = random();
    const format = roll < pdfShare ? 'pdf' : roll < pdfShare + txtShare ? 'txt' : 'html';
    const extension = format === 'pdf' ? '.pdf' : format === 'txt' ? '.txt' : '';
    pages.push({ path: `${prefix}/${seed}-${i}/${slug}${extension}`, title, text: paragraphs.join('\n\n'), format });
  }
  return pages;
}
