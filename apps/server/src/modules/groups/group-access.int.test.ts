import type { LightMyRequestResponse } from 'fastify';
import { TEXT_STATE } from '@veritext/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { ESSAY_WITH_REUSE } from '../../../test/texts.ts';
import { queueAiCheck } from '../ai-checks/ai-checks.service.ts';
import { findUserByEmail, type UserRecord } from '../auth/users.repository.ts';
import { findAccountById, findAccountOfGroup, type AccountRecord } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';

/** An assistant-style paragraph of more than 250 characters (written for this test). */
const AI_TEXT = `Time management is an essential skill that can significantly improve both academic and professional outcomes. First and foremost, it is important to establish clear priorities, as this allows individuals to focus their energy on the tasks that matter most. Additionally, breaking larger projects into smaller, manageable steps can help reduce stress and prevent procrastination.`;

type Person = { browser: TestBrowser; user: UserRecord };

/**
 * Issue 13, B2 and B9: who reads a check or report by id (one rule: the author, or the group's owner and
 * teachers as they are now, or the group's token), and every action charged to a group checks the membership
 * as it is at that moment.
 */
describe(`group access: reading checks by id, charging a group (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let owner: Person;
  let teacher: Person;
  let studentA: Person;
  let studentB: Person;
  let groupId: number;
  let groupToken: string;
  let groupAccount: AccountRecord;

  async function person(fields: Record<string, string> = {}): Promise<Person> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('ga');
    const response = await browser.signUp({ email, password: STRONG_PASSWORD, ...fields });
    expect(response.statusCode, response.body).toBe(200);
    return { browser, user: (await findUserByEmail(t.handle.db, email))! };
  }

  async function join(member: Person, role: 2 | 3): Promise<void> {
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [
      groupId,
      member.user.id,
      role,
    ]);
  }

  async function post(who: Person, url: string, fields: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const { token } = await who.browser.csrf();
    return who.browser.postForm(url, { ...fields, _csrf_token: token });
  }

  async function aiCheckIn(who: Person): Promise<number> {
    const response = await post(who, '/api/v1/chat-gpt/', { text: AI_TEXT, group_id: String(groupId) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number } }>().data.id;
  }

  /** A document of the group, made through the API, then marked ready as the worker would (no engine needed here). */
  async function readyDocumentIn(who: Person): Promise<number> {
    const text = ESSAY_WITH_REUSE.split(/\s+/).slice(0, 120).join(' ');
    const response = await post(who, '/api/v1/text', { text, language: 'en', group_id: String(groupId) });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<{ data: { text: { id: number } } }>().data.text.id;
    await t.handle.db.query('UPDATE text_checks SET state = $2 WHERE id = $1', [id, TEXT_STATE.ready]);
    return id;
  }

  async function groupAi(): Promise<{ available: number; held: number }> {
    const account = (await findAccountById(t.handle.db, groupAccount.id))!;
    return { available: account.ai_balance, held: account.held_ai_balance };
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await person({ name: 'Owner', account_type: 'organisation' });
    const { rows } = await t.handle.db.query<{ id: number; api_token: string }>(
      'SELECT id, api_token FROM groups WHERE created_by_user_id = $1',
      [owner.user.id],
    );
    groupId = rows[0]!.id;
    groupToken = rows[0]!.api_token;
    groupAccount = (await findAccountOfGroup(t.handle.db, groupId))!;
    await creditPages(t.handle.db, { accountId: groupAccount.id, bucket: 'ai_balance', pages: 50, kind: 'deposit' });
    await creditPages(t.handle.db, { accountId: groupAccount.id, bucket: 'balance', pages: 50, kind: 'deposit' });
    teacher = await person();
    studentA = await person();
    studentB = await person();
    await join(teacher, 2);
    await join(studentA, 3);
    await join(studentB, 3);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it("B2: a student cannot read another member's AI check or its PDF; the author, teachers, the owner and the group token can", async () => {
    const id = await aiCheckIn(studentA);
    const url = `/api/v1/chat-gpt/${String(id)}/`;
    const pdf = `/profile/fingerprint/download-pdf/${String(id)}/?type=3`;

    const byOtherStudent = await studentB.browser.get(url);
    expect(byOtherStudent.statusCode).toBe(404);
    expect(byOtherStudent.body).not.toContain('Time management');
    expect((await post(studentB, pdf, { type: '3' })).statusCode).toBe(404);

    for (const reader of [studentA, teacher, owner]) {
      const read = await reader.browser.get(url);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<{ data: { content: string } }>().data.content).toBe(AI_TEXT);
      // allowed to ask: the check is not done yet, so "not ready" and never "not found"
      expect((await post(reader, pdf, { type: '3' })).statusCode).toBe(409);
    }
    const byToken = await t.app.inject({ method: 'GET', url, headers: { 'x-api-token': groupToken } });
    expect(byToken.statusCode).toBe(200);
  });

  it('B2: a student demoted from teacher loses the reading at once; a stranger never had it', async () => {
    const id = await aiCheckIn(studentB);
    const url = `/api/v1/chat-gpt/${String(id)}/`;
    const former = await person();
    await join(former, 2);
    expect((await former.browser.get(url)).statusCode).toBe(200);
    await t.handle.db.query('UPDATE group_members SET role = 3 WHERE group_id = $1 AND user_id = $2', [
      groupId,
      former.user.id,
    ]);
    expect((await former.browser.get(url)).statusCode).toBe(404);
    const stranger = await person();
    expect((await stranger.browser.get(url)).statusCode).toBe(404);
  });

  it("B2: every by-id read of another student's document answers 404 (state, report, text-status, PDF, send-text)", async () => {
    const id = await readyDocumentIn(studentA);
    const before = await groupAi();
    const reads: [string, () => Promise<LightMyRequestResponse>][] = [
      ['state', () => studentB.browser.get(`/api/v1/text/${String(id)}`)],
      ['report', () => studentB.browser.get(`/api/v1/text/report/${String(id)}`)],
      ['text-status', () => studentB.browser.get(`/api/v1/fingerprint/text-status/${String(id)}/?type=3`)],
      ['pdf', () => post(studentB, `/profile/fingerprint/download-pdf/${String(id)}/`)],
      ['send-text', () => post(studentB, `/api/v1/fingerprint/send-text/${String(id)}/`, { type: '3' })],
    ];
    for (const [name, read] of reads) expect((await read()).statusCode, name).toBe(404);
    expect(await groupAi()).toEqual(before);
    // the teacher reads it, and the AI check the teacher sends is the teacher's: the other student cannot read it
    expect((await teacher.browser.get(`/api/v1/text/${String(id)}`)).statusCode).toBe(200);
    const sent = await post(teacher, `/api/v1/fingerprint/send-text/${String(id)}/`, { type: '3' });
    expect(sent.statusCode, sent.body).toBe(200);
    const aiId = sent.json<{ data: { id: number } }>().data.id;
    expect((await studentB.browser.get(`/api/v1/chat-gpt/${String(aiId)}/`)).statusCode).toBe(404);
    expect((await owner.browser.get(`/api/v1/chat-gpt/${String(aiId)}/`)).statusCode).toBe(200);
    expect(await groupAi()).toEqual({ available: before.available - 1, held: before.held + 1 });
  });

  it("B9: a removed member cannot spend the group's pages: send-text, the AI detector, a new check", async () => {
    const leaver = await person();
    await join(leaver, 2);
    const id = await readyDocumentIn(leaver);
    const removed = await post(owner, `/api/v1/groups/${String(groupId)}/members/${String(leaver.user.id)}/delete/`);
    expect(removed.statusCode, removed.body).toBe(200);
    const before = await groupAi();

    const send = await post(leaver, `/api/v1/fingerprint/send-text/${String(id)}/`, { type: '3' });
    expect(send.statusCode, send.body).toBe(403);
    const ai = await post(leaver, '/api/v1/chat-gpt/', { text: AI_TEXT, group_id: String(groupId) });
    expect(ai.statusCode).toBe(403);
    const text = ESSAY_WITH_REUSE.split(/\s+/).slice(200, 320).join(' ');
    const check = await post(leaver, '/api/v1/text', { text, language: 'en', group_id: String(groupId) });
    expect(check.statusCode).toBe(403);

    expect(await groupAi()).toEqual(before);
    const { rows } = await t.handle.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ai_checks WHERE text_check_id = $1',
      [id],
    );
    expect(rows[0]!.n).toBe(0);
    // what the former member wrote stays theirs to read
    expect((await leaver.browser.get(`/api/v1/text/${String(id)}`)).statusCode).toBe(200);
  });

  it('B9: the membership is checked again in the transaction that holds the pages (removed after the request was let in)', async () => {
    const leaver = await person();
    await join(leaver, 3);
    await t.handle.db.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2', [
      groupId,
      leaver.user.id,
    ]);
    const before = await groupAi();
    const payer = { account: groupAccount, userId: leaver.user.id, groupId, isGroup: true };
    await expect(
      queueAiCheck(t.handle.db, { send: () => Promise.resolve('never sent') }, payer, {
        content: AI_TEXT,
        fileName: null,
        forceLanguage: null,
        textCheckId: null,
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(await groupAi()).toEqual(before);
  });
});
