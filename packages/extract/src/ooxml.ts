import { TextBuilder } from './builder.ts';
import { ExtractError } from './errors.ts';
import type { Extracted, HiddenSpan } from './types.ts';
import { attr, tokenize } from './xml.ts';
import { isZip, readZip, zipText } from './zip.ts';
import { isCfb, isEncryptedOoxml } from './ole.ts';

/** Half-points: runs below 3 pt count as tiny. */
const TINY_HALF_POINTS = 6;

function openOoxml(bytes: Uint8Array): void {
  if (isCfb(bytes)) {
    // An encrypted OOXML file is a compound file holding EncryptionInfo + EncryptedPackage.
    if (isEncryptedOoxml(bytes)) throw new ExtractError('encrypted');
    throw new ExtractError('bad-format', 'compound file where a zip was expected');
  }
  if (!isZip(bytes)) throw new ExtractError('bad-format', 'not a zip archive');
}

/** Targets of relationships in a .rels part, by id. */
function relationships(xml: string | undefined): Map<string, { type: string; target: string }> {
  const rels = new Map<string, { type: string; target: string }>();
  if (xml === undefined) return rels;
  for (const t of tokenize(xml)) {
    if (t.kind !== 'open' || !t.name.endsWith('Relationship')) continue;
    const id = attr(t.attrs, 'Id');
    const target = attr(t.attrs, 'Target');
    if (id !== undefined && target !== undefined) rels.set(id, { type: attr(t.attrs, 'Type') ?? '', target });
  }
  return rels;
}

function resolvePart(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

function isOn(attrs: string): boolean {
  const v = attr(attrs, 'w:val');
  return v === undefined || !['0', 'false', 'off'].includes(v);
}

function isWhite(colour: string | undefined): boolean {
  return colour !== undefined && /^(ffffff|white)$/i.test(colour);
}

/** Walks WordprocessingML, collecting text and runs shown invisibly. */
function walkWord(xml: string, out: TextBuilder): void {
  let skip = 0; // depth inside mc:Fallback (a duplicate of mc:Choice)
  let inRun = false;
  let inRunProps = false;
  let inText = false;
  let reason: HiddenSpan['reason'] | undefined;
  for (const t of tokenize(xml)) {
    if (skip > 0) {
      if (t.kind === 'open' && t.name === 'mc:Fallback' && !t.selfClosing) skip++;
      else if (t.kind === 'close' && t.name === 'mc:Fallback') skip--;
      continue;
    }
    if (t.kind === 'text') {
      if (inText) out.append(t.text, reason);
      continue;
    }
    if (t.kind === 'close') {
      if (t.name === 'w:t') inText = false;
      else if (t.name === 'w:rPr') inRunProps = false;
      else if (t.name === 'w:r') inRun = false;
      else if (t.name === 'w:p' || t.name === 'w:tr') out.newline();
      else if (t.name === 'w:tc') out.append('\t');
      continue;
    }
    switch (t.name) {
      case 'mc:Fallback':
        if (!t.selfClosing) skip = 1;
        break;
      case 'w:r':
        inRun = !t.selfClosing;
        reason = undefined;
        break;
      case 'w:rPr':
        inRunProps = inRun && !t.selfClosing;
        break;
      case 'w:vanish':
      case 'w:specVanish':
        // Not rendered at all: reported as tiny (zero size).
        if (inRunProps && isOn(t.attrs)) reason = 'tiny';
        break;
      case 'w:sz': {
        const size = Number(attr(t.attrs, 'w:val'));
        if (inRunProps && Number.isFinite(size) && size < TINY_HALF_POINTS) reason ??= 'tiny';
        break;
      }
      case 'w:color':
        if (inRunProps && isWhite(attr(t.attrs, 'w:val')) && reason === undefined) reason = 'white';
        break;
      case 'w:t':
        inText = !t.selfClosing;
        break;
      case 'w:tab':
        if (inRun) out.append('\t', reason);
        break;
      case 'w:br':
      case 'w:cr':
        if (inRun) out.append('\n');
        break;
      case 'w:noBreakHyphen':
        out.append('-', reason);
        break;
    }
  }
}

export function parseDocx(bytes: Uint8Array): Extracted {
  openOoxml(bytes);
  const rootRels = readZip(bytes, (n) => n === '_rels/.rels');
  const officeDoc = [...relationships(zipText(rootRels, '_rels/.rels')).values()].find((r) =>
    r.type.endsWith('/officeDocument'),
  );
  const main = officeDoc ? resolvePart('', officeDoc.target) : 'word/document.xml';
  const dir = main.split('/').slice(0, -1).join('/');
  const extras = ['footnotes.xml', 'endnotes.xml'].map((f) => (dir ? `${dir}/${f}` : f));
  const files = readZip(bytes, (n) => n === main || extras.includes(n));
  const xml = zipText(files, main);
  if (xml === undefined) throw new ExtractError('bad-format', `no ${main} in docx`);
  const out = new TextBuilder();
  walkWord(xml, out);
  for (const extra of extras) {
    const x = zipText(files, extra);
    if (x === undefined) continue;
    out.newline();
    walkWord(x, out);
  }
  return { text: out.toString(), format: 'docx', hidden: out.hidden };
}

/** Walks DrawingML text (slides): a:t runs, a:br breaks, a:p paragraphs. */
function walkDrawing(xml: string, out: TextBuilder): void {
  let skip = 0;
  let inText = false;
  for (const t of tokenize(xml)) {
    if (skip > 0) {
      if (t.kind === 'open' && t.name === 'mc:Fallback' && !t.selfClosing) skip++;
      else if (t.kind === 'close' && t.name === 'mc:Fallback') skip--;
      continue;
    }
    if (t.kind === 'text') {
      if (inText) out.append(t.text);
    } else if (t.kind === 'close') {
      if (t.name === 'a:t') inText = false;
      else if (t.name === 'a:p') out.newline();
    } else if (t.name === 'mc:Fallback' && !t.selfClosing) skip = 1;
    else if (t.name === 'a:t') inText = !t.selfClosing;
    else if (t.name === 'a:br') out.append('\n');
  }
}

export function parsePptx(bytes: Uint8Array): Extracted {
  openOoxml(bytes);
  const meta = readZip(bytes, (n) => n === 'ppt/presentation.xml' || n === 'ppt/_rels/presentation.xml.rels');
  const presentation = zipText(meta, 'ppt/presentation.xml');
  if (presentation === undefined) throw new ExtractError('bad-format', 'no ppt/presentation.xml in pptx');
  const rels = relationships(zipText(meta, 'ppt/_rels/presentation.xml.rels'));
  const order: string[] = [];
  for (const t of tokenize(presentation)) {
    if (t.kind !== 'open' || t.name !== 'p:sldId') continue;
    const target = rels.get(attr(t.attrs, 'r:id') ?? '')?.target;
    if (target !== undefined) order.push(resolvePart('ppt/presentation.xml', target));
  }
  const slides = readZip(bytes, (n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  const slideNo = (n: string): number => Number(/(\d+)\.xml$/.exec(n)?.[1] ?? 0);
  const rest = [...slides.keys()].filter((n) => !order.includes(n)).sort((a, b) => slideNo(a) - slideNo(b));
  const out = new TextBuilder();
  for (const name of [...order, ...rest]) {
    const xml = zipText(slides, name);
    if (xml === undefined) continue;
    walkDrawing(xml, out);
    out.newline();
  }
  return { text: out.toString(), format: 'pptx', hidden: [] };
}
