import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ExtractError, type ExtractErrorCode } from './errors.ts';
import { extractText } from './extract.ts';
import { fixtureUrl, makeDocx, makeSlowDocx } from './test-helpers.ts';

const small = (): Uint8Array => new Uint8Array(readFileSync(fixtureUrl('sample.txt')));

async function codeOf(promise: Promise<unknown>): Promise<ExtractErrorCode | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(ExtractError);
    return (e as ExtractError).code;
  }
}

describe('extraction scheduling (B6: one extraction worker served everyone)', () => {
  it('a small file is read while four hostile uploads of other callers are still being read', async () => {
    const hostile = makeSlowDocx(40); // about 4 MB, seconds of parsing, no text
    const settled: string[] = [];
    const hostiles = Array.from({ length: 4 }, (_, i) =>
      codeOf(extractText(hostile, 'hostile.docx', { caller: `attacker-${String(i)}`, timeoutMs: 15_000 })).then(
        (code) => {
          settled.push(`hostile ${code}`);
        },
      ),
    );
    const text = await extractText(small(), 'essay.txt', { caller: 'visitor' });
    settled.push('small');
    expect(text.text).toContain('quick brown fox');
    // the small file did not wait for any of the hostile ones
    expect(settled).toEqual(['small']);
    await Promise.all(hostiles);
  }, 120_000);

  it("one caller's extra upload is refused with 'busy'; another caller is not", async () => {
    const hostile = makeSlowDocx(20);
    const first = codeOf(extractText(hostile, 'a.docx', { caller: 'greedy', maxPerCaller: 2, timeoutMs: 15_000 }));
    const second = codeOf(extractText(hostile, 'b.docx', { caller: 'greedy', maxPerCaller: 2, timeoutMs: 15_000 }));
    expect(await codeOf(extractText(small(), 'c.txt', { caller: 'greedy', maxPerCaller: 2 }))).toBe('busy');
    expect(await codeOf(extractText(small(), 'd.txt', { caller: 'someone-else', maxPerCaller: 2 }))).toBe('ok');
    expect(await first).toBe('empty'); // read to the end: the docx has no text
    expect(await second).toBe('empty');
    // once its files are done, the caller may upload again
    expect(await codeOf(extractText(small(), 'e.txt', { caller: 'greedy', maxPerCaller: 2 }))).toBe('ok');
  }, 120_000);

  it('a hostile file ends at its time limit', async () => {
    // A limit far below what reading it takes (seconds, more on a busy machine): with 1.5 s the read sometimes
    // finished first on CI ('empty'), so the limit proved nothing.
    const slow = makeSlowDocx(80);
    const began = performance.now();
    expect(await codeOf(extractText(slow, 'slow.docx', { timeoutMs: 300 }))).toBe('limits');
    expect(performance.now() - began).toBeLessThan(300 + 5_000);
  }, 60_000);
});

describe('the text bound (B4: a 24 MB text was read whole before its length was checked)', () => {
  const LETTERS = 'abcdefghij '; // 10 symbols in 11 characters

  it('a .txt with more symbols than the bound stops early with too-long; one within it is read whole', async () => {
    const huge = new TextEncoder().encode(LETTERS.repeat(2_200_000)); // 24 MB, 22,000,000 symbols
    expect(await codeOf(extractText(huge, 'huge.txt', { maxSymbols: 1_048_500 }))).toBe('too-long');
    const within = new TextEncoder().encode(LETTERS.repeat(104_850)); // 1,048,500 symbols exactly
    const read = await extractText(within, 'within.txt', { maxSymbols: 1_048_500 });
    expect(read.text.length).toBe(within.length);
    // spaces do not count: twice the bound in bytes, but the symbols fit
    const spaced = new TextEncoder().encode('a '.repeat(1_000_000));
    expect((await extractText(spaced, 'spaced.txt', { maxSymbols: 1_048_500 })).text.length).toBe(2_000_000);
    // without a bound, nothing changes
    expect((await extractText(huge, 'huge.txt')).text.length).toBe(huge.length);
  }, 60_000);

  it('a docx, a UTF-16 text and a windows-1252 text are bounded too', async () => {
    const words = `<w:r><w:t>${LETTERS.repeat(200)}</w:t></w:r>`; // 2,000 symbols a run
    expect(
      await codeOf(extractText(makeDocx(`<w:p>${words.repeat(60)}</w:p>`), 'long.docx', { maxSymbols: 100_000 })),
    ).toBe('too-long');
    expect(
      (await extractText(makeDocx(`<w:p>${words.repeat(40)}</w:p>`), 'ok.docx', { maxSymbols: 100_000 })).text,
    ).toContain('abcdefghij');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(LETTERS.repeat(1000), 'utf16le')]);
    expect(await codeOf(extractText(utf16, 'u.txt', { maxSymbols: 9_999 }))).toBe('too-long');
    expect(await codeOf(extractText(utf16, 'u.txt', { maxSymbols: 10_000 }))).toBe('ok');
    const latin = Buffer.from(`${'é'.repeat(5)}${LETTERS.repeat(1000)}`, 'latin1'); // not UTF-8: read as windows-1252
    expect(await codeOf(extractText(latin, 'l.txt', { maxSymbols: 10_005 }))).toBe('ok');
    expect(await codeOf(extractText(latin, 'l.txt', { maxSymbols: 10_004 }))).toBe('too-long');
  }, 60_000);
});

describe('handing the bytes over', () => {
  it('with transfer, a buffer of its own moves to the worker; a view into a larger buffer is copied', async () => {
    const own = new Uint8Array(readFileSync(fixtureUrl('sample.txt')));
    expect((await extractText(own, 'own.txt', { transfer: true })).text).toContain('quick brown fox');
    expect(own.byteLength).toBe(0); // detached: it now lives in the worker
    const whole = new TextEncoder().encode(`header ${'The quick brown fox jumps. '.repeat(10)}`);
    const view = whole.subarray(7);
    expect((await extractText(view, 'view.txt', { transfer: true })).text).toContain('quick brown fox');
    expect(whole.byteLength).toBeGreaterThan(0);
  });
});
