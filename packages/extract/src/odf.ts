import { TextBuilder } from './builder.ts';
import { ExtractError } from './errors.ts';
import type { Extracted, HiddenSpan } from './types.ts';
import { attr, tokenize, type XmlToken } from './xml.ts';
import { readZip, zipText } from './zip.ts';

/** Elements whose content is not part of the document's text. */
const SKIP = new Set([
  'office:annotation',
  'presentation:notes',
  'text:tracked-changes',
  'office:forms',
  'text:sequence-decls',
  'office:automatic-styles',
  'office:font-face-decls',
]);
const TINY_POINTS = 3;

function fontPoints(size: string | undefined): number | undefined {
  if (size === undefined) return undefined;
  const m = /^([\d.]+)(pt|cm|mm|in|px)$/.exec(size);
  if (!m) return undefined;
  const v = Number(m[1]);
  const perUnit: Record<string, number> = { pt: 1, cm: 72 / 2.54, mm: 72 / 25.4, in: 72, px: 0.75 };
  return v * (perUnit[m[2] ?? 'pt'] ?? 1);
}

/** Automatic text styles that render invisibly, by name. */
function hiddenStyles(tokens: XmlToken[]): Map<string, HiddenSpan['reason']> {
  const styles = new Map<string, HiddenSpan['reason']>();
  let current: string | undefined;
  for (const t of tokens) {
    if (t.kind === 'open' && t.name === 'style:style') current = attr(t.attrs, 'style:name');
    else if (t.kind === 'close' && t.name === 'style:style') current = undefined;
    else if (t.kind === 'open' && t.name === 'style:text-properties' && current !== undefined) {
      const points = fontPoints(attr(t.attrs, 'fo:font-size'));
      if (attr(t.attrs, 'text:display') === 'none' || (points !== undefined && points < TINY_POINTS)) {
        styles.set(current, 'tiny');
      } else if (/^#fff(fff)?$/i.test(attr(t.attrs, 'fo:color') ?? '')) styles.set(current, 'white');
    }
  }
  return styles;
}

function parseOdf(bytes: Uint8Array, format: 'odt' | 'odp'): Extracted {
  const files = readZip(bytes, (n) => n === 'mimetype' || n === 'content.xml');
  const mimetype = zipText(files, 'mimetype')?.trim();
  if (mimetype !== undefined && !mimetype.startsWith('application/vnd.oasis.opendocument.')) {
    throw new ExtractError('bad-format', `mimetype ${mimetype}`);
  }
  const xml = zipText(files, 'content.xml');
  if (xml === undefined) throw new ExtractError('bad-format', 'no content.xml');
  const tokens = [...tokenize(xml)];
  const styles = hiddenStyles(tokens);
  const out = new TextBuilder();
  let skip = 0;
  let para = 0; // depth of text:p / text:h
  const spans: (HiddenSpan['reason'] | undefined)[] = [];
  const reason = (): HiddenSpan['reason'] | undefined => spans.findLast((r) => r !== undefined);
  for (const t of tokens) {
    if (skip > 0) {
      if (t.kind === 'open' && SKIP.has(t.name) && !t.selfClosing) skip++;
      else if (t.kind === 'close' && SKIP.has(t.name)) skip--;
      continue;
    }
    if (t.kind === 'text') {
      if (para > 0) out.append(t.text, reason());
      continue;
    }
    if (t.kind === 'close') {
      if (t.name === 'text:p' || t.name === 'text:h') {
        para--;
        out.newline();
      } else if (t.name === 'text:span') spans.pop();
      continue;
    }
    if (SKIP.has(t.name)) {
      if (!t.selfClosing) skip = 1;
      continue;
    }
    switch (t.name) {
      case 'text:p':
      case 'text:h':
        if (!t.selfClosing) para++;
        else out.newline();
        break;
      case 'text:span':
        if (!t.selfClosing) spans.push(styles.get(attr(t.attrs, 'text:style-name') ?? ''));
        break;
      case 'text:s':
        out.append(' '.repeat(Math.min(Math.max(Number(attr(t.attrs, 'text:c') ?? 1) || 1, 1), 1000)), reason());
        break;
      case 'text:tab':
        out.append('\t', reason());
        break;
      case 'text:line-break':
        out.append('\n');
        break;
    }
  }
  return { text: out.toString(), format, hidden: out.hidden };
}

export const parseOdt = (bytes: Uint8Array): Extracted => parseOdf(bytes, 'odt');
export const parseOdp = (bytes: Uint8Array): Extracted => parseOdf(bytes, 'odp');
