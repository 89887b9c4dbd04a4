/** CSV as spreadsheets save it: RFC 4180 quoting, a separator among , ; TAB, any of the usual encodings. */
import { ExtractError } from './errors.ts';
import { SheetBuilder, type SheetRow } from './table.ts';

/** UTF-8 (BOM or not) and UTF-16 with a BOM; else windows-1252, which Excel writes on Western systems. */
export function decodeCsv(bytes: Uint8Array): string {
  const decode = (encoding: string, fatal = false): string =>
    new TextDecoder(encoding, { fatal, ignoreBOM: false }).decode(bytes);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be');
  if (bytes.includes(0)) throw new ExtractError('bad-format', 'binary content in a .csv file');
  try {
    return decode('utf-8', true);
  } catch {
    return decode('windows-1252');
  }
}

/** The separator that occurs most often in the first line outside quotes; a comma when none does. */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted) {
      const count = counts.get(ch);
      if (count !== undefined) counts.set(ch, count + 1);
    }
  }
  let best = ',';
  for (const [sep, count] of counts) if (count > (counts.get(best) ?? 0)) best = sep;
  return best;
}

export function parseCsv(bytes: Uint8Array): SheetRow[] {
  const text = decodeCsv(bytes);
  // Control characters other than tab and line ends mean this is not a text file.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 9 && c !== 10 && c !== 13) {
      throw new ExtractError('bad-format', 'binary content in a .csv file');
    }
  }
  const sep = detectSeparator(text);
  const sheet = new SheetBuilder();
  let row = 0;
  let col = 0;
  let field = '';
  let quoted = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const ch = text.charAt(i);
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && field.trim() === '') {
      // A quote opens a quoted field only at its start (spaces before it are tolerated); elsewhere it is text.
      field = '';
      quoted = true;
    } else if (ch === sep) {
      sheet.set(row, col++, field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      sheet.set(row++, col, field);
      col = 0;
      field = '';
    } else field += ch;
  }
  sheet.set(row, col, field);
  return sheet.build();
}
