import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { findMembershipsOfUser, findUserByEmail } from '../auth/users.repository.ts';

type Invite = { role: number; url: string; token: string };
type Group = { id: number; name: string; current_user_role: number; created_by_user: boolean };

describe(`organisation invite links (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://veritext.example' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  function signUpWith(browser: TestBrowser, fields: { email: string } & Record<string, string>) {
    return browser.signUp({ password: STRONG_PASSWORD, ...fields });
  }

  async function newOrganisation(name = 'Lincoln High') {
    const owner = new TestBrowser(t.app);
    const email = uniqueEmail('owner');
    const response = await signUpWith(owner, { email, account_type: 'organisation', organisation_name: name });
    expect(response.statusCode).toBe(200);
    const groups = (await owner.get('/api/v1/groups/list/')).json<{ data: { groups: Group[] } }>().data.groups;
    const group = groups[0];
    if (group === undefined) throw new Error('no group');
    return { owner, email, group };
  }

  async function invitesOf(browser: TestBrowser, groupId: number) {
    const response = await browser.get(`/api/v1/groups/${String(groupId)}/invites/`);
    return {
      response,
      invites: response.statusCode === 200 ? response.json<{ data: { invites: Invite[] } }>().data.invites : [],
    };
  }

  it('an organisation sign-up makes the creator its owner (role 1) and gives the group its 5-page bonus', async () => {
    const { email, group } = await newOrganisation('Bonus School');
    expect(group).toMatchObject({ name: 'Bonus School', current_user_role: 1, created_by_user: true });
    const groupAccount = await findAccountOfGroup(t.handle.db, group.id);
    expect(groupAccount?.bonus).toBe(5);
    const user = await findUserByEmail(t.handle.db, email);
    expect((await findAccountOfUser(t.handle.db, user?.id ?? -1))?.bonus).toBe(0);
  });

  it('gives the owner one link per role, stable between calls, pointing at PUBLIC_URL', async () => {
    const { owner, group } = await newOrganisation();
    const first = await invitesOf(owner, group.id);
    expect(first.response.statusCode).toBe(200);
    expect(first.invites.map((i) => i.role)).toEqual([2, 3]);
    for (const invite of first.invites) {
      expect(invite.url).toBe(`https://veritext.example/?invite=${invite.token}`);
    }
    const second = await invitesOf(owner, group.id);
    expect(second.invites.map((i) => i.token)).toEqual(first.invites.map((i) => i.token));
    const { rows } = await t.handle.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM group_invites WHERE group_id = $1',
      [group.id],
    );
    expect(rows).toHaveLength(2);
    // only hashes are stored
    for (const invite of first.invites) expect(rows.map((r) => r.token_hash)).not.toContain(invite.token);
  });

  it('says which group and role a link is for, publicly', async () => {
    const { owner, group } = await newOrganisation('Public Info School');
    const { invites } = await invitesOf(owner, group.id);
    const student = invites.find((i) => i.role === 3);
    const response = await new TestBrowser(t.app).get(`/api/v1/invites/${student?.token ?? ''}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { group: { id: group.id, name: 'Public Info School' }, role: 3 },
    });
    const unknown = await new TestBrowser(t.app).get(`/api/v1/invites/${'x'.repeat(43)}/`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'invite_not_found' } });
  });

  it('refuses the links to anyone but the owner: a member, another user, nobody', async () => {
    const { owner, group } = await newOrganisation();
    const { invites } = await invitesOf(owner, group.id);
    const teacherLink = invites.find((i) => i.role === 2);
    const teacher = new TestBrowser(t.app);
    await signUpWith(teacher, { email: uniqueEmail('teacher'), invite: teacherLink?.token ?? '' });
    expect((await invitesOf(teacher, group.id)).response.statusCode).toBe(403);
    const { token } = await teacher.csrf();
    const rotate = await teacher.postForm(`/api/v1/groups/${String(group.id)}/invites/2/rotate/`, {
      _csrf_token: token,
    });
    expect(rotate.statusCode).toBe(403);

    const stranger = new TestBrowser(t.app);
    await signUpWith(stranger, { email: uniqueEmail('stranger') });
    expect((await invitesOf(stranger, group.id)).response.statusCode).toBe(403);
    expect((await invitesOf(new TestBrowser(t.app), group.id)).response.statusCode).toBe(401);
  });

  it('rotating voids the old link of that role only; the rotate form needs its CSRF token', async () => {
    const { owner, group } = await newOrganisation();
    const before = (await invitesOf(owner, group.id)).invites;
    const noCsrf = await owner.postForm(`/api/v1/groups/${String(group.id)}/invites/3/rotate/`, {});
    expect(noCsrf.statusCode).toBe(403);
    const { token } = await owner.csrf();
    const badRole = await owner.postForm(`/api/v1/groups/${String(group.id)}/invites/1/rotate/`, {
      _csrf_token: token,
    });
    expect(badRole.statusCode).toBe(400);
    const rotated = await owner.postForm(`/api/v1/groups/${String(group.id)}/invites/3/rotate/`, {
      _csrf_token: token,
    });
    expect(rotated.statusCode).toBe(200);
    const after = rotated.json<{ data: { invites: Invite[] } }>().data.invites;
    const oldStudent = before.find((i) => i.role === 3)?.token ?? '';
    const newStudent = after.find((i) => i.role === 3)?.token ?? '';
    expect(newStudent).not.toBe(oldStudent);
    expect(after.find((i) => i.role === 2)?.token).toBe(before.find((i) => i.role === 2)?.token);
    expect((await new TestBrowser(t.app).get(`/api/v1/invites/${oldStudent}/`)).statusCode).toBe(404);
    expect((await new TestBrowser(t.app).get(`/api/v1/invites/${newStudent}/`)).statusCode).toBe(200);
    const late = await signUpWith(new TestBrowser(t.app), { email: uniqueEmail('late'), invite: oldStudent });
    expect(late.statusCode).toBe(404);
    expect(late.json()).toMatchObject({ error: { code: 'invite_not_found' } });
  });

  it('a sign-up by link joins the group with the link role, makes no group, and keeps the individual bonus', async () => {
    const { owner, group } = await newOrganisation();
    const { invites } = await invitesOf(owner, group.id);
    const groupsBefore = (await t.handle.db.query<{ n: number }>('SELECT count(*)::int AS n FROM groups')).rows[0]?.n;
    for (const invite of invites) {
      const browser = new TestBrowser(t.app);
      const email = uniqueEmail(`joiner${String(invite.role)}`);
      // account_type organisation is overridden by the link: no new group
      const response = await signUpWith(browser, { email, invite: invite.token, account_type: 'organisation' });
      expect(response.statusCode).toBe(200);
      const groups = (await browser.get('/api/v1/groups/list/')).json<{ data: { groups: Group[] } }>().data.groups;
      expect(groups.map((g) => [g.id, g.current_user_role, g.created_by_user])).toEqual([
        [group.id, invite.role, false],
      ]);
      // a teacher or a student is not given the group's API token: only its owner is
      expect(groups[0]).not.toHaveProperty('api_token');
      const user = await findUserByEmail(t.handle.db, email);
      expect((await findAccountOfUser(t.handle.db, user?.id ?? -1))?.bonus).toBe(1);
    }
    const groupsAfter = (await t.handle.db.query<{ n: number }>('SELECT count(*)::int AS n FROM groups')).rows[0]?.n;
    expect(groupsAfter).toBe(groupsBefore);
    expect((await findAccountOfGroup(t.handle.db, group.id))?.bonus).toBe(5);
  });

  it('a logged-in user joins with accept; a second accept changes nothing; the owner is never demoted', async () => {
    const { owner, group } = await newOrganisation();
    const { invites } = await invitesOf(owner, group.id);
    const teacherLink = invites.find((i) => i.role === 2)?.token ?? '';
    const user = new TestBrowser(t.app);
    const email = uniqueEmail('existing');
    await signUpWith(user, { email });
    const { token } = await user.csrf();
    const accepted = await user.postForm(`/api/v1/invites/${teacherLink}/accept/`, { _csrf_token: token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, data: { group_id: group.id, role: 2, joined: true } });
    const again = await user.postForm(`/api/v1/invites/${teacherLink}/accept/`, { _csrf_token: token });
    expect(again.json()).toMatchObject({ data: { role: 2, joined: false } });
    const record = await findUserByEmail(t.handle.db, email);
    expect((await findMembershipsOfUser(t.handle.db, record?.id ?? -1)).map((m) => m.role)).toEqual([2]);

    const ownerCsrf = await owner.csrf();
    const ownerAccept = await owner.postForm(`/api/v1/invites/${teacherLink}/accept/`, {
      _csrf_token: ownerCsrf.token,
    });
    expect(ownerAccept.json()).toMatchObject({ data: { role: 1, joined: false } });

    const anonymous = new TestBrowser(t.app);
    const anon = await anonymous.postForm(`/api/v1/invites/${teacherLink}/accept/`, {
      _csrf_token: (await anonymous.csrf()).token,
    });
    expect(anon.statusCode).toBe(401);
  });

  it('a revoked link cannot be accepted (404)', async () => {
    const { owner, group } = await newOrganisation();
    const old = (await invitesOf(owner, group.id)).invites.find((i) => i.role === 3)?.token ?? '';
    await owner.postForm(`/api/v1/groups/${String(group.id)}/invites/3/rotate/`, {
      _csrf_token: (await owner.csrf()).token,
    });
    const user = new TestBrowser(t.app);
    await signUpWith(user, { email: uniqueEmail('revoked') });
    const response = await user.postForm(`/api/v1/invites/${old}/accept/`, { _csrf_token: (await user.csrf()).token });
    expect(response.statusCode).toBe(404);
  });
});
