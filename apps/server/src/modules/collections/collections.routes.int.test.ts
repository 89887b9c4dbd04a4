import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkText } from '@veritext/reuse';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { findUserByEmail, setUserAdmin } from '../auth/users.repository.ts';
import { SqlFingerprintStore } from '../reuse/fingerprint-store.ts';
import { collectionImportJob } from './collections.jobs.ts';
import { UPLOADS_FOLDER } from './collection-uploads.ts';

const logger = pino({ level: process.env.VT_TEST_LOG ?? 'silent' });

const ESSAY_A = [
  'The printing press changed how knowledge travelled across Europe in the fifteenth century.',
  'Before Gutenberg, books were copied by hand in monasteries, a slow and costly labour that kept them rare.',
  'Movable metal type allowed a workshop to produce hundreds of identical pages in the time a scribe needed for one.',
  'Within fifty years presses were running in more than two hundred cities, and millions of volumes circulated.',
].join(' ');
const ESSAY_B =
  'Tidal pools host crabs, anemones and small fish that survive the daily retreat of the sea. ' +
  'Visitors should walk carefully on the wet rocks and leave every creature where they found it.';
const JSONL = [
  JSON.stringify({ id: 'volcano', title: 'Volcanoes', text: 'Volcanoes form where molten rock rises through cracks.' }),
  '{"id": "broken", "text": "an unfinished line',
  JSON.stringify({ text: 'Glaciers carve valleys slowly as the ice moves downhill under its own weight.' }),
].join('\n');

type Part = { name: string; value: string } | { name: string; fileName: string; bytes: Buffer };

/** A multipart/form-data body with any number of fields and files, in order. */
function multipartBody(parts: readonly Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----vtcollections${String(Date.now())}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const file = (fileName: string, text: string | Buffer): Part => ({
  name: 'files',
  fileName,
  bytes: typeof text === 'string' ? Buffer.from(text) : text,
});

type ImportView = {
  id: number;
  name: string;
  state: string;
  files: number;
  ignored: number;
  total: number | null;
  done: number;
  failed: number;
  failures: { file: string; line?: number; message: string }[];
  error: string | null;
};

describe(`reference collections API (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let dataDir: string;
  let adminToken: string;
  let userToken: string;
  let admin: TestBrowser;
  let ran = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vt-collection-uploads-'));
    t = await createTestApp({ dataDir });
    admin = new TestBrowser(t.app);
    const adminEmail = uniqueEmail('admin');
    expect((await admin.signUp({ email: adminEmail, password: STRONG_PASSWORD })).statusCode).toBe(200);
    expect(await setUserAdmin(t.handle.db, adminEmail, true)).toMatchObject({ is_admin: true });
    adminToken = (await findUserByEmail(t.handle.db, adminEmail))!.api_token;
    const other = new TestBrowser(t.app);
    const userEmail = uniqueEmail('member');
    expect((await other.signUp({ email: userEmail, password: STRONG_PASSWORD })).statusCode).toBe(200);
    userToken = (await findUserByEmail(t.handle.db, userEmail))!.api_token;
  });
  afterAll(async () => {
    await t.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function context(attempt = 1): JobContext {
    return {
      jobId: `test-${String(attempt)}`,
      queue: collectionImportJob.queueName,
      attempt,
      signal: new AbortController().signal,
      db: t.handle.db,
      logger,
    };
  }

  async function runJobs(): Promise<void> {
    for (const job of t.sentJobs.slice(ran)) {
      ran += 1;
      expect(job.queue).toBe('collection-import.v1');
      await collectionImportJob.handler(collectionImportJob.schema.parse(job.payload), context());
    }
  }

  function upload(token: string, parts: readonly Part[]): Promise<LightMyRequestResponse> {
    const { payload, contentType } = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/collections/',
      headers: { 'x-api-token': token, 'content-type': contentType },
      payload,
    });
  }

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token === undefined ? {} : { 'x-api-token': token } });

  async function importOf(id: number): Promise<ImportView> {
    const response = await get(`/api/v1/admin/collections/imports/${String(id)}/`, adminToken);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { import: ImportView } }>().data.import;
  }

  const uploadDirs = () =>
    existsSync(path.join(dataDir, UPLOADS_FOLDER)) ? readdirSync(path.join(dataDir, UPLOADS_FOLDER)) : [];

  it('is for site administrators only: 401 without a caller, 403 for anyone else', async () => {
    expect((await get('/api/v1/admin/collections/')).statusCode).toBe(401);
    const listed = await get('/api/v1/admin/collections/', userToken);
    expect(listed.statusCode).toBe(403);
    expect(listed.json()).toMatchObject({ success: false, error: { code: 'forbidden' } });
    const uploaded = await upload(userToken, [{ name: 'name', value: 'refs' }, file('a.txt', ESSAY_A)]);
    expect(uploaded.statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/collections/refs/',
      headers: { 'x-api-token': userToken },
    });
    expect(removed.statusCode).toBe(403);
    expect((await get('/api/v1/admin/collections/imports/1/', userToken)).statusCode).toBe(403);
    expect(t.sentJobs).toHaveLength(0);
    expect(uploadDirs()).toEqual([]);
  });

  it('tells the client who is an administrator', async () => {
    const profile = await get('/profile/get_credentials', adminToken);
    expect(profile.json()).toMatchObject({ user: { is_admin: true } });
    expect((await get('/profile/get_credentials', userToken)).json()).toMatchObject({ user: { is_admin: false } });
  });

  it('refuses a bad name, no files, or only files it cannot import, storing nothing', async () => {
    const badName = await upload(adminToken, [{ name: 'name', value: 'Bad Name' }, file('a.txt', ESSAY_A)]);
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { name: expect.any(String) } },
    });
    const traversalName = await upload(adminToken, [{ name: 'name', value: '../x' }, file('a.txt', ESSAY_A)]);
    expect(traversalName.statusCode).toBe(400);
    const noFiles = await upload(adminToken, [{ name: 'name', value: 'refs' }]);
    expect(noFiles.statusCode).toBe(400);
    expect(noFiles.json()).toMatchObject({ error: { fields: { files: expect.any(String) } } });
    const onlyOthers = await upload(adminToken, [{ name: 'name', value: 'refs' }, file('notes.md', 'markdown')]);
    expect(onlyOthers.statusCode).toBe(400);
    expect(t.sentJobs).toHaveLength(0);
    expect(uploadDirs()).toEqual([]);
  });

  it('imports a folder upload and a JSONL file through the job, recording progress and failures', async () => {
    const response = await upload(adminToken, [
      { name: 'name', value: 'school-refs' },
      { name: 'title', value: 'School references' },
      file('essays/2024/a.txt', ESSAY_A),
      file('essays/2024/b.txt', ESSAY_B),
      file('more/nature.jsonl', JSONL),
      file('essays/broken.docx', Buffer.from('this is not a zip archive at all')),
      file('../../outside.txt', 'A document whose name tried to leave the upload folder behind.'),
      file('essays/.DS_Store', 'junk'),
      file('essays/cover.png', 'not a document'),
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; data: { import: { id: number; state: string } } }>();
    expect(body).toEqual({ success: true, data: { import: { id: expect.any(Number), state: 'queued' } } });
    const id = body.data.import.id;

    // the files wait under DATA_DIR with their relative paths, none outside the upload's folder
    const [dir] = uploadDirs();
    expect(uploadDirs()).toHaveLength(1);
    const root = path.join(dataDir, UPLOADS_FOLDER, dir!);
    const stored = (readdirSync(root, { recursive: true }) as string[]).map((p) => p.split(path.sep).join('/')).sort();
    expect(stored).toEqual([
      'essays',
      'essays/2024',
      'essays/2024/a.txt',
      'essays/2024/b.txt',
      'essays/broken.docx',
      'more',
      'more/nature.jsonl',
      'outside.txt',
    ]);
    expect(existsSync(path.join(dataDir, 'outside.txt'))).toBe(false);

    expect(await importOf(id)).toMatchObject({ state: 'queued', name: 'school-refs', files: 5, ignored: 2, done: 0 });
    const listedMeanwhile = await get('/api/v1/admin/collections/', adminToken);
    expect(listedMeanwhile.json()).toMatchObject({ data: { imports: [{ id, state: 'queued' }] } });

    expect(t.sentJobs).toEqual([{ queue: 'collection-import.v1', payload: { importId: id } }]);
    await runJobs();

    const finished = await importOf(id);
    expect(finished).toMatchObject({ state: 'done', total: 7, done: 5, failed: 2, error: null });
    expect(finished.failures).toEqual([
      { file: 'essays/broken.docx', message: expect.any(String) },
      { file: 'more/nature.jsonl', line: 2, message: 'not valid JSON' },
    ]);
    expect(existsSync(root)).toBe(false);

    const listed = await get('/api/v1/admin/collections/', adminToken);
    expect(listed.statusCode).toBe(200);
    const data = listed.json<{
      data: {
        collections: { name: string; title: string; documents: number; words: number; created: string }[];
        imports: unknown[];
      };
    }>().data;
    expect(data.imports).toEqual([]);
    expect(data.collections).toEqual([
      expect.objectContaining({
        name: 'school-refs',
        title: 'School references',
        source_collection: 'ref:school-refs',
        documents: 5,
      }),
    ]);
    expect(data.collections[0]!.words).toBeGreaterThan(60);
    expect(Date.parse(data.collections[0]!.created)).not.toBeNaN();

    // the reuse engine of the text checks finds them
    const { rows } = await t.handle.db.query<{ key: string }>(
      "SELECT key FROM reuse_sources WHERE collection = 'ref:school-refs' ORDER BY key",
    );
    expect(rows.map((r) => r.key)).toEqual([
      'ref:school-refs:essays/2024/a.txt',
      'ref:school-refs:essays/2024/b.txt',
      'ref:school-refs:more/nature.jsonl#3',
      'ref:school-refs:outside.txt',
      'ref:school-refs:volcano',
    ]);
    const copied = ESSAY_A.split('. ').slice(1, 4).join('. ');
    const result = await checkText(new SqlFingerprintStore(t.handle.db), {
      text: `My homework about history. ${copied} That is all I have to say.`,
      language: 'en',
    });
    expect(result.matches[0]).toMatchObject({ sourceId: 'ref:school-refs:essays/2024/a.txt' });

    // a finished import is not run twice
    await collectionImportJob.handler({ importId: id }, context(2));
    expect(await importOf(id)).toMatchObject({ state: 'done', done: 5 });
  });

  it('takes 200 files in one upload, not 201, while other routes keep their one file', async () => {
    const tooMany = await upload(adminToken, [
      { name: 'name', value: 'many' },
      ...Array.from({ length: 201 }, (_, i) => file(`f${String(i)}.txt`, 'x')),
    ]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { files: '200 files at most' } },
    });
    expect(uploadDirs()).toEqual([]);
    const { payload, contentType } = multipartBody([
      { name: 'language', value: 'en' },
      { name: 'file', fileName: 'a.txt', bytes: Buffer.from(ESSAY_A) },
      { name: 'file', fileName: 'b.txt', bytes: Buffer.from(ESSAY_B) },
    ]);
    const validate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text/validate',
      headers: { 'x-api-token': adminToken, 'content-type': contentType },
      payload,
    });
    expect(validate.statusCode).toBe(400);
    expect(validate.json()).toMatchObject({ error: { fields: { file: 'One file at a time' } } });
  });

  it('fails an import whose documents cannot be read, with the reason', async () => {
    const response = await upload(adminToken, [
      { name: 'name', value: 'empty-lines' },
      file('only-bad.jsonl', '{not json}\n{"text": ""}\n'),
    ]);
    expect(response.statusCode).toBe(200);
    const id = response.json<{ data: { import: { id: number } } }>().data.import.id;
    await runJobs();
    const failed = await importOf(id);
    expect(failed).toMatchObject({ state: 'failed', done: 0, failed: 2, total: 2 });
    expect(failed.error).toMatch(/None of the 2 documents/);
    expect(failed.failures).toHaveLength(2);
    expect(uploadDirs()).toEqual([]);
    expect((await get('/api/v1/admin/collections/imports/999999/', adminToken)).statusCode).toBe(404);
  });

  it('takes a browser session with its CSRF token, and removes a collection by DELETE or form post', async () => {
    const noToken = multipartBody([{ name: 'name', value: 'session-refs' }, file('x.txt', ESSAY_B)]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/collections/',
      headers: { cookie: admin.jar.header(), 'content-type': noToken.contentType },
      payload: noToken.payload,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'csrf_invalid' } });

    const { token } = await admin.csrf();
    const withToken = multipartBody([
      { name: '_csrf_token', value: token },
      { name: 'name', value: 'session-refs' },
      file('x.txt', ESSAY_B),
    ]);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/collections/',
      headers: { cookie: admin.jar.header(), 'content-type': withToken.contentType },
      payload: withToken.payload,
    });
    expect(accepted.statusCode).toBe(200);
    await runJobs();

    const byForm = await admin.postForm('/api/v1/admin/collections/session-refs/remove/', { _csrf_token: token });
    expect(byForm.statusCode).toBe(200);
    expect(byForm.json()).toEqual({ success: true, data: { name: 'session-refs', documents: 1 } });

    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/collections/session-refs/',
      headers: { cookie: admin.jar.header(), 'x-csrf-token': token },
    });
    expect(missing.statusCode).toBe(404);

    const noCsrf = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/collections/school-refs/',
      headers: { cookie: admin.jar.header() },
    });
    expect(noCsrf.statusCode).toBe(403);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/collections/school-refs/',
      headers: { 'x-api-token': adminToken },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, data: { name: 'school-refs', documents: 5 } });
    const { rows } = await t.handle.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM reuse_sources WHERE collection = 'ref:school-refs'",
    );
    expect(rows[0]?.n).toBe(0);
    const after = (await get('/api/v1/admin/collections/', adminToken)).json<{
      data: { collections: { name: string }[] };
    }>();
    expect(after.data.collections.map((c) => c.name)).toEqual([]);
  });

  it('lets a revoked administrator in no more', async () => {
    const email = (
      await t.handle.db.query<{ email: string }>('SELECT email FROM users WHERE api_token = $1', [adminToken])
    ).rows[0]!.email;
    await setUserAdmin(t.handle.db, email, false);
    expect((await get('/api/v1/admin/collections/', adminToken)).statusCode).toBe(403);
    await setUserAdmin(t.handle.db, email, true);
    expect((await get('/api/v1/admin/collections/', adminToken)).statusCode).toBe(200);
  });
});
