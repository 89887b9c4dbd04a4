/** OOXML workbooks (.xlsx): the cells of the first worksheet. */
import { ExtractError } from './errors.ts';
import { isCfb, isEncryptedOoxml } from './ole.ts';
import { SheetBuilder, formatNumber, isDateFormat, serialToDate, type SheetRow } from './table.ts';
import { attr, tokenize } from './xml.ts';
import { isZip, readZip, zipText } from './zip.ts';

const REL_OFFICE_DOCUMENT = /\/officeDocument$/;
const REL_SHARED_STRINGS = /\/sharedStrings$/;
const REL_STYLES = /\/styles$/;

/** The local name of a tag (x:row → row). */
function local(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function relationships(xml: string | undefined): { id: string; type: string; target: string }[] {
  const rels: { id: string; type: string; target: string }[] = [];
  if (xml === undefined) return rels;
  for (const t of tokenize(xml)) {
    if (t.kind !== 'open' || local(t.name) !== 'Relationship') continue;
    const id = attr(t.attrs, 'Id');
    const target = attr(t.attrs, 'Target');
    if (id !== undefined && target !== undefined) rels.push({ id, type: attr(t.attrs, 'Type') ?? '', target });
  }
  return rels;
}

/** A relationship target resolved against the folder of the part that holds it. */
function resolvePart(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

function relsPath(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** The text of each <si>, phonetic runs (rPh) left out. */
function sharedStrings(xml: string | undefined): string[] {
  const strings: string[] = [];
  if (xml === undefined) return strings;
  let current: string | undefined;
  let inText = false;
  let phonetic = 0;
  for (const t of tokenize(xml)) {
    if (t.kind === 'open') {
      const name = local(t.name);
      if (name === 'si' && t.selfClosing) strings.push('');
      else if (name === 'si') current = '';
      else if (name === 'rPh' && !t.selfClosing) phonetic++;
      else if (name === 't' && !t.selfClosing) inText = true;
    } else if (t.kind === 'close') {
      const name = local(t.name);
      if (name === 'si' && current !== undefined) {
        strings.push(current);
        current = undefined;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    } else if (inText && phonetic === 0 && current !== undefined) current += t.text;
  }
  return strings;
}

/** For each cell style (cellXfs index), whether its number format shows a date. */
function dateStyles(xml: string | undefined): boolean[] {
  if (xml === undefined) return [];
  const codes = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  for (const t of tokenize(xml)) {
    if (t.kind === 'open') {
      const name = local(t.name);
      if (name === 'numFmt') {
        const id = Number(attr(t.attrs, 'numFmtId'));
        const code = attr(t.attrs, 'formatCode');
        if (Number.isInteger(id) && code !== undefined) codes.set(id, code);
      } else if (name === 'cellXfs') inCellXfs = !t.selfClosing;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attr(t.attrs, 'numFmtId') ?? '0');
        styles.push(isDateFormat(id, codes.get(id)));
      }
    } else if (t.kind === 'close' && local(t.name) === 'cellXfs') inCellXfs = false;
  }
  return styles;
}

/** "C7" → column 2 (zero-based); undefined when the reference has no column letters. */
function columnOf(ref: string | undefined): number | undefined {
  if (ref === undefined) return undefined;
  const letters = /^\$?([A-Za-z]{1,3})/.exec(ref)?.[1];
  if (letters === undefined) return undefined;
  let col = 0;
  for (const ch of letters.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return col - 1;
}

interface Context {
  strings: string[];
  dates: boolean[];
  date1904: boolean;
}

function cellValue(type: string, raw: string, inline: string, style: number, ctx: Context): string {
  switch (type) {
    case 's': {
      const index = Number(raw.trim());
      return Number.isInteger(index) ? (ctx.strings[index] ?? '') : '';
    }
    case 'inlineStr':
      return inline;
    case 'b':
      return raw.trim() === '1' ? 'TRUE' : 'FALSE';
    case 'str':
    case 'e':
      return raw;
    case 'd':
      return /^\d{4}-\d\d-\d\dT00:00:00(\.0+)?Z?$/.test(raw.trim()) ? raw.trim().slice(0, 10) : raw;
    default: {
      if (raw.trim() === '') return '';
      const n = Number(raw);
      if (!Number.isFinite(n)) return raw;
      if (ctx.dates[style] === true) return serialToDate(n, ctx.date1904) ?? formatNumber(n);
      return formatNumber(n);
    }
  }
}

/** Walks <sheetData>: rows and cells placed by their r attributes (or one after the previous when absent). */
function readSheet(xml: string, ctx: Context): SheetRow[] {
  const sheet = new SheetBuilder();
  let row = -1;
  let col = -1;
  let cell: { type: string; style: number } | undefined;
  let raw = '';
  let inline = '';
  let inValue = false;
  let inInlineText = false;
  let phonetic = 0;
  for (const t of tokenize(xml)) {
    if (t.kind === 'open') {
      const name = local(t.name);
      if (name === 'row') {
        const r = Number(attr(t.attrs, 'r'));
        row = Number.isInteger(r) && r >= 1 ? r - 1 : row + 1;
        col = -1;
      } else if (name === 'c') {
        col = columnOf(attr(t.attrs, 'r')) ?? col + 1;
        cell = t.selfClosing
          ? undefined
          : { type: attr(t.attrs, 't') ?? 'n', style: Number(attr(t.attrs, 's') ?? '0') };
        raw = '';
        inline = '';
      } else if (name === 'v' && !t.selfClosing) inValue = true;
      else if (name === 'rPh' && !t.selfClosing) phonetic++;
      else if (name === 't' && !t.selfClosing) inInlineText = true;
    } else if (t.kind === 'close') {
      const name = local(t.name);
      if (name === 'c' && cell !== undefined) {
        if (row < 0) row = 0;
        sheet.set(row, Math.max(col, 0), cellValue(cell.type, raw, inline, cell.style, ctx));
        cell = undefined;
      } else if (name === 'v') inValue = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 't') inInlineText = false;
    } else if (cell !== undefined) {
      if (inValue) raw += t.text;
      else if (inInlineText && phonetic === 0) inline += t.text;
    }
  }
  return sheet.build();
}

export function parseXlsx(bytes: Uint8Array): SheetRow[] {
  if (isCfb(bytes)) {
    if (isEncryptedOoxml(bytes)) throw new ExtractError('encrypted');
    throw new ExtractError('bad-format', 'compound file where a zip was expected');
  }
  if (!isZip(bytes)) throw new ExtractError('bad-format', 'not a zip archive');
  // First the small parts that say where everything is, then the first worksheet alone.
  const meta = readZip(
    bytes,
    (name) => name.endsWith('.rels') || /^xl\/(workbook|styles|sharedStrings)\.xml$/.test(name),
  );
  const root = relationships(zipText(meta, '_rels/.rels'));
  const bookPart = resolvePart('', root.find((r) => REL_OFFICE_DOCUMENT.test(r.type))?.target ?? 'xl/workbook.xml');
  const book = zipText(meta, bookPart) ?? zipText(meta, 'xl/workbook.xml');
  if (book === undefined) throw new ExtractError('bad-format', 'no workbook part');
  const bookRels = relationships(zipText(meta, relsPath(bookPart)));

  let sheetRel: string | undefined;
  let date1904 = false;
  for (const t of tokenize(book)) {
    if (t.kind !== 'open') continue;
    const name = local(t.name);
    if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attr(t.attrs, 'date1904') ?? '');
    else if (name === 'sheet') {
      sheetRel = attr(t.attrs, 'r:id') ?? /\s[\w]+:id\s*=\s*"([^"]*)"/.exec(t.attrs)?.[1];
      break;
    }
  }
  if (sheetRel === undefined) throw new ExtractError('bad-format', 'no worksheet in the workbook');
  const target = bookRels.find((r) => r.id === sheetRel)?.target;
  if (target === undefined) throw new ExtractError('bad-format', `no relationship ${sheetRel}`);
  const sheetPart = resolvePart(bookPart, target);

  const partOf = (re: RegExp, fallback: string): string => {
    const rel = bookRels.find((r) => re.test(r.type));
    return rel === undefined ? fallback : resolvePart(bookPart, rel.target);
  };
  const stringsPart = partOf(REL_SHARED_STRINGS, 'xl/sharedStrings.xml');
  const stylesPart = partOf(REL_STYLES, 'xl/styles.xml');
  const parts = readZip(bytes, (name) => name === sheetPart || name === stringsPart || name === stylesPart);
  const sheetXml = zipText(parts, sheetPart);
  if (sheetXml === undefined) throw new ExtractError('bad-format', `missing part ${sheetPart}`);
  const ctx: Context = {
    strings: sharedStrings(zipText(parts, stringsPart)),
    dates: dateStyles(zipText(parts, stylesPart)),
    date1904,
  };
  return readSheet(sheetXml, ctx);
}
