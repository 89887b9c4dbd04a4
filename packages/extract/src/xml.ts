/** A minimal XML pull tokenizer: enough to walk OOXML / ODF text, not a validating parser. */

export type XmlToken =
  | { kind: 'open'; name: string; attrs: string; selfClosing: boolean }
  | { kind: 'close'; name: string }
  | { kind: 'text'; text: string };

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith('#x')) return safeCodePoint(parseInt(body.slice(2), 16)) ?? whole;
    if (body.startsWith('#')) return safeCodePoint(parseInt(body.slice(1), 10)) ?? whole;
    return ENTITIES[body] ?? whole;
  });
}

function safeCodePoint(n: number): string | undefined {
  return Number.isFinite(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}

/** Yields tags and text in document order; comments, processing instructions, doctypes are skipped. */
export function* tokenize(xml: string): Generator<XmlToken> {
  let i = 0;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) {
      yield { kind: 'text', text: decodeEntities(xml.slice(i)) };
      return;
    }
    if (lt > i) yield { kind: 'text', text: decodeEntities(xml.slice(i, lt)) };
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      yield { kind: 'text', text: xml.slice(lt + 9, end < 0 ? n : end) };
      i = end < 0 ? n : end + 3;
      continue;
    }
    const gt = xml.indexOf('>', lt + 1);
    if (gt < 0) return;
    const c = xml[lt + 1];
    i = gt + 1;
    if (c === '?' || c === '!') continue;
    if (c === '/') {
      yield { kind: 'close', name: xml.slice(lt + 2, gt).trim() };
      continue;
    }
    const selfClosing = xml[gt - 1] === '/';
    const inner = xml.slice(lt + 1, selfClosing ? gt - 1 : gt);
    const space = inner.search(/\s/);
    const name = space < 0 ? inner : inner.slice(0, space);
    yield { kind: 'open', name, attrs: space < 0 ? '' : inner.slice(space), selfClosing };
  }
}

/** The value of attribute `name` in a tag's attribute string. */
export function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name.replace(/[.:]/g, '\\$&')}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(attrs);
  if (!m) return undefined;
  return decodeEntities(m[2] ?? m[3] ?? '');
}
