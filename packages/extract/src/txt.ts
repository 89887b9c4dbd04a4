import { chargeSymbols, hasSymbolBudget, restartSymbolCount, symbolLimit } from './budget.ts';
import { ExtractError } from './errors.ts';
import type { Extracted } from './types.ts';

/** Decoded this many bytes at a time when a file may pass the text bound. */
const CHUNK_BYTES = 1 << 20;

/**
 * Decodes the file. Under a text bound (budget.ts) a file with more bytes than the bound allows symbols (a
 * symbol takes at least one byte) is decoded a chunk at a time and reading stops at the chunk that passes it.
 */
function decode(bytes: Uint8Array, encoding: string, fatal = false): string {
  const decoder = new TextDecoder(encoding, { fatal, ignoreBOM: false });
  if (!hasSymbolBudget() || bytes.length <= symbolLimit()) return decoder.decode(bytes);
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    const piece = decoder.decode(bytes.subarray(at, at + CHUNK_BYTES), { stream: at + CHUNK_BYTES < bytes.length });
    chargeSymbols(piece);
    parts.push(piece);
  }
  return parts.join('');
}

/** Guesses UTF-16 without a BOM from where the zero bytes fall; undefined when the zeros look like binary. */
function utf16Guess(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  let even = 0;
  let odd = 0;
  const n = Math.min(bytes.length, 4096);
  for (let i = 0; i < n; i++) {
    if (bytes[i] !== 0) continue;
    if (i % 2 === 0) even++;
    else odd++;
  }
  if (odd > n * 0.3 && even < n * 0.02) return 'utf-16le';
  if (even > n * 0.3 && odd < n * 0.02) return 'utf-16be';
  return undefined;
}

/** Plain text: BOM-marked UTF-8/UTF-16, else UTF-8 when valid, else windows-1252. Binary content is refused. */
export function parseTxt(bytes: Uint8Array): Extracted {
  let text: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) text = decode(bytes, 'utf-8');
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) text = decode(bytes, 'utf-16le');
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = decode(bytes, 'utf-16be');
  else if (bytes.includes(0)) {
    const guess = utf16Guess(bytes);
    if (guess === undefined) throw new ExtractError('bad-format', 'binary content in a .txt file');
    text = decode(bytes, guess);
  } else {
    try {
      text = decode(bytes, 'utf-8', true);
    } catch (e) {
      if (e instanceof ExtractError) throw e;
      // not UTF-8: read it again from the start, counting against the bound afresh
      restartSymbolCount();
      text = decode(bytes, 'windows-1252');
    }
  }
  // Control characters other than tab, newlines and form feed mean this is not text.
  let control = 0;
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd) control++;
  }
  if (control > Math.max(8, text.length * 0.01)) throw new ExtractError('bad-format', 'binary content in a .txt file');
  return { text: text.replace(/\r\n?/g, '\n'), format: 'txt', hidden: [] };
}
