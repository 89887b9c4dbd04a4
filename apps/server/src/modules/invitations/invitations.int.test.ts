import { readFileSync } from 'node:fs';
import {
  ORGANISATION_NAME_TOO_LONG,
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
import { findAccountOfGroup } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';

/** A 300-word English text (2 pages), written for this test. */
const TEXT = Array.from(
  { length: 12 },
  () =>
    'Our village library opens early on Saturdays so that families can borrow books, meet their neighbours and join the weekly reading club together.',
).join('\n');

describe(`organisation invitations and leaving (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://veritext.example' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function post(browser: TestBrowser, url: string, fields: Record<string, string> = {}) {
    const { token } = await browser.csrf();
    return browser.postForm(url, { ...fields, _csrf_token: token });
  }

  async function signedUp(name: string, options: { verified?: boolean; org?: string } = {}) {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail(options.org === undefined ? 'user' : 'owner');
    const response = await browser.signUp({
      email,
      password: STRONG_PASSWORD,
      name,
      ...(options.org === undefined ? {} : { account_type: 'organisation', organisation_name: options.org }),
    });
    expect(response.statusCode).toBe(200);
    if (options.verified !== false) {
      await t.handle.db.query('UPDATE users SET email_verified_at = now() WHERE lower(email) = lower($1)', [email]);
    }
    const user = (await findUserByEmail(t.handle.db, email)) as UserRecord;
    return { browser, email, user };
  }

  async function newOrganisation(name = 'Olga Owner', org = 'North High') {
    const owner = await signedUp(name, { org });
    const { rows } = await t.handle.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM groups WHERE created_by_user_id = $1',
      [owner.user.id],
    );
    const group = rows[0];
    if (group === undefined) throw new Error('no group');
    const id = String(group.id);
    return { ...owner, groupId: group.id, groupName: group.name, base: `/api/v1/groups/${id}/members/` };
  }

  async function myInvitations(browser: TestBrowser): Promise<MyInvitation[]> {
    const response = await browser.get('/api/v1/invitations/');
    expect(response.statusCode).toBe(200);
    return response.json<{ data: { invitations: MyInvitation[] } }>().data.invitations;
  }

  function expectError(response: LightMyRequestResponse, status: number, code: string, message?: string) {
    expect(response.statusCode).toBe(status);
    const body = response.json<{ success: boolean; message: string; error: { code: string } }>();
    expect(body.error.code).toBe(code);
    if (message !== undefined) expect(body.message).toBe(message);
    return body;
  }

  /** An owner's answer with what legitimately differs between two addresses (the address, ids, times) masked. */
  function masked(value: unknown, emails: string[]): unknown {
    let text = JSON.stringify(value);
    for (const email of emails) text = text.split(email).join('<email>');
    return JSON.parse(text.replace(/"(id|invited_at)":("[^"]*"|\d+)/g, '"$1":"<$1>"')) as unknown;
  }

  it('shows the owner the same for an existing account and for a new address: the address and "invited"', async () => {
    const org = await newOrganisation();
    const existing = await signedUp('Secret Sofia');
    const fresh = uniqueEmail('fresh');

    const forExisting = await post(org.browser, org.base, { name: 'Typed', email: existing.email, limit: '5' });
    const forFresh = await post(org.browser, org.base, { name: 'Typed', email: fresh, limit: '5' });
    expect(forExisting.statusCode).toBe(200);
    expect(forFresh.statusCode).toBe(200);
    expect(masked(forExisting.json(), [existing.email])).toEqual(masked(forFresh.json(), [fresh]));
    expect(forExisting.json<{ data: { invitation: MemberInvitation } }>().data.invitation).toMatchObject({
      email: existing.email,
      status: 'invited',
    });
    // nothing of the account: neither its name nor its id
    expect(forExisting.body).not.toContain('Secret Sofia');
    expect(forExisting.body).not.toContain(`"user_id"`);

    const list = await org.browser.get(org.base);
    const { members, invitations } = list.json<{
      data: { members: { user_id: number }[]; invitations: MemberInvitation[] };
    }>().data;
    expect(members.map((m) => m.user_id)).toEqual([org.user.id]);
    const existingRow = invitations.find((i) => i.email === existing.email);
    const freshRow = invitations.find((i) => i.email === fresh);
    expect(masked(existingRow, [existing.email])).toEqual(masked(freshRow, [fresh]));
    expect(list.body).not.toContain('Secret Sofia');
    expect(list.body).not.toContain(`"user_id":${String(existing.user.id)}`);

    // and a file: the rows of an existing account and of a new address read alike
    const other = await signedUp('Hidden Hugo');
    const fresh2 = uniqueEmail('fresh2');
    const { token } = await org.browser.csrf();
    const { payload, contentType } = multipart(
      { _csrf_token: token },
      {
        field: 'file',
        name: 'members.csv',
        type: 'text/csv',
        bytes: Buffer.from(`A Name,${other.email},,\nA Name,${fresh2},,\n`),
      },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${org.base}upload/`,
      payload,
      headers: { 'content-type': contentType, cookie: org.browser.jar.header() },
    });
    expect(uploaded.statusCode).toBe(200);
    const rows = uploaded.json<MemberUploadResponse>().data.rows;
    expect({ ...rows[0], row: 0, email: '' }).toEqual({ ...rows[1], row: 0, email: '' });
    expect(uploaded.body).not.toContain('Hidden Hugo');
  });

  it('lets the invited user see, accept or decline; someone else cannot answer it; the owner may cancel', async () => {
    const org = await newOrganisation('Olga Owner', 'South College');
    const ana = await signedUp('Ana');
    const ben = await signedUp('Ben');
    await post(org.browser, org.base, { name: 'Ana', email: ana.email, role: 'Teacher', limit: '40' });
    await post(org.browser, org.base, { name: 'Ben', email: ben.email });

    const [anaInvitation] = await myInvitations(ana.browser);
    const [benInvitation] = await myInvitations(ben.browser);
    expect(anaInvitation).toMatchObject({
      group: { id: org.groupId, name: 'South College' },
      role: 2,
      limit: 40,
      invited_by: 'Olga Owner',
    });
    const anaUrl = `/api/v1/invitations/${String(anaInvitation?.id)}/`;
    const benUrl = `/api/v1/invitations/${String(benInvitation?.id)}/`;

    // Ben cannot answer Ana's invitation, nor can the owner, a guest or nobody
    expectError(await post(ben.browser, `${anaUrl}accept/`), 404, 'not_found');
    expectError(await post(ben.browser, `${anaUrl}decline/`), 404, 'not_found');
    expectError(await post(org.browser, `${anaUrl}accept/`), 404, 'not_found');
    expectError(await new TestBrowser(t.app).get('/api/v1/invitations/'), 401, 'unauthorized');
    const groupToken = await t.handle.db.query<{ api_token: string }>('SELECT api_token FROM groups WHERE id = $1', [
      org.groupId,
    ]);
    const viaGroup = await t.app.inject({
      method: 'GET',
      url: '/api/v1/invitations/',
      headers: { 'x-api-token': groupToken.rows[0]?.api_token ?? '' },
    });
    expectError(viaGroup, 403, 'forbidden');

    // an unconfirmed address cannot accept (someone may have signed up with another person's address)
    await t.handle.db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [ana.user.id]);
    expectError(await post(ana.browser, `${anaUrl}accept/`), 403, 'invitation_email_unverified');
    await t.handle.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [ana.user.id]);

    const accepted = await post(ana.browser, `${anaUrl}accept/`);
    expect(accepted.statusCode).toBe(200);
    expectError(await post(ana.browser, `${anaUrl}accept/`), 404, 'not_found'); // answered once
    const declined = await post(ben.browser, `${benUrl}decline/`);
    expect(declined.json()).toMatchObject({ success: true, message: 'The invitation was declined.' });
    expect(await myInvitations(ben.browser)).toEqual([]);

    const roster = (await org.browser.get(org.base)).json<{
      data: { members: { user_id: number; role: number; limit: number | null }[]; invitations: unknown[] };
    }>().data;
    expect(roster.invitations).toEqual([]);
    expect(roster.members.find((m) => m.user_id === ana.user.id)).toMatchObject({ role: 2, limit: 40 });
    expect(roster.members.some((m) => m.user_id === ben.user.id)).toBe(false);

    // the owner cancels a pending invitation: the user no longer sees it, and cannot accept it
    const cara = await signedUp('Cara');
    const invited = await post(org.browser, org.base, { name: 'Cara', email: cara.email });
    const { id } = invited.json<{ data: { invitation: MemberInvitation } }>().data.invitation;
    const [caraInvitation] = await myInvitations(cara.browser);
    const cancelUrl = `/api/v1/groups/${String(org.groupId)}/invitations/${String(id)}/cancel/`;
    expectError(await post(ana.browser, cancelUrl), 403, 'forbidden'); // a teacher is not the owner
    expect((await post(org.browser, cancelUrl)).statusCode).toBe(200);
    expectError(await post(org.browser, cancelUrl), 404, 'not_found');
    expect(await myInvitations(cara.browser)).toEqual([]);
    expectError(
      await post(cara.browser, `/api/v1/invitations/${String(caraInvitation?.id)}/accept/`),
      404,
      'not_found',
    );
    // another owner cannot cancel this group's invitations through their own group
    const other = await newOrganisation('Other Owner', 'Elsewhere');
    const again = await post(org.browser, org.base, { name: 'Cara', email: cara.email });
    const againId = again.json<{ data: { invitation: MemberInvitation } }>().data.invitation.id;
    expectError(
      await post(other.browser, `/api/v1/groups/${String(other.groupId)}/invitations/${String(againId)}/cancel/`),
      404,
      'not_found',
    );
  });

  it('lets a member leave (the checks stay with the organisation); the administrator cannot leave', async () => {
    const org = await newOrganisation();
    const lea = await signedUp('Lea');
    await post(org.browser, org.base, { name: 'Lea', email: lea.email });
    const [invitation] = await myInvitations(lea.browser);
    await post(lea.browser, `/api/v1/invitations/${String(invitation?.id)}/accept/`);
    const account = (await findAccountOfGroup(t.handle.db, org.groupId))!;
    await creditPages(t.handle.db, { accountId: account.id, bucket: 'balance', pages: 10, kind: 'deposit' });
    const check = await post(lea.browser, '/api/v1/text', {
      text: TEXT,
      language: 'en',
      group_id: String(org.groupId),
    });
    expect(check.statusCode).toBe(200);

    const leaveUrl = `/api/v1/groups/${String(org.groupId)}/leave/`;
    expectError(
      await post(org.browser, leaveUrl),
      400,
      'group_owner_leave',
      'The administrator cannot leave the organisation. To hand it over to another member, please contact our support team.',
    );
    expectError(await post((await signedUp('Stranger')).browser, leaveUrl), 403, 'forbidden');
    expectError(await post(new TestBrowser(t.app), leaveUrl), 401, 'unauthorized');

    const left = await post(lea.browser, leaveUrl);
    expect(left.json()).toEqual({ success: true, message: 'You left the organisation.' });
    expectError(await post(lea.browser, leaveUrl), 403, 'forbidden');
    const groups = (await lea.browser.get('/api/v1/groups/list/')).json<{ data: { groups: { id: number }[] } }>();
    expect(groups.data.groups.map((g) => g.id)).not.toContain(org.groupId);
    const members = (await org.browser.get(org.base)).json<{ data: { members: { user_id: number }[] } }>();
    expect(members.data.members.map((m) => m.user_id)).toEqual([org.user.id]);
    // the check made in the organisation is still the organisation's
    const { rows } = await t.handle.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM text_checks WHERE group_id = $1 AND user_id = $2',
      [org.groupId, lea.user.id],
    );
    expect(rows[0]?.n).toBe(1);
    // no longer acting for it
    const after = await post(lea.browser, '/api/v1/text', {
      text: TEXT,
      language: 'en',
      group_id: String(org.groupId),
    });
    expect(after.statusCode).toBe(403);
  });

  it('keeps an organisation name of 41 characters whole and refuses one of 101 with the field message', async () => {
    const long = 'Universidad Nacional de Educación Técnica'; // 41 characters
    expect(long).toHaveLength(41);
    const org = await newOrganisation('Rector', long);
    expect(org.groupName).toBe(long);
    const listed = (await org.browser.get('/api/v1/groups/list/')).json<{ data: { groups: { name: string }[] } }>();
    expect(listed.data.groups.map((g) => g.name)).toEqual([long]);

    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('toolong');
    const refused = await browser.signUp({
      email,
      password: STRONG_PASSWORD,
      name: 'Rector',
      account_type: 'organisation',
      organisation_name: 'x'.repeat(101),
    });
    const body = expectError(refused, 400, 'validation_failed');
    expect(body).toMatchObject({ error: { fields: { organisation_name: ORGANISATION_NAME_TOO_LONG } } });
    expect(ORGANISATION_NAME_TOO_LONG).toBe('Organisation name must be at most 100 characters.');
    expect(await findUserByEmail(t.handle.db, email)).toBeNull();
    // 100 is taken
    const hundred = await signedUp('Rector', { org: 'y'.repeat(100) });
    const { rows } = await t.handle.db.query<{ name: string }>(
      'SELECT name FROM groups WHERE created_by_user_id = $1',
      [hundred.user.id],
    );
    expect(rows[0]?.name).toBe('y'.repeat(100));
  });

  it('migration 0017 turns the memberships of accounts that never signed in into invitations', async () => {
    const org = await newOrganisation();
    const active = await signedUp('Already In');
    const email = uniqueEmail('legacy');
    const legacy = (await signedUp('Legacy Lou')).user;
    await t.handle.db.query('UPDATE users SET password_hash = NULL, email = $2 WHERE id = $1', [legacy.id, email]);
    // 0012's rows: an owner's addition of an account without a password ("invited"), and a real member
    await t.handle.db.query(
      `INSERT INTO group_members (group_id, user_id, role, page_limit, added_by, invited_at)
       VALUES ($1, $2, 2, 15, $3, now()), ($1, $4, 3, NULL, $3, NULL)`,
      [org.groupId, legacy.id, org.user.id, active.user.id],
    );
    const sql = readFileSync(new URL('../../db/migrations/0015_group_invitations.sql', import.meta.url), 'utf8');
    const conversion = sql.slice(sql.indexOf('INSERT INTO group_invitations'));
    for (const statement of conversion.split(';').filter((part) => part.trim() !== '')) {
      await t.handle.db.query(statement);
    }
    const { members, invitations } = (await org.browser.get(org.base)).json<{
      data: { members: { user_id: number }[]; invitations: MemberInvitation[] };
    }>().data;
    expect(members.map((m) => m.user_id).sort()).toEqual([org.user.id, active.user.id].sort());
    expect(invitations).toMatchObject([{ email, role: 2, limit: 15, status: 'invited' }]);
  });
});
