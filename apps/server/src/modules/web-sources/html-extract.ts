/*
 * A web page's HTML turned into the text the reuse engine indexes (issue 14 §1, "Fetch and extract"): the bytes
 * decoded in the page's own charset, the main text found by Mozilla Readability (menus, ads, comments and
 * footers left out), its title and its canonical URL. Synchronous and CPU-bound: page-extract.ts runs it in a
 * worker thread with a time and memory limit, since a hostile page can make Readability work for seconds.
 *
 * The DOM is linkedom's, not jsdom's. Measured on a news-like page with a 60-link menu, 15 ads, related links,
 * comments and a footer around its article: both give Readability the same article, character for character
 * (all the boilerplate dropped), but linkedom takes 23 ms for a 20 kB page and 62 ms for a 130 kB one where
 * jsdom takes 104 ms and 362 ms, and 1.3 s where jsdom takes 7 s on 500 nested divs. linkedom has five small
 * dependencies and no install script; jsdom has twenty. linkedom's parser (htmlparser2) is not the HTML
 * standard's tree builder, but for taking the text out of a page the difference does not show.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { ExtractedPage } from './types.ts';

/** The part of the DOM this file uses (linkedom's types name the browser's, which this project does not load). */
type DomNode = {
  readonly nodeType: number;
  readonly localName?: string;
  readonly data?: string;
  readonly childNodes: ArrayLike<DomNode>;
  getAttribute?(name: string): string | null;
  hasAttribute?(name: string): boolean;
};
type DomParent = DomNode & {
  readonly firstChild: DomNode | null;
  appendChild(node: DomNode): DomNode;
  insertBefore(node: DomNode, before: DomNode | null): DomNode;
};
type DomElement = DomNode & {
  getAttribute(name: string): string | null;
  textContent: string | null;
};
type DomDocument = {
  readonly body: DomParent | null;
  readonly head: DomParent | null;
  readonly documentElement: DomNode | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
};

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** How many bytes the meta prescan reads (the HTML standard's limit). */
const PRESCAN_BYTES = 1024;
/** Readability gives up on a document with more elements than this; the page's whole text is taken then. */
const MAX_ELEMENTS = 150_000;
/**
 * Readability's time grows with the square of the nesting depth (250 levels: 0.4 s; 1,000: 11 s; 20,000:
 * 48 s): a page nested deeper than this gets its whole text instead. Real pages stay well under 100.
 */
const MAX_DEPTH = 200;
/** A title longer than this is cut (a page can put anything in <title>). */
const MAX_TITLE_CHARS = 300;

/**
 * The encoding of an HTML page, as the HTML standard's encoding sniffing decides it: a byte order mark first
 * (it outranks even the HTTP header, as browsers do), then the charset parameter of Content-Type, then a
 * `<meta charset>` or `<meta http-equiv="Content-Type" content="…charset=…">` within the first 1024 bytes.
 * A label TextDecoder does not know counts as none. Without any of them: UTF-8 when the bytes are valid
 * UTF-8, else windows-1252, the browsers' default for English and Spanish pages.
 */
export function sniffHtmlEncoding(bytes: Uint8Array, headerCharset: string | null): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  const fromHeader = headerCharset === null ? null : encodingOf(headerCharset);
  if (fromHeader !== null) return fromHeader;
  const fromMeta = prescanMeta(bytes.subarray(0, PRESCAN_BYTES));
  if (fromMeta !== null) return fromMeta;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The encoding's canonical name for a label ("latin1" → "windows-1252"), or null when TextDecoder knows none. */
function encodingOf(label: string): string | null {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

/**
 * The HTML standard's meta prescan, in short: comments skipped, each `<meta>`'s attributes read; `charset`
 * wins, else `http-equiv="content-type"` with a charset in `content`. A UTF-16 label there means UTF-8 (the
 * bytes were read as ASCII to get this far), and x-user-defined means windows-1252.
 */
function prescanMeta(head: Uint8Array): string | null {
  const source = Buffer.from(head.buffer, head.byteOffset, head.byteLength)
    .toString('latin1')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  for (const tag of source.matchAll(/<meta[\s/]([^>]*)/gi)) {
    const attributes = readAttributes(tag[1] ?? '');
    let label = attributes.get('charset') ?? null;
    if (label === null && attributes.get('http-equiv')?.toLowerCase() === 'content-type') {
      label = charsetInContent(attributes.get('content') ?? '');
    }
    if (label === null) continue;
    const encoding = encodingOf(label);
    if (encoding === null) continue;
    if (encoding === 'utf-16le' || encoding === 'utf-16be') return 'utf-8';
    return encoding === 'x-user-defined' ? 'windows-1252' : encoding;
  }
  return null;
}

/** The attributes of a tag's inside, names lower-cased; the first of a name counts. */
function readAttributes(inside: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of inside.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** The HTML standard's "extracting a character encoding from a meta element": charset=… in a content value. */
function charsetInContent(content: string): string | null {
  const match = /charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s;"']+))/i.exec(content);
  return match === null ? null : (match[1] ?? match[2] ?? match[3] ?? null);
}

/** The page's text decoded as sniffHtmlEncoding says. */
export function decodeHtml(bytes: Uint8Array, headerCharset: string | null): string {
  return new TextDecoder(sniffHtmlEncoding(bytes, headerCharset)).decode(bytes);
}

/** Elements whose start and end break a paragraph. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'dd', 'details', 'dialog', 'div',
  'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header',
  'hgroup', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'tfoot',
  'thead', 'tr', 'ul',
]); // prettier-ignore
/** Elements whose text is never read: code, styles, forms' widgets, embedded content. */
const SKIPPED = new Set([
  'button', 'canvas', 'embed', 'head', 'iframe', 'link', 'math', 'meta', 'noscript', 'object', 'option',
  'script', 'select', 'style', 'svg', 'template', 'textarea', 'title',
]); // prettier-ignore
/** What a <br> leaves in a paragraph's text until it is split into lines (newlines in the source are spaces). */
const LINE_BREAK = '\u2028';
/** Table cells: inline, but never glued to their neighbours. */
const CELLS = new Set(['td', 'th']);

/**
 * The text of an element as plain text: a blank line between blocks (paragraphs, headings, list items, table
 * rows…), a line break for <br>, and within a line every run of white space one space. Walks the tree with
 * its own stack: a page may nest elements deeper than the call stack goes.
 */
function blockText(root: DomNode): string {
  const paragraphs: string[] = [];
  let current = '';
  const flush = (): void => {
    const lines = current
      .split(LINE_BREAK)
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line !== '');
    if (lines.length > 0) paragraphs.push(lines.join('\n'));
    current = '';
  };
  // an entry is a node to enter, or the name of a block to leave
  const stack: (DomNode | string)[] = [root];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    if (typeof entry === 'string') {
      if (CELLS.has(entry)) current += ' ';
      else flush();
      continue;
    }
    if (entry.nodeType === TEXT_NODE) {
      current += entry.data ?? '';
      continue;
    }
    if (entry.nodeType !== ELEMENT_NODE) continue;
    const name = entry.localName ?? '';
    if (SKIPPED.has(name) || entry.hasAttribute?.('hidden') === true) continue;
    if (name === 'br') {
      current += LINE_BREAK;
      continue;
    }
    const breaks = BLOCKS.has(name) || CELLS.has(name);
    if (breaks) {
      if (CELLS.has(name)) current += ' ';
      else flush();
      stack.push(name);
    }
    const children = entry.childNodes;
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child !== undefined) stack.push(child);
    }
  }
  flush();
  return paragraphs.join('\n\n');
}

function cleanTitle(title: string | null | undefined): string {
  const clean = (title ?? '').replace(/\s+/g, ' ').trim();
  return clean.length > MAX_TITLE_CHARS ? `${clean.slice(0, MAX_TITLE_CHARS - 1)}…` : clean;
}

/** The document's base URL: its <base href> resolved against the page's URL, else the page's URL. */
function baseUrl(document: DomDocument, pageUrl: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href');
  if (href === null || href === undefined) return pageUrl;
  return URL.parse(href.trim(), pageUrl)?.href ?? pageUrl;
}

/**
 * The URL the page is cited by: its (first) <link rel="canonical"> when that is an http(s) URL on the page's
 * own host (resolved against the base URL, without its fragment), else the URL it was fetched from. A page may
 * not name another site's page as itself: reports would then show that site, and its cache entry would stand
 * for it.
 */
function canonicalUrl(document: DomDocument, finalUrl: string): string {
  const link = Array.from(document.querySelectorAll('link[rel][href]')).find((candidate) =>
    (candidate.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).includes('canonical'),
  );
  if (link === undefined) return finalUrl;
  const canonical = URL.parse((link.getAttribute('href') ?? '').trim(), baseUrl(document, finalUrl));
  if (canonical === null || (canonical.protocol !== 'http:' && canonical.protocol !== 'https:')) return finalUrl;
  if (canonical.hostname !== new URL(finalUrl).hostname) return finalUrl;
  canonical.hash = '';
  return canonical.href;
}

/** The page's own title: og:title, else <title>. */
function metadataTitle(document: DomDocument): string {
  const og = document.querySelector('meta[property="og:title"][content]')?.getAttribute('content');
  return cleanTitle(og ?? document.querySelector('title')?.textContent);
}

/** Elements that belong in <head> when a page leaves them outside it. */
const HEAD_ELEMENTS = new Set(['base', 'link', 'meta', 'script', 'style', 'title']);

/**
 * The page as a DOM with everything in its place. linkedom's parser is not the HTML standard's tree builder:
 * without an <html> tag the first element becomes the document's root, and what a page puts outside its
 * <body> (no <body> tag at all is valid HTML) lands beside the body, where Readability does not look. Such
 * pages are put right as a browser would: head elements into <head>, everything else into <body>, in order.
 */
function parseDocument(html: string): DomDocument {
  const source = /<html[\s>]/i.test(html) ? html : `<html>${html.replace(/^\s*<!doctype[^>]*>/i, '')}</html>`;
  // linkedom's declared types are the browser's DOM, which this project does not load: its Window is `any` here
  const document = (parseHTML(source) as { document: DomDocument }).document;
  const { documentElement: root, head, body } = document;
  if (root === null || head === null || body === null) return document;
  const firstInBody = body.firstChild;
  let isAfterBody = false;
  for (const node of Array.from(root.childNodes)) {
    if (node === body) isAfterBody = true;
    else if (node === head) continue;
    else if (node.nodeType === ELEMENT_NODE && HEAD_ELEMENTS.has(node.localName ?? '')) head.appendChild(node);
    else if (isAfterBody) body.appendChild(node);
    else body.insertBefore(node, firstInBody);
  }
  return document;
}

/** Whether elements nest deeper than `limit` under `root` (walked with its own stack, as blockText). */
function nestsDeeperThan(root: DomNode, limit: number): boolean {
  const stack: [DomNode, number][] = [[root, 0]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, depth] = entry;
    if (depth > limit) return true;
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === ELEMENT_NODE) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * The main text, title and canonical URL of an HTML page fetched from `finalUrl`. The text is Readability's
 * article; when Readability finds none (or the document is too large or nested too deep for it), the whole
 * body's text. The title is
 * Readability's (JSON-LD, og:title and the like, else <title> without the site's name), else og:title, else
 * <title>. Throws when the page has no text at all.
 */
export function extractHtml(html: string, finalUrl: string): ExtractedPage {
  const document = parseDocument(html);
  const url = canonicalUrl(document, finalUrl);
  const fallbackTitle = metadataTitle(document);
  let title = '';
  let text = '';
  if (document.body !== null && !nestsDeeperThan(document.body, MAX_DEPTH)) {
    try {
      const article = new Readability<DomNode>(document, {
        maxElemsToParse: MAX_ELEMENTS,
        serializer: (node: DomNode) => node,
      }).parse();
      title = cleanTitle(article?.title);
      if (article?.content) text = blockText(article.content);
    } catch {
      // a document with more elements than Readability takes (or one it fails on): its whole text below
    }
  }
  if (text === '') {
    // Readability has rewritten the document while it looked: read the body of a fresh parse
    const body = parseDocument(html).body;
    if (body !== null) text = blockText(body);
  }
  if (text === '') throw new Error('the page has no text');
  return { url, title: title === '' ? fallbackTitle : title, text };
}

/** extractHtml over the fetched bytes, decoded as sniffHtmlEncoding says. */
export function extractHtmlBytes(bytes: Uint8Array, headerCharset: string | null, finalUrl: string): ExtractedPage {
  return extractHtml(decodeHtml(bytes, headerCharset), finalUrl);
}
