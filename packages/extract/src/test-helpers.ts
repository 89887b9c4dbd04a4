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
