import { readFileSync } from 'node:fs';
import {
  MEMBER_MESSAGES,
  type Member,
  type MemberInvitation,
  type MemberUploadResponse,
  type MyInvitation,
} from '@veritext/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { multipart } from '../../../test/uploads.ts';
import { findUserByEmail, type UserRecord } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';

const PUBLIC_URL = 'https://veritext.example';
const FIXTURES = new URL('../../../../../packages/extract/test/fixtures/', import.meta.url);

/** Two 300-word English texts (2 pages each), written for this test. */
const SENTENCE_A =
  'The students in our school have learned that reading every day is one of the best ways to improve their writing and thinking at home.';
const SENTENCE_B =
  'Our village library opens early on Saturdays so that families can borrow books, meet their neighbours and join the weekly reading club together.';
const SENTENCE_C =
  'Walking along the river after dinner helps many people in our town relax, talk about their day and notice how the seasons slowly change.';
const TEXT_A = Array.from({ length: 12 }, () => SENTENCE_A).join('\n');
const TEXT_B = Array.from({ length: 12 }, () => SENTENCE_B).join('\n');
const TEXT_C = Array.from({ length: 12 }, () => SENTENCE_C).join('\n');
/** Well over 250 characters for the AI detector (written for this test). */
const AI_TEXT = [SENTENCE_A, SENTENCE_B, SENTENCE_C].join(' ');

type Outbox = { to_address: string; subject: string; text_body: string; html_body: string; kind: string };

describe(`organisation members (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function signedUp(name = 'Member', accountType = 'individual') {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail(accountType === 'organisation' ? 'owner' : 'member');
    const response = await browser.signUp({ email, password: STRONG_PASSWORD, name, account_type: accountType });
    expect(response.statusCode).toBe(200);
    // a confirmed address (an invitation is accepted only by one)
    await t.handle.db.query('UPDATE users SET email_verified_at = now() WHERE lower(email) = lower($1)', [email]);
    const user = (await findUserByEmail(t.handle.db, email)) as UserRecord;
    return { browser, email, user };
  }

  async function newOrganisation(name = 'Owner Olga') {
    const owner = await signedUp(name, 'organisation');
    const { rows } = await t.handle.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM groups WHERE created_by_user_id = $1',
      [owner.user.id],
    );
    const group = rows[0];
    if (group === undefined) throw new Error('no group');
    return { ...owner, groupId: group.id, groupName: group.name, base: `/api/v1/groups/${String(group.id)}/members/` };
  }

  async function post(browser: TestBrowser, url: string, fields: Record<string, string> = {}) {
    const { token } = await browser.csrf();
    return browser.postForm(url, { ...fields, _csrf_token: token });
  }

  async function upload(browser: TestBrowser, url: string, file: { name: string; type: string; bytes: Buffer }) {
    const { token } = await browser.csrf();
    const { payload, contentType } = multipart({ _csrf_token: token }, { field: 'file', ...file });
    const response = await t.app.inject({
      method: 'POST',
      url: `${url}upload/`,
      payload,
      headers: { 'content-type': contentType, cookie: browser.jar.header() },
    });
    browser.jar.store(response);
    return response;
  }

  async function myInvitations(browser: TestBrowser): Promise<MyInvitation[]> {
    const response = await browser.get('/api/v1/invitations/');
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { invitations: MyInvitation[] } }>().data.invitations;
  }

  /** The owner invites an account and it accepts: a member with the role and limit the owner set. */
  async function joined(
    org: { browser: TestBrowser; base: string; groupId: number },
    member: { browser: TestBrowser; email: string },
    fields: Record<string, string> = {},
  ) {
    const invited = await post(org.browser, org.base, { name: 'Someone', email: member.email, ...fields });
    expect(invited.statusCode).toBe(200);
    const invitation = (await myInvitations(member.browser)).find((i) => i.group.id === org.groupId);
    expect(invitation).toBeDefined();
    const accepted = await post(member.browser, `/api/v1/invitations/${String(invitation?.id)}/accept/`);
    expect(accepted.statusCode).toBe(200);
  }

  const csv = (text: string) => ({ name: 'members.csv', type: 'text/csv', bytes: Buffer.from(text) });

  async function members(browser: TestBrowser, base: string): Promise<Member[]> {
    return (await roster(browser, base)).members;
  }

  async function roster(
    browser: TestBrowser,
    base: string,
  ): Promise<{ members: Member[]; invitations: MemberInvitation[] }> {
    const response = await browser.get(base);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { members: Member[]; invitations: MemberInvitation[] } }>().data;
  }

  async function mailsTo(email: string, kind: string): Promise<Outbox[]> {
    const { rows } = await t.handle.db.query<Outbox>(
      'SELECT to_address, subject, text_body, html_body, kind FROM mail_outbox WHERE lower(to_address) = lower($1) AND kind = $2 ORDER BY id',
      [email, kind],
    );
    return rows;
  }

  function expectError(response: LightMyRequestResponse, status: number, code: string, message?: string) {
    expect(response.statusCode).toBe(status);
    const body = response.json<{ success: boolean; message: string; error: { code: string } }>();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe(code);
    if (message !== undefined) expect(body.message).toBe(message);
    return body;
  }

  it('lists the owner alone at first: role 1, no limit, active, the caller; also with the X-API-TOKEN', async () => {
    const org = await newOrganisation('Olga Owner');
    expect((await roster(org.browser, org.base)).invitations).toEqual([]);
    const list = await members(org.browser, org.base);
    expect(list).toEqual([
      {
        user_id: org.user.id,
        name: 'Olga Owner',
        email: org.email,
        role: 1,
        limit: null,
        used_pages: 0,
        status: 'active',
        joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        is_you: true,
      },
    ]);
    const viaToken = await t.app.inject({
      method: 'GET',
      url: org.base,
      headers: { 'x-api-token': org.user.api_token },
    });
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.headers['cache-control']).toBe('no-store');
  });

  it('invites an existing account: it joins with its role and limit only by accepting, told in its language', async () => {
    const org = await newOrganisation('Olga Owner');
    const member = await signedUp('Tomás Teacher');
    await t.handle.db.query("UPDATE users SET language = 'es' WHERE id = $1", [member.user.id]);

    const typed = `  ${member.email.toUpperCase()} `;
    const response = await post(org.browser, org.base, {
      name: 'Typed Name',
      email: typed,
      limit: '10',
      role: 'teacher',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: MEMBER_MESSAGES.invited,
      data: {
        invitation: {
          id: expect.any(Number),
          email: member.email.toUpperCase(), // the address as the owner typed it, nothing of the account
          role: 2,
          limit: 10,
          status: 'invited',
          invited_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      },
    });
    // not a member yet: the list shows the owner, and the invitation apart
    const before = await roster(org.browser, org.base);
    expect(before.members.map((m) => m.user_id)).toEqual([org.user.id]);
    expect(before.invitations).toHaveLength(1);
    const groupsOf = async () =>
      (await member.browser.get('/api/v1/groups/list/')).json<{ data: { groups: { id: number }[] } }>().data.groups;
    expect((await groupsOf()).map((g) => g.id)).not.toContain(org.groupId);

    const mails = await mailsTo(member.email, 'group_invitation');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Olga Owner te ha invitado a unirte a ${org.groupName} en Veritext`);
    expect(mails[0]?.text_body).toContain(`${PUBLIC_URL}/profile/#invitations`);

    const mine = await myInvitations(member.browser);
    expect(mine).toMatchObject([{ group: { id: org.groupId, name: org.groupName }, role: 2, limit: 10 }]);
    const accepted = await post(member.browser, `/api/v1/invitations/${String(mine[0]?.id)}/accept/`);
    expect(accepted.json()).toEqual({
      success: true,
      message: 'You joined the organisation.',
      data: { group: { id: org.groupId, name: org.groupName } },
    });
    expect(await myInvitations(member.browser)).toEqual([]);
    const groups = (await member.browser.get('/api/v1/groups/list/')).json<{
      data: { groups: { id: number; current_user_role: number }[] };
    }>().data.groups;
    expect(groups).toContainEqual(expect.objectContaining({ id: org.groupId, current_user_role: 2 }));
    const after = await roster(org.browser, org.base);
    expect(after.invitations).toEqual([]);
    expect(after.members.find((m) => m.user_id === member.user.id)).toMatchObject({
      name: 'Tomás Teacher', // the account's own name, once it has joined
      email: member.email,
      role: 2,
      limit: 10,
      status: 'active',
    });
    const { rows } = await t.handle.db.query<{ added_by: number; invited_at: Date | null }>(
      'SELECT added_by, invited_at FROM group_members WHERE group_id = $1 AND user_id = $2',
      [org.groupId, member.user.id],
    );
    expect(rows[0]).toEqual({ added_by: org.user.id, invited_at: null });

    // the list: the administrator first, then by name
    const other = await signedUp('Ana Student');
    await joined(org, other, { name: 'Ana' });
    const list = await members(org.browser, org.base);
    expect(list.map((m) => [m.name, m.role])).toEqual([
      ['Olga Owner', 1],
      ['Ana Student', 3], // role defaults to Student
      ['Tomás Teacher', 2],
    ]);
  });

  it('makes an account for a new address with a 7-day set-password link; it joins by accepting', async () => {
    const org = await newOrganisation('Olga Owner');
    const email = uniqueEmail('invitee');
    const response = await post(org.browser, org.base, { name: '  Nina New ', email, limit: '', role: 'Student' });
    expect(response.statusCode).toBe(200);
    const invitation = response.json<{ data: { invitation: MemberInvitation } }>().data.invitation;
    expect(invitation).toMatchObject({ email, role: 3, limit: null, status: 'invited' });

    const user = (await findUserByEmail(t.handle.db, email)) as UserRecord;
    expect(user).toMatchObject({ name: 'Nina New', password_hash: null, email_verified_at: null, is_guest: false });
    expect(user.language).toBe('en');
    // made by the organisation, not signed up: no new-user bonus (issue 13 B8; member-accounts.int.test.ts)
    expect((await findAccountOfUser(t.handle.db, user.id))?.bonus).toBe(0);

    const { rows: codes } = await t.handle.db.query<{ days: number }>(
      "SELECT extract(epoch FROM expires_at - created_at) / 86400 AS days FROM auth_codes WHERE user_id = $1 AND kind = 'reset_password'",
      [user.id],
    );
    expect(codes).toHaveLength(1);
    expect(Number(codes[0]?.days)).toBeCloseTo(7, 3);

    const mails = await mailsTo(email, 'member_invited');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Olga Owner invited you to ${org.groupName} on Veritext`);
    expect(mails[0]?.text_body).toContain('expires in 7 days');
    const link = /https:\/\/veritext\.example\/reset-password\/\?code=([\w%-]+)/.exec(mails[0]?.text_body ?? '');
    expect(link).not.toBeNull();
    const code = decodeURIComponent(link?.[1] ?? '');

    const invitee = new TestBrowser(t.app);
    expect((await post(invitee, '/validate_reset_password_code', { code })).statusCode).toBe(200);
    const reset = await post(invitee, '/reset_password', {
      code,
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await invitee.logIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await findUserByEmail(t.handle.db, email))?.email_verified_at).not.toBeNull();
    // still an invitation until it is accepted
    expect((await roster(org.browser, org.base)).invitations.map((i) => i.email)).toEqual([email]);
    const mine = await myInvitations(invitee);
    expect(mine).toEqual([
      {
        id: invitation.id,
        group: { id: org.groupId, name: org.groupName },
        role: 3,
        limit: null,
        invited_by: 'Olga Owner',
        invited_at: invitation.invited_at,
      },
    ]);
    expect((await post(invitee, `/api/v1/invitations/${String(invitation.id)}/accept/`)).statusCode).toBe(200);
    const after = (await members(org.browser, org.base)).find((m) => m.user_id === user.id);
    expect(after).toMatchObject({ name: 'Nina New', status: 'active', role: 3 });
  });

  it('invites again an account that never set its password, cancelled and invited back (or invited elsewhere)', async () => {
    const org = await newOrganisation();
    const email = uniqueEmail('again');
    const first = await post(org.browser, org.base, { name: 'Ann Again', email });
    const { id } = first.json<{ data: { invitation: MemberInvitation } }>().data.invitation;
    expect(
      (await post(org.browser, `/api/v1/groups/${String(org.groupId)}/invitations/${String(id)}/cancel/`)).json(),
    ).toEqual({
      success: true,
      message: 'The invitation was cancelled.',
    });
    expect((await roster(org.browser, org.base)).invitations).toEqual([]);

    const back = await post(org.browser, org.base, { name: 'Ann Again', email });
    expect(back.json<{ data: { invitation: MemberInvitation } }>().data.invitation).toMatchObject({
      status: 'invited',
    });
    const other = await newOrganisation();
    const elsewhere = await post(other.browser, other.base, { name: 'Ann Again', email });
    expect(elsewhere.json<{ data: { invitation: MemberInvitation } }>().data.invitation).toMatchObject({
      status: 'invited',
    });
    // each invitation sent a set-password link; none sent a link to a login the account does not have
    expect(await mailsTo(email, 'member_invited')).toHaveLength(3);
    expect(await mailsTo(email, 'group_invitation')).toHaveLength(0);
  });

  it('refuses an address already invited or already a member: 409 with the message', async () => {
    const org = await newOrganisation();
    const member = await signedUp('Dup');
    expect((await post(org.browser, org.base, { name: 'Dup', email: member.email })).statusCode).toBe(200);
    const again = await post(org.browser, org.base, { name: 'Dup', email: member.email.toUpperCase() });
    const body = expectError(again, 409, 'invitation_exists', 'This address has already been invited to this group');
    expect(body).toMatchObject({ error: { fields: { email: 'invited' } } });
    // the same answer for a new address invited twice
    const fresh = uniqueEmail('dup');
    expect((await post(org.browser, org.base, { name: 'New', email: fresh })).statusCode).toBe(200);
    expectError(await post(org.browser, org.base, { name: 'New', email: fresh }), 409, 'invitation_exists');

    const invitation = (await myInvitations(member.browser))[0];
    expect((await post(member.browser, `/api/v1/invitations/${String(invitation?.id)}/accept/`)).statusCode).toBe(200);
    const member409 = await post(org.browser, org.base, { name: 'Dup', email: member.email });
    expectError(member409, 409, 'member_exists', 'User with this email already added to this group');
    // the owner too is already a member
    expectError(await post(org.browser, org.base, { name: 'Me', email: org.email }), 409, 'member_exists');
    expect(await mailsTo(member.email, 'group_invitation')).toHaveLength(1);
  });

  it('says what is wrong with each field', async () => {
    const org = await newOrganisation();
    const good = { name: 'Val Id', email: uniqueEmail('valid'), limit: '5', role: 'Teacher' };
    const cases: [Record<string, string>, string, string, string][] = [
      [{ name: '' }, 'name', 'required', 'This field is required'],
      [{ name: '   ' }, 'name', 'required', 'This field is required'],
      [{ name: 'x'.repeat(26) }, 'name', 'too_long', MEMBER_MESSAGES.nameTooLong],
      [{ email: '' }, 'email', 'required', 'This field is required'],
      [{ email: 'not-an-email' }, 'email', 'invalid', 'Invalid email'],
      [{ email: `${'a'.repeat(40)}@example.com` }, 'email', 'invalid', 'Invalid email'],
      [{ limit: 'ten' }, 'limit', 'invalid', 'Invalid limit'],
      [{ limit: '2.5' }, 'limit', 'invalid', 'Invalid limit'],
      [{ limit: '-1' }, 'limit', 'below_zero', 'Limit below zero'],
      [{ role: 'Boss' }, 'role', 'invalid', 'Invalid role'],
      [{ role: '1' }, 'role', 'invalid', 'Invalid role'],
    ];
    for (const [change, field, code, message] of cases) {
      const response = await post(org.browser, org.base, { ...good, ...change });
      const body = expectError(response, 400, 'validation_failed', message);
      expect(body).toMatchObject({ error: { fields: { [field]: code } } });
    }
    // several at once: each field, the first one's message
    const both = await post(org.browser, org.base, { name: '', email: 'bad', limit: '-3', role: 'x' });
    expect(expectError(both, 400, 'validation_failed', 'This field is required')).toMatchObject({
      error: { fields: { name: 'required', email: 'invalid', limit: 'below_zero', role: 'invalid' } },
    });
    expect(await findUserByEmail(t.handle.db, good.email)).toBeNull();
    expect(await members(org.browser, org.base)).toHaveLength(1);
  });

  it("changes a member's limit and role; the administrator's role stays and the administrator stays", async () => {
    const org = await newOrganisation();
    const member = await signedUp('Sam');
    await joined(org, member, { name: 'Sam', limit: '3', role: '3' });
    const url = `${org.base}${String(member.user.id)}/`;

    const saved = await post(org.browser, url, { limit: '50', role: 'Teacher' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: 'Saved.', data: { member: { role: 2, limit: 50 } } });
    // an empty limit: none; an empty role: unchanged
    const cleared = await post(org.browser, url, { limit: '', role: '' });
    expect(cleared.json()).toMatchObject({ data: { member: { role: 2, limit: null } } });
    expectError(await post(org.browser, url, { limit: '-2', role: '2' }), 400, 'validation_failed', 'Limit below zero');
    expectError(await post(org.browser, url, { limit: '', role: 'Owner' }), 400, 'validation_failed', 'Invalid role');

    const own = `${org.base}${String(org.user.id)}/`;
    expectError(
      await post(org.browser, own, { limit: '', role: 'Student' }),
      400,
      'member_admin_role',
      'The administrator’s role cannot be changed',
    );
    const ownLimit = await post(org.browser, own, { limit: '7', role: '' });
    expect(ownLimit.json()).toMatchObject({ data: { member: { role: 1, limit: 7, is_you: true } } });
    expectError(await post(org.browser, `${own}delete/`), 400, 'member_admin_remove');
    expectError(await post(org.browser, `${org.base}999999/`, { limit: '1' }), 404, 'not_found');
  });

  it('removes a member, who keeps their own account', async () => {
    const org = await newOrganisation();
    const member = await signedUp('Leaving');
    await joined(org, member, { name: 'Leaving' });
    const removed = await post(org.browser, `${org.base}${String(member.user.id)}/delete/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'The member was removed.' });
    expect((await members(org.browser, org.base)).map((m) => m.user_id)).toEqual([org.user.id]);
    expect(await findUserByEmail(t.handle.db, member.email)).not.toBeNull();
    expect((await new TestBrowser(t.app).logIn(member.email, STRONG_PASSWORD)).statusCode).toBe(200);
    expectError(await post(org.browser, `${org.base}${String(member.user.id)}/delete/`), 404, 'not_found');
  });

  it('is for the owner only: teachers, students and strangers get 403, an unknown group 404', async () => {
    const org = await newOrganisation();
    const teacher = await signedUp('Teacher');
    const student = await signedUp('Student');
    const stranger = await signedUp('Stranger');
    await joined(org, teacher, { name: 'T', role: 'Teacher' });
    await joined(org, student, { name: 'S', role: 'Student' });
    const target = `${org.base}${String(student.user.id)}/`;
    for (const { browser } of [teacher, student, stranger]) {
      expectError(await browser.get(org.base), 403, 'forbidden');
      expectError(await post(browser, org.base, { name: 'X', email: uniqueEmail('x') }), 403, 'forbidden');
      expectError(await post(browser, target, { limit: '1', role: '3' }), 403, 'forbidden');
      expectError(await post(browser, `${target}delete/`), 403, 'forbidden');
      expectError(await upload(browser, org.base, csv('A,a@example.com\n')), 403, 'forbidden');
      expectError(await post(browser, `/api/v1/groups/${String(org.groupId)}/invitations/1/cancel/`), 403, 'forbidden');
    }
    expectError(await new TestBrowser(t.app).get(org.base), 401, 'unauthorized');
    expectError(await org.browser.get('/api/v1/groups/999999/members/'), 404, 'not_found');
    expectError(
      await post(org.browser, '/api/v1/groups/999999/members/', { name: 'X', email: 'x@example.com' }),
      404,
      'not_found',
    );
    // nothing changed
    expect((await members(org.browser, org.base)).map((m) => m.role)).toEqual([1, 3, 2]);
  });

  it('uploads a CSV: the header skipped, each row on its own, good rows kept when others fail', async () => {
    const org = await newOrganisation();
    const existing = await signedUp('Existing Eve');
    const already = await signedUp('Already Al');
    await joined(org, already, { name: 'Al' });
    const pending = uniqueEmail('pending');
    await post(org.browser, org.base, { name: 'Pat', email: pending });
    const fresh = uniqueEmail('fresh');
    const file = [
      'Name;E-mail;Limit;Role',
      `Eve;${existing.email};12;Teacher`,
      `Fred Fresh;${fresh};;student`,
      `Al;${already.email};;`,
      `Pat;${pending};;`,
      'No Email;;5;Student',
      'Bad Mail;bad@;;',
      `Negative;${uniqueEmail('neg')};-4;`,
      `Boss;${uniqueEmail('boss')};;Director`,
      `"Quoted; Name";${uniqueEmail('quoted')};0;TEACHER`,
      ';;;',
    ].join('\r\n');
    const response = await upload(org.browser, org.base, csv(file));
    expect(response.statusCode).toBe(200);
    const body = response.json<MemberUploadResponse>();
    expect(body.message).toBe('3 of 9 rows invited.');
    expect(body.data).toMatchObject({ added: 3, invited: 3, total: 9 });
    // an existing account's row and a new address's row say the same
    expect(body.data.rows.map((r) => [r.row, r.outcome, r.message])).toEqual([
      [2, 'invited', MEMBER_MESSAGES.invited],
      [3, 'invited', MEMBER_MESSAGES.invited],
      [4, 'duplicate', 'User with this email already added to this group'],
      [5, 'duplicate', 'This address has already been invited to this group'],
      [6, 'invalid', 'This field is required'],
      [7, 'invalid', 'Invalid email'],
      [8, 'invalid', 'Limit below zero'],
      [9, 'invalid', 'Invalid role'],
      [10, 'invited', MEMBER_MESSAGES.invited],
    ]);
    expect(body.data.rows[0]).toMatchObject({ name: 'Eve', email: existing.email });
    expect(body.data.rows[8]).toMatchObject({ name: 'Quoted; Name' });

    const { members: list, invitations } = await roster(org.browser, org.base);
    expect(list).toHaveLength(2); // the owner and Al
    expect(invitations).toHaveLength(4); // Pat, Eve, Fred, Quoted
    const byEmail = (email: string) => invitations.find((i) => i.email === email);
    expect(byEmail(existing.email)).toMatchObject({ role: 2, limit: 12, status: 'invited' });
    expect(byEmail(fresh)).toMatchObject({ role: 3, limit: null, status: 'invited' });
    expect(await mailsTo(existing.email, 'group_invitation')).toHaveLength(1);
    expect(await mailsTo(fresh, 'member_invited')).toHaveLength(1);
    expect(await mailsTo(already.email, 'group_invitation')).toHaveLength(1); // from the form, not again

    // accepted, the row's role and limit hold
    const eve = (await myInvitations(existing.browser))[0];
    await post(existing.browser, `/api/v1/invitations/${String(eve?.id)}/accept/`);
    expect((await members(org.browser, org.base)).find((m) => m.user_id === existing.user.id)).toMatchObject({
      role: 2,
      limit: 12,
      status: 'active',
    });
  });

  it('refuses a file of another type, an empty or missing one, and one over 1 MiB: 400 Please upload correct file', async () => {
    const org = await newOrganisation();
    const refusals = [
      { name: 'members.txt', type: 'text/plain', bytes: Buffer.from('A,a@example.com\n') },
      { name: 'members.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n') },
      { name: 'members.csv', type: 'text/csv', bytes: Buffer.alloc(0) },
      {
        name: 'members.csv',
        type: 'text/csv',
        bytes: Buffer.from(`Name,E-mail\n${'Someone,someone@example.com\n'.repeat(40_000)}`),
      },
    ];
    expect(refusals[3]?.bytes.length).toBeGreaterThan(1_048_576);
    for (const file of refusals) {
      expectError(await upload(org.browser, org.base, file), 400, 'bad_member_file', 'Please upload correct file');
    }
    const { token } = await org.browser.csrf();
    const { payload, contentType } = multipart({ _csrf_token: token });
    const none = await t.app.inject({
      method: 'POST',
      url: `${org.base}upload/`,
      payload,
      headers: { 'content-type': contentType, cookie: org.browser.jar.header() },
    });
    expectError(none, 400, 'bad_member_file');
    expect(await members(org.browser, org.base)).toHaveLength(1);
  });

  it('holds a member to their page limit in plagiarism and AI checks; no limit is unlimited', async () => {
    const org = await newOrganisation();
    const student = await signedUp('Limited Lea');
    await joined(org, student, { name: 'Lea', limit: '3', role: 'Student' });
    const groupAccount = (await findAccountOfGroup(t.handle.db, org.groupId))!;
    await creditPages(t.handle.db, { accountId: groupAccount.id, bucket: 'balance', pages: 20, kind: 'deposit' });
    await creditPages(t.handle.db, { accountId: groupAccount.id, bucket: 'ai_balance', pages: 5, kind: 'deposit' });
    const groupId = String(org.groupId);

    const first = await post(student.browser, '/api/v1/text', { text: TEXT_A, language: 'en', group_id: groupId });
    expect(first.statusCode).toBe(200);
    const before = (await findAccountOfGroup(t.handle.db, org.groupId))!;
    const second = await post(student.browser, '/api/v1/text', { text: TEXT_B, language: 'en', group_id: groupId });
    expectError(
      second,
      403,
      'member_page_limit',
      'This document exceeds your page limit in the organisation. Please contact your administrator.',
    );
    // nothing recorded or held for the refused check
    const after = (await findAccountOfGroup(t.handle.db, org.groupId))!;
    expect([after.balance, after.bonus, after.held_balance, after.held_bonus]).toEqual([
      before.balance,
      before.bonus,
      before.held_balance,
      before.held_bonus,
    ]);
    const lea = () => members(org.browser, org.base).then((list) => list.find((m) => m.user_id === student.user.id));
    expect((await lea())?.used_pages).toBe(2);
    // the API token and /api/v1/text/create are held to it too
    const viaToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text/create',
      headers: { 'x-api-token': student.user.api_token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ text: TEXT_C, language: 'en', group_id: groupId }).toString(),
    });
    expectError(viaToken, 403, 'member_page_limit');
    // the student's own pages, outside the group, are not limited by it
    const ownAccount = (await findAccountOfUser(t.handle.db, student.user.id))!;
    await creditPages(t.handle.db, { accountId: ownAccount.id, bucket: 'balance', pages: 5, kind: 'deposit' });
    const own = await post(student.browser, '/api/v1/text', { text: TEXT_B, language: 'en' });
    expect(own.statusCode).toBe(200);

    // an AI check when the limit is used up
    await post(org.browser, `${org.base}${String(student.user.id)}/`, { limit: '2', role: '' });
    const ai = await post(student.browser, '/api/v1/chat-gpt/', { text: AI_TEXT, group_id: groupId });
    expectError(ai, 403, 'member_page_limit');
    expect((await findAccountOfGroup(t.handle.db, org.groupId))?.held_ai_balance).toBe(0);

    // no limit: unlimited
    await post(org.browser, `${org.base}${String(student.user.id)}/`, { limit: '', role: '' });
    const aiOk = await post(student.browser, '/api/v1/chat-gpt/', { text: AI_TEXT, group_id: groupId });
    expect(aiOk.statusCode).toBe(200);
    const textOk = await post(student.browser, '/api/v1/text', { text: TEXT_C, language: 'en', group_id: groupId });
    expect(textOk.statusCode).toBe(200);
    expect((await lea())?.used_pages).toBe(2 + 1 + 2);
    // the owner, without a limit, is never held back
    const ownerCheck = await post(org.browser, '/api/v1/text', { text: TEXT_B, language: 'en', group_id: groupId });
    expect(ownerCheck.statusCode).toBe(200);
  });

  it('two checks of a member in parallel cannot both pass the limit', async () => {
    const org = await newOrganisation();
    const student = await signedUp('Racer');
    await joined(org, student, { name: 'Racer', limit: '3' });
    const groupAccount = (await findAccountOfGroup(t.handle.db, org.groupId))!;
    await creditPages(t.handle.db, { accountId: groupAccount.id, bucket: 'balance', pages: 20, kind: 'deposit' });
    const send = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/text',
        headers: { 'x-api-token': student.user.api_token, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ text, language: 'en', group_id: String(org.groupId) }).toString(),
      });
    const results = await Promise.all([send(TEXT_A), send(TEXT_B)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
  });

  const SHEETS = [
    ['members.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['members.xls', 'application/vnd.ms-excel'],
  ] as const;

  it.each(SHEETS)('uploads a spreadsheet (%s) the same way', async (name, type) => {
    const org = await newOrganisation();
    const emails = [
      'jose.nunez@example.com',
      'maria@example.es',
      'john.smith@example.com',
      'zoe@example.org',
      'lee@example.cn',
    ];
    // the addresses are the fixture's: an earlier upload in this file may have made their accounts already, but
    // none of them ever set a password, so every row is an invitation with a set-password link
    const bytes = readFileSync(new URL(name, FIXTURES));
    const response = await upload(org.browser, org.base, { name, type, bytes });
    expect(response.statusCode).toBe(200);
    const body = response.json<MemberUploadResponse>();
    expect(body.data).toMatchObject({ added: 5, invited: 5, total: 5 });
    // row numbers as the spreadsheet shows them: the fixture's empty row 4 is counted
    expect(body.data.rows.map((r) => r.row)).toEqual([2, 3, 5, 6, 7]);
    expect(body.data.rows.find((r) => r.email === 'john.smith@example.com')).toMatchObject({
      name: 'Smith, John "Jack"',
    });
    const { invitations } = await roster(org.browser, org.base);
    expect(invitations.map((i) => i.email)).toEqual(expect.arrayContaining(emails));
    expect(invitations.find((i) => i.email === 'jose.nunez@example.com')).toMatchObject({ role: 2, limit: 100 });
    expect(invitations.find((i) => i.email === 'john.smith@example.com')).toMatchObject({ role: 3, limit: 120 });
    expect(invitations.find((i) => i.email === 'zoe@example.org')).toMatchObject({ role: 3, limit: 1500 });
  });
});
