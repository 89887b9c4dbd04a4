import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ExtractError, EXTRACT_MESSAGES, type ExtractErrorCode } from './errors.ts';
import { parseDocument } from './parse.ts';
import { makeDocx, makeEncryptedOoxml, makePng, makeZipBomb, markDocEncrypted, fixtureUrl } from './test-helpers.ts';
import { extOf, type Ext } from './types.ts';

const ENGLISH = 'The quick brown fox jumps over the lazy dog near the riverbank.';
const SPANISH = 'El pingüino comió jalapeños en la montaña: ¿qué pasó, señor Muñoz?';
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(fixtureUrl(name)));

async function failure(bytes: Uint8Array, ext: Ext): Promise<ExtractError> {
  try {
    await parseDocument(bytes, ext);
  } catch (e) {
    if (e instanceof ExtractError) return e;
    throw e;
  }
  throw new Error('expected an ExtractError');
}

async function expectCode(bytes: Uint8Array, ext: Ext, code: ExtractErrorCode): Promise<void> {
  const e = await failure(bytes, ext);
  expect(e.code).toBe(code);
  expect(e.message).toBe(EXTRACT_MESSAGES[code]);
}

describe('parseDocument fixtures', () => {
  it.each(['txt', 'rtf', 'doc', 'docx', 'odt', 'pdf', 'ppt', 'pptx', 'odp'] as const)(
    'extracts the English and Spanish sentences from sample.%s',
    async (ext) => {
      const result = await parseDocument(fixture(`sample.${ext}`), ext);
      expect(result.format).toBe(ext);
      expect(result.text).toContain(ENGLISH);
      expect(result.text).toContain(SPANISH);
    },
  );

  it.each(['docx', 'odt', 'rtf'] as const)('finds white, tiny and vanished text in sample.%s', async (ext) => {
    const { text, hidden } = await parseDocument(fixture(`sample.${ext}`), ext);
    const spans = hidden.map((h) => [text.slice(h.start, h.end), h.reason]);
    expect(spans).toEqual([
      ['White secret words.', 'white'],
      ['Tiny secret words.', 'tiny'],
      ['Vanished secret words.', 'tiny'],
    ]);
    expect(text).toContain('Visible start.');
  });
});

describe('parseDocument text encodings', () => {
  const sentence = 'Señor Muñoz comió jalapeños – “quoted”.';
  it('reads UTF-8 with and without a BOM', async () => {
    const utf8 = new TextEncoder().encode(sentence);
    expect((await parseDocument(utf8, 'txt')).text).toBe(sentence);
    expect((await parseDocument(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]), 'txt')).text).toBe(sentence);
  });
  it('reads UTF-16 LE and BE with a BOM', async () => {
    const le = Buffer.from(`\ufeff${sentence}`, 'utf16le');
    expect((await parseDocument(le, 'txt')).text).toBe(sentence);
    const be = Buffer.from(le).swap16();
    expect((await parseDocument(be, 'txt')).text).toBe(sentence);
  });
  it('falls back to windows-1252 when the bytes are not UTF-8', async () => {
    const cp1252 = Uint8Array.from([0x53, 0x65, 0xf1, 0x6f, 0x72, 0x20, 0x93, 0x71, 0x94, 0x20, 0x80]);
    expect((await parseDocument(cp1252, 'txt')).text).toBe('Señor “q” €');
  });
  it("decodes RTF \\uN escapes and \\'hh bytes in the \\ansicpg code page", async () => {
    const rtf = String.raw`{\rtf1\ansi\ansicpg1252{\fonttbl{\f0 Arial;}}{\*\generator X;}{\info{\title T}}\uc1 Se\'f1or Mu\u241?oz \u8220?hi\u8221? \'80\par}`;
    expect((await parseDocument(new TextEncoder().encode(rtf), 'rtf')).text).toBe('Señor Muñoz “hi” €\n');
  });
  it('accepts RTF and docx content under a .doc name', async () => {
    expect((await parseDocument(fixture('sample.rtf'), 'doc')).text).toContain(ENGLISH);
    expect((await parseDocument(fixture('sample.docx'), 'doc')).text).toContain(ENGLISH);
  });
});

describe('parseDocument bad files', () => {
  it('refuses a truncated docx as bad-format', async () => {
    const docx = fixture('sample.docx');
    await expectCode(docx.subarray(0, Math.floor(docx.length / 2)), 'docx', 'bad-format');
  });
  it('refuses a PNG renamed to .pdf, .docx, .doc, .ppt, .rtf and .txt as bad-format', async () => {
    for (const ext of ['pdf', 'docx', 'doc', 'ppt', 'rtf', 'txt', 'odt', 'pptx'] as const) {
      await expectCode(makePng(), ext, 'bad-format');
    }
  });
  it('refuses a docx without its main part, and a presentation named .doc', async () => {
    await expectCode(fixture('sample.odt'), 'docx', 'bad-format');
    await expectCode(fixture('sample.ppt'), 'doc', 'bad-format');
  });
  it('reports empty documents', async () => {
    await expectCode(new Uint8Array(0), 'txt', 'empty');
    await expectCode(new TextEncoder().encode('  \n\t \n'), 'txt', 'empty');
    await expectCode(makeDocx('<w:p><w:r><w:t xml:space="preserve">   </w:t></w:r></w:p>'), 'docx', 'empty');
  });
  it('reports password-protected files', async () => {
    await expectCode(fixture('encrypted.pdf'), 'pdf', 'encrypted');
    await expectCode(makeEncryptedOoxml(), 'docx', 'encrypted');
    await expectCode(makeEncryptedOoxml(), 'pptx', 'encrypted');
    await expectCode(markDocEncrypted(fixture('sample.doc')), 'doc', 'encrypted');
  });
  it('reports an image-only PDF as no-text', async () => {
    await expectCode(fixture('image-only.pdf'), 'pdf', 'no-text');
  });
  it('refuses a 1 GiB zip bomb from its declared sizes without inflating it', async () => {
    const bomb = makeZipBomb(1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    await expectCode(bomb, 'docx', 'limits');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
  it('cuts a zip entry that lies about its size instead of inflating it all', async () => {
    await expectCode(makeZipBomb(64, 'small'), 'docx', 'bad-format');
  });
});

describe('extOf', () => {
  it('accepts the nine extensions in any case and nothing else', () => {
    expect(extOf('Essay.DOCX')).toBe('docx');
    expect(extOf('a.b.pdf')).toBe('pdf');
    expect(extOf('virus.exe')).toBeUndefined();
    expect(extOf('noextension')).toBeUndefined();
  });
});
