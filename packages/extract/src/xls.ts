/** Excel 97-2003 workbooks (.xls, BIFF8 in a compound file): the cells of the first worksheet. */
import { ExtractError } from './errors.ts';
import { cfbStream, readCfb } from './ole.ts';
import { SheetBuilder, formatNumber, isDateFormat, serialToDate, type SheetRow } from './table.ts';

// Record types (MS-XLS 2.3).
const BOF = 0x0809;
const EOF = 0x000a;
const FILEPASS = 0x002f;
const DATEMODE = 0x0022;
const FORMAT = 0x041e;
const XF = 0x00e0;
const BOUNDSHEET = 0x0085;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const RSTRING = 0x00d6;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const FORMULA = 0x0006;
const STRING = 0x0207;
const BOOLERR = 0x0205;

const ERRORS: Readonly<Record<number, string>> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
};

interface Rec {
  type: number;
  data: Uint8Array;
  /** Offset of the record header in the stream. */
  at: number;
}

/** The records from `start` up to and including the substream's EOF. */
function* records(stream: Uint8Array, start: number): Generator<Rec, void> {
  let at = start;
  while (at + 4 <= stream.length) {
    const type = u16(stream, at);
    const len = u16(stream, at + 2);
    if (at + 4 + len > stream.length) throw new ExtractError('bad-format', `record 0x${type.toString(16)} cut short`);
    yield { type, data: stream.subarray(at + 4, at + 4 + len), at };
    if (type === EOF) return;
    at += 4 + len;
  }
  throw new ExtractError('bad-format', 'substream without EOF');
}

/**
 * Reads across a record and its CONTINUE records. Characters of a string that runs into the next record
 * continue after a new option byte there (MS-XLS 2.5.293), other fields simply carry on.
 */
class Reader {
  private seg = 0;
  private pos = 0;
  private readonly segs: Uint8Array[];

  constructor(segs: Uint8Array[]) {
    this.segs = segs;
  }

  private current(): Uint8Array {
    let seg = this.segs[this.seg];
    while (seg !== undefined && this.pos >= seg.length) {
      seg = this.segs[++this.seg];
      this.pos = 0;
    }
    if (seg === undefined) throw new ExtractError('bad-format', 'record data cut short');
    return seg;
  }

  u8(): number {
    return this.current()[this.pos++] ?? 0; // current() has a byte at pos
  }

  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  skip(n: number): void {
    for (let left = n; left > 0;) {
      const seg = this.current();
      const step = Math.min(left, seg.length - this.pos);
      this.pos += step;
      left -= step;
    }
  }

  /** `count` characters, one byte each (Latin-1) or two (UTF-16 LE), switching at record boundaries. */
  chars(count: number, wide: boolean): string {
    let out = '';
    let twoBytes = wide;
    for (let i = 0; i < count; i++) {
      if (this.pos >= (this.segs[this.seg]?.length ?? 0)) {
        // The characters go on in the next CONTINUE record, after an option byte giving their width.
        this.seg++;
        this.pos = 0;
        twoBytes = (this.u8() & 1) === 1;
      }
      out += String.fromCharCode(twoBytes ? this.u16() : this.u8());
    }
    return out;
  }

  /** An XLUnicodeRichExtendedString (SST entries) or XLUnicodeString (cch already read by the caller). */
  unicodeString(count: number): string {
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 1) === 1);
    this.skip(runs * 4 + ext);
    return text;
  }
}

function unicodeString(data: Uint8Array, offset: number, lengthBytes: 1 | 2): string {
  const r = new Reader([data.subarray(offset)]);
  const count = lengthBytes === 1 ? r.u8() : r.u16();
  return r.unicodeString(count);
}

function u16(data: Uint8Array, at: number): number {
  if (at + 2 > data.length) throw new ExtractError('bad-format', 'record too short');
  return (data[at] ?? 0) | ((data[at + 1] ?? 0) << 8);
}

function u32(data: Uint8Array, at: number): number {
  return (u16(data, at) | (u16(data, at + 2) << 16)) >>> 0;
}

function f64(data: Uint8Array, at: number): number {
  if (at + 8 > data.length) throw new ExtractError('bad-format', 'record too short');
  return new DataView(data.buffer, data.byteOffset + at, 8).getFloat64(0, true);
}

/** An RK number: a 30-bit integer or the top 30 bits of a double, optionally divided by 100. */
function rkValue(rk: number): number {
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(4, rk & 0xfffffffc, true);
    value = view.getFloat64(0, true);
  }
  return rk & 0x01 ? value / 100 : value;
}

interface Globals {
  strings: string[];
  /** For each XF index, whether its number format shows a date. */
  dates: boolean[];
  date1904: boolean;
  /** Stream offset of the first sheet's BOF. */
  sheetAt: number;
}

function readGlobals(stream: Uint8Array): Globals {
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  const strings: string[] = [];
  let date1904 = false;
  let sheetAt: number | undefined;
  const recs = [...records(stream, 0)];
  const first = recs[0];
  if (first?.type !== BOF || u16(first.data, 0) !== 0x0600) {
    throw new ExtractError('bad-format', 'not a BIFF8 workbook');
  }
  for (let i = 0; i < recs.length; i++) {
    const { type, data } = recs[i] ?? { type: EOF, data: new Uint8Array(0) };
    switch (type) {
      case FILEPASS:
        throw new ExtractError('encrypted');
      case DATEMODE:
        date1904 = u16(data, 0) === 1;
        break;
      case FORMAT:
        formats.set(u16(data, 0), unicodeString(data, 2, 2));
        break;
      case XF:
        xfFormats.push(u16(data, 2));
        break;
      case BOUNDSHEET:
        // The first worksheet (dt 0): chart and macro sheets before it hold no cells to read.
        if (data[5] === 0) sheetAt ??= u32(data, 0);
        break;
      case SST: {
        const segs = [data];
        for (let next = recs[i + 1]; next?.type === CONTINUE; next = recs[i + 1]) {
          segs.push(next.data);
          i++;
        }
        const r = new Reader(segs);
        r.skip(4);
        const unique = r.u32();
        for (let s = 0; s < unique; s++) strings.push(r.unicodeString(r.u16()));
        break;
      }
    }
  }
  if (sheetAt === undefined) throw new ExtractError('bad-format', 'no sheet in the workbook');
  const dates = xfFormats.map((id) => isDateFormat(id, formats.get(id)));
  return { strings, dates, date1904, sheetAt };
}

export function parseXls(bytes: Uint8Array): SheetRow[] {
  const container = readCfb(bytes);
  const stream = cfbStream(container, 'Workbook');
  if (stream === undefined) {
    const old = cfbStream(container, 'Book') !== undefined;
    throw new ExtractError('bad-format', old ? 'Excel 5/95 workbook' : 'no Workbook stream');
  }
  const g = readGlobals(stream);
  const sheet = new SheetBuilder();
  const number = (row: number, col: number, xf: number, n: number): void => {
    sheet.set(row, col, g.dates[xf] === true ? (serialToDate(n, g.date1904) ?? formatNumber(n)) : formatNumber(n));
  };
  // A FORMULA with a string result keeps the string in the STRING record after it.
  let pendingString: { row: number; col: number } | undefined;
  const recs = records(stream, g.sheetAt);
  const bof = recs.next();
  if (bof.done === true || bof.value.type !== BOF)
    throw new ExtractError('bad-format', 'the first sheet does not start with BOF');
  for (const { type, data } of recs) {
    if (type === STRING && pendingString !== undefined) {
      sheet.set(pendingString.row, pendingString.col, unicodeString(data, 0, 2));
      pendingString = undefined;
      continue;
    }
    if (type === BOF) throw new ExtractError('bad-format', 'nested substream');
    const isCell = [LABELSST, LABEL, RSTRING, NUMBER, RK, MULRK, FORMULA, BOOLERR].includes(type);
    if (!isCell) continue;
    pendingString = undefined;
    const row = u16(data, 0);
    const col = u16(data, 2);
    const xf = u16(data, 4);
    switch (type) {
      case LABELSST:
        sheet.set(row, col, g.strings[u32(data, 6)] ?? '');
        break;
      case LABEL:
      case RSTRING:
        sheet.set(row, col, unicodeString(data, 6, 2));
        break;
      case NUMBER:
        number(row, col, xf, f64(data, 6));
        break;
      case RK:
        number(row, col, xf, rkValue(u32(data, 6)));
        break;
      case MULRK: {
        const count = (data.length - 6) / 6;
        if (!Number.isInteger(count) || count < 1) throw new ExtractError('bad-format', 'bad MULRK record');
        for (let k = 0; k < count; k++) number(row, col + k, u16(data, 4 + k * 6), rkValue(u32(data, 6 + k * 6)));
        break;
      }
      case FORMULA: {
        if (u16(data, 12) !== 0xffff) number(row, col, xf, f64(data, 6));
        else if (data[6] === 0x00) pendingString = { row, col };
        else if (data[6] === 0x01) sheet.set(row, col, data[8] ? 'TRUE' : 'FALSE');
        else if (data[6] === 0x02) sheet.set(row, col, ERRORS[data[8] ?? -1] ?? '#ERROR');
        break;
      }
      case BOOLERR:
        if (data[7]) sheet.set(row, col, ERRORS[data[6] ?? -1] ?? '#ERROR');
        else sheet.set(row, col, data[6] ? 'TRUE' : 'FALSE');
        break;
    }
  }
  return sheet.build();
}
