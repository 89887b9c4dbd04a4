import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiVerdictReading, type AiCheckSummary } from '@veritext/contracts';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { GARDEN_ESSAY, ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { findUserByEmail, type UserRecord } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { closeSharedReuseChecker } from '../text-checks/reuse-checker.ts';
import { closeSharedAiDetector } from './detector.ts';
import { firstWords } from './ai-checks.list.ts';

type ListData = { checks: AiCheckSummary[]; total: number; page: number; per_page: number };

/** A French paragraph: the detector does not check it (status 9). Written for this test. */
const FRENCH = `Le marché du samedi matin est devenu, au fil des années, le vrai cœur de notre quartier. On y croise les voisins qu'on ne voit jamais le reste de la semaine, on discute du temps qu'il fait avec le fromager, et les enfants courent entre les étals pendant que les parents hésitent devant les tomates. Cette année, la mairie a décidé de le déplacer sur la place de l'église, ce qui a provoqué pas mal de discussions entre les habitants et les commerçants du coin.`;

describe(`the list of AI checks, GET /api/v1/chat-gpt/ (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await closeSharedAiDetector();
    await closeSharedReuseChecker();
    await t.dispose();
  });

  async function member(aiPages: number, pages = 0): Promise<{ browser: TestBrowser; user: UserRecord }> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('ailist');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const user = (await findUserByEmail(t.handle.db, email))!;
    const account = (await findAccountOfUser(t.handle.db, user.id))!;
    if (aiPages > 0) {
      await creditPages(t.handle.db, { accountId: account.id, bucket: 'ai_balance', pages: aiPages, kind: 'deposit' });
    }
    if (pages > 0) await creditPages(t.handle.db, { accountId: account.id, bucket: 'balance', pages, kind: 'deposit' });
    return { browser, user };
  }

  async function submitAi(browser: TestBrowser, fields: Record<string, string>, guest = false): Promise<number> {
    const { token, guest_csrf } = await browser.csrf();
    const response = await browser.postForm('/api/v1/chat-gpt/', {
      ...fields,
      _csrf_token: guest ? guest_csrf : token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  }

  async function list(browser: TestBrowser, query = ''): Promise<ListData> {
    const response = await browser.get(`/api/v1/chat-gpt/${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<{ success: true; data: ListData }>().data;
  }

  function errorOf(response: LightMyRequestResponse): [number, unknown] {
    return [response.statusCode, response.json<{ error?: { code?: unknown } }>().error?.code];
  }

  it("lists the caller's own checks, newest first, a page at a time: first words, verdict and AI share, no text", async () => {
    const user = await member(3);
    const other = await member(1);
    const checked = await submitAi(user.browser, { text: GARDEN_ESSAY });
    const french = await submitAi(user.browser, { text: FRENCH });
    const queued = await submitAi(user.browser, { text: ORIGINAL_ESSAY });
    const othersId = await submitAi(other.browser, { text: ORIGINAL_ESSAY });

    // still queued: listed with its first words, no verdict and no share yet
    const before = await list(user.browser);
    expect(before.checks.map((check) => check.id)).toEqual([queued, french, checked]);
    expect(before.checks[0]).toMatchObject({ status: 1, verdict: null, ai_percent: null, flagged: false });

    await jobs.run();
    const all = await list(user.browser);
    expect(all).toMatchObject({ total: 3, page: 1, per_page: 20 });
    expect(all.checks.map((check) => [check.id, check.status])).toEqual([
      [queued, 4],
      [french, 9],
      [checked, 4],
    ]);
    const done = all.checks[2]!;
    const stored = (
      await t.handle.db.query<{
        verdict: string;
        unfamiliar: boolean;
        words: number;
        likely_percent: number;
        strong_percent: number;
        created_at: Date;
      }>('SELECT verdict, unfamiliar, words, likely_percent, strong_percent, created_at FROM ai_checks WHERE id = $1', [
        checked,
      ])
    ).rows[0]!;
    expect(done).toEqual({
      id: checked,
      status: 4,
      title: firstWords(GARDEN_ESSAY),
      file_name: null,
      words: expect.any(Number) as number,
      verdict: stored.verdict,
      flagged: expect.any(Boolean) as boolean,
      // the band as the result reads it, from the stored verdict, style and length (contracts aiVerdictReading)
      band: aiVerdictReading({ verdict: stored.verdict, unfamiliar: stored.unfamiliar, words: stored.words })!.band,
      ai_percent: Math.round((stored.likely_percent + stored.strong_percent) * 100) / 100,
      group_id: null,
      created_at: stored.created_at.toISOString(),
    });
    expect(done.title.length).toBeLessThanOrEqual(80);
    expect(done.title.endsWith('…')).toBe(true);
    expect(GARDEN_ESSAY.startsWith(done.title.slice(0, -1))).toBe(true);
    // a check the detector did not check has no verdict and no share
    expect(all.checks[1]).toMatchObject({ status: 9, verdict: null, band: null, ai_percent: null, flagged: false });
    // the list never carries the text itself
    expect(JSON.stringify(all)).not.toContain(GARDEN_ESSAY.slice(0, 200));

    // a page at a time, and the other user's check is not the caller's
    const second = await list(user.browser, '?page=2&per_page=2');
    expect(second).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(second.checks.map((check) => check.id)).toEqual([checked]);
    expect((await list(other.browser)).checks.map((check) => check.id)).toEqual([othersId]);

    // each listed check opens again by its id
    const opened = await user.browser.get(`/api/v1/chat-gpt/${String(checked)}/`);
    expect(opened.json<{ data: { content: string; verdict: string } }>().data).toMatchObject({
      content: GARDEN_ESSAY,
      verdict: stored.verdict,
    });

    // a deleted check leaves the list
    const { token } = await user.browser.csrf();
    const deleted = await user.browser.postForm(`/api/v1/chat-gpt/${String(french)}/delete/`, { _csrf_token: token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await list(user.browser)).checks.map((check) => check.id)).toEqual([queued, checked]);
  });

  it("leaves out a document's AI check (it is listed with its document) and refuses bad queries and no caller", async () => {
    const user = await member(2, 2);
    const { token } = await user.browser.csrf();
    const text = await user.browser.postForm('/api/v1/text', {
      text: ORIGINAL_ESSAY.replace('cello', 'oboe'),
      language: 'en',
      check_ai: 'true',
      _csrf_token: token,
    });
    expect(text.statusCode, text.body).toBe(200);
    const standAlone = await submitAi(user.browser, { text: GARDEN_ESSAY.replace('forty', 'ninety') });
    await jobs.run();
    const documentAi = await t.handle.db.query<{ id: number }>(
      'SELECT id FROM ai_checks WHERE user_id = $1 AND text_check_id IS NOT NULL',
      [user.user.id],
    );
    expect(documentAi.rows).toHaveLength(1);
    const data = await list(user.browser);
    expect(data.checks.map((check) => check.id)).toEqual([standAlone]);
    expect(data.total).toBe(1);

    expect(errorOf(await t.app.inject({ method: 'GET', url: '/api/v1/chat-gpt/' }))).toEqual([401, 'unauthorized']);
    expect((await user.browser.get('/api/v1/chat-gpt/?per_page=101')).statusCode).toBe(400);
    expect((await user.browser.get('/api/v1/chat-gpt/?page=0')).statusCode).toBe(400);
  });

  it("a guest lists the guest's own check with the guest token", async () => {
    const browser = new TestBrowser(t.app);
    const { guest_csrf } = await browser.csrf();
    const registered = await browser.postForm('/guest/registration/', {
      _csrf_token: guest_csrf,
      'guest-security-token': await browser.botToken(),
    });
    expect(registered.statusCode).toBe(200);
    const guestToken = registered.json<{ data: { api: string } }>().data.api;
    const id = await submitAi(browser, { text: GARDEN_ESSAY.replace('forty', 'thirty') }, true);
    await jobs.run();
    const byToken = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat-gpt/',
      headers: { 'x-api-token': guestToken },
    });
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(byToken.json<{ data: ListData }>().data.checks.map((check) => [check.id, check.status])).toEqual([[id, 4]]);
    expect((await list(browser)).checks.map((check) => check.id)).toEqual([id]);
  });

  it("an organisation's checks: all for its owner and its token, a student's own for the student, none for others", async () => {
    const ownerBrowser = new TestBrowser(t.app);
    const ownerEmail = uniqueEmail('ailist-org');
    const signedUp = await ownerBrowser.signUp({
      email: ownerEmail,
      password: STRONG_PASSWORD,
      account_type: 'organisation',
      name: 'Dean',
    });
    expect(signedUp.statusCode).toBe(200);
    const owner = (await findUserByEmail(t.handle.db, ownerEmail))!;
    const groupId = (
      await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [owner.id])
    ).rows[0]!.id;
    const groupAccount = (await findAccountOfGroup(t.handle.db, groupId))!;
    await creditPages(t.handle.db, { accountId: groupAccount.id, bucket: 'ai_balance', pages: 5, kind: 'deposit' });
    const student = await member(1);
    const teacher = await member(0);
    for (const [who, role] of [
      [student.user.id, 3],
      [teacher.user.id, 2],
    ] as const) {
      await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [
        groupId,
        who,
        role,
      ]);
    }
    const group = String(groupId);
    const ownerCheck = await submitAi(ownerBrowser, {
      text: GARDEN_ESSAY.replace('forty', 'seventy'),
      group_id: group,
    });
    const studentCheck = await submitAi(student.browser, { text: ORIGINAL_ESSAY, group_id: group });
    const studentOwn = await submitAi(student.browser, { text: GARDEN_ESSAY.replace('forty', 'twenty') });
    await jobs.run();

    const ids = (data: ListData) => data.checks.map((check) => check.id);
    expect(ids(await list(ownerBrowser, `?group_id=${group}`))).toEqual([studentCheck, ownerCheck]);
    expect(ids(await list(teacher.browser, `?group_id=${group}`))).toEqual([studentCheck, ownerCheck]);
    expect(ids(await list(student.browser, `?group_id=${group}`))).toEqual([studentCheck]);
    expect((await list(student.browser, `?group_id=${group}`)).checks[0]!.group_id).toBe(groupId);
    // without group_id: the caller's own checks made outside any organisation
    expect(ids(await list(student.browser))).toEqual([studentOwn]);
    expect(ids(await list(ownerBrowser))).toEqual([]);

    const groupToken = (
      await t.handle.db.query<{ api_token: string }>('SELECT api_token FROM groups WHERE id = $1', [groupId])
    ).rows[0]!.api_token;
    const byToken = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat-gpt/',
      headers: { 'x-api-token': groupToken },
    });
    expect(byToken.json<{ data: ListData }>().data.checks.map((check) => check.id)).toEqual([studentCheck, ownerCheck]);

    const outsider = await member(0);
    expect(errorOf(await outsider.browser.get(`/api/v1/chat-gpt/?group_id=${group}`))).toEqual([403, 'forbidden']);
    // a removed member no longer lists the organisation's checks
    await t.handle.db.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2', [
      groupId,
      student.user.id,
    ]);
    expect(errorOf(await student.browser.get(`/api/v1/chat-gpt/?group_id=${group}`))).toEqual([403, 'forbidden']);
  });

  it('cuts the first words at a word boundary, on one line', () => {
    expect(firstWords('  Short\n\ntext  ')).toBe('Short text');
    const long = 'word '.repeat(40);
    const cut = firstWords(long);
    expect(cut.length).toBeLessThanOrEqual(80);
    expect(cut).toMatch(/^(word )+word…$/);
    expect(firstWords('x'.repeat(120))).toBe(`${'x'.repeat(79)}…`);
  });
});
