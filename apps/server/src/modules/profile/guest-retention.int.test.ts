import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { checkJobRunner, jobContext } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { GARDEN_ESSAY, ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { closeSharedReuseChecker } from '../text-checks/reuse-checker.ts';
import { indexKey } from '../text-checks/text-checks.process.ts';
import { guestRetentionSweep } from './guest-retention.jobs.ts';

/*
 * Issue 13, A5: guests are not kept for ever. A guest idle (no check) for longer than GUEST_RETENTION_DAYS is
 * deleted with its checks, AI checks and index entries; a guest whose checks were handed over to an account is
 * kept while its account pays for them, and those checks stay the account's, in the index.
 */

const DAYS = 30;

describe(`guest retention (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await t.dispose();
  });

  async function sweep(): Promise<void> {
    await guestRetentionSweep.handler({ days: DAYS }, jobContext(t, guestRetentionSweep.queueName));
  }

  function text(base = ORIGINAL_ESSAY): string {
    serial += 1;
    return `${base} Postscript ${String(serial)}: the harbour clock stopped at ${String(serial)} past nine.`;
  }

  /** A guest made through the API, with a plagiarism check and an AI check (its free page and AI page). */
  async function guestWithChecks(): Promise<{
    browser: TestBrowser;
    userId: number;
    documentId: number;
    aiId: number;
  }> {
    const browser = new TestBrowser(t.app);
    const { guest_csrf } = await browser.csrf();
    const registered = await browser.postForm('/guest/registration/', {
      _csrf_token: guest_csrf,
      'guest-security-token': await browser.botToken(),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const token = registered.json<{ data: { api: string } }>().data.api;
    const { rows } = await t.handle.db.query<{ id: number }>('SELECT id FROM users WHERE api_token = $1', [token]);
    const userId = rows[0]!.id;
    const submitted = await browser.postForm('/api/v1/text', {
      text: text(GARDEN_ESSAY).split(' ').slice(0, 200).join(' '),
      language: 'en',
      _csrf_token: guest_csrf,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const ai = await browser.postForm('/api/v1/chat-gpt/', { text: text(), _csrf_token: guest_csrf });
    expect(ai.statusCode, ai.body).toBe(200);
    await jobs.run();
    return {
      browser,
      userId,
      documentId: submitted.json<{ data: { text: { id: number } } }>().data.text.id,
      aiId: ai.json<{ data: { id: number } }>().data.id,
    };
  }

  /** Moves a user's creation and checks `days` into the past. */
  async function age(userId: number, days: number): Promise<void> {
    const db = t.handle.db;
    const back = `now() - make_interval(days => ${String(days)})`;
    await db.query(`UPDATE users SET created_at = ${back} WHERE id = $1`, [userId]);
    await db.query(`UPDATE text_checks SET created_at = ${back} WHERE user_id = $1`, [userId]);
    await db.query(`UPDATE ai_checks SET created_at = ${back} WHERE user_id = $1`, [userId]);
  }

  async function count(sql: string, params: unknown[]): Promise<number> {
    return (await t.handle.db.query(sql, params)).rows.length;
  }

  it('deletes a guest idle past retention with its checks, AI checks and index entries; keeps the others', async () => {
    const idle = await guestWithChecks();
    const recentCheck = await guestWithChecks();
    const young = await guestWithChecks();
    await age(idle.userId, DAYS + 1);
    await age(recentCheck.userId, DAYS + 10);
    await t.handle.db.query("UPDATE ai_checks SET created_at = now() - interval '2 days' WHERE id = $1", [
      recentCheck.aiId,
    ]);
    await age(young.userId, DAYS - 1);
    // a registered user as old as the idle guest, with no check: never touched
    const user = new TestBrowser(t.app);
    const email = uniqueEmail('retention');
    expect((await user.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const userId = (await t.handle.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!
      .id;
    await age(userId, DAYS + 100);
    expect(await count('SELECT 1 FROM reuse_sources WHERE key = $1', [indexKey(idle.documentId)])).toBe(1);

    await sweep();

    expect(await count('SELECT 1 FROM users WHERE id = $1', [idle.userId])).toBe(0);
    expect(await count('SELECT 1 FROM accounts WHERE user_id = $1', [idle.userId])).toBe(0);
    expect(await count('SELECT 1 FROM text_checks WHERE id = $1', [idle.documentId])).toBe(0);
    expect(await count('SELECT 1 FROM ai_checks WHERE id = $1', [idle.aiId])).toBe(0);
    expect(await count('SELECT 1 FROM reuse_sources WHERE key = $1', [indexKey(idle.documentId)])).toBe(0);
    // its token no longer opens anything
    expect((await idle.browser.get('/profile/get_credentials')).statusCode).toBeGreaterThanOrEqual(400);

    for (const kept of [recentCheck, young]) {
      expect(await count('SELECT 1 FROM users WHERE id = $1', [kept.userId])).toBe(1);
      expect(await count('SELECT 1 FROM text_checks WHERE id = $1', [kept.documentId])).toBe(1);
      expect(await count('SELECT 1 FROM reuse_sources WHERE key = $1', [indexKey(kept.documentId)])).toBe(1);
    }
    expect(await count('SELECT 1 FROM users WHERE id = $1', [userId])).toBe(1);
    // a second run finds nothing more
    await sweep();
    expect(await count('SELECT 1 FROM users WHERE id = $1', [young.userId])).toBe(1);
  });

  it('never deletes checks a guest handed over to an account; the emptied guest goes once they are gone', async () => {
    const guest = await guestWithChecks();
    // the guest signs up: its checks move to the new account, the guest's account still paid for them
    const email = uniqueEmail('handover');
    expect((await guest.browser.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const accountUserId = (await t.handle.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))
      .rows[0]!.id;
    expect(
      (
        await t.handle.db.query<{ user_id: number }>('SELECT user_id FROM text_checks WHERE id = $1', [
          guest.documentId,
        ])
      ).rows[0]!.user_id,
    ).toBe(accountUserId);
    await age(guest.userId, DAYS + 5);
    await t.handle.db.query("UPDATE text_checks SET created_at = now() - interval '40 days' WHERE id = $1", [
      guest.documentId,
    ]);
    await t.handle.db.query("UPDATE ai_checks SET created_at = now() - interval '40 days' WHERE id = $1", [guest.aiId]);

    await sweep();

    // the moved checks are the account's and stay, in the index; the guest that paid for them stays too
    expect(await count('SELECT 1 FROM text_checks WHERE id = $1', [guest.documentId])).toBe(1);
    expect(await count('SELECT 1 FROM ai_checks WHERE id = $1', [guest.aiId])).toBe(1);
    expect(await count('SELECT 1 FROM reuse_sources WHERE key = $1', [indexKey(guest.documentId)])).toBe(1);
    expect(await count('SELECT 1 FROM users WHERE id = $1', [guest.userId])).toBe(1);
    expect((await guest.browser.get(`/api/v1/text/${String(guest.documentId)}`)).statusCode).toBe(200);

    // the account deletes both checks: nothing of the guest is needed any more, and the next sweep removes it
    for (const [path, id] of [
      ['text', guest.documentId],
      ['chat-gpt', guest.aiId],
    ] as const) {
      const { token } = await guest.browser.csrf();
      const deleted = await guest.browser.postForm(`/api/v1/${path}/${String(id)}/delete/`, { _csrf_token: token });
      expect(deleted.statusCode, deleted.body).toBe(200);
    }
    await sweep();
    expect(await count('SELECT 1 FROM users WHERE id = $1', [guest.userId])).toBe(0);
    expect(await count('SELECT 1 FROM users WHERE id = $1', [accountUserId])).toBe(1);
  });
});
