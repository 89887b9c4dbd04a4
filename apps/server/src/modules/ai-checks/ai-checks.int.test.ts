import { AI_STATUS_CODE, VERDICTS, defaultCalibration, defaultModel } from '@veritext/ai';
import { aiVerdictReading, type AiAssessment } from '@veritext/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { docx, multipart } from '../../../test/uploads.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { createJobQueue, type JobContext } from '../../jobs/queue.ts';
import { findUserByEmail, type UserRecord } from '../auth/users.repository.ts';
import {
  findAccountById,
  findAccountOfGroup,
  findAccountOfUser,
  listEntries,
  type AccountRecord,
} from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { aiCheckJob } from './ai-checks.jobs.ts';
import { findAiCheck } from './ai-checks.repository.ts';
import { failAbandonedAiChecks, processAiCheck } from './ai-checks.service.ts';
import { closeSharedAiReportRenderer } from './ai-report.ts';
import { AI_REPORT_STRINGS } from './ai-report.pdf.ts';
import { humanShare } from './ai-assessment.ts';
import { closeSharedAiDetector, createAiDetector, type AiDetector } from './detector.ts';

const logger = pino({ level: process.env.VT_TEST_LOG ?? 'silent' });

/** An assistant-style English paragraph (written for this test). */
const AI_STYLE_EN = `Time management is an essential skill that can significantly improve both academic and professional outcomes. First and foremost, it is important to establish clear priorities, as this allows individuals to focus their energy on the tasks that matter most. Additionally, breaking larger projects into smaller, manageable steps can help reduce stress and prevent procrastination. Another effective strategy is to set specific, realistic deadlines for each task, which provides a sense of structure and accountability. Furthermore, it is crucial to minimize distractions, such as social media notifications, in order to maintain concentration and productivity. Regular breaks are also beneficial, since they help to restore focus and prevent burnout over time. Moreover, reviewing progress at the end of each day enables individuals to identify areas for improvement and adjust their plans accordingly. In conclusion, by adopting these practical strategies, anyone can develop stronger time management skills and achieve a healthier balance between work and personal life.`;

const FRENCH = `Le marché du samedi matin est devenu, au fil des années, le vrai cœur de notre quartier. On y croise les voisins qu'on ne voit jamais le reste de la semaine, on discute du temps qu'il fait avec le fromager, et les enfants courent entre les étals pendant que les parents hésitent devant les tomates. Cette année, la mairie a décidé de le déplacer sur la place de l'église, ce qui a provoqué pas mal de discussions entre les habitants et les commerçants du coin.`;

/** A Spanish paragraph with accents, typographic quotes and dashes (written for this test). */
const SPANISH = `La educación a distancia se ha convertido en una herramienta “esencial” para garantizar el acceso al conocimiento en todas las regiones. En primer lugar, permite que los estudiantes organicen su tiempo de manera flexible —sin renunciar a la calidad— y avancen a su propio ritmo. Además, las plataformas digitales ofrecen recursos variados, como vídeos, lecturas y ejercicios interactivos, que facilitan la comprensión de los contenidos. Sin embargo, también es importante reconocer que la falta de contacto directo puede afectar la motivación y la participación. Por lo tanto, resulta fundamental que las instituciones diseñen estrategias de acompañamiento que fortalezcan la comunicación entre docentes y alumnos.`;
const SPANISH_SENTENCE =
  'En primer lugar, permite que los estudiantes organicen su tiempo de manera flexible —sin renunciar a la calidad— y avancen a su propio ritmo.';

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const SHORT = 'This text is far too short to be checked by the AI detector at all.';

type CheckResult = {
  id: number;
  status: number;
  enabled: boolean;
  content: string;
  chunks: { position: [number, number]; reliability: number }[];
  processed_percent: number;
  likely_percent: number;
  strong_percent: number;
  mark: string | null;
  comment: string | null;
  score: number | null;
  verdict: string | null;
  flagged: boolean;
  assessment?: AiAssessment | null;
  lang: string | null;
};

describe(`AI detector API (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ran = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await closeSharedAiDetector();
    await closeSharedAiReportRenderer();
    await t.dispose();
  });

  function context(attempt = 1): JobContext {
    return {
      jobId: `test-${String(attempt)}`,
      queue: aiCheckJob.queueName,
      attempt,
      signal: new AbortController().signal,
      db: t.handle.db,
      logger,
    };
  }

  /** Runs the jobs the app has sent since the last call, as a worker would. */
  async function runJobs(): Promise<void> {
    for (const job of t.sentJobs.slice(ran)) {
      ran += 1;
      expect(job.queue).toBe('ai-check.v1');
      await aiCheckJob.handler(aiCheckJob.schema.parse(job.payload), context());
    }
  }

  /** A signed-up user (session cookie) with `aiPages` AI pages credited by the service. */
  async function userWithAiPages(
    aiPages: number,
  ): Promise<{ browser: TestBrowser; user: UserRecord; account: AccountRecord }> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('ai');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const user = (await findUserByEmail(t.handle.db, email))!;
    const account = (await findAccountOfUser(t.handle.db, user.id))!;
    if (aiPages > 0) {
      await creditPages(t.handle.db, {
        accountId: account.id,
        bucket: 'ai_balance',
        pages: aiPages,
        kind: 'load_by_service',
      });
    }
    return { browser, user, account };
  }

  async function submit(browser: TestBrowser, fields: Record<string, string>): Promise<LightMyRequestResponse> {
    const { token } = await browser.csrf();
    return browser.postForm('/api/v1/chat-gpt/', { ...fields, _csrf_token: token });
  }

  async function aiEntries(accountId: number): Promise<[string, number, number][]> {
    return (await listEntries(t.handle.db, accountId))
      .filter((e) => e.bucket === 'ai_balance')
      .map((e) => [e.kind, e.available_delta, e.held_delta]);
  }

  async function account(id: number): Promise<AccountRecord> {
    return (await findAccountById(t.handle.db, id))!;
  }

  it('checks an English text: queued with a held page, then done with chunks tiling the text and the page charged once', async () => {
    const { browser, account: acc } = await userWithAiPages(2);
    const response = await submit(browser, { text: AI_STYLE_EN });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      success: boolean;
      code: number;
      message: string;
      data: { id: number; status: number };
    }>();
    expect(body).toEqual({ success: true, code: 0, message: '', data: { id: expect.any(Number), status: 1 } });
    expect((await account(acc.id)).ai_balance).toBe(1);
    expect((await account(acc.id)).held_ai_balance).toBe(1);

    const queued = (await browser.get(`/api/v1/chat-gpt/${String(body.data.id)}/`)).json<{ data: CheckResult }>();
    expect(queued.data).toMatchObject({ id: body.data.id, status: 1, enabled: true, chunks: [], verdict: null });

    await runJobs();
    const response2 = await browser.get(`/api/v1/chat-gpt/${String(body.data.id)}/`);
    expect(response2.statusCode).toBe(200);
    const result = response2.json<{ success: boolean; data: CheckResult }>();
    expect(result.success).toBe(true);
    expect(Object.keys(result.data).sort()).toEqual(
      [
        'id',
        'status',
        'enabled',
        'content',
        'chunks',
        'processed_percent',
        'likely_percent',
        'strong_percent',
        'mark',
        'comment',
        'score',
        'verdict',
        'flagged',
        'lang',
        'assessment',
      ].sort(),
    );
    const data = result.data;
    expect(data.status).toBe(AI_STATUS_CODE.ok);
    expect(data.content).toBe(AI_STYLE_EN);
    expect(data.lang).toBe('en');
    expect(VERDICTS as readonly string[]).toContain(data.verdict);
    // the verdict as people read it: contracts' reading of the stored evidence, with the share of English human
    // texts that got the same band in the detector's tests (the committed calibration)
    const stored = (await findAiCheck(t.handle.db, data.id))!;
    expect(typeof stored.unfamiliar).toBe('boolean');
    const reading = aiVerdictReading({ verdict: data.verdict, unfamiliar: stored.unfamiliar, words: stored.words })!;
    const share = humanShare(defaultCalibration(), defaultModel().version, 'en', reading.band)!;
    expect(data.assessment).toEqual({
      ...reading,
      lang: 'en',
      human_share: share.percent,
      human_texts: share.texts,
    });
    expect(data.score).toBeGreaterThanOrEqual(0);
    expect(data.score).toBeLessThanOrEqual(1);
    expect(typeof data.flagged).toBe('boolean');
    expect(data.mark).toBeNull();
    expect(data.comment).toBeNull();
    expect(data.processed_percent).toBeGreaterThan(0);
    // the chunks tile the text end to end
    expect(data.chunks.length).toBeGreaterThan(0);
    expect(data.chunks[0]!.position[0]).toBe(0);
    expect(data.chunks.at(-1)!.position[1]).toBe(AI_STYLE_EN.length);
    for (let i = 1; i < data.chunks.length; i++) {
      expect(data.chunks[i]!.position[0]).toBe(data.chunks[i - 1]!.position[1]);
    }
    for (const chunk of data.chunks) expect([0, 1, 2]).toContain(chunk.reliability);

    // a second run of the job (a retry after a crash) changes nothing and charges nothing more
    await aiCheckJob.handler({ checkId: data.id }, context(2));
    const now = await account(acc.id);
    expect([now.ai_balance, now.held_ai_balance]).toEqual([1, 0]);
    expect(await aiEntries(acc.id)).toEqual([
      ['load_by_service', 2, 0],
      ['hold', -1, 1],
      ['charge', 0, -1],
    ]);
  });

  it('a worker killed mid-check: the job runs twice, the page is charged once', async () => {
    const { user, account: acc } = await userWithAiPages(1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat-gpt/',
      headers: { 'x-api-token': user.api_token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ text: AI_STYLE_EN }).toString(),
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ data: { id: number } }>().data;
    ran = t.sentJobs.length; // this test drives the handler itself
    // first attempt: the detector dies in the middle (the worker thread is killed)
    const dying: AiDetector = {
      detect: () => Promise.reject(new Error('AI detector worker exited with code 1')),
      close: async () => undefined,
    };
    await expect(processAiCheck(t.handle.db, dying, id, { isLastAttempt: false, logger })).rejects.toThrow(/exited/);
    expect((await findAiCheck(t.handle.db, id))?.status).toBe(2);
    expect((await account(acc.id)).held_ai_balance).toBe(1);
    // the queue retries it; and a duplicate delivery after that is a no-op
    await aiCheckJob.handler({ checkId: id }, context(2));
    await aiCheckJob.handler({ checkId: id }, context(3));
    expect((await findAiCheck(t.handle.db, id))?.status).toBe(4);
    expect(await aiEntries(acc.id)).toEqual([
      ['load_by_service', 1, 0],
      ['hold', -1, 1],
      ['charge', 0, -1],
    ]);
  });

  it('an unexpected error on the last attempt fails the check (status 3) and releases the page', async () => {
    const { user, account: acc } = await userWithAiPages(1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat-gpt/',
      headers: { 'x-api-token': user.api_token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ text: AI_STYLE_EN }).toString(),
    });
    const { id } = response.json<{ data: { id: number } }>().data;
    ran = t.sentJobs.length;
    const broken: AiDetector = { detect: () => Promise.reject(new Error('boom')), close: async () => undefined };
    await expect(processAiCheck(t.handle.db, broken, id, { isLastAttempt: false, logger })).rejects.toThrow('boom');
    await expect(processAiCheck(t.handle.db, broken, id, { isLastAttempt: true, logger })).rejects.toThrow('boom');
    const result = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/chat-gpt/${String(id)}/`,
        headers: { 'x-api-token': user.api_token },
      })
    ).json<{ data: CheckResult }>();
    expect(result.data.status).toBe(3);
    expect([(await account(acc.id)).ai_balance, (await account(acc.id)).held_ai_balance]).toEqual([1, 0]);
    expect((await aiEntries(acc.id)).map(([kind]) => kind)).toEqual(['load_by_service', 'hold', 'release']);
  });

  it('a check abandoned by a dead process fails after an hour and its page is released; a recent one is left alone', async () => {
    const { user, account: acc } = await userWithAiPages(2);
    const post = async (): Promise<number> => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/chat-gpt/',
        headers: { 'x-api-token': user.api_token, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ text: AI_STYLE_EN }).toString(),
      });
      return response.json<{ data: { id: number } }>().data.id;
    };
    const abandoned = await post();
    const recent = await post();
    ran = t.sentJobs.length;
    // the first was taken by a worker that died: processing, made two hours ago
    await t.handle.db.query("UPDATE ai_checks SET status = 2, created_at = now() - interval '2 hours' WHERE id = $1", [
      abandoned,
    ]);
    expect([(await account(acc.id)).ai_balance, (await account(acc.id)).held_ai_balance]).toEqual([0, 2]);
    expect(await failAbandonedAiChecks(t.handle.db)).toBe(1);
    expect(await failAbandonedAiChecks(t.handle.db)).toBe(0);
    expect((await findAiCheck(t.handle.db, abandoned))?.status).toBe(3);
    expect((await findAiCheck(t.handle.db, recent))?.status).toBe(1);
    expect([(await account(acc.id)).ai_balance, (await account(acc.id)).held_ai_balance]).toEqual([1, 1]);
  });

  it('a French text is not checked (status 9) and its page is released', async () => {
    const { browser, account: acc } = await userWithAiPages(1);
    const response = await submit(browser, { text: FRENCH });
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ data: { id: number } }>().data;
    await runJobs();
    const data = (await browser.get(`/api/v1/chat-gpt/${String(id)}/`)).json<{ data: CheckResult }>().data;
    expect(data).toMatchObject({ status: AI_STATUS_CODE.unsupported_language, chunks: [], verdict: null, score: null });
    const now = await account(acc.id);
    expect([now.ai_balance, now.held_ai_balance]).toEqual([1, 0]);
    expect((await aiEntries(acc.id)).map(([kind]) => kind)).toEqual(['load_by_service', 'hold', 'release']);
  });

  it('force_language checks a text as the named language', async () => {
    const { browser } = await userWithAiPages(1);
    const response = await submit(browser, { text: AI_STYLE_EN, force_language: 'es' });
    const { id } = response.json<{ data: { id: number } }>().data;
    await runJobs();
    const data = (await browser.get(`/api/v1/chat-gpt/${String(id)}/`)).json<{ data: CheckResult }>().data;
    expect(data).toMatchObject({ status: 4, lang: 'es' });
  });

  it('refuses a text under 250 characters with the spec message and holds nothing', async () => {
    const { browser, account: acc } = await userWithAiPages(1);
    const sent = t.sentJobs.length;
    const response = await submit(browser, { text: SHORT });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'Please insert at least 250 characters.',
      error: { code: 'ai_text_too_short' },
    });
    const empty = await submit(browser, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, error: { code: 'ai_text_required' } });
    expect(await aiEntries(acc.id)).toEqual([['load_by_service', 1, 0]]);
    expect(t.sentJobs.length).toBe(sent);
  });

  it('answers code 1 when there are no AI pages, and records nothing', async () => {
    const { browser, user, account: acc } = await userWithAiPages(0);
    const response = await submit(browser, { text: AI_STYLE_EN });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      success: false,
      code: 1,
      message: expect.stringContaining('AI pages'),
      error: { code: 'insufficient_ai_balance' },
    });
    const { rows } = await t.handle.db.query('SELECT id FROM ai_checks WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
    expect(await aiEntries(acc.id)).toEqual([]);
  });

  it("hides someone else's check (404) and lets only its owner send feedback, once", async () => {
    const owner = await userWithAiPages(1);
    const other = await userWithAiPages(0);
    const { id } = (await submit(owner.browser, { text: AI_STYLE_EN })).json<{ data: { id: number } }>().data;
    await runJobs();
    const url = `/api/v1/chat-gpt/${String(id)}/`;
    const foreign = await other.browser.get(url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await owner.browser.get('/api/v1/chat-gpt/999999/')).statusCode).toBe(404);

    const markUrl = `/api/v1/chat-gpt/mark/${String(id)}/`;
    const byOther = await other.browser.postForm(markUrl, {
      mark: '1',
      _csrf_token: (await other.browser.csrf()).token,
    });
    expect(byOther.statusCode).toBe(404);
    const bad = await owner.browser.postForm(markUrl, { mark: '2', _csrf_token: (await owner.browser.csrf()).token });
    expect(bad.statusCode).toBe(400);
    const first = await owner.browser.postForm(markUrl, {
      mark: '0',
      comment: 'I wrote this myself.',
      _csrf_token: (await owner.browser.csrf()).token,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'Thank you so much! You help us get better.' });
    const second = await owner.browser.postForm(markUrl, {
      mark: '1',
      _csrf_token: (await owner.browser.csrf()).token,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ success: false, error: { code: 'already_marked' } });
    const data = (await owner.browser.get(url)).json<{ data: CheckResult }>().data;
    expect(data).toMatchObject({ mark: '0', comment: 'I wrote this myself.' });
  });

  it('requires the CSRF token from a browser', async () => {
    const { browser } = await userWithAiPages(1);
    const response = await browser.postForm('/api/v1/chat-gpt/', { text: AI_STYLE_EN });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'csrf_invalid' } });
  });

  it('checks an uploaded .docx (multipart, field file)', async () => {
    const { browser, account: acc } = await userWithAiPages(1);
    const { token } = await browser.csrf();
    const form = multipart(
      { _csrf_token: token },
      {
        field: 'file',
        name: 'essay.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bytes: docx(AI_STYLE_EN),
      },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat-gpt/',
      payload: form.payload,
      headers: { 'content-type': form.contentType, cookie: browser.jar.header() },
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ data: { id: number } }>().data;
    await runJobs();
    const data = (await browser.get(`/api/v1/chat-gpt/${String(id)}/`)).json<{ data: CheckResult }>().data;
    expect(data.status).toBe(4);
    expect(data.content.trim()).toBe(AI_STYLE_EN);
    expect(data.chunks.at(-1)!.position[1]).toBe(data.content.length);
    expect((await account(acc.id)).ai_balance).toBe(0);
  });

  it('accepts a pasted text as a multipart field too, and refuses a broken file with the extractor message', async () => {
    const { browser, account: acc } = await userWithAiPages(1);
    const { token } = await browser.csrf();
    const broken = multipart(
      { _csrf_token: token },
      { field: 'file', name: 'essay.docx', type: 'application/octet-stream', bytes: Buffer.from('not a zip at all') },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat-gpt/',
      payload: broken.payload,
      headers: { 'content-type': broken.contentType, cookie: browser.jar.header() },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'Bad file format',
      error: { code: 'file_invalid', fields: { file: 'error-file-format' } },
    });
    const wrongType = multipart(
      { _csrf_token: token },
      { field: 'file', name: 'essay.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ') },
    );
    const refused2 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat-gpt/',
      payload: wrongType.payload,
      headers: { 'content-type': wrongType.contentType, cookie: browser.jar.header() },
    });
    expect(refused2.json()).toMatchObject({ message: 'Bad file format' });
    expect(await aiEntries(acc.id)).toEqual([['load_by_service', 1, 0]]);

    const text = multipart({ _csrf_token: token, text: AI_STYLE_EN });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat-gpt/',
      payload: text.payload,
      headers: { 'content-type': text.contentType, cookie: browser.jar.header() },
    });
    expect(accepted.statusCode).toBe(200);
    await runJobs();
  });

  it("a guest's AI check uses the guest's one AI page", async () => {
    const browser = new TestBrowser(t.app);
    const { guest_csrf } = await browser.csrf();
    const registered = await browser.postForm('/guest/registration/', {
      _csrf_token: guest_csrf,
      'guest-security-token': await browser.botToken(),
    });
    expect(registered.statusCode).toBe(200);
    const guestToken = registered.json<{ data: { api: string } }>().data.api;
    const guest = (await t.handle.db.query<{ id: number }>('SELECT id FROM users WHERE api_token = $1', [guestToken]))
      .rows[0]!;
    const acc = (await findAccountOfUser(t.handle.db, guest.id))!;
    expect(acc.ai_balance).toBe(1);

    const response = await browser.postForm('/api/v1/chat-gpt/', {
      text: AI_STYLE_EN,
      _csrf_token: (await browser.csrf()).guest_csrf,
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ data: { id: number } }>().data;
    await runJobs();
    expect((await browser.get(`/api/v1/chat-gpt/${String(id)}/`)).json<{ data: CheckResult }>().data.status).toBe(4);
    const now = await account(acc.id);
    expect([now.ai_balance, now.held_ai_balance]).toEqual([0, 0]);
    // the free AI page is spent: the next check answers code 1
    const again = await browser.postForm('/api/v1/chat-gpt/', {
      text: AI_STYLE_EN,
      _csrf_token: (await browser.csrf()).guest_csrf,
    });
    expect(again.json()).toMatchObject({ code: 1 });
  });

  it("inside a group: the group's AI pages, members only, the organisation message when it has none", async () => {
    const ownerBrowser = new TestBrowser(t.app);
    const email = uniqueEmail('org');
    await ownerBrowser.signUp({ email, password: STRONG_PASSWORD, name: 'Org', account_type: 'organisation' });
    const owner = (await findUserByEmail(t.handle.db, email))!;
    const { rows } = await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [
      owner.id,
    ]);
    const groupId = rows[0]!.id;
    const groupAccount = (await findAccountOfGroup(t.handle.db, groupId))!;

    const none = await submit(ownerBrowser, { text: AI_STYLE_EN, group_id: String(groupId) });
    expect(none.statusCode).toBe(402);
    expect(none.json()).toMatchObject({
      success: false,
      code: 1,
      message: 'Your organisation does not have enough AI pages in its balance for this check.',
    });

    await creditPages(t.handle.db, { accountId: groupAccount.id, bucket: 'ai_balance', pages: 3, kind: 'deposit' });
    const ok = await submit(ownerBrowser, { text: AI_STYLE_EN, group_id: String(groupId) });
    expect(ok.statusCode).toBe(200);
    const { id } = ok.json<{ data: { id: number } }>().data;
    await runJobs();
    expect((await account(groupAccount.id)).ai_balance).toBe(2);
    const ownAccount = (await findAccountOfUser(t.handle.db, owner.id))!;
    expect(await aiEntries(ownAccount.id)).toEqual([]);

    const outsider = await userWithAiPages(1);
    const refused = await submit(outsider.browser, { text: AI_STYLE_EN, group_id: String(groupId) });
    expect(refused.statusCode).toBe(403);
    expect((await outsider.browser.get(`/api/v1/chat-gpt/${String(id)}/`)).statusCode).toBe(404);

    // the group's own API token reads the group's checks
    const groupToken = (
      await t.handle.db.query<{ api_token: string }>('SELECT api_token FROM groups WHERE id = $1', [groupId])
    ).rows[0]!.api_token;
    const byGroup = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat-gpt/${String(id)}/`,
      headers: { 'x-api-token': groupToken },
    });
    expect(byGroup.statusCode).toBe(200);
    expect(byGroup.json<{ data: CheckResult }>().data.status).toBe(4);
  });

  it('runs through the real job queue (pg-boss) and the detector worker thread', async () => {
    const { user, account: acc } = await userWithAiPages(1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat-gpt/',
      headers: { 'x-api-token': user.api_token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ text: AI_STYLE_EN }).toString(),
    });
    const { id } = response.json<{ data: { id: number } }>().data;
    ran = t.sentJobs.length;
    const queue = createJobQueue(t.handle.db, {
      logger,
      pollingIntervalSeconds: 0.5,
      isScheduling: false,
      isMaintaining: false,
    });
    await queue.start();
    try {
      await queue.send(aiCheckJob, { checkId: id });
      await queue.work([aiCheckJob]);
      const deadline = Date.now() + 20_000;
      while ((await findAiCheck(t.handle.db, id))?.status !== 4 && Date.now() < deadline) await sleep(100);
    } finally {
      await queue.stop({ graceful: true, timeoutMs: 5000 });
    }
    expect((await findAiCheck(t.handle.db, id))?.status).toBe(4);
    expect((await aiEntries(acc.id)).map(([kind]) => kind)).toEqual(['load_by_service', 'hold', 'charge']);
  });

  it('the detector starts a new worker after its worker is gone', async () => {
    const detector = createAiDetector();
    try {
      const first = await detector.detect(AI_STYLE_EN, { forceLanguage: null });
      expect(first.status).toBe('ok');
      // a long text (about 20,000 words, over 100 ms of work), so that the worker is surely still on it
      const long = Array.from({ length: 130 }, () => AI_STYLE_EN).join('\n\n');
      const inFlight = detector.detect(long, { forceLanguage: null });
      await detector.close(); // the worker is terminated mid-request: the request fails, to be retried
      await expect(inFlight).rejects.toThrow();
      const again = await detector.detect(FRENCH, { forceLanguage: null });
      expect(again.status).toBe('unsupported_language');
    } finally {
      await detector.close();
    }
  });

  it('downloads the PDF report of a done check (type=3) in the text’s language or the one asked for', async () => {
    const { browser } = await userWithAiPages(1);
    const { id } = (await submit(browser, { text: SPANISH })).json<{ data: { id: number } }>().data;
    await runJobs();
    const data = (await browser.get(`/api/v1/chat-gpt/${String(id)}/`)).json<{ data: CheckResult }>().data;
    expect(data).toMatchObject({ status: 4, lang: 'es' });
    const url = `/profile/fingerprint/download-pdf/${String(id)}/`;
    const response = await browser.postForm(url, { type: '3', _csrf_token: (await browser.csrf()).token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="veritext-ai-report-${String(id)}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // a Spanish text: the report is in Spanish, its verdict in the web result's words (the band's, the level where
    // it fits, what it means), a caution; no score line
    const es = AI_REPORT_STRINGS.es;
    const text = await pdfText(response.rawPayload);
    const band = data.assessment!.band;
    expect(text).toContain(es.bands[band]);
    expect(text).toContain(es.caution);
    expect(text).toContain('Parte del texto: ');
    expect(text).not.toMatch(/score|puntuación/i);
    expect(text).toContain(`${data.processed_percent.toFixed(2).replace('.', ',')} %`);
    expect(text).toContain(SPANISH_SENTENCE);
    expect(text).toContain('Página 1 de 1');
    // type=3 in the query works as well, and a reader may ask for English
    const byQuery = await browser.postForm(`${url}?type=3&language=en`, { _csrf_token: (await browser.csrf()).token });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.headers['content-type']).toBe('application/pdf');
    const english = await pdfText(byQuery.rawPayload);
    expect(english).toContain(AI_REPORT_STRINGS.en.bands[band]);
    expect(english).toContain('Language: Spanish');
    expect(english).toContain('Page 1 of 1');
  });

  it('answers JSON with a message when there is no PDF: another type, not done, not yours, missing', async () => {
    const owner = await userWithAiPages(2);
    const other = await userWithAiPages(0);
    const { id } = (await submit(owner.browser, { text: SPANISH })).json<{ data: { id: number } }>().data;
    const url = `/profile/fingerprint/download-pdf/${String(id)}/`;
    const post = async (who: TestBrowser, target: string, fields: Record<string, string> = { type: '3' }) =>
      who.postForm(target, { ...fields, _csrf_token: (await who.csrf()).token });

    const notDone = await post(owner.browser, url);
    expect(notDone.statusCode).toBe(409);
    expect(notDone.headers['content-type']).toMatch(/^application\/json/);
    expect(notDone.json()).toMatchObject({
      success: false,
      message: 'The PDF report is available once the check is done.',
      error: { code: 'report_not_ready' },
    });
    await runJobs();

    const otherType = await post(owner.browser, url, { type: '2' });
    expect(otherType.statusCode).toBe(400);
    expect(otherType.json()).toMatchObject({ success: false, message: expect.stringContaining('3 for the AI report') });

    const foreign = await post(other.browser, url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, message: 'Page not found.', error: { code: 'not_found' } });
    const missing = await post(owner.browser, '/profile/fingerprint/download-pdf/999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect((await owner.browser.postForm(url, { type: '3' })).statusCode).toBe(403);
    expect((await post(owner.browser, url)).statusCode).toBe(200);
  });

  it('documents the four routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    }>();
    expect(doc.paths['/api/v1/chat-gpt/']?.post?.requestBody?.content).toHaveProperty('multipart/form-data');
    expect(doc.paths['/api/v1/chat-gpt/{id}/']?.get).toBeDefined();
    expect(doc.paths['/api/v1/chat-gpt/']?.get).toBeDefined();
    expect(doc.paths['/api/v1/chat-gpt/mark/{id}/']?.post).toBeDefined();
    expect(doc.paths['/profile/fingerprint/download-pdf/{id}/']?.post?.requestBody?.content).toHaveProperty(
      'application/x-www-form-urlencoded',
    );
  });
});
