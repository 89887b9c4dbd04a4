import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimilarityReport } from '@veritext/contracts';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { GARDEN_ESSAY, ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { findUserByEmail, type UserRecord } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { closeSharedReuseChecker } from './reuse-checker.ts';
import { closeSharedSimilarityReportRenderer } from './similarity-report.ts';
import { indexKey } from './text-checks.process.ts';

/*
 * Issue 13, A5: a check can be deleted for good by who may (the author; in an organisation the author while a
 * member, the owner and teachers, the organisation's token): its text, report, AI check and index entry go in
 * one transaction; a check in progress is refused; anyone else gets 404.
 */

describe(`deleting a check (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await closeSharedSimilarityReportRenderer();
    await t.dispose();
  });

  /** A text no other test of this file has checked. */
  function text(base = ORIGINAL_ESSAY): string {
    serial += 1;
    return `${base} Note ${String(serial)}: the archive keeps its own catalogue of rare ${String(serial)} maps.`;
  }

  type Person = { browser: TestBrowser; user: UserRecord; accountId: number };

  async function person(pages = 10, aiPages = 5, extra: Record<string, string> = {}): Promise<Person> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('del');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD, name: 'Ada', ...extra })).statusCode).toBe(200);
    const user = (await findUserByEmail(t.handle.db, email))!;
    const account = (await findAccountOfUser(t.handle.db, user.id))!;
    if (pages > 0) await creditPages(t.handle.db, { accountId: account.id, bucket: 'balance', pages, kind: 'deposit' });
    if (aiPages > 0) {
      await creditPages(t.handle.db, { accountId: account.id, bucket: 'ai_balance', pages: aiPages, kind: 'deposit' });
    }
    return { browser, user, accountId: account.id };
  }

  async function submit(browser: TestBrowser, fields: Record<string, string>): Promise<number> {
    const { token } = await browser.csrf();
    const response = await browser.postForm('/api/v1/text', { language: 'en', ...fields, _csrf_token: token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { text: { id: number } } }>().data.text.id;
  }

  async function remove(browser: TestBrowser, id: number, path = 'text'): Promise<LightMyRequestResponse> {
    const { token } = await browser.csrf();
    return browser.postForm(`/api/v1/${path}/${String(id)}/delete/`, { _csrf_token: token });
  }

  async function rows(sql: string, params: unknown[]): Promise<number> {
    return (await t.handle.db.query(sql, params)).rows.length;
  }

  it('the author deletes a ready document: text, report, AI check and index entry go; a later check finds nothing', async () => {
    const author = await person();
    const essay = text();
    const id = await submit(author.browser, { text: essay, check_ai: 'true', title: 'My essay' });
    await jobs.run();
    expect(await rows('SELECT 1 FROM reuse_sources WHERE key = $1', [indexKey(id)])).toBe(1);
    expect(await rows('SELECT 1 FROM ai_checks WHERE text_check_id = $1', [id])).toBe(1);

    // someone else cannot, and learns nothing: 404 as for a document that does not exist
    const stranger = await person();
    const refused = await remove(stranger.browser, id);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('My essay');
    // no CSRF token from a browser: refused before anything
    expect((await author.browser.postForm(`/api/v1/text/${String(id)}/delete/`, {})).statusCode).toBe(403);
    expect(await rows('SELECT 1 FROM text_checks WHERE id = $1', [id])).toBe(1);

    const deleted = await remove(author.browser, id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      success: true,
      message: 'The check was deleted.',
      data: { id, deleted: { ai_checks: 1, index_entries: 1 } },
    });
    expect(await rows('SELECT 1 FROM text_checks WHERE id = $1', [id])).toBe(0);
    expect(await rows('SELECT 1 FROM ai_checks WHERE text_check_id = $1', [id])).toBe(0);
    expect(await rows('SELECT 1 FROM reuse_sources WHERE key = $1', [indexKey(id)])).toBe(0);
    expect((await author.browser.get(`/api/v1/text/${String(id)}`)).statusCode).toBe(404);
    expect((await author.browser.get('/api/v1/text/')).json<{ data: { total: number } }>().data.total).toBe(0);
    // twice: it is gone
    expect((await remove(author.browser, id)).statusCode).toBe(404);

    // the same text checked again by someone else has no source any more
    const later = await submit(stranger.browser, { text: essay });
    await jobs.run();
    const report = await stranger.browser.get(`/api/v1/text/report/${String(later)}`);
    expect(report.json<{ data: SimilarityReport }>().data.plagiarism.sources).toEqual([]);
  });

  it('a check in progress is refused with 409 and kept; X-API-TOKEN alone deletes it once it is ready', async () => {
    const author = await person();
    const id = await submit(author.browser, { text: text(GARDEN_ESSAY) });
    const running = await remove(author.browser, id);
    expect(running.statusCode).toBe(409);
    expect(running.json()).toMatchObject({
      message: 'This check is still running. You can delete it once it has finished.',
      error: { code: 'check_delete_in_progress' },
    });
    await jobs.run();
    const { rows: tokens } = await t.handle.db.query<{ api_token: string }>(
      'SELECT api_token FROM users WHERE id = $1',
      [author.user.id],
    );
    const byToken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/text/${String(id)}/delete/`,
      headers: { 'x-api-token': tokens[0]!.api_token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(await rows('SELECT 1 FROM text_checks WHERE id = $1', [id])).toBe(0);
  });

  it('in an organisation: the author while a member, the owner and teachers; not another student or a removed author', async () => {
    const owner = await person(0, 0, { account_type: 'organisation' });
    const groupId = (
      await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [owner.user.id])
    ).rows[0]!.id;
    const groupAccount = (await findAccountOfGroup(t.handle.db, groupId))!;
    await creditPages(t.handle.db, { accountId: groupAccount.id, bucket: 'balance', pages: 20, kind: 'deposit' });
    const join = async (role: 2 | 3): Promise<Person> => {
      const member = await person(0, 0);
      await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [
        groupId,
        member.user.id,
        role,
      ]);
      return member;
    };
    const student = await join(3);
    const otherStudent = await join(3);
    const teacher = await join(2);
    const inGroup = { group_id: String(groupId) };
    const own = await submit(student.browser, { text: text(), ...inGroup });
    const byTeacher = await submit(student.browser, { text: text(), ...inGroup });
    const byOwner = await submit(student.browser, { text: text(), ...inGroup });
    const afterRemoval = await submit(student.browser, { text: text(), ...inGroup });
    await jobs.run();

    expect((await remove(otherStudent.browser, own)).statusCode).toBe(404);
    expect((await remove(student.browser, own)).statusCode).toBe(200);
    expect((await remove(teacher.browser, byTeacher)).statusCode).toBe(200);
    expect((await remove(owner.browser, byOwner)).statusCode).toBe(200);
    expect(
      await rows('SELECT 1 FROM reuse_sources WHERE key = ANY($1::text[])', [[own, byTeacher, byOwner].map(indexKey)]),
    ).toBe(0);

    // removed, the author still reads the check but it is the organisation's now
    await t.handle.db.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2', [
      groupId,
      student.user.id,
    ]);
    expect((await student.browser.get(`/api/v1/text/${String(afterRemoval)}`)).statusCode).toBe(200);
    expect((await remove(student.browser, afterRemoval)).statusCode).toBe(404);
    expect(await rows('SELECT 1 FROM text_checks WHERE id = $1', [afterRemoval])).toBe(1);
  });

  it('a stand-alone AI check: its author deletes it once done; not while queued, not a document’s, not someone else’s', async () => {
    const author = await person();
    const { token } = await author.browser.csrf();
    const created = await author.browser.postForm('/api/v1/chat-gpt/', { text: text(), _csrf_token: token });
    expect(created.statusCode, created.body).toBe(200);
    const aiId = created.json<{ data: { id: number } }>().data.id;
    const queued = await remove(author.browser, aiId, 'chat-gpt');
    expect(queued.statusCode).toBe(409);
    expect(queued.json()).toMatchObject({ error: { code: 'check_delete_in_progress' } });
    await jobs.run();

    const stranger = await person();
    expect((await remove(stranger.browser, aiId, 'chat-gpt')).statusCode).toBe(404);

    // a document's AI check goes with its document, not on its own
    const documentId = await submit(author.browser, { text: text(GARDEN_ESSAY), check_ai: 'true' });
    await jobs.run();
    const { rows: documentAi } = await t.handle.db.query<{ id: number }>(
      'SELECT id FROM ai_checks WHERE text_check_id = $1',
      [documentId],
    );
    expect((await remove(author.browser, documentAi[0]!.id, 'chat-gpt')).statusCode).toBe(404);

    const deleted = await remove(author.browser, aiId, 'chat-gpt');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'The AI check was deleted.', data: { id: aiId } });
    expect(await rows('SELECT 1 FROM ai_checks WHERE id = $1', [aiId])).toBe(0);
    expect((await author.browser.get(`/api/v1/chat-gpt/${String(aiId)}/`)).statusCode).toBe(404);
  });
});
