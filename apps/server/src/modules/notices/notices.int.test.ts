import type { NoticesResponse } from '@veritext/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountBrowser, createTestApp, signUpAccount, TestBrowser, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { listOutboxMessages } from '../mail/mail.repository.ts';

type Group = { id: number; name: string };

describe(`notify admin: a member's request reaches the owner by e-mail and as a notice (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://veritext.example' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  function account(fields: Record<string, string> = {}): Promise<AccountBrowser> {
    return signUpAccount(t.app, AccountBrowser, 'notify', fields);
  }

  async function notices(browser: TestBrowser): Promise<NoticesResponse['data']> {
    const response = await browser.get('/api/v1/notices/');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<NoticesResponse>().data;
  }

  it('sends once an hour per request, to the owner only, who reads it; owners and outsiders cannot', async () => {
    const owner = await account({
      account_type: 'organisation',
      organisation_name: 'Harbour School',
      name: 'Olga Owner',
    });
    const group = (await owner.browser.get('/api/v1/groups/list/')).json<{ data: { groups: Group[] } }>().data
      .groups[0];
    if (group === undefined) throw new Error('no group');
    const student = await account({ name: 'Sam Student' });
    const studentUser = await findUserByEmail(t.handle.db, student.email);
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 3)', [
      group.id,
      studentUser?.id,
    ]);
    const url = `/api/v1/groups/${String(group.id)}/notify-admin/`;

    const sent = await student.post(url, { reason: 'ai_pages' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ message: string }>().message).toBe('Your administrator has been notified.');
    const mails = (await listOutboxMessages(t.handle.db, 20)).filter(
      (m) => m.to_address === owner.email && m.kind === 'notify_admin',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Sam Student asks you to top up Harbour School on Veritext');
    expect(mails[0]?.text_body).toContain(
      'Sam Student, a member of Harbour School, could not run a check and asks you for more AI pages.',
    );
    expect(mails[0]?.text_body).toContain('https://veritext.example/pricing/');

    let inbox = await notices(owner.browser);
    expect(inbox.unread).toBe(1);
    expect(inbox.notices).toHaveLength(1);
    expect(inbox.notices[0]).toMatchObject({
      kind: 'notify_admin',
      reason: 'ai_pages',
      group: { id: group.id, name: 'Harbour School' },
      from: { name: 'Sam Student', email: student.email },
      read: false,
    });
    // the member has no notice of their own
    expect((await notices(student.browser)).notices).toEqual([]);

    // the same request within the hour: told, nothing sent again
    const again = await student.post(url, { reason: 'ai_pages' });
    expect(again.json<{ message: string }>().message).toBe('Your administrator was notified less than an hour ago.');
    expect(
      (await listOutboxMessages(t.handle.db, 50)).filter(
        (m) => m.to_address === owner.email && m.kind === 'notify_admin',
      ),
    ).toHaveLength(1);
    // another request is another notice
    expect((await student.post(url, { reason: 'pages' })).statusCode).toBe(200);
    inbox = await notices(owner.browser);
    expect(inbox.notices.map((n) => n.reason)).toEqual(['pages', 'ai_pages']);

    // the owner does not notify themselves; an outsider's request finds no organisation; a bad reason is refused
    const self = await owner.post(url, { reason: 'pages' });
    expect(self.statusCode).toBe(400);
    const outsider = await account();
    expect((await outsider.post(url, { reason: 'pages' })).statusCode).toBe(404);
    expect((await student.post(url, { reason: 'money' })).statusCode).toBe(400);

    // only the recipient marks a notice read
    const first = inbox.notices[0]?.id ?? 0;
    expect((await student.post(`/api/v1/notices/${String(first)}/read/`)).statusCode).toBe(404);
    expect((await owner.post(`/api/v1/notices/${String(first)}/read/`)).statusCode).toBe(200);
    inbox = await notices(owner.browser);
    expect(inbox.unread).toBe(1);
    expect(inbox.notices.map((n) => n.read)).toEqual([true, false]);
  });
});
