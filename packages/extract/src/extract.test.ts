import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ExtractError, EXTRACT_MESSAGES, MAX_FILE_BYTES, fileStatusFor, type ExtractErrorCode } from './errors.ts';
import { extractText, type ExtractOptions } from './extract.ts';
import { fixtureUrl, makeDocx, makeZipBomb } from './test-helpers.ts';

const ENGLISH = 'The quick brown fox jumps over the lazy dog near the riverbank.';
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(fixtureUrl(name)));

async function expectCode(
  bytes: Uint8Array,
  name: string,
  code: ExtractErrorCode,
  options?: ExtractOptions,
): Promise<ExtractError> {
  const error: unknown = await extractText(bytes, name, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractError);
  const e = error as ExtractError;
  expect(e.code).toBe(code);
  expect(e.message).toBe(EXTRACT_MESSAGES[code]);
  return e;
}

describe('extractText (worker)', () => {
  it('extracts every fixture format in a worker', async () => {
    const names = ['sample.txt', 'sample.rtf', 'sample.doc', 'sample.docx', 'sample.odt', 'sample.pdf'];
    const names2 = ['sample.ppt', 'sample.pptx', 'sample.odp'];
    const results = await Promise.all([...names, ...names2].map((n) => extractText(fixture(n), n.toUpperCase())));
    for (const r of results) expect(r.text).toContain(ENGLISH);
    expect(results.map((r) => r.format)).toEqual(['txt', 'rtf', 'doc', 'docx', 'odt', 'pdf', 'ppt', 'pptx', 'odp']);
  });

  it('refuses a file over 25 MB before parsing, with the spec message', async () => {
    await expectCode(new Uint8Array(MAX_FILE_BYTES + 1), 'big.txt', 'too-large');
    expect(EXTRACT_MESSAGES['too-large']).toBe('Bad file size');
    expect(fileStatusFor('too-large')).toBe('error-file-size');
  });

  it('refuses an unknown extension as bad format', async () => {
    await expectCode(new TextEncoder().encode('MZ...'), 'setup.exe', 'bad-format');
    expect(EXTRACT_MESSAGES['bad-format']).toBe('Bad file format');
    expect(fileStatusFor('bad-format')).toBe('error-file-format');
  });

  it('survives a zip bomb, a broken file and an encrypted file, then parses a good file', async () => {
    await expectCode(makeZipBomb(1024), 'bomb.docx', 'limits');
    const docx = fixture('sample.docx');
    await expectCode(docx.subarray(0, 1000), 'broken.docx', 'bad-format');
    await expectCode(fixture('encrypted.pdf'), 'locked.pdf', 'encrypted');
    await expectCode(fixture('image-only.pdf'), 'scan.pdf', 'no-text');
    await expectCode(makeDocx(''), 'empty.docx', 'empty');
    expect((await extractText(docx, 'good.docx')).text).toContain(ENGLISH);
  });

  it('terminates a worker that runs past the time limit, then still works', async () => {
    const e = await expectCode(fixture('sample.pdf'), 'slow.pdf', 'limits', { timeoutMs: 1 });
    expect(e.detail).toMatch(/longer than 1 ms/);
    expect((await extractText(fixture('sample.pdf'), 'next.pdf')).text).toContain(ENGLISH);
  });

  it('terminates a worker that runs out of memory, then still works', async () => {
    const big = new TextEncoder().encode('Señor Muñoz comió jalapeños. '.repeat(700_000));
    const e = await expectCode(big, 'huge.txt', 'limits', { maxMemoryMb: 8 });
    expect(e.detail).toMatch(/memory/);
    expect((await extractText(fixture('sample.txt'), 'next.txt')).text).toContain(ENGLISH);
  });
});
