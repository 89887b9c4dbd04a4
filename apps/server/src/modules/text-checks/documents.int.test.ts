import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimilarityReport, TextDocument } from '@veritext/contracts';
import { countWords } from '@veritext/text';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import {
  ESSAY_PARAGRAPH_EDITED,
  ESSAY_WITH_REUSE,
  GARDEN_ESSAY,
  GARDEN_REUSE,
  LIGHTHOUSE_ARTICLE,
  ORIGINAL_ESSAY,
} from '../../../test/texts.ts';
import { docx, multipart } from '../../../test/uploads.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { findUserByEmail, type UserRecord } from '../auth/users.repository.ts';
import { importCollection } from '../collections/collections.service.ts';
import { findAccountById, findAccountOfGroup, findAccountOfUser, listEntries } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { SqlFingerprintStore } from '../reuse/fingerprint-store.ts';
import { closeSharedSimilarityReportRenderer } from './similarity-report.ts';
import { closeSharedReuseChecker, createReuseChecker, type ReuseChecker } from './reuse-checker.ts';
import { failAbandonedTextChecks, indexKey, processTextCheck } from './text-checks.process.ts';
import { findTextCheck } from './text-checks.repository.ts';

const logger = pino({ level: process.env.VT_TEST_LOG ?? 'silent' });

function firstWords(text: string, count: number): string {
  return text.split(/\s+/).slice(0, count).join(' ');
}

describe(`plagiarism check API (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);
  let folder: string;

  beforeAll(async () => {
    t = await createTestApp();
    folder = await mkdtemp(join(tmpdir(), 'vt-ref-'));
    await writeFile(join(folder, 'lighthouses.txt'), LIGHTHOUSE_ARTICLE);
    await importCollection(t.handle.db, { name: 'maritime', path: folder, title: 'Maritime history' });
  });
  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await closeSharedSimilarityReportRenderer();
    await rm(folder, { recursive: true, force: true });
    await t.dispose();
  });

  async function member(
    pages: number,
    aiPages = 0,
  ): Promise<{ browser: TestBrowser; user: UserRecord; accountId: number }> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('doc');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const user = (await findUserByEmail(t.handle.db, email))!;
    const account = (await findAccountOfUser(t.handle.db, user.id))!;
    if (pages > 0) await creditPages(t.handle.db, { accountId: account.id, bucket: 'balance', pages, kind: 'deposit' });
    if (aiPages > 0) {
      await creditPages(t.handle.db, { accountId: account.id, bucket: 'ai_balance', pages: aiPages, kind: 'deposit' });
    }
    return { browser, user, accountId: account.id };
  }

  async function guest(): Promise<{ browser: TestBrowser; accountId: number }> {
    const browser = new TestBrowser(t.app);
    const { guest_csrf } = await browser.csrf();
    const registered = await browser.postForm('/guest/registration/', {
      _csrf_token: guest_csrf,
      'guest-security-token': await browser.botToken(),
    });
    expect(registered.statusCode).toBe(200);
    const token = registered.json<{ data: { api: string } }>().data.api;
    const { rows } = await t.handle.db.query<{ id: number }>('SELECT id FROM users WHERE api_token = $1', [token]);
    return { browser, accountId: (await findAccountOfUser(t.handle.db, rows[0]!.id))!.id };
  }

  async function submit(browser: TestBrowser, fields: Record<string, string>, path = '/api/v1/text') {
    const { token, guest_csrf } = await browser.csrf();
    return browser.postForm(path, {
      language: 'en',
      ...fields,
      _csrf_token: fields['guest'] === undefined ? token : guest_csrf,
    });
  }

  function idOf(response: LightMyRequestResponse): number {
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ success: boolean; data: { text: { id: number; state: number } } }>();
    expect(body.data.text.state).toBe(3);
    return body.data.text.id;
  }

  async function report(browser: TestBrowser, id: number): Promise<SimilarityReport> {
    const response = await browser.get(`/api/v1/text/report/${String(id)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SimilarityReport }>().data;
  }

  async function state(browser: TestBrowser, id: number): Promise<TextDocument> {
    const response = await browser.get(`/api/v1/text/${String(id)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: TextDocument }>().data;
  }

  /** [kind, bucket, available delta, held delta] of an account's entries for a check. */
  async function entriesOf(accountId: number, reference: string): Promise<[string, string, number, number][]> {
    return (await listEntries(t.handle.db, accountId))
      .filter((entry) => entry.reference === reference)
      .map((entry) => [entry.kind, entry.bucket, entry.available_delta, entry.held_delta]);
  }

  it('a guest checks one free page: the reference source is found and its edited paragraph marked; the bonus drops by 1', async () => {
    const { browser, accountId } = await guest();
    const text = firstWords(ESSAY_WITH_REUSE, 275);
    expect(countWords(text)).toBe(275);
    const before = (await findAccountById(t.handle.db, accountId))!;
    expect(before.bonus).toBe(1);

    const id = idOf(await submit(browser, { text, guest: '1' }));
    expect((await state(browser, id)).state).toBe(3);
    // not ready yet: no report
    expect((await browser.get(`/api/v1/text/report/${String(id)}`)).statusCode).toBe(409);
    await jobs.run();

    const document = await state(browser, id);
    expect(document).toMatchObject({ state: 5, pages: 1, words: 275, in_index: true });
    const data = await report(browser, id);
    expect(data.plagiarism.sources).toHaveLength(1);
    const source = data.plagiarism.sources[0]!;
    expect(source.source).toBe('lighthouses.txt');
    expect(source.sourceType).toBe('ref:maritime');
    expect(source.index[0]?.type).toBe('general');
    // the edited paragraph is covered by marked nodes, the rest of the essay is not
    const marked = data.plagiarism.nodes.filter((node) => node.sources.includes(1));
    const markedText = marked.map((node) => node.text).join('');
    expect(markedText.length).toBeGreaterThan(ESSAY_PARAGRAPH_EDITED.length * 0.8);
    const start = text.indexOf(ESSAY_PARAGRAPH_EDITED);
    for (const node of marked) {
      expect(node.start).toBeGreaterThanOrEqual(start - 5);
      expect(node.end).toBeLessThanOrEqual(start + ESSAY_PARAGRAPH_EDITED.length + 5);
    }
    expect(marked.some((node) => node.isChangedIndex || node.isIdentical)).toBe(true);
    expect(data.plagiarism.percents.total).toBeGreaterThan(20);
    expect(data.plagiarism.percents.total).toBeLessThan(40);
    expect(document.percent).toBe(data.plagiarism.percents.total);
    // a guest's check reached the free page: the report says only the first 275 words were checked
    expect(data.cut_at_words).toBe(275);

    const after = (await findAccountById(t.handle.db, accountId))!;
    expect([after.bonus, after.held_bonus]).toEqual([0, 0]);
    expect(await entriesOf(accountId, `text-check:${String(id)}`)).toEqual([
      ['hold', 'bonus', -1, 1],
      ['charge', 'bonus', 0, -1],
    ]);
    // the free page is spent: a full check needs a sign-up
    const again = await submit(browser, { text: ORIGINAL_ESSAY, guest: '1' });
    expect(again.statusCode).toBe(402);
    expect(again.json()).toMatchObject({ message: 'Please sign up to run a full check.' });
  });

  it('downloads the Similarity report as a PDF with the text and its source; JSON with a message otherwise', async () => {
    const user = await member(3);
    const id = idOf(await submit(user.browser, { text: ESSAY_WITH_REUSE.replace('northern', 'southern') }));
    const url = `/profile/fingerprint/download-pdf/${String(id)}/`;
    const post = async (who: TestBrowser, fields: Record<string, string> = {}) =>
      who.postForm(url, { ...fields, _csrf_token: (await who.csrf()).token });
    const early = await post(user.browser);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      success: false,
      message: 'The PDF report is available once the check is done.',
    });
    await jobs.run();
    // a member's check covers the whole text: no cut in the report
    expect(await report(user.browser, id)).not.toHaveProperty('cut_at_words');
    const response = await post(user.browser);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`veritext-similarity-report-${String(id)}.pdf`);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    // titled by the document; the check's number beside it
    expect(flat).toContain('SIMILARITY REPORT');
    expect(flat).toContain(`Check no. ${String(id)}`);
    expect(flat).toContain('lighthouses.txt');
    expect(flat).toContain('the keeper grew older');
    const stranger = await member(0);
    expect((await post(stranger.browser)).statusCode).toBe(404);
    expect((await post(user.browser, { type: '9' })).statusCode).toBe(400);
  });

  it("a second user's check finds the first user's checked document as a source", async () => {
    const first = await member(5);
    const firstId = idOf(await submit(first.browser, { text: GARDEN_ESSAY }));
    await jobs.run();
    expect((await report(first.browser, firstId)).plagiarism.sources).toEqual([]);

    const second = await member(5);
    const secondId = idOf(await submit(second.browser, { text: GARDEN_REUSE }));
    await jobs.run();
    const data = await report(second.browser, secondId);
    expect(data.plagiarism.sources).toHaveLength(1);
    const source = data.plagiarism.sources[0]!;
    expect(source.index).toEqual([{ type: 'checked', db_id: indexKey(firstId) }]);
    expect(source.sourceType).toBe('checked');
    // the source says whose it is (someone else's), not its owner, title or text
    expect(source.link.name).toMatch(/^A document submitted to Veritext on \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(source.origin).toMatchObject({ kind: 'instance' });
    expect(source.source).toBe(source.link.name);
    expect(data.plagiarism.percents.identical).toBeGreaterThan(40);
    expect(data.plagiarism.nodes.some((node) => node.isIdentical && node.text.includes('compost is shared'))).toBe(
      true,
    );
    // the first user cannot read the second user's document, and the other way round
    expect((await first.browser.get(`/api/v1/text/${String(secondId)}`)).statusCode).toBe(404);
    expect((await second.browser.get(`/api/v1/text/report/${String(firstId)}`)).statusCode).toBe(404);
  });

  it('a check kept out of the index is never found by later checks', async () => {
    const first = await member(5);
    const privateText = ORIGINAL_ESSAY.replace('cello', 'violin');
    const firstId = idOf(await submit(first.browser, { text: privateText, exclude_from_index: 'true' }));
    await jobs.run();
    expect((await state(first.browser, firstId)).in_index).toBe(false);
    const second = await member(5);
    const secondId = idOf(await submit(second.browser, { text: privateText }));
    await jobs.run();
    expect((await report(second.browser, secondId)).plagiarism.sources).toEqual([]);
  });

  it('exclude_from_index is honoured by /api/v1/text/create and by a file upload: no index entry (issue 13, A5)', async () => {
    const user = await member(6);
    const created = idOf(
      await submit(
        user.browser,
        { text: GARDEN_ESSAY.replace('forty', 'seventy'), exclude_from_index: 'true' },
        '/api/v1/text/create',
      ),
    );
    const { token } = await user.browser.csrf();
    const form = multipart(
      { _csrf_token: token, language: 'en', exclude_from_index: '1' },
      {
        field: 'file',
        name: 'kept-out.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bytes: docx(GARDEN_REUSE.replace(/\n\n/g, ' ').replace('playground', 'courtyard')),
      },
    );
    const uploaded = idOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/text',
        payload: form.payload,
        headers: { 'content-type': form.contentType, cookie: user.browser.jar.header() },
      }),
    );
    const shared = idOf(await submit(user.browser, { text: GARDEN_ESSAY.replace('forty', 'eighty') }));
    await jobs.run();
    for (const id of [created, uploaded]) {
      expect(await state(user.browser, id)).toMatchObject({ state: 5, in_index: false });
    }
    const keys = async (id: number) =>
      (await t.handle.db.query('SELECT id FROM reuse_sources WHERE key = $1', [indexKey(id)])).rows.length;
    expect(await keys(created)).toBe(0);
    expect(await keys(uploaded)).toBe(0);
    // the same path without the flag joins the index
    expect(await keys(shared)).toBe(1);
  });

  it('the same text within 10 seconds, and while in progress, is refused; pages are held once', async () => {
    const user = await member(3);
    const id = idOf(await submit(user.browser, { text: ORIGINAL_ESSAY }));
    const duplicate = await submit(user.browser, { text: ORIGINAL_ESSAY });
    expect(duplicate.statusCode).toBe(429);
    expect(duplicate.json()).toMatchObject({ message: 'You submitted this text less than 10 seconds ago' });
    // older than 10 seconds but still in progress
    await t.handle.db.query("UPDATE text_checks SET created_at = now() - interval '30 seconds' WHERE id = $1", [id]);
    const inProgress = await submit(user.browser, { text: ORIGINAL_ESSAY });
    expect(inProgress.statusCode).toBe(409);
    expect(inProgress.json()).toMatchObject({ message: 'Text is already in progress' });
    // the new user's bonus page pays for the first check
    expect((await findAccountById(t.handle.db, user.accountId))!).toMatchObject({
      bonus: 0,
      held_bonus: 1,
      balance: 3,
    });
    await jobs.run();
    // done: the same text may be checked again
    idOf(await submit(user.browser, { text: ORIGINAL_ESSAY }));
    await jobs.run();
    expect((await findAccountById(t.handle.db, user.accountId))!).toMatchObject({
      bonus: 0,
      held_bonus: 0,
      balance: 2,
      held_balance: 0,
    });
  });

  it('without enough pages nothing is stored or held; a text that cannot be checked gets its message', async () => {
    const user = await member(0);
    const none = await submit(user.browser, { text: ESSAY_WITH_REUSE });
    expect(none.statusCode).toBe(402);
    expect(none.json()).toMatchObject({
      message: 'Not enough pages on your balance to complete the check. Add more pages.',
    });
    // a new user's one bonus page covers a one-page text
    const rows = await t.handle.db.query('SELECT 1 FROM text_checks WHERE user_id = $1', [user.user.id]);
    expect(rows.rows).toHaveLength(0);
    const tooShort = await submit(user.browser, { text: 'Too short to check.' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ code: 1, message: expect.stringContaining('Minimum number of symbols') });
    const changed = await submit(user.browser, { text: ORIGINAL_ESSAY, hash: 'f'.repeat(64) });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ error: { code: 'text_hash_mismatch' } });
    // the hash of /validate is accepted
    const { token } = await user.browser.csrf();
    const verified = (
      await user.browser.postForm('/api/v1/text/validate', { text: ORIGINAL_ESSAY, language: 'en', _csrf_token: token })
    ).json<{ hash: string }>();
    idOf(await submit(user.browser, { text: `  ${ORIGINAL_ESSAY}\r\n`, hash: verified.hash }));
    const held = (await findAccountById(t.handle.db, user.accountId))!;
    expect([held.bonus, held.held_bonus]).toEqual([0, 1]);
    await jobs.run();
  });

  it('the create variant holds pages below zero when the account allows it', async () => {
    const user = await member(0);
    await t.handle.db.query('UPDATE accounts SET negative_balance_allowed = true WHERE id = $1', [user.accountId]);
    const text = `${GARDEN_ESSAY}\n\n${ORIGINAL_ESSAY}`; // two pages; one bonus page
    const response = await submit(user.browser, { text }, '/api/v1/text/create');
    const id = idOf(response);
    expect(response.json<{ hash: string }>().hash).toMatch(/^[0-9a-f]{64}$/);
    await jobs.run();
    expect((await findAccountById(t.handle.db, user.accountId))!).toMatchObject({ bonus: 0, balance: -1 });
    expect(await entriesOf(user.accountId, `text-check:${String(id)}`)).toEqual([
      ['hold', 'bonus', -1, 1],
      ['hold', 'balance', -1, 1],
      ['charge', 'bonus', 0, -1],
      ['charge', 'balance', 0, -1],
    ]);
  });

  it('a worker killed mid-check: the retry finishes it, its pages are charged once and it never reports itself', async () => {
    const user = await member(2);
    const id = idOf(await submit(user.browser, { text: LIGHTHOUSE_ARTICLE.replace('Pharos', 'lighthouse') }));
    jobs.skip();
    const store = new SqlFingerprintStore(t.handle.db);
    // first attempt: the engine's worker thread dies after the document joined the index
    const checker = createReuseChecker();
    const dying: ReuseChecker = {
      async check(s, request) {
        const result = await checker.check(s, request);
        await store.add(
          { id: indexKey(id), text: request.text, collection: 'checked', title: 'x', url: null },
          result.keys,
        );
        await checker.close();
        throw new Error('Reuse engine worker exited with code 1');
      },
      close: () => checker.close(),
    };
    await expect(
      processTextCheck(t.handle.db, { checker: dying, store }, id, { isLastAttempt: false, logger }),
    ).rejects.toThrow('exited');
    expect((await findTextCheck(t.handle.db, id))!).toMatchObject({ state: 3, attempts: 1 });
    // the retry, and a duplicate delivery of the job afterwards
    const fresh = createReuseChecker();
    await processTextCheck(t.handle.db, { checker: fresh, store }, id, { isLastAttempt: false, logger });
    await processTextCheck(t.handle.db, { checker: fresh, store }, id, { isLastAttempt: false, logger });
    await fresh.close();
    const data = await report(user.browser, id);
    // the reference article is found; the check's own document (already indexed) is not
    expect(data.plagiarism.sources.map((source) => source.sourceType)).toContain('ref:maritime');
    expect(data.plagiarism.sources.map((source) => source.index[0]?.db_id)).not.toContain(indexKey(id));
    expect(await entriesOf(user.accountId, `text-check:${String(id)}`)).toEqual([
      ['hold', 'bonus', -1, 1],
      ['charge', 'bonus', 0, -1],
    ]);
  });

  it('a check failing on its last attempt, or abandoned, releases its pages and leaves the index', async () => {
    const user = await member(2);
    const failing = idOf(await submit(user.browser, { text: GARDEN_REUSE.replace('school', 'college') }));
    const abandoned = idOf(await submit(user.browser, { text: ORIGINAL_ESSAY.replace('cello', 'piano') }));
    jobs.skip();
    const store = new SqlFingerprintStore(t.handle.db);
    await store.add(
      { id: indexKey(failing), text: 'stale words of the check', collection: 'checked', title: '', url: null },
      [1, 2, 3],
    );
    const broken: ReuseChecker = {
      check: () => Promise.reject(new Error('engine broke')),
      close: async () => undefined,
    };
    await expect(
      processTextCheck(t.handle.db, { checker: broken, store }, failing, { isLastAttempt: true, logger }),
    ).rejects.toThrow('engine broke');
    const failed = await state(user.browser, failing);
    expect(failed).toMatchObject({ state: 4, in_index: false, error: expect.stringContaining('pages were returned') });
    expect((await store.getSources([indexKey(failing)])).size).toBe(0);
    expect((await browserReport(user.browser, failing)).statusCode).toBe(409);

    await t.handle.db.query("UPDATE text_checks SET created_at = now() - interval '2 hours' WHERE id = $1", [
      abandoned,
    ]);
    expect(await failAbandonedTextChecks(t.handle.db, store)).toBe(1);
    expect(await failAbandonedTextChecks(t.handle.db, store)).toBe(0);
    expect((await state(user.browser, abandoned)).state).toBe(4);
    expect((await findAccountById(t.handle.db, user.accountId))!).toMatchObject({
      bonus: 1,
      held_bonus: 0,
      balance: 2,
      held_balance: 0,
    });
  });

  it('a check deleted while it runs (its owner deleted the account) leaves nothing in the index', async () => {
    const user = await member(2);
    const id = idOf(await submit(user.browser, { text: ORIGINAL_ESSAY.replace('cello', 'zither') }));
    jobs.skip();
    const store = new SqlFingerprintStore(t.handle.db);
    const checker = createReuseChecker();
    const deleting: ReuseChecker = {
      async check(s, request) {
        const result = await checker.check(s, request);
        await t.handle.db.query('DELETE FROM text_checks WHERE id = $1', [id]);
        return result;
      },
      close: () => checker.close(),
    };
    await processTextCheck(t.handle.db, { checker: deleting, store }, id, { isLastAttempt: false, logger });
    await checker.close();
    expect((await store.getSources([indexKey(id)])).size).toBe(0);
  });

  function browserReport(browser: TestBrowser, id: number) {
    return browser.get(`/api/v1/text/report/${String(id)}`);
  }

  it('a .docx upload is checked under its file name; a broken file gets the spec message', async () => {
    const user = await member(2);
    const { token } = await user.browser.csrf();
    const form = multipart(
      { _csrf_token: token, language: 'en' },
      {
        field: 'file',
        name: 'garden-plan.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bytes: docx(GARDEN_REUSE.replace(/\n\n/g, ' ').replace('playground', 'schoolyard')),
      },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text',
      payload: form.payload,
      headers: { 'content-type': form.contentType, cookie: user.browser.jar.header() },
    });
    const id = idOf(response);
    await jobs.run();
    expect(await state(user.browser, id)).toMatchObject({
      state: 5,
      title: 'garden-plan.docx',
      file_name: 'garden-plan.docx',
    });
    expect((await report(user.browser, id)).plagiarism.sources.length).toBeGreaterThanOrEqual(1);

    const broken = multipart(
      { _csrf_token: token },
      { field: 'file', name: 'essay.docx', type: 'application/octet-stream', bytes: Buffer.from('not a zip at all') },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text',
      payload: broken.payload,
      headers: { 'content-type': broken.contentType, cookie: user.browser.jar.header() },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.json()).toMatchObject({ message: 'Bad file format' });
  });

  it('an integrator checks with X-API-TOKEN alone (no cookie, no CSRF token), form-encoded or multipart', async () => {
    const user = await member(3);
    const headers = { 'x-api-token': user.user.api_token };
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text',
      payload: new URLSearchParams({ text: ORIGINAL_ESSAY.replace('cello', 'bassoon'), language: 'en' }).toString(),
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const formId = idOf(form);
    const body = multipart({ text: GARDEN_ESSAY.replace('forty', 'ninety') });
    const multi = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text',
      payload: body.payload,
      headers: { ...headers, 'content-type': body.contentType },
    });
    const multiId = idOf(multi);
    await jobs.run();
    for (const id of [formId, multiId]) {
      const read = await t.app.inject({ method: 'GET', url: `/api/v1/text/report/${String(id)}`, headers });
      expect(read.statusCode).toBe(200);
    }
    // JSON is not a form: refused with the form message
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text',
      payload: JSON.stringify({ text: ORIGINAL_ESSAY }),
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(415);
  });

  it("My Documents lists the user's checks, newest first, a page at a time", async () => {
    const user = await member(5);
    const ids: number[] = [];
    for (const text of [ORIGINAL_ESSAY.replace('cello', 'oboe'), GARDEN_ESSAY.replace('library', 'station')]) {
      ids.push(idOf(await submit(user.browser, { text })));
    }
    await jobs.run();
    const page = (await user.browser.get('/api/v1/text/?per_page=1')).json<{
      data: { texts: TextDocument[]; total: number; page: number; per_page: number };
    }>().data;
    expect(page.total).toBe(2);
    expect(page.texts.map((document) => document.id)).toEqual([ids[1]]);
    expect(page.texts[0]).toMatchObject({ state: 5, title: expect.stringMatching(/^Community gardens have spread/) });
    const second = (await user.browser.get('/api/v1/text/?per_page=1&page=2')).json<{
      data: { texts: TextDocument[] };
    }>();
    expect(second.data.texts.map((document) => document.id)).toEqual([ids[0]]);
    expect((await new TestBrowser(t.app).get('/api/v1/text/')).statusCode).toBe(401);
  });

  it('the AI check of a document: enabled with an AI page, sent once, its marks in the report', async () => {
    const poor = await member(2);
    const poorId = idOf(await submit(poor.browser, { text: GARDEN_ESSAY.replace('forty', 'fifty') }));
    await jobs.run();
    const status = await poor.browser.get(`/api/v1/fingerprint/text-status/${String(poorId)}/?type=3`);
    expect(status.json()).toMatchObject({ success: true, data: { enabled: false, status: null } });
    const { token: poorToken } = await poor.browser.csrf();
    const refused = await poor.browser.postForm(`/api/v1/fingerprint/send-text/${String(poorId)}/`, {
      type: '3',
      _csrf_token: poorToken,
    });
    expect(refused.statusCode).toBe(402);

    const user = await member(2, 1);
    const id = idOf(await submit(user.browser, { text: GARDEN_ESSAY.replace('forty', 'sixty') }));
    await jobs.run();
    expect((await user.browser.get(`/api/v1/fingerprint/text-status/${String(id)}/?type=3`)).json()).toMatchObject({
      data: { enabled: true, status: null },
    });
    const { token } = await user.browser.csrf();
    const sent = await user.browser.postForm(`/api/v1/fingerprint/send-text/${String(id)}/`, {
      type: '3',
      _csrf_token: token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const aiId = sent.json<{ data: { id: number } }>().data.id;
    const again = await user.browser.postForm(`/api/v1/fingerprint/send-text/${String(id)}/`, {
      type: '3',
      _csrf_token: token,
    });
    expect(again.json<{ data: { id: number } }>().data.id).toBe(aiId);
    expect((await report(user.browser, id)).ai).toMatchObject({ status: 1, nodes: [], error: null });
    await jobs.run();
    expect((await user.browser.get(`/api/v1/fingerprint/text-status/${String(id)}/?type=3`)).json()).toMatchObject({
      data: { enabled: true, status: 4 },
    });
    const data = await report(user.browser, id);
    expect(data.ai.status).toBe(4);
    expect(data.ai.error).toBeNull();
    // the AI nodes tile the document
    const content = data.plagiarism.nodes.map((node) => node.text).join('');
    expect(data.ai.nodes.map((node) => node.text).join('')).toBe(content);
    expect(data.ai.percents.total).toBeCloseTo(data.ai.percents.likely + data.ai.percents.strong, 1);
    expect((await findAccountById(t.handle.db, user.accountId))!.ai_balance).toBe(0);
    expect((await state(user.browser, id)).ai_status).toBe(4);
    expect((await user.browser.get(`/api/v1/fingerprint/text-status/${String(id)}/?type=7`)).statusCode).toBe(400);
  });

  it('in an organisation: per-page and per-user balances, the student lock, private documents, roles', async () => {
    const ownerBrowser = new TestBrowser(t.app);
    const ownerEmail = uniqueEmail('org');
    expect(
      (
        await ownerBrowser.signUp({
          email: ownerEmail,
          password: STRONG_PASSWORD,
          account_type: 'organisation',
          name: 'Dean',
        })
      ).statusCode,
    ).toBe(200);
    const owner = (await findUserByEmail(t.handle.db, ownerEmail))!;
    const groupId = (
      await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [owner.id])
    ).rows[0]!.id;
    const groupAccount = (await findAccountOfGroup(t.handle.db, groupId))!;
    const student = await member(0);
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 3)', [
      groupId,
      student.user.id,
    ]);

    // per-page (type 1): the group's pages (5 bonus pages for a new organisation)
    const ownerCheck = idOf(
      await submit(ownerBrowser, { text: GARDEN_ESSAY.replace('glass', 'stones'), group_id: String(groupId) }),
    );
    await jobs.run();
    expect((await findAccountById(t.handle.db, groupAccount.id))!.bonus).toBe(4);
    // the document stays in the organisation: an outsider's check does not find it, a member's does
    const outsider = await member(5);
    const outsiderCheck = idOf(await submit(outsider.browser, { text: GARDEN_REUSE.replace('council', 'board') }));
    const studentCheck = idOf(
      await submit(student.browser, { text: GARDEN_REUSE.replace('council', 'parliament'), group_id: String(groupId) }),
    );
    await jobs.run();
    const outsiderSources = (await report(outsider.browser, outsiderCheck)).plagiarism.sources;
    expect(outsiderSources.every((source) => source.index[0]?.db_id !== indexKey(ownerCheck))).toBe(true);
    const studentSources = (await report(student.browser, studentCheck)).plagiarism.sources;
    expect(studentSources.map((source) => source.index[0]?.db_id)).toContain(indexKey(ownerCheck));
    expect(studentSources.find((source) => source.index[0]?.db_id === indexKey(ownerCheck))?.sourceType).toBe(
      `checked:g${String(groupId)}`,
    );

    // roles: the owner reads the student's document; the student does not read the owner's
    expect((await ownerBrowser.get(`/api/v1/text/${String(studentCheck)}`)).statusCode).toBe(200);
    expect((await student.browser.get(`/api/v1/text/${String(ownerCheck)}`)).statusCode).toBe(404);
    const studentList = (await student.browser.get(`/api/v1/text/?group_id=${String(groupId)}`)).json<{
      data: { texts: TextDocument[] };
    }>();
    expect(studentList.data.texts.map((document) => document.id)).toEqual([studentCheck]);
    const ownerList = (await ownerBrowser.get(`/api/v1/text/?group_id=${String(groupId)}`)).json<{
      data: { texts: TextDocument[] };
    }>();
    expect(ownerList.data.texts.map((document) => document.id)).toEqual([studentCheck, ownerCheck]);
    // the group's own token reads the group's documents
    const groupToken = (
      await t.handle.db.query<{ api_token: string }>('SELECT api_token FROM groups WHERE id = $1', [groupId])
    ).rows[0]!.api_token;
    const byToken = await t.app.inject({
      method: 'GET',
      url: `/api/v1/text/${String(studentCheck)}`,
      headers: { 'x-api-token': groupToken },
    });
    expect(byToken.statusCode).toBe(200);

    // per-user (type 2): no page balance needed
    await t.handle.db.query('UPDATE groups SET balance_type = 2 WHERE id = $1', [groupId]);
    const before = (await findAccountById(t.handle.db, groupAccount.id))!;
    const perUser = idOf(
      await submit(student.browser, { text: ORIGINAL_ESSAY.replace('cello', 'harp'), group_id: String(groupId) }),
    );
    await jobs.run();
    expect((await state(student.browser, perUser)).state).toBe(5);
    expect((await findAccountById(t.handle.db, groupAccount.id))!).toMatchObject({
      bonus: before.bonus,
      balance: before.balance,
    });

    // the student lock, a disabled organisation, website checks off
    await t.handle.db.query('UPDATE groups SET hide_new_check_for_student = true WHERE id = $1', [groupId]);
    const locked = await submit(student.browser, {
      text: ORIGINAL_ESSAY.replace('cello', 'flute'),
      group_id: String(groupId),
    });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ error: { code: 'new_checks_locked' } });
    await t.handle.db.query('UPDATE groups SET website_checks_disabled = true WHERE id = $1', [groupId]);
    const disabled = await submit(ownerBrowser, {
      text: ORIGINAL_ESSAY.replace('cello', 'drum'),
      group_id: String(groupId),
    });
    expect(disabled.json()).toMatchObject({ message: expect.stringContaining('Website checks are disabled') });
    await t.handle.db.query('UPDATE groups SET is_disabled = true WHERE id = $1', [groupId]);
    const off = await submit(ownerBrowser, {
      text: ORIGINAL_ESSAY.replace('cello', 'lute'),
      group_id: String(groupId),
    });
    expect(off.json()).toMatchObject({
      message: expect.stringContaining('Your organisation’s account has been disabled'),
    });
    // someone outside the group cannot act in it
    const foreign = await submit(outsider.browser, {
      text: ORIGINAL_ESSAY.replace('cello', 'tuba'),
      group_id: String(groupId),
    });
    expect(foreign.statusCode).toBe(403);
  });
});
