/** Builders for hostile and broken files, used by the tests (kept out of the fixtures: they are made in code). */
import { crc32, constants, deflateRawSync } from 'node:zlib';
import CFB from 'cfb';
import { strToU8, zipSync } from 'fflate';

export const fixtureUrl = (name: string): URL => new URL(`../test/fixtures/${name}`, import.meta.url);

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** A docx holding the given body XML (inside w:body). */
export function makeDocx(body: string): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    'word/document.xml': strToU8(
      `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  });
}

function u16(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff];
}
function u32(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
}

/** A stored or deflated zip entry written by hand, so that the declared uncompressed size can be anything. */
interface RawEntry {
  name: string;
  data: Uint8Array;
  method: 0 | 8;
  crc: number;
  declaredSize: number;
}

export function writeZip(entries: RawEntry[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: number[][] = [];
  let offset = 0;
  for (const e of entries) {
    const name = strToU8(e.name);
    const common = [...u16(20), ...u16(0), ...u16(e.method), ...u16(0), ...u16(0x21), ...u32(e.crc)];
    const sizes = [...u32(e.data.length), ...u32(e.declaredSize), ...u16(name.length), ...u16(0)];
    const local = Uint8Array.from([...u32(0x04034b50), ...common, ...sizes]);
    central.push([
      ...u32(0x02014b50),
      ...u16(20),
      ...common,
      ...sizes,
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u32(0),
      ...u32(offset),
      ...name,
    ]);
    chunks.push(local, name, e.data);
    offset += local.length + name.length + e.data.length;
  }
  const cd = Uint8Array.from(central.flat());
  const end = Uint8Array.from([
    ...u32(0x06054b50),
    ...u16(0),
    ...u16(0),
    ...u16(entries.length),
    ...u16(entries.length),
    ...u32(cd.length),
    ...u32(offset),
    ...u16(0),
  ]);
  chunks.push(cd, end);
  const out = new Uint8Array(chunks.reduce((s, c) => s + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * A zip bomb named .docx: word/document.xml is `megabytes` MiB of spaces, deflated by repeating one fully
 * flushed 1 MiB block (so building it never holds the inflated data). `declaredSize` may lie.
 */
export function makeZipBomb(megabytes: number, declare: 'true' | 'small' = 'true'): Uint8Array {
  const mib = Buffer.alloc(1024 * 1024, 0x20);
  const block = deflateRawSync(mib, { finishFlush: constants.Z_FULL_FLUSH });
  const last = deflateRawSync(Buffer.alloc(0));
  const data = new Uint8Array(block.length * megabytes + last.length);
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    data.set(block, i * block.length);
    crc = crc32(mib, crc);
  }
  data.set(last, block.length * megabytes);
  const contentTypes = strToU8(CONTENT_TYPES);
  return writeZip([
    {
      name: '[Content_Types].xml',
      data: contentTypes,
      method: 0,
      crc: crc32(contentTypes),
      declaredSize: contentTypes.length,
    },
    {
      name: 'word/document.xml',
      data,
      method: 8,
      crc,
      declaredSize: declare === 'true' ? megabytes * 1024 * 1024 : 4096,
    },
  ]);
}

/** What an encrypted docx is on disk: a compound file with EncryptionInfo and EncryptedPackage streams. */
export function makeEncryptedOoxml(): Uint8Array {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
  CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(4096, 7));
  return toBytes(CFB.write(cfb, { type: 'buffer' }));
}

/** The given .doc with the FIB's fEncrypted flag set, as Word writes a password-protected file. */
export function markDocEncrypted(doc: Uint8Array): Uint8Array {
  const cfb = CFB.parse(doc);
  const entry = CFB.find(cfb, 'WordDocument');
  if (!entry) throw new Error('no WordDocument stream');
  const stream = Buffer.from(entry.content as Uint8Array);
  stream.writeUInt16LE(stream.readUInt16LE(0x0a) | 0x0100, 0x0a);
  entry.content = stream;
  return toBytes(CFB.write(cfb, { type: 'buffer' }));
}

function toBytes(written: unknown): Uint8Array {
  if (written instanceof Uint8Array) return new Uint8Array(written);
  throw new Error('cfb did not write bytes');
}

/** A real PNG header (signature + IHDR) with some pixel junk after it. */
export function makePng(): Uint8Array {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const ihdr = [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89];
  return Uint8Array.from([...sig, ...ihdr, ...Array.from({ length: 200 }, (_, i) => (i * 37) % 256)]);
}

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An xlsx whose first sheet holds `sheetData` (the inside of <sheetData>), with optional shared strings (the
 * inside of <sst>) and styles (the inside of <styleSheet>). A second sheet, listed after it, says "wrong sheet".
 */
export function makeXlsx(sheetData: string, parts: { strings?: string; styles?: string } = {}): Uint8Array {
  const sheet = (data: string): Uint8Array =>
    strToU8(`<?xml version="1.0"?><worksheet xmlns="${SHEET_NS}"><sheetData>${data}</sheetData></worksheet>`);
  const rel = (id: string, type: string, target: string): string =>
    `<Relationship Id="${id}" Type="${REL_NS}/${type}" Target="${target}"/>`;
  const files: Record<string, Uint8Array> = {
    '_rels/.rels': strToU8(`<Relationships>${rel('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`),
    'xl/workbook.xml': strToU8(
      `<workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="First" sheetId="2" r:id="rId7"/>` +
        `<sheet name="Second" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<Relationships>${rel('rId1', 'worksheet', 'worksheets/sheet1.xml')}${rel('rId7', 'worksheet', '/xl/worksheets/first.xml')}` +
        `${rel('rId8', 'sharedStrings', 'strings.xml')}${rel('rId9', 'styles', 'styles.xml')}</Relationships>`,
    ),
    'xl/worksheets/first.xml': sheet(sheetData),
    'xl/worksheets/sheet1.xml': sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row>'),
  };
  if (parts.strings !== undefined) files['xl/strings.xml'] = strToU8(`<sst xmlns="${SHEET_NS}">${parts.strings}</sst>`);
  if (parts.styles !== undefined)
    files['xl/styles.xml'] = strToU8(`<styleSheet xmlns="${SHEET_NS}">${parts.styles}</styleSheet>`);
  return zipSync(files);
}

/** One BIFF record: type, then the data's length, then the data. */
export function biffRecord(type: number, data: number[] | Uint8Array): number[] {
  return [...u16(type), ...u16(data.length), ...data];
}

/** A BIFF8 XLUnicodeString body: 8-bit characters when they all fit, else UTF-16 LE. */
export function biffString(text: string, lengthBytes: 1 | 2 = 2): number[] {
  const wide = /[\u0100-\uffff]/.test(text);
  const chars = wide ? [...Buffer.from(text, 'utf16le')] : [...Buffer.from(text, 'latin1')];
  return [...(lengthBytes === 1 ? [text.length] : u16(text.length)), wide ? 1 : 0, ...chars];
}

export function biffDouble(n: number): number[] {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(n);
  return [...b];
}

/**
 * An .xls (BIFF8 Workbook stream in a compound file) from the globals' records (BOF, BOUNDSHEET and EOF are
 * added around them) and the first sheet's cell records. A second worksheet holds "wrong sheet".
 */
export function makeXls(globals: number[][], cells: number[][]): Uint8Array {
  const bof = (dt: number): number[] =>
    biffRecord(0x0809, [...u16(0x0600), ...u16(dt), ...new Array<number>(12).fill(0)]);
  const eof = biffRecord(0x000a, []);
  const sheetStream = (recs: number[][]): number[] => [...bof(0x0010), ...recs.flat(), ...eof];
  const boundsheet = (at: number, name: string): number[] =>
    biffRecord(0x0085, [...u32(at), 0, 0, ...biffString(name, 1)]);
  const body = [...bof(0x0005), ...globals.flat()];
  const first = sheetStream(cells);
  const second = sheetStream([biffRecord(0x0204, [0, 0, 0, 0, 0, 0, ...biffString('wrong sheet')])]);
  const headerLength = body.length + boundsheet(0, 'First').length + boundsheet(0, 'Second').length + eof.length;
  const stream = [
    ...body,
    ...boundsheet(headerLength, 'First'),
    ...boundsheet(headerLength + first.length, 'Second'),
    ...eof,
    ...first,
    ...second,
  ];
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, '/Workbook', Buffer.from(stream));
  return toBytes(CFB.write(cfb, { type: 'buffer' }));
}

/**
 * A docx that is slow to read and has no text: `megabytes` of runs with random colours (random enough that the
 * zip ratio stays under its limit), so neither the zip checks nor a text bound stop it; only the time limit does.
 */
export function makeSlowDocx(megabytes: number): Uint8Array {
  let seed = 0x2545f491;
  const hex = (): string => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8).toString(16).padStart(6, '0').slice(0, 6);
  };
  // one megabyte of random runs, repeated: deflate looks back only 32 kB, so the repeats do not compress
  const runs: string[] = [];
  let length = 0;
  while (length < 1_000_000) {
    const run = `<w:r><w:rPr><w:color w:val="${hex()}"/></w:rPr></w:r>`;
    runs.push(run);
    length += run.length;
  }
  return makeDocx(`<w:p>${runs.join('').repeat(Math.max(1, Math.round(megabytes)))}</w:p>`);
}
