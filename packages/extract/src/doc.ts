// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; this declaration travels with the module
/// <reference path="./word-extractor.d.ts" />
import WordExtractor from 'word-extractor';
import { ExtractError } from './errors.ts';
import type { Extracted } from './types.ts';
import { cfbStream, readCfb } from './ole.ts';

const F_ENCRYPTED = 0x0100;

/** Text of a legacy Word (.doc) file. */
export async function parseDoc(bytes: Uint8Array): Promise<Extracted> {
  const container = readCfb(bytes);
  if (cfbStream(container, 'EncryptedPackage') !== undefined) throw new ExtractError('encrypted');
  const word = cfbStream(container, 'WordDocument');
  if (word === undefined || word.length < 0x20) throw new ExtractError('bad-format', 'no WordDocument stream');
  const view = new DataView(word.buffer, word.byteOffset, word.byteLength);
  if (view.getUint16(0, true) !== 0xa5ec) throw new ExtractError('bad-format', 'bad Word magic number');
  if ((view.getUint16(0x0a, true) & F_ENCRYPTED) !== 0) throw new ExtractError('encrypted');
  let doc: WordExtractor.Document;
  try {
    doc = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (e) {
    throw new ExtractError('bad-format', `word-extractor: ${String(e)}`);
  }
  const parts = [doc.getBody(), doc.getFootnotes(), doc.getEndnotes()].map((p) => p.trim()).filter((p) => p !== '');
  return { text: parts.join('\n'), format: 'doc', hidden: [] };
}
