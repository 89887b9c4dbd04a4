import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { multipart } from '../../../test/uploads.ts';
import { generateWiki, writeDump } from '../../../test/wikipedia-dump.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { findUserByEmail, setUserAdmin } from '../auth/users.repository.ts';
import { wikipediaImportJob } from './collections.jobs.ts';
import { UPLOADS_FOLDER } from './collection-uploads.ts';

const logger = pino({ level: process.env.VT_TEST_LOG ?? 'silent' });

type ImportView = {
  id: number;
  kind: string;
  name: string;
  title: string | null;
  state: string;
  total: number | null;
  done: number;
  failed: number;
  error: string | null;
  wikipedia: {
    pages: number;
    skipped: Record<string, number>;
    bytes_done: number;
    bytes_total: number;
  } | null;
};

describe(`Wikipedia dump upload (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let dataDir: string;
  let dir: string;
  let adminToken: string;
  let userToken: string;
  let dump: Buffer;
  const pages = generateWiki({ language: 'es', articles: 260, seed: 9 });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vt-wikipedia-uploads-'));
    dir = mkdtempSync(path.join(os.tmpdir(), 'vt-wikipedia-dump-'));
    const file = path.join(dir, 'eswiki.xml.bz2');
    await writeDump(file, 'es', pages, 'multistream');
    dump = readFileSync(file);
    t = await createTestApp({ dataDir });
    const admin = new TestBrowser(t.app);
    const adminEmail = uniqueEmail('admin');
    expect((await admin.signUp({ email: adminEmail, password: STRONG_PASSWORD })).statusCode).toBe(200);
    await setUserAdmin(t.handle.db, adminEmail, true);
    adminToken = (await findUserByEmail(t.handle.db, adminEmail))!.api_token;
    const other = new TestBrowser(t.app);
    const userEmail = uniqueEmail('member');
    expect((await other.signUp({ email: userEmail, password: STRONG_PASSWORD })).statusCode).toBe(200);
    userToken = (await findUserByEmail(t.handle.db, userEmail))!.api_token;
  });
  afterAll(async () => {
    await t.dispose();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  function upload(
    token: string,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer },
  ): Promise<LightMyRequestResponse> {
    const { payload, contentType } = multipart(
      fields,
      file === undefined
        ? undefined
        : { field: 'dump', name: file.name, type: 'application/x-bzip2', bytes: file.bytes },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/collections/wikipedia/',
      headers: { 'x-api-token': token, 'content-type': contentType },
      payload,
    });
  }

  async function importOf(id: number): Promise<ImportView> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/collections/imports/${String(id)}/`,
      headers: { 'x-api-token': adminToken },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { import: ImportView } }>().data.import;
  }

  const uploadDirs = () =>
    existsSync(path.join(dataDir, UPLOADS_FOLDER)) ? readdirSync(path.join(dataDir, UPLOADS_FOLDER)) : [];

  function context(attempt: number, signal: AbortSignal): JobContext {
    return {
      jobId: `test-${String(attempt)}`,
      queue: wikipediaImportJob.queueName,
      attempt,
      signal,
      db: t.handle.db,
      logger,
    };
  }

  it('refuses other callers, other files and what is not a dump, keeping nothing', async () => {
    const stranger = await upload(userToken, { name: 'eswiki' }, { name: 'eswiki.xml.bz2', bytes: dump });
    expect(stranger.statusCode).toBe(403);
    const text = await upload(adminToken, { name: 'eswiki' }, { name: 'notes.txt', bytes: Buffer.from('notes') });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: { code: 'validation_failed', fields: { dump: expect.any(String) } } });
    const none = await upload(adminToken, { name: 'eswiki' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: { fields: { dump: expect.any(String) } } });
    const fake = await upload(
      adminToken,
      { name: 'eswiki' },
      { name: 'x.xml.bz2', bytes: Buffer.from('PK\u0003\u0004zip') },
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({
      error: { fields: { dump: expect.stringContaining('neither a bzip2 file nor XML') } },
    });
    const badName = await upload(adminToken, { name: 'Es Wiki' }, { name: 'eswiki.xml.bz2', bytes: dump });
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({ error: { fields: { name: expect.any(String) } } });
    expect(t.sentJobs).toHaveLength(0);
    expect(uploadDirs()).toEqual([]);
  });

  it('stores the dump, and the job imports it in stretches, resuming after a stop, then deletes it', async () => {
    const response = await upload(
      adminToken,
      { name: 'eswiki', title: 'Wikipedia (es)' },
      { name: 'eswiki-20240501-pages-articles-multistream.xml.bz2', bytes: dump },
    );
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ data: { import: { id: number; state: string } } }>().data.import;
    expect(t.sentJobs).toEqual([{ queue: 'wikipedia-import.v1', payload: { importId: id } }]);
    const [folder] = uploadDirs();
    expect(readdirSync(path.join(dataDir, UPLOADS_FOLDER, folder ?? ''))).toEqual([
      'eswiki-20240501-pages-articles-multistream.xml.bz2',
    ]);
    expect(await importOf(id)).toMatchObject({
      kind: 'wikipedia',
      name: 'eswiki',
      title: 'Wikipedia (es)',
      state: 'queued',
      total: null,
      wikipedia: { pages: 0, bytes_done: 0, bytes_total: dump.length },
    });

    // the worker shuts down during the first batch: the job stops after it, the dump stays for the retry
    const stopping = new AbortController();
    stopping.abort();
    await wikipediaImportJob.handler({ importId: id }, context(1, stopping.signal));
    const paused = await importOf(id);
    expect(paused).toMatchObject({ state: 'running', done: 200, total: null });
    expect(paused.wikipedia?.pages).toBeGreaterThan(200);
    expect(uploadDirs()).toHaveLength(1);

    // the retry resumes there and finishes
    await wikipediaImportJob.handler({ importId: id }, context(2, new AbortController().signal));
    const articles = pages.filter((p) => p.kind === 'article').length;
    expect(await importOf(id)).toMatchObject({
      state: 'done',
      done: articles,
      failed: 0,
      total: articles,
      error: null,
      wikipedia: {
        pages: pages.length,
        skipped: {
          redirect: pages.filter((p) => p.kind === 'redirect').length,
          namespace: pages.filter((p) => p.kind === 'namespace').length,
          disambiguation: 3,
          short: 5,
        },
        bytes_done: dump.length,
        bytes_total: dump.length,
      },
    });
    expect(uploadDirs()).toEqual([]);
    const { rows } = await t.handle.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM reuse_sources WHERE collection = 'ref:eswiki'",
    );
    expect(rows[0]?.n).toBe(articles);

    // a late or repeated job finds the import finished
    await wikipediaImportJob.handler({ importId: id }, context(3, new AbortController().signal));
    expect((await importOf(id)).state).toBe('done');
  }, 120_000);

  it('fails a dump cut short, deleting it, and keeps the articles before the cut', async () => {
    // cut inside the last stream of pages: the 200 articles of the first batch come before it
    const cut = dump.subarray(0, dump.length - 2000);
    const response = await upload(adminToken, { name: 'cut' }, { name: 'eswiki.xml.bz2', bytes: cut });
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ data: { import: { id: number } } }>().data.import;
    await wikipediaImportJob.handler({ importId: id }, context(1, new AbortController().signal));
    const failed = await importOf(id);
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringContaining('the download looks incomplete') });
    expect(failed.done).toBe(200);
    expect(uploadDirs()).toEqual([]);
  }, 120_000);
});
