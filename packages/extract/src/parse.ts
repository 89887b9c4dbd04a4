import { ExtractError } from './errors.ts';
import type { Ext, Extracted } from './types.ts';
import { isZip } from './zip.ts';

// Each parser is loaded when its format is met: a worker reading a .txt never loads pdf.js, so it starts sooner.

function startsWithRtf(bytes: Uint8Array): boolean {
  return new TextDecoder('latin1').decode(bytes.subarray(0, 5)) === '{\\rtf';
}

async function dispatch(bytes: Uint8Array, ext: Ext): Promise<Extracted> {
  switch (ext) {
    case 'txt':
      return (await import('./txt.ts')).parseTxt(bytes);
    case 'rtf':
      return (await import('./rtf.ts')).parseRtf(bytes);
    case 'docx':
      return (await import('./ooxml.ts')).parseDocx(bytes);
    case 'pptx':
      return (await import('./ooxml.ts')).parsePptx(bytes);
    case 'odt':
      return (await import('./odf.ts')).parseOdt(bytes);
    case 'odp':
      return (await import('./odf.ts')).parseOdp(bytes);
    case 'pdf':
      return (await import('./pdf.ts')).parsePdf(bytes);
    case 'ppt':
      return (await import('./ppt.ts')).parsePpt(bytes);
    case 'doc':
      // Word writes RTF and others write docx under a .doc name; both are common enough to accept.
      if (startsWithRtf(bytes)) return { ...(await import('./rtf.ts')).parseRtf(bytes), format: 'doc' };
      if (isZip(bytes)) return { ...(await import('./ooxml.ts')).parseDocx(bytes), format: 'doc' };
      return (await import('./doc.ts')).parseDoc(bytes);
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
