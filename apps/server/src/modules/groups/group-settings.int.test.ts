import type { GroupSettings } from '@veritext/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountBrowser, createTestApp, signUpAccount, TestBrowser, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { runGroupCommand } from '../../cli/admin-groups.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { findUserByEmail, setUserAdmin } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { closeSharedReuseChecker } from '../text-checks/reuse-checker.ts';
import { closeSharedSimilarityReportRenderer } from '../text-checks/similarity-report.ts';

/** Written for this test: well over 250 characters for the AI detector, about 100 words. */
const AI_TEXT = [
  'The harbour town wakes slowly in winter, when the ferries run only twice a day and the bakery opens late.',
  'Fishermen mend their nets on the quay while children walk to school along the sea wall, counting the gulls.',
  'By noon the light is already fading, and the lamps of the small houses on the hill come on one by one.',
  'In the evening the old sailors gather in the tavern by the lighthouse to talk about storms they once survived.',
].join(' ');

class Account extends AccountBrowser {
  async json<T>(url: string): Promise<T> {
    const response = await this.browser.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }
}

describe(`organisation settings and lifecycle (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await closeSharedSimilarityReportRenderer();
    await t.dispose();
  });

  const db = () => t.handle.db;

  async function userIdOf(account: AccountBrowser): Promise<number> {
    const user = await findUserByEmail(db(), account.email);
    if (user === null) throw new Error('no user');
    return user.id;
  }

  /** An organisation (its owner signed up with it), a teacher and a student who joined by its links. */
  async function organisation(name = 'Fjord School') {
    const owner = await signUpAccount(t.app, Account, 'owner', {
      name: 'Olga',
      account_type: 'organisation',
      organisation_name: name,
    });
    const { rows } = await db().query<{ id: number }>(
      'SELECT g.id FROM groups g JOIN users u ON u.id = g.created_by_user_id WHERE lower(u.email) = lower($1)',
      [owner.email],
    );
    const groupId = rows[0]?.id ?? 0;
    const teacher = await joinByLink(owner, groupId, 2, 'teacher');
    const student = await joinByLink(owner, groupId, 3, 'student');
    const account = await findAccountOfGroup(db(), groupId);
    if (account === null) throw new Error('no group account');
    return { owner, teacher, student, groupId, accountId: account.id, base: `/api/v1/groups/${String(groupId)}/` };
  }

  async function linkToken(owner: Account, groupId: number, role: 2 | 3): Promise<string> {
    const { data } = await owner.json<{ data: { invites: { role: number; token: string }[] } }>(
      `/api/v1/groups/${String(groupId)}/invites/`,
    );
    return data.invites.find((invite) => invite.role === role)?.token ?? '';
  }

  async function joinByLink(owner: Account, groupId: number, role: 2 | 3, prefix: string): Promise<Account> {
    const member = await signUpAccount(t.app, Account, prefix, { name: prefix });
    const joined = await member.post(`/api/v1/invites/${await linkToken(owner, groupId, role)}/accept/`);
    expect(joined.statusCode, joined.body).toBe(200);
    return member;
  }

  async function settingsOf(owner: Account, base: string): Promise<GroupSettings> {
    return (await owner.json<{ data: { settings: GroupSettings } }>(`${base}settings/`)).data.settings;
  }

  function errorOf(response: LightMyRequestResponse) {
    return response.json<{ message: string; error: { code: string; fields?: Record<string, string> } }>();
  }

  async function check(account: Account, groupId: number | null, variant: string) {
    return account.post('/api/v1/text', {
      language: 'en',
      text: ORIGINAL_ESSAY.replace('cello', variant),
      skip_english_words_validation: 'true',
      skip_percentage_words_validation: 'true',
      ...(groupId === null ? {} : { group_id: String(groupId) }),
    });
  }

  it('shows and changes the settings for the owner only', async () => {
    const org = await organisation();
    const outsider = await signUpAccount(t.app, Account, 'outsider');
    const settings = await settingsOf(org.owner, org.base);
    expect(settings).toMatchObject({
      id: org.groupId,
      name: 'Fjord School',
      description: '',
      balance_type: 1,
      subscription_active: false,
      hide_new_check_for_student: false,
      website_checks_disabled: false,
      negative_balance_allowed: false,
      keep_documents_private: true,
      authorship_check_allowed: false,
      grammar_checker_enabled: false,
      max_members: null,
      member_count: 3,
      is_disabled: false,
    });
    for (const caller of [org.teacher, org.student, outsider]) {
      expect((await caller.browser.get(`${org.base}settings/`)).statusCode).toBe(403);
      const refused = await caller.post(`${org.base}settings/`, { hide_new_check_for_student: '1' });
      expect(refused.statusCode).toBe(403);
    }
    expect((await org.owner.browser.get('/api/v1/groups/999999/settings/')).statusCode).toBe(404);
    const anonymous = new TestBrowser(t.app);
    expect((await anonymous.get(`${org.base}settings/`)).statusCode).toBe(401);

    const saved = await org.owner.post(`${org.base}settings/`, {
      name: '  Fjord Upper School ',
      description: 'Years 8 to 10',
      authorship_check_allowed: '1',
      grammar_checker_enabled: 'on',
      keep_documents_private: '0',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: { settings: GroupSettings } }>().data.settings).toMatchObject({
      name: 'Fjord Upper School',
      description: 'Years 8 to 10',
      authorship_check_allowed: true,
      grammar_checker_enabled: true,
      keep_documents_private: false,
      // left out: kept
      hide_new_check_for_student: false,
    });
    const { rows } = await db().query<{ share_checked_documents: boolean }>(
      'SELECT share_checked_documents FROM groups WHERE id = $1',
      [org.groupId],
    );
    expect(rows[0]?.share_checked_documents).toBe(true);

    // field errors
    const bad = await org.owner.post(`${org.base}settings/`, {
      name: ' ',
      description: 'x'.repeat(501),
      max_members: 'ten',
      balance_type: '3',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).error.fields).toEqual({
      name: 'required',
      description: 'too_long',
      max_members: 'invalid',
      balance_type: 'invalid',
    });
    expect((await settingsOf(org.owner, org.base)).name).toBe('Fjord Upper School');
  });

  it('locks new checks for students, and website checks for everyone, as the settings say', async () => {
    const org = await organisation();
    await creditPages(db(), { accountId: org.accountId, bucket: 'ai_balance', pages: 5, kind: 'deposit' });
    const locked = await org.owner.post(`${org.base}settings/`, { hide_new_check_for_student: '1' });
    expect(locked.statusCode).toBe(200);
    const { data } = await org.student.json<{
      data: { groups: { id: number; hide_new_check_for_student: boolean }[] };
    }>('/api/v1/groups/list/');
    expect(data.groups.find((group) => group.id === org.groupId)?.hide_new_check_for_student).toBe(true);

    const refused = await check(org.student, org.groupId, 'harp');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error.code).toBe('new_checks_locked');
    const aiRefused = await org.student.post('/api/v1/chat-gpt/', { text: AI_TEXT, group_id: String(org.groupId) });
    expect(aiRefused.statusCode).toBe(403);
    expect(errorOf(aiRefused).error.code).toBe('new_checks_locked');
    // the teacher is not a student: checks go on
    expect((await check(org.teacher, org.groupId, 'viola')).statusCode).toBe(200);

    await org.owner.post(`${org.base}settings/`, { hide_new_check_for_student: '0', website_checks_disabled: '1' });
    const website = await check(org.owner, org.groupId, 'oboe');
    expect(website.statusCode).toBe(403);
    expect(errorOf(website).error.code).toBe('website_checks_disabled');
    const aiWebsite = await org.teacher.post('/api/v1/chat-gpt/', { text: AI_TEXT, group_id: String(org.groupId) });
    expect(errorOf(aiWebsite).error.code).toBe('website_checks_disabled');
    // the organisation's own token (its LMS integration) still checks
    const token = (await db().query<{ api_token: string }>('SELECT api_token FROM groups WHERE id = $1', [org.groupId]))
      .rows[0]?.api_token;
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text',
      payload: new URLSearchParams({
        text: ORIGINAL_ESSAY.replace('cello', 'tuba'),
        skip_english_words_validation: 'true',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-token': token ?? '' },
    });
    expect(byToken.statusCode, byToken.body).toBe(200);
    jobs.skip();
  });

  it('allows a negative balance, and refuses to turn it off while the balance is below zero', async () => {
    const org = await organisation();
    await db().query('UPDATE accounts SET bonus = 0 WHERE id = $1', [org.accountId]);
    const poor = await check(org.teacher, org.groupId, 'banjo');
    expect(poor.statusCode).toBe(402);
    expect(errorOf(poor).error.code).toBe('insufficient_balance');

    expect((await org.owner.post(`${org.base}settings/`, { negative_balance_allowed: '1' })).statusCode).toBe(200);
    expect((await findAccountOfGroup(db(), org.groupId))?.negative_balance_allowed).toBe(true);
    const onCredit = await check(org.teacher, org.groupId, 'mandolin');
    expect(onCredit.statusCode, onCredit.body).toBe(200);
    expect((await findAccountOfGroup(db(), org.groupId))?.balance).toBeLessThan(0);

    const off = await org.owner.post(`${org.base}settings/`, { negative_balance_allowed: '0' });
    expect(off.statusCode).toBe(400);
    expect(errorOf(off).error.fields).toEqual({ negative_balance_allowed: 'balance_below_zero' });
    expect((await findAccountOfGroup(db(), org.groupId))?.negative_balance_allowed).toBe(true);
    jobs.skip();
  });

  it('keeps the member maximum on invitations, accepted invitations and registration links', async () => {
    const org = await organisation();
    const below = await org.owner.post(`${org.base}settings/`, { max_members: '2' });
    expect(below.statusCode).toBe(400);
    expect(errorOf(below).error.fields).toEqual({ max_members: 'below_members' });
    expect(errorOf(below).message).toContain('(3)');

    expect((await org.owner.post(`${org.base}settings/`, { max_members: '4' })).statusCode).toBe(200);
    const invitee = await signUpAccount(t.app, Account, 'invitee');
    await db().query('UPDATE users SET email_verified_at = now() WHERE lower(email) = lower($1)', [invitee.email]);
    const invited = await org.owner.post(`${org.base}members/`, {
      name: 'Ina',
      email: invitee.email,
      limit: '',
      role: '3',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    // three members and one pending invitation: the maximum is reached for the owner's invitations
    const second = await org.owner.post(`${org.base}members/`, {
      name: 'Ivo',
      email: 'ivo.second@example.com',
      limit: '',
      role: '3',
    });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).error.code).toBe('group_full');
    // a registration link counts members only: the fourth place is taken by it
    const byLink = await joinByLink(org.owner, org.groupId, 3, 'linked');
    expect((await settingsOf(org.owner, org.base)).member_count).toBe(4);
    // now the invitation cannot be accepted
    const { data } = await invitee.json<{ data: { invitations: { id: number }[] } }>('/api/v1/invitations/');
    const accepted = await invitee.post(`/api/v1/invitations/${String(data.invitations[0]?.id)}/accept/`);
    expect(accepted.statusCode).toBe(409);
    expect(errorOf(accepted).error.code).toBe('group_full');
    // nor can one more join by link, or sign up by it
    const late = await signUpAccount(t.app, Account, 'late');
    const lateJoin = await late.post(`/api/v1/invites/${await linkToken(org.owner, org.groupId, 3)}/accept/`);
    expect(errorOf(lateJoin).error.code).toBe('group_full');
    // a member who joined already joins "again" without taking a place
    const again = await byLink.post(`/api/v1/invites/${await linkToken(org.owner, org.groupId, 3)}/accept/`);
    expect(again.statusCode).toBe(200);
    // no maximum: the invitation is accepted
    expect((await org.owner.post(`${org.base}settings/`, { max_members: '' })).statusCode).toBe(200);
    const acceptedNow = await invitee.post(`/api/v1/invitations/${String(data.invitations[0]?.id)}/accept/`);
    expect(acceptedNow.statusCode, acceptedNow.body).toBe(200);
  });

  it('changes the balance type, but not while a subscription is active', async () => {
    const org = await organisation();
    const perUser = await org.owner.post(`${org.base}settings/`, { balance_type: '2' });
    expect(perUser.statusCode).toBe(200);
    expect((await findAccountOfGroup(db(), org.groupId))?.balance_type).toBe(2);
    await db().query('UPDATE accounts SET bonus = 0 WHERE id = $1', [org.accountId]);
    // per-user limits: members check without the organisation's pages
    expect((await check(org.student, org.groupId, 'zither')).statusCode).toBe(200);
    await jobs.run();

    // an active team subscription (as a paid one leaves it: balance type 3 on the group and its account)
    const ownerId = await userIdOf(org.owner);
    const order = await db().query<{ id: number }>(
      "INSERT INTO orders (user_id, kind, state, paid_at) VALUES ($1, 'subscription', 2, now()) RETURNING id",
      [ownerId],
    );
    await db().query(
      `INSERT INTO subscriptions (user_id, group_id, account_id, plan, status, price, pages, ai_pages, order_id, gateway,
         current_period_start, current_period_end, prior_balance_type)
       VALUES ($1, $2, $3, 'lightTeams', 2, 1000, 100, 100, $4, 'sandbox', now(), now() + interval '30 days', 2)`,
      [ownerId, org.groupId, org.accountId, order.rows[0]?.id],
    );
    await db().query('UPDATE groups SET balance_type = 3 WHERE id = $1', [org.groupId]);
    await db().query('UPDATE accounts SET balance_type = 3 WHERE id = $1', [org.accountId]);
    const settings = await settingsOf(org.owner, org.base);
    expect(settings).toMatchObject({ balance_type: 3, subscription_active: true });
    const refused = await org.owner.post(`${org.base}settings/`, { balance_type: '1' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error.code).toBe('group_subscription_active');
    // the other settings still change (the balance type sent as it is)
    const other = await org.owner.post(`${org.base}settings/`, { balance_type: '3', description: 'Subscribed' });
    expect(other.statusCode, other.body).toBe(200);
    expect((await findAccountOfGroup(db(), org.groupId))?.balance_type).toBe(3);
    // and the organisation cannot be deleted while its subscription renews
    const deletion = await org.owner.post(`${org.base}delete/`, { confirm: 'Fjord School' });
    expect(deletion.statusCode).toBe(409);
    expect(errorOf(deletion).error.code).toBe('group_delete_subscription');
    // once it is cancelled (no renewal), it can
    await db().query('UPDATE subscriptions SET cancel_at_period_end = true WHERE group_id = $1', [org.groupId]);
    expect((await org.owner.post(`${org.base}delete/`, { confirm: 'Fjord School' })).statusCode).toBe(200);
  });

  it('lets a signed-in user create a team and become its administrator', async () => {
    const user = await signUpAccount(t.app, Account, 'creator', { name: 'Cora' });
    const created = await user.post('/api/v1/groups/', { name: ' Cora’s Lab ', description: 'A research team' });
    expect(created.statusCode, created.body).toBe(200);
    const { group } = created.json<{ data: { group: { id: number; name: string } } }>().data;
    expect(group.name).toBe('Cora’s Lab');
    const { data } = await user.json<{
      data: { groups: { id: number; current_user_role: number; created_by_user: boolean; api_token?: string }[] };
    }>('/api/v1/groups/list/');
    const listed = data.groups.find((candidate) => candidate.id === group.id);
    expect(listed).toMatchObject({ current_user_role: 1, created_by_user: true });
    expect(listed?.api_token).toMatch(/.{20,}/);
    const account = await findAccountOfGroup(db(), group.id);
    // an account of its own, without a sign-up bonus
    expect(account).toMatchObject({ balance: 0, bonus: 0, ai_balance: 0 });
    const settings = await settingsOf(user, `/api/v1/groups/${String(group.id)}/`);
    expect(settings).toMatchObject({ description: 'A research team', member_count: 1 });

    expect(errorOf(await user.post('/api/v1/groups/', { name: '  ' })).error.fields).toEqual({ name: 'required' });
    const anonymous = new TestBrowser(t.app);
    const { token } = await anonymous.csrf();
    expect((await anonymous.postForm('/api/v1/groups/', { name: 'X', _csrf_token: token })).statusCode).toBe(401);
    // a guest is asked to sign up
    const guest = new TestBrowser(t.app);
    const { guest_csrf } = await guest.csrf();
    await guest.postForm('/guest/registration/', {
      _csrf_token: guest_csrf,
      'guest-security-token': await guest.botToken(),
    });
    const guestToken = (await guest.csrf()).token;
    const byGuest = await guest.postForm('/api/v1/groups/', { name: 'G', _csrf_token: guestToken });
    expect(byGuest.statusCode).toBe(403);
    expect(errorOf(byGuest).error.code).toBe('forbidden');
  });

  it('deletes a team: members become individuals, their checks their own private checks', async () => {
    const org = await organisation('Delta Team');
    await creditPages(db(), { accountId: org.accountId, bucket: 'balance', pages: 20, kind: 'deposit' });
    await creditPages(db(), { accountId: org.accountId, bucket: 'ai_balance', pages: 3, kind: 'deposit' });
    const document = await check(org.student, org.groupId, 'bassoon');
    expect(document.statusCode, document.body).toBe(200);
    const documentId = document.json<{ data: { text: { id: number } } }>().data.text.id;
    const ai = await org.teacher.post('/api/v1/chat-gpt/', { text: AI_TEXT, group_id: String(org.groupId) });
    expect(ai.statusCode, ai.body).toBe(200);
    const aiId = ai.json<{ data: { id: number } }>().data.id;
    // a pending invitation
    await org.owner.post(`${org.base}members/`, {
      name: 'Pat',
      email: 'pat.pending@example.com',
      limit: '',
      role: '3',
    });

    // running checks hold the deletion back
    const running = await org.owner.post(`${org.base}delete/`, { confirm: 'Delta Team' });
    expect(errorOf(running).error.code).toBe('group_delete_checks_running');
    await jobs.run();
    const indexed = await db().query<{ collection: string }>('SELECT collection FROM reuse_sources WHERE key = $1', [
      `check:${String(documentId)}`,
    ]);
    expect(indexed.rows[0]?.collection).toBe(`checked:g${String(org.groupId)}`);
    // the owner reads the student's document while the organisation exists
    expect((await org.owner.browser.get(`/api/v1/text/${String(documentId)}`)).statusCode).toBe(200);

    // only the owner, and only with the name typed
    expect((await org.teacher.post(`${org.base}delete/`, { confirm: 'Delta Team' })).statusCode).toBe(403);
    expect((await org.student.post(`${org.base}delete/`, { confirm: 'Delta Team' })).statusCode).toBe(403);
    const wrong = await org.owner.post(`${org.base}delete/`, { confirm: 'Delta' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).error.fields).toEqual({ confirm: 'mismatch' });

    const deleted = await org.owner.post(`${org.base}delete/`, { confirm: 'Delta Team' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const outcome = deleted.json<{ data: Record<string, number> }>().data;
    expect(outcome).toMatchObject({ members: 3, checks_moved: 2, checks_deleted: 0, ai_pages_lost: 2 });
    expect(outcome['pages_lost']).toBeGreaterThan(0);

    expect((await db().query('SELECT 1 FROM groups WHERE id = $1', [org.groupId])).rows).toHaveLength(0);
    expect(await findAccountOfGroup(db(), org.groupId)).toBeNull();
    expect((await db().query('SELECT 1 FROM group_invitations WHERE group_id = $1', [org.groupId])).rows).toHaveLength(
      0,
    );
    for (const member of [org.owner, org.teacher, org.student]) {
      const { data } = await member.json<{ data: { groups: unknown[] } }>('/api/v1/groups/list/');
      expect(data.groups).toEqual([]);
    }
    // the student's document: their own, private, paid by their own account, out of the index
    const studentId = await userIdOf(org.student);
    const moved = await db().query<{ group_id: number | null; user_id: number; account_id: number; in_index: boolean }>(
      'SELECT group_id, user_id, account_id, in_index FROM text_checks WHERE id = $1',
      [documentId],
    );
    expect(moved.rows[0]).toEqual({
      group_id: null,
      user_id: studentId,
      account_id: (await findAccountOfUser(db(), studentId))?.id,
      in_index: false,
    });
    expect(
      (await db().query('SELECT 1 FROM reuse_sources WHERE key = $1', [`check:${String(documentId)}`])).rows,
    ).toHaveLength(0);
    expect((await org.student.browser.get(`/api/v1/text/${String(documentId)}`)).statusCode).toBe(200);
    expect([403, 404]).toContain((await org.owner.browser.get(`/api/v1/text/${String(documentId)}`)).statusCode);
    expect([403, 404]).toContain((await org.teacher.browser.get(`/api/v1/text/${String(documentId)}`)).statusCode);
    // the teacher's AI check: theirs
    expect((await org.teacher.browser.get(`/api/v1/chat-gpt/${String(aiId)}/`)).statusCode).toBe(200);
    expect([403, 404]).toContain((await org.owner.browser.get(`/api/v1/chat-gpt/${String(aiId)}/`)).statusCode);
    // the members' own accounts go on: they check for themselves
    const student = await findAccountOfUser(db(), studentId);
    expect(student).not.toBeNull();
  });

  it('lets site administrators disable and enable an organisation, from the CLI and the API', async () => {
    const org = await organisation('Switch Academy');
    const admin = await signUpAccount(t.app, Account, 'admin');
    await setUserAdmin(db(), admin.email, true);

    const lines = await runGroupCommand(db(), 'group:disable', [String(org.groupId), '--reason', 'Unpaid invoice']);
    expect(lines).toEqual([`Organisation ${String(org.groupId)} (Switch Academy) is disabled.`]);
    const refused = await check(org.owner, org.groupId, 'lyre');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error.code).toBe('group_disabled');
    expect(errorOf(refused).message).toContain('disabled');
    const aiRefused = await org.student.post('/api/v1/chat-gpt/', { text: AI_TEXT, group_id: String(org.groupId) });
    expect(errorOf(aiRefused).error.code).toBe('group_disabled');
    const listed = await runGroupCommand(db(), 'group:list', ['--search', 'Switch Academy']);
    expect(listed.map((line) => JSON.parse(line) as unknown)).toEqual([
      expect.objectContaining({ id: org.groupId, disabled: true, reason: 'Unpaid invoice', members: 3 }),
    ]);
    expect((await runGroupCommand(db(), 'group:enable', [String(org.groupId)]))[0]).toContain('is enabled');
    expect((await check(org.owner, org.groupId, 'sitar')).statusCode).toBe(200);
    jobs.skip();
    await expect(runGroupCommand(db(), 'group:disable', ['999999'])).rejects.toThrow('No organisation');

    // the routes: site administrators only
    const search = await admin.json<{ data: { groups: { id: number; owner_email: string }[]; total: number } }>(
      `/api/v1/admin/groups/?q=${encodeURIComponent(org.owner.email)}`,
    );
    expect(search.data.total).toBe(1);
    expect(search.data.groups[0]).toMatchObject({ id: org.groupId, owner_email: org.owner.email });
    const byId = await admin.json<{ data: { groups: { id: number }[] } }>(
      `/api/v1/admin/groups/?q=${String(org.groupId)}`,
    );
    expect(byId.data.groups.map((group) => group.id)).toContain(org.groupId);
    const disabled = await admin.post(`/api/v1/admin/groups/${String(org.groupId)}/disable/`, { reason: 'Abuse' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(
      disabled.json<{ data: { group: { is_disabled: boolean; disabled_reason: string } } }>().data.group,
    ).toMatchObject({ is_disabled: true, disabled_reason: 'Abuse' });
    expect(errorOf(await check(org.teacher, org.groupId, 'gong')).error.code).toBe('group_disabled');
    expect((await org.owner.post(`/api/v1/admin/groups/${String(org.groupId)}/enable/`)).statusCode).toBe(403);
    expect((await org.owner.browser.get('/api/v1/admin/groups/')).statusCode).toBe(403);
    const enabled = await admin.post(`/api/v1/admin/groups/${String(org.groupId)}/enable/`);
    expect(enabled.json<{ data: { group: { is_disabled: boolean } } }>().data.group.is_disabled).toBe(false);
    expect((await admin.post('/api/v1/admin/groups/999999/enable/')).statusCode).toBe(404);
  });

  it('charges the organisation’s AI pages for the AI detector with group_id, for its members only', async () => {
    const org = await organisation('Aurora College');
    const other = await organisation('Borealis College');
    await creditPages(db(), { accountId: org.accountId, bucket: 'ai_balance', pages: 2, kind: 'deposit' });
    const studentId = await userIdOf(org.student);
    const ownAccount = await findAccountOfUser(db(), studentId);
    const ownBefore = ownAccount?.ai_balance ?? 0;

    const sent = await org.student.post('/api/v1/chat-gpt/', { text: AI_TEXT, group_id: String(org.groupId) });
    expect(sent.statusCode, sent.body).toBe(200);
    await jobs.run();
    expect((await findAccountOfGroup(db(), org.groupId))?.ai_balance).toBe(1);
    expect((await findAccountOfUser(db(), studentId))?.ai_balance).toBe(ownBefore);
    const id = sent.json<{ data: { id: number } }>().data.id;
    // the organisation's owner reads it
    expect((await org.owner.browser.get(`/api/v1/chat-gpt/${String(id)}/`)).statusCode).toBe(200);

    // a member of another organisation cannot spend this one's
    const foreign = await other.teacher.post('/api/v1/chat-gpt/', { text: AI_TEXT, group_id: String(org.groupId) });
    expect(foreign.statusCode).toBe(403);
    expect((await findAccountOfGroup(db(), org.groupId))?.ai_balance).toBe(1);

    // no AI pages left: the spec's code 1 with the organisation's message
    await org.teacher.post('/api/v1/chat-gpt/', { text: `${AI_TEXT} Again.`, group_id: String(org.groupId) });
    await jobs.run();
    const empty = await org.teacher.post('/api/v1/chat-gpt/', {
      text: `${AI_TEXT} Once more.`,
      group_id: String(org.groupId),
    });
    expect(empty.statusCode).toBe(402);
    expect(empty.json<{ code: number; message: string; error: { code: string } }>()).toMatchObject({
      code: 1,
      error: { code: 'insufficient_ai_balance' },
      message: expect.stringContaining('organisation'),
    });
  });
});
