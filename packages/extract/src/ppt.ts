import { ExtractError } from './errors.ts';
import type { Extracted } from './types.ts';
import { cfbStream, readCfb } from './ole.ts';

const TEXT_CHARS_ATOM = 0x0fa0; // UTF-16LE
const TEXT_BYTES_ATOM = 0x0fa8; // 8-bit (the low bytes of UTF-16)
/** Containers whose text is template or speaker notes, not slide content. */
const SKIP_CONTAINERS = new Set([0x03f8 /* MainMaster */, 0x0fc9 /* Handout */, 0x03f0 /* Notes */]);

const utf16 = new TextDecoder('utf-16le');
const latin1 = new TextDecoder('latin1');

/** Text of a legacy PowerPoint (.ppt) file: the text atoms of the "PowerPoint Document" stream. */
export function parsePpt(bytes: Uint8Array): Extracted {
  const container = readCfb(bytes);
  if (cfbStream(container, 'EncryptedSummary') !== undefined) throw new ExtractError('encrypted');
  const stream = cfbStream(container, 'PowerPoint Document');
  if (stream === undefined) throw new ExtractError('bad-format', 'no PowerPoint Document stream');
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const pieces: string[] = [];
  // Records: u16 version/instance (version 0xF = container), u16 type, u32 length, then the body.
  const ends: number[] = [stream.byteLength];
  let pos = 0;
  while (pos + 8 <= stream.byteLength) {
    while (pos >= (ends.at(-1) ?? 0) && ends.length > 1) ends.pop();
    const verInst = view.getUint16(pos, true);
    const type = view.getUint16(pos + 2, true);
    const len = view.getUint32(pos + 4, true);
    const body = pos + 8;
    const end = Math.min(body + len, ends.at(-1) ?? stream.byteLength);
    if ((verInst & 0xf) === 0xf && !SKIP_CONTAINERS.has(type)) {
      ends.push(end);
      pos = body;
      continue;
    }
    if (type === TEXT_CHARS_ATOM) pieces.push(utf16.decode(stream.subarray(body, end)));
    else if (type === TEXT_BYTES_ATOM) pieces.push(latin1.decode(stream.subarray(body, end)));
    pos = end;
  }
  const text = pieces.map((p) => p.replace(/[\r\v]/g, '\n').trimEnd()).join('\n');
  return { text, format: 'ppt', hidden: [] };
}
