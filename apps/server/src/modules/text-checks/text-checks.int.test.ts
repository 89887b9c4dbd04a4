import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { docx, multipart } from '../../../test/uploads.ts';
import { findUserByEmail } from '../auth/users.repository.ts';

/** A sentence of 25 English words (written for this test). */
const SENTENCE =
  'The students in our school have learned that reading every day is one of the best ways to improve their writing and thinking at home.';

/** 300 words of English, in 12 lines with Unix line endings. */
const ENGLISH_300 = Array.from({ length: 12 }, () => SENTENCE).join('\n');

/** A Spanish paragraph (written for this test). */
const SPANISH = `La educación a distancia se ha convertido en una herramienta esencial para garantizar el acceso al conocimiento en todas las regiones. Permite que los estudiantes organicen su tiempo de manera flexible y avancen a su propio ritmo. Además, las plataformas digitales ofrecen recursos variados, como vídeos, lecturas y ejercicios interactivos, que facilitan la comprensión de los contenidos.`;

/** Mostly numbers: a table of figures with a few words. */
const NUMBERS = `Results 2024: 1234567 2345678 3456789 4567890 5678901 6789012 7890123 8901234 9012345 0123456 1122334 5566778 total ok`;

const SEVENTY_SYMBOLS = 'abcdefghij '.repeat(7); // 70 letters, 7 words

type Validation = { success: boolean; pages: number; hash: string | null; message: string; code: number | null };

/** The first bytes of a PNG image. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(64, 7),
]);

describe(`text verification API (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let apiToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('text');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    apiToken = (await findUserByEmail(t.handle.db, email))!.api_token;
  });
  afterAll(async () => {
    await t.dispose();
  });

  /** A form post with the X-API-TOKEN header (no CSRF needed). */
  async function validate(fields: Record<string, string>): Promise<Validation> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text/validate',
      headers: { 'x-api-token': apiToken, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ language: 'en', ...fields }).toString(),
    });
    expect(response.statusCode).toBe(200);
    return response.json<Validation>();
  }

  async function validateFile(name: string, type: string, bytes: Buffer): Promise<LightMyRequestResponse> {
    const { payload, contentType } = multipart({ language: 'en' }, { field: 'file', name, type, bytes });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/text/validate',
      headers: { 'x-api-token': apiToken, 'content-type': contentType },
      payload,
    });
  }

  it('a 300-word English text: success, 2 pages, a hash that ignores line endings', async () => {
    const body = await validate({ text: ENGLISH_300 });
    expect(body).toEqual({
      success: true,
      pages: 2,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      message: '',
      code: null,
    });
    const crlf = await validate({ text: ENGLISH_300.replace(/\n/g, '\r\n') });
    expect(crlf.hash).toBe(body.hash);
    const other = await validate({ text: ENGLISH_300 + ' Again.' });
    expect(other.hash).not.toBe(body.hash);
  });

  it('70 symbols: code 1 with the spec message; spaces and special characters do not count', async () => {
    expect(await validate({ text: SEVENTY_SYMBOLS })).toEqual({
      success: false,
      pages: 0,
      hash: expect.any(String),
      code: 1,
      message:
        'Text is too short. Minimum number of symbols required for check (spaces and special characters excluding) - 80',
    });
    expect((await validate({ text: SEVENTY_SYMBOLS + '!!! ??? ... ---' })).code).toBe(1);
    expect((await validate({ text: SEVENTY_SYMBOLS + 'abcdefghij' })).code).toBeNull();
    expect((await validate({ text: '' })).code).toBe(1);
  });

  it('mostly numbers: code 3 warning with the pages kept; with the skip flag clean', async () => {
    expect(await validate({ text: NUMBERS })).toEqual({
      success: true,
      pages: 1,
      hash: expect.any(String),
      code: 3,
      message: 'Minimum percentage of letters: 80%',
    });
    for (const flag of ['true', '1']) {
      expect(await validate({ text: NUMBERS, skip_percentage_words_validation: flag })).toMatchObject({
        success: true,
        pages: 1,
        code: null,
        message: '',
      });
    }
    expect((await validate({ text: NUMBERS, skip_percentage_words_validation: 'false' })).code).toBe(3);
  });

  it('a Spanish text sent as English: code 4 warning; with the skip flag or as es clean', async () => {
    expect(await validate({ text: SPANISH })).toEqual({
      success: true,
      pages: 1,
      hash: expect.any(String),
      code: 4,
      message: 'Your text contains too many words that are not common in English.',
    });
    expect(await validate({ text: SPANISH, skip_english_words_validation: 'true' })).toMatchObject({
      success: true,
      pages: 1,
      code: null,
    });
    expect((await validate({ text: SPANISH, language: 'es' })).code).toBeNull();
  });

  it('a docx upload: pages from its text, the same hash as the pasted text', async () => {
    const response = await validateFile(
      'essay.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      docx(Array.from({ length: 12 }, () => SENTENCE).join(' ')),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<Validation>();
    expect(body).toMatchObject({ success: true, pages: 2, code: null });
    const pasted = await validate({ text: Array.from({ length: 12 }, () => SENTENCE).join(' ') });
    expect(body.hash).toBe(pasted.hash);
  });

  it('a PNG named .docx: code 0 Bad file format', async () => {
    const response = await validateFile('essay.docx', 'application/octet-stream', PNG);
    expect(response.statusCode).toBe(200);
    expect(response.json<Validation>()).toEqual({
      success: false,
      pages: 0,
      hash: null,
      code: 0,
      message: 'Bad file format',
    });
  });

  it('more symbols than the maximum: code 5', async () => {
    const words = 'abcdefghijklmnopq '.repeat(61_700); // 1,048,900 letters
    const response = await validateFile('long.txt', 'text/plain', Buffer.from(words));
    expect(response.statusCode).toBe(200);
    expect(response.json<Validation>()).toMatchObject({ success: false, pages: 0, code: 5 });
    expect(response.json<Validation>().message).toMatch(/Maximum number of symbols.*1048500/);
  });

  it('a browser with a CSRF token is answered; without one it gets 403', async () => {
    const browser = new TestBrowser(t.app);
    const { token, guest_csrf } = await browser.csrf();
    const withToken = await browser.postForm('/api/v1/text/validate', {
      text: ENGLISH_300,
      language: 'en',
      _csrf_token: token,
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json<Validation>()).toMatchObject({ success: true, pages: 2, code: null });
    const withGuestToken = await browser.postForm('/api/v1/text/validate', {
      text: ENGLISH_300,
      _csrf_token: guest_csrf,
    });
    expect(withGuestToken.statusCode).toBe(200);
    const without = await browser.postForm('/api/v1/text/validate', { text: ENGLISH_300, language: 'en' });
    expect(without.statusCode).toBe(403);
    const bad = await browser.postForm('/api/v1/text/validate', { text: ENGLISH_300, _csrf_token: 'x.y' });
    expect(bad.statusCode).toBe(403);
  });

  it('group_id of a group the caller is not in: 403', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text/validate',
      headers: { 'x-api-token': apiToken, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ text: ENGLISH_300, group_id: '999999' }).toString(),
    });
    expect(response.statusCode).toBe(403);
  });

  it('a text and a file at once, or JSON, are refused', async () => {
    const { payload, contentType } = multipart(
      { text: ENGLISH_300 },
      { field: 'file', name: 'a.txt', type: 'text/plain', bytes: Buffer.from(ENGLISH_300) },
    );
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text/validate',
      headers: { 'x-api-token': apiToken, 'content-type': contentType },
      payload,
    });
    expect(both.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text/validate',
      headers: { 'x-api-token': apiToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: ENGLISH_300 }),
    });
    expect(json.statusCode).toBe(415);
  });
});
