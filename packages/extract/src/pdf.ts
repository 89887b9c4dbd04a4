import { getDocument } from 'unpdf/pdfjs';
import { chargeSymbols } from './budget.ts';
import { ExtractError } from './errors.ts';
import type { Extracted } from './types.ts';

function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

/** Text layer of a PDF through pdf.js (the serverless build shipped by unpdf: no canvas, no worker). */
export async function parsePdf(bytes: Uint8Array): Promise<Extracted> {
  if (!hasPdfHeader(bytes)) throw new ExtractError('bad-format', 'no %PDF- header');
  const task = getDocument({
    data: bytes.slice(),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
  });
  try {
    let pdf;
    try {
      pdf = await task.promise;
    } catch (e) {
      const name = e instanceof Error ? e.name : '';
      if (name === 'PasswordException') throw new ExtractError('encrypted');
      throw new ExtractError('bad-format', `pdf.js: ${String(e)}`);
    }
    const pages: string[] = [];
    for (let p = 1; p <= pdf.numPages; p++) {
      const page = await pdf.getPage(p);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text.trim());
      page.cleanup();
      // stop at the page that passes the text bound, not after the whole document
      chargeSymbols(text);
    }
    const text = pages.filter((t) => t !== '').join('\n\n');
    if (text.trim() === '' && pdf.numPages > 0) throw new ExtractError('no-text');
    return { text, format: 'pdf', hidden: [] };
  } finally {
    await task.destroy();
  }
}
