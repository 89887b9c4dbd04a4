/**
 * Paragraphs of the HTML manuals that Debian packages install (DocBook, Publican, Sphinx and Texinfo output):
 * the text of each block element (`<p>`, Publican's `<div class="para">`, list items, headings), with inline
 * markup dropped and entities decoded. Preformatted text, tables, scripts, styles and the document head are
 * skipped whole; a paragraph most of whose text is inline code is skipped too.
 */
import { unwrap } from './text.ts';

/** Elements that start or end a paragraph. */
const BLOCK = new Set(
  'p div li ul ol dl dt dd h1 h2 h3 h4 h5 h6 br hr blockquote section article header footer aside figure figcaption caption body title tr td th'.split(
    ' ',
  ),
);
/** Elements whose content is never prose: it is skipped with everything inside. */
const SKIP = new Set(['head', 'script', 'style', 'pre', 'table', 'nav', 'svg', 'math', 'textarea', 'select']);
/** Inline elements whose text is code: their share of a paragraph decides whether it is prose. */
const CODE = new Set(['code', 'tt', 'kbd', 'samp']);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  shy: '',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  iexcl: '¡',
  iquest: '¿',
  middot: '·',
  bull: '•',
  times: '×',
  deg: '°',
  ordf: 'ª',
  ordm: 'º',
  euro: '€',
};
// Latin-1 letters with an acute, grave, circumflex or diaeresis, a tilde or a cedilla (&eacute;, &Ntilde;, ...).
const MARKS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  uml: '\u0308',
  tilde: '\u0303',
  cedil: '\u0327',
};

/** Decodes character references: numeric ones, the common named ones and Latin letters with marks. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const named = NAMED[name] ?? NAMED[name.toLowerCase()];
    if (named !== undefined) return named;
    const m = /^([a-z])(acute|grave|circ|uml|tilde|cedil)$/i.exec(name);
    return m ? (m[1]! + MARKS[m[2]!]!).normalize('NFC') : whole;
  });
}

export interface HtmlOptions {
  /** Paragraphs with a larger share of their characters inside code elements are skipped. */
  readonly maxCodeShare: number;
}

export function htmlParagraphs(html: string, options: HtmlOptions = { maxCodeShare: 0.3 }): string[] {
  const out: string[] = [];
  let skip = 0;
  let code = 0;
  let text = '';
  let codeChars = 0;
  const flush = (): void => {
    const paragraph = unwrap(decodeEntities(text));
    if (paragraph !== '' && codeChars <= options.maxCodeShare * paragraph.length) out.push(paragraph);
    text = '';
    codeChars = 0;
  };
  const token =
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[!?][^>]*>|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+|<)/g;
  for (const m of html.matchAll(token)) {
    const [, closing, tagName, attributes, chunk] = m;
    if (tagName === undefined) {
      if (chunk !== undefined && skip === 0) {
        text += chunk;
        if (code > 0) codeChars += decodeEntities(chunk).replace(/\s+/g, ' ').length;
      }
      continue;
    }
    const tag = tagName.toLowerCase();
    const selfClosing = attributes?.trimEnd().endsWith('/') === true;
    if (SKIP.has(tag)) {
      if (closing === '/') skip = Math.max(0, skip - 1);
      else if (!selfClosing) skip += 1;
      continue;
    }
    if (skip > 0) continue;
    if (CODE.has(tag) && !selfClosing) code = closing === '/' ? Math.max(0, code - 1) : code + 1;
    else if (BLOCK.has(tag)) flush();
  }
  flush();
  return out;
}
