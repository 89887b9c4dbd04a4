import { describe, expect, it } from 'vitest';
import { decodeHtml, extractHtml, sniffHtmlEncoding } from './html-extract.ts';

const PARAGRAPHS = [
  'The delta of the river grew by about a mile every century while the abbey kept its records, and the monks noted each new field that the farmers won from the marsh.',
  'Historians still argue about the dates in the chronicle: the scribe who copied it in the fifteenth century added floods that no other source remembers.',
  'A survey of the old dykes in 1911 found timber posts under the clay, older than any charter, which suggests that people farmed the silt long before the abbey.',
  'Today the sea is four miles from the abbey walls, and the village that once had a harbour keeps only its name, Seaton, and a row of mooring rings in a meadow.',
  'The museum in the town hall shows the survey maps side by side, so that a visitor can follow the coast as it moved away over six hundred years of patient farming.',
];

/** A news page as sites make them: a menu, a cookie banner, ads, the article, related links, comments, a footer. */
function newsPage(options: { head?: string; article?: string } = {}): string {
  const menu = Array.from(
    { length: 30 },
    (_, i) => `<li><a href="/section/${String(i)}">Section ${String(i)}</a></li>`,
  );
  const ads = Array.from(
    { length: 8 },
    (_, i) =>
      `<div class="ad sponsored"><a href="https://ads.example/${String(i)}">Buy the amazing widget ${String(i)} today</a></div>`,
  );
  const related = Array.from(
    { length: 10 },
    (_, i) => `<li><a href="/news/${String(i)}">Related story number ${String(i)} you will not believe</a></li>`,
  );
  const comments = Array.from(
    { length: 5 },
    (_, i) =>
      `<div class="comment"><span class="author">reader${String(i)}</span><p>Great post, thanks ${String(i)}!</p></div>`,
  );
  const article =
    options.article ??
    PARAGRAPHS.map(
      (p, i) => `<p>${p.replace('abbey', '<a href="/abbey">abbey</a>')}</p>${i === 2 ? '<h2>The survey</h2>' : ''}`,
    ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The river delta | Example News</title>
<meta property="og:title" content="The river delta">${options.head ?? ''}
<script>window.dataLayer = []; var tracking = "Section script text";</script><style>body { color: black }</style></head>
<body>
<header class="site-header"><div class="logo">Example News</div><nav class="menu"><ul>${menu.join('')}</ul></nav></header>
<div class="cookie-banner">We use cookies to improve your experience. Accept all cookies?</div>
<main><div class="layout"><aside class="sidebar">${ads.join('')}</aside>
<article class="post"><h1>The river delta</h1><div class="byline">By A. Writer, 3 May 2024</div>
<div class="entry-content">${article}</div></article>
<section class="related"><h3>Related</h3><ul>${related.join('')}</ul></section>
<section class="comments">${comments.join('')}</section></div></main>
<footer class="site-footer"><p>Copyright 2024 Example News. All rights reserved.</p>
<ul><li><a href="/privacy">Privacy policy</a></li><li><a href="/terms">Terms of use</a></li></ul></footer>
</body></html>`;
}

describe('extractHtml', () => {
  it('keeps the article, paragraph by paragraph, and drops the menu, ads, banner, comments and footer', () => {
    const page = extractHtml(newsPage(), 'https://news.example/2024/05/river-delta');
    expect(page.title).toBe('The river delta');
    expect(page.url).toBe('https://news.example/2024/05/river-delta');
    const paragraphs = page.text.split('\n\n');
    for (const paragraph of PARAGRAPHS) expect(paragraphs).toContain(paragraph);
    expect(paragraphs).toContain('The survey');
    for (const boilerplate of [
      'Section 3',
      'widget',
      'cookies',
      'Related story',
      'Great post',
      'Copyright',
      'Privacy policy',
      'dataLayer',
      'color: black',
    ]) {
      expect(page.text).not.toContain(boilerplate);
    }
  });

  it('normalises white space within a paragraph and keeps line breaks, list items and table rows apart', () => {
    const article = `<p>One   line\n   with\tspaces&nbsp;and a <b>bold</b> <i>word</i>,
      long enough to be the article's text: ${PARAGRAPHS[0] ?? ''}</p>
      <p>First verse<br>second verse</p><ul><li>apples</li><li>pears</li></ul>
      <table><tr><td>cell one</td><td>cell two</td></tr><tr><td>next row</td></tr></table>
      <p>${PARAGRAPHS[1] ?? ''}</p>`;
    const page = extractHtml(newsPage({ article }), 'https://news.example/a');
    const paragraphs = page.text.split('\n\n');
    expect(paragraphs.find((paragraph) => paragraph.startsWith('One'))).toMatch(
      /^One line with spaces and a bold word, long enough/,
    );
    expect(paragraphs).toContain('First verse\nsecond verse');
    expect(paragraphs).toContain('apples');
    expect(paragraphs).toContain('pears');
    expect(paragraphs).toContain('cell one cell two');
    expect(paragraphs).toContain('next row');
  });

  it('takes the canonical URL on the same host, resolved, without its fragment; refuses one elsewhere', () => {
    const at = 'https://news.example/story?id=7&utm_source=feed';
    const canonical = (head: string): string => extractHtml(newsPage({ head }), at).url;
    expect(canonical('<link rel="canonical" href="/2024/river-delta#top">')).toBe(
      'https://news.example/2024/river-delta',
    );
    expect(canonical('<base href="https://news.example/archive/"><link rel="Canonical" href="river-delta">')).toBe(
      'https://news.example/archive/river-delta',
    );
    expect(canonical('<link rel="canonical" href="http://news.example/story/7">')).toBe('http://news.example/story/7');
    // another site, another scheme, nothing usable: the URL it was fetched from
    expect(canonical('<link rel="canonical" href="https://en.wikipedia.org/wiki/River_delta">')).toBe(at);
    expect(canonical('<link rel="canonical" href="javascript:alert(1)">')).toBe(at);
    expect(canonical('<link rel="canonical" href="https://[bad">')).toBe(at);
    expect(canonical('<link rel="alternate" href="/feed.xml">')).toBe(at);
  });

  it('reads pages without <html> or <body> tags as a browser does', () => {
    const page = extractHtml(
      `<!doctype html><title>Short note</title><p>${PARAGRAPHS[3] ?? ''}</p><p>${PARAGRAPHS[4] ?? ''}</p>`,
      'https://notes.example/seaton',
    );
    expect(page.title).toBe('Short note');
    expect(page.text).toBe(`${PARAGRAPHS[3] ?? ''}\n\n${PARAGRAPHS[4] ?? ''}`);
    expect(extractHtml('just a few words, <b>no markup</b> around them', 'https://x.example/').text).toBe(
      'just a few words, no markup around them',
    );
  });

  it('takes the whole text of a page nested too deep for Readability, quickly', () => {
    const depth = 5000;
    const html = `<html><body>${'<div>'.repeat(depth)}<p>${PARAGRAPHS[0] ?? ''}</p>${'</div>'.repeat(depth)}</body></html>`;
    const started = performance.now();
    const page = extractHtml(html, 'https://deep.example/');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(page.text).toBe(PARAGRAPHS[0]);
  });

  it('titles a page by og:title or <title> when Readability has none, and refuses a page without text', () => {
    expect(
      extractHtml(
        `<html><head><title> Plain   page </title></head><body><p>Some words.</p></body></html>`,
        'https://x.example/',
      ).title,
    ).toBe('Plain page');
    expect(() => extractHtml('<html><body><script>var a = 1;</script></body></html>', 'https://x.example/')).toThrow(
      /no text/,
    );
  });
});

/** Text in windows-1252 (what TextDecoder reads back for it): accents, curly quotes, the euro sign. */
function windows1252(text: string): Buffer {
  const special: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94, '’': 0x92, '—': 0x97 };
  return Buffer.from(Array.from(text, (char) => special[char] ?? char.charCodeAt(0)));
}

const SPANISH = 'El pingüino comió jalapeños en la montaña: “¿qué pasó?”, dijo el señor Muñoz — 5 €.';

describe('the charset of an HTML page', () => {
  it('decodes a windows-1252 page by its <meta charset> or its http-equiv meta', () => {
    for (const meta of [
      '<meta charset="windows-1252">',
      '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1">',
    ]) {
      const bytes = windows1252(`<html><head>${meta}<title>Muñoz</title></head><body><p>${SPANISH}</p></body></html>`);
      expect(sniffHtmlEncoding(bytes, null)).toBe('windows-1252');
      const page = extractHtml(decodeHtml(bytes, null), 'https://es.example/');
      expect(page.text).toBe(SPANISH);
      expect(page.title).toBe('Muñoz');
    }
  });

  it('follows the order of the HTML standard: byte order mark, Content-Type, meta prescan, then the bytes', () => {
    const latin = windows1252(`<meta charset="utf-8"><p>${SPANISH}</p>`);
    // the HTTP header outranks the meta tag
    expect(sniffHtmlEncoding(latin, 'ISO-8859-1')).toBe('windows-1252');
    expect(decodeHtml(latin, 'ISO-8859-1')).toContain(SPANISH);
    // a byte order mark outranks the header
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`<p>${SPANISH}</p>`)]);
    expect(sniffHtmlEncoding(marked, 'windows-1252')).toBe('utf-8');
    expect(decodeHtml(marked, 'windows-1252')).toBe(`<p>${SPANISH}</p>`);
    // a label nobody knows counts as none
    expect(sniffHtmlEncoding(Buffer.from('<meta charset="klingon"><p>plain</p>'), 'x-unknown')).toBe('utf-8');
    // a meta tag past the first 1024 bytes, or inside a comment, is not read
    const late = Buffer.from(`<!-- ${'x'.repeat(1100)} --><meta charset="iso-8859-2"><p>plain</p>`);
    expect(sniffHtmlEncoding(late, null)).toBe('utf-8');
    expect(sniffHtmlEncoding(Buffer.from('<!-- <meta charset="iso-8859-2"> --><p>plain</p>'), null)).toBe('utf-8');
    // UTF-16 named in a meta tag means UTF-8 (the tag was read as ASCII)
    expect(sniffHtmlEncoding(Buffer.from('<meta charset="utf-16"><p>plain</p>'), null)).toBe('utf-8');
    // nothing declared: UTF-8 when the bytes are UTF-8, else windows-1252
    expect(sniffHtmlEncoding(Buffer.from(`<p>${SPANISH}</p>`), null)).toBe('utf-8');
    expect(sniffHtmlEncoding(windows1252(`<p>${SPANISH}</p>`), null)).toBe('windows-1252');
    expect(decodeHtml(windows1252(`<p>${SPANISH}</p>`), null)).toBe(`<p>${SPANISH}</p>`);
  });

  it('decodes other single-byte charsets TextDecoder knows (ISO-8859-2 from the header)', () => {
    // "Łódź" in ISO-8859-2: Ł = 0xA3, ó = 0xF3, d, ź = 0xBC
    const bytes = Buffer.concat([Buffer.from('<p>'), Buffer.from([0xa3, 0xf3, 0x64, 0xbc]), Buffer.from('</p>')]);
    expect(decodeHtml(bytes, 'iso-8859-2')).toBe('<p>Łódź</p>');
  });
});
