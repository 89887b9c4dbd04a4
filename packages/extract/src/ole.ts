import CFB from 'cfb';
import { ExtractError } from './errors.ts';

export function isCfb(bytes: Uint8Array): boolean {
  return bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
}

export function readCfb(bytes: Uint8Array): CFB.CFB$Container {
  if (!isCfb(bytes)) throw new ExtractError('bad-format', 'not a compound file');
  try {
    return CFB.parse(bytes);
  } catch (e) {
    throw new ExtractError('bad-format', `corrupt compound file: ${String(e)}`);
  }
}

/** The content of a top-level stream, or undefined. */
export function cfbStream(container: CFB.CFB$Container, name: string): Uint8Array | undefined {
  const entry = CFB.find(container, name);
  if (entry?.type !== 2) return undefined;
  const content = entry.content as Uint8Array | number[] | undefined;
  if (content === undefined) return undefined;
  return content instanceof Uint8Array ? content : Uint8Array.from(content);
}

/** Password-protected OOXML (docx, pptx) is a compound file with an EncryptedPackage stream. */
export function isEncryptedOoxml(bytes: Uint8Array): boolean {
  if (!isCfb(bytes)) return false;
  return cfbStream(readCfb(bytes), 'EncryptedPackage') !== undefined;
}
