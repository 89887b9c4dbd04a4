import {
  ERRORS,
  MEMBER_NEW_ACCOUNTS_PER_DAY,
  MEMBER_UPLOAD_MAX_ROWS,
  SIGNUP_BONUS_PAGES,
  type MemberUploadResponse,
} from '@veritext/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { multipart } from '../../../test/uploads.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findAccountOfUser } from '../ledger/ledger.repository.ts';

type ErrorBody = { success: false; message: string; error: { code: string } };

/**
 * Issue 13, B8: accounts an organisation makes for the members it adds get no personal sign-up bonus, and bulk
 * creation is bounded (rows per uploaded file, new accounts per group per day).
 */
describe(`accounts made by an organisation (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://veritext.example' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function organisation() {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('owner');
    const signedUp = await browser.signUp({
      email,
      password: STRONG_PASSWORD,
      name: 'Owner',
      account_type: 'organisation',
    });
    expect(signedUp.statusCode).toBe(200);
    const owner = (await findUserByEmail(t.handle.db, email))!;
    const { rows } = await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [
      owner.id,
    ]);
    const groupId = rows[0]!.id;
    return { browser, groupId, base: `/api/v1/groups/${String(groupId)}/members/` };
  }

  async function add(org: { browser: TestBrowser; base: string }, email: string) {
    const { token } = await org.browser.csrf();
    return org.browser.postForm(org.base, { name: 'New Member', email, limit: '', role: '3', _csrf_token: token });
  }

  async function upload(org: { browser: TestBrowser; base: string }, csv: string) {
    const { token } = await org.browser.csrf();
    const { payload, contentType } = multipart(
      { _csrf_token: token },
      { field: 'file', name: 'members.csv', type: 'text/csv', bytes: Buffer.from(csv) },
    );
    return t.app.inject({
      method: 'POST',
      url: `${org.base}upload/`,
      payload,
      headers: { 'content-type': contentType, cookie: org.browser.jar.header() },
    });
  }

  async function bonusOf(email: string): Promise<number> {
    const user = (await findUserByEmail(t.handle.db, email))!;
    return (await findAccountOfUser(t.handle.db, user.id))!.bonus;
  }

  /** Accounts the group made "earlier today" (rows inserted as the add form would have made them). */
  async function madeEarlier(groupId: number, count: number): Promise<void> {
    await t.handle.db.query(
      `INSERT INTO users (email, name, api_token, api_token_hash, created_by_group_id)
       SELECT 'earlier-' || $1::int || '-' || n || '@example.com', 'Earlier', 'tok-' || $1::int || '-' || n,
              'hash-' || $1::int || '-' || n, $1::int
       FROM generate_series(1, $2::int) AS n`,
      [groupId, count],
    );
  }

  it('an account made by the add form or an upload gets no sign-up bonus; a person who signs up still does', async () => {
    const org = await organisation();
    const added = uniqueEmail('added');
    expect((await add(org, added)).statusCode).toBe(200);
    expect(await bonusOf(added)).toBe(0);

    const uploaded = [uniqueEmail('up1'), uniqueEmail('up2')];
    const response = await upload(org, `Name,E-mail\nOne,${uploaded[0]!}\nTwo,${uploaded[1]!}\n`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MemberUploadResponse>().data.added).toBe(2);
    for (const email of uploaded) expect(await bonusOf(email)).toBe(0);
    const { rows } = await t.handle.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_entries e JOIN accounts a ON a.id = e.account_id JOIN users u ON u.id = a.user_id WHERE u.created_by_group_id = $1 AND e.kind = 'bonus'",
      [org.groupId],
    );
    expect(rows[0]!.n).toBe(0);

    const person = new TestBrowser(t.app);
    const own = uniqueEmail('self');
    expect((await person.signUp({ email: own, password: STRONG_PASSWORD })).statusCode).toBe(200);
    expect(await bonusOf(own)).toBe(SIGNUP_BONUS_PAGES);
  });

  it(`refuses a file of more than ${String(MEMBER_UPLOAD_MAX_ROWS)} members before taking any row`, async () => {
    const org = await organisation();
    const lines = Array.from(
      { length: MEMBER_UPLOAD_MAX_ROWS + 1 },
      (_, i) => `M${String(i)},bulk-${String(org.groupId)}-${String(i)}@example.com`,
    );
    const response = await upload(org, `Name,E-mail\n${lines.join('\n')}\n`);
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.error.code).toBe('member_upload_too_many_rows');
    expect(body.message).toBe(ERRORS.member_upload_too_many_rows.message);
    const { rows } = await t.handle.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE created_by_group_id = $1',
      [org.groupId],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it(`makes at most ${String(MEMBER_NEW_ACCOUNTS_PER_DAY)} accounts a day per group, with a clear message per form and per row`, async () => {
    const org = await organisation();
    await madeEarlier(org.groupId, MEMBER_NEW_ACCOUNTS_PER_DAY - 1);
    const last = uniqueEmail('last');
    const over = uniqueEmail('over');
    const response = await upload(org, `Name,E-mail\nLast,${last}\nOver,${over}\n`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<MemberUploadResponse>().data.rows;
    expect(rows.map((row) => row.outcome)).toEqual(['invited', 'invalid']);
    expect(rows[1]!.message).toBe(ERRORS.member_new_accounts_limit.message);
    expect(await findUserByEmail(t.handle.db, over)).toBeNull();

    const refused = await add(org, uniqueEmail('form'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.code).toBe('member_new_accounts_limit');

    // a day later the group may make accounts again; another group was never limited by this one
    await t.handle.db.query(
      "UPDATE users SET created_at = now() - interval '25 hours' WHERE created_by_group_id = $1",
      [org.groupId],
    );
    expect((await add(org, uniqueEmail('tomorrow'))).statusCode).toBe(200);
    expect((await add(await organisation(), uniqueEmail('other'))).statusCode).toBe(200);
  });
});
