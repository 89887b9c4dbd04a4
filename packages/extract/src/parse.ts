import { parseDoc } from './doc.ts';
import { ExtractError } from './errors.ts';
import { parseOdp, parseOdt } from './odf.ts';
import { parseDocx, parsePptx } from './ooxml.ts';
import { parsePdf } from './pdf.ts';
import { parsePpt } from './ppt.ts';
import { parseRtf } from './rtf.ts';
import { parseTxt } from './txt.ts';
import type { Ext, Extracted } from './types.ts';
import { isZip } from './zip.ts';

function startsWithRtf(bytes: Uint8Array): boolean {
  return new TextDecoder('latin1').decode(bytes.subarray(0, 5)) === '{\\rtf';
}

async function dispatch(bytes: Uint8Array, ext: Ext): Promise<Extracted> {
  switch (ext) {
    case 'txt':
      return parseTxt(bytes);
    case 'rtf':
      return parseRtf(bytes);
    case 'docx':
      return parseDocx(bytes);
    case 'pptx':
      return parsePptx(bytes);
    case 'odt':
      return parseOdt(bytes);
    case 'odp':
      return parseOdp(bytes);
    case 'pdf':
      return parsePdf(bytes);
    case 'ppt':
      return parsePpt(bytes);
    case 'doc':
      // Word writes RTF and others write docx under a .doc name; both are common enough to accept.
      if (startsWithRtf(bytes)) return { ...parseRtf(bytes), format: 'doc' };
      if (isZip(bytes)) return { ...parseDocx(bytes), format: 'doc' };
      return parseDoc(bytes);
  }
}

/**
 * Parses a document in the calling thread. The server calls `extractText`, which runs this in a worker with
 * memory and time limits; call this directly only on trusted input. Throws ExtractError.
 */
export async function parseDocument(bytes: Uint8Array, ext: Ext): Promise<Extracted> {
  if (bytes.length === 0) throw new ExtractError('empty');
  let result: Extracted;
  try {
    result = await dispatch(bytes, ext);
  } catch (e) {
    if (e instanceof ExtractError) throw e;
    if (e instanceof RangeError) throw new ExtractError('limits', String(e));
    throw new ExtractError('bad-format', String(e));
  }
  if (result.text.trim() === '') throw new ExtractError('empty');
  return result;
}
