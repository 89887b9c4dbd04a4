import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LmsTokenCreated, LmsTokenList } from '@veritext/contracts';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { GARDEN_ESSAY, GARDEN_REUSE, LIGHTHOUSE_ARTICLE, ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { docx } from '../../../test/uploads.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { findAgreementsOfUser } from '../agreements/agreements.repository.ts';
import { findUserByEmail, type UserRecord } from '../auth/users.repository.ts';
import { findAccountById, findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { findReportSettings } from '../text-checks/report-settings.repository.ts';
import { closeSharedReuseChecker } from '../text-checks/reuse-checker.ts';
import { closeSharedSimilarityReportRenderer } from '../text-checks/similarity-report.ts';

/*
 * Replays the calls of the PlagiarismCheck Moodle plugin (PlagiarismCheck/moodle-plagiarism_pchkorg, its API class
 * classes/plagiarism_pchkorg_api_provider.php) byte for byte as that class builds them: the multipart bodies with a
 * PLAGCHECKBOUNDARY-<uniqid(time())> boundary, a Content-Length line inside the file part and a `filename="…";`
 * with its trailing semicolon, the X-API-TOKEN header (G-TOKEN::sha256(G-TOKEN + lower(e-mail)) for an
 * organisation), the url-encoded membership and registration posts, and the polling of GET /api/v1/text/{id} and
 * /lms/check-report/{id}/. The builders below are written for this test from the protocol, not copied.
 */

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** PHP's sprintf('PLAGCHECKBOUNDARY-%s', uniqid(time())): the seconds, then 13 hex digits. */
function pluginBoundary(): string {
  const seconds = Math.floor(Date.now() / 1000);
  const micro = Math.floor(Math.random() * 0xfffff);
  return `PLAGCHECKBOUNDARY-${String(seconds)}${seconds.toString(16).padStart(8, '0')}${micro.toString(16).padStart(5, '0')}`;
}

/** A text part as the plugin writes it. */
function part(boundary: string, name: string, value: string): Buffer {
  return Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
}

/** The file part as the plugin writes it: filename="…"; with a semicolon, Content-Type, Content-Length (bytes). */
function filePart(boundary: string, name: string, content: Buffer, mime: string, fileName: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}";\r\n` +
        `Content-Type: ${mime}\r\nContent-Length: ${String(content.length)}\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);
}

type Filters = Record<string, string | null>;

/** The filters the plugin's sender builds for an activity, in its order (null: not sent). */
function moodleFilters(overrides: Filters = {}): Filters {
  return {
    include_references: '0',
    include_quotes: '0',
    exclude_self_plagiarism: '0',
    assignment_key: 'cm-42-7f3a',
    ignore_templates_enabled: '0',
    source_min_percent: '0',
    ...overrides,
  };
}

type Submission = {
  courseId: string;
  assignmentId: string;
  assignmentName: string;
  submissionId: string;
  attachmentId: string;
  content: Buffer;
  mime: string;
  fileName: string;
  filters: Filters;
};

/** send_text's body: the fields, the filters, the file part `text`. */
function personalBody(boundary: string, s: Submission): Buffer {
  const parts = [
    part(boundary, 'language', 'en'),
    part(boundary, 'skip_english_words_validation', '1'),
    part(boundary, 'skip_percentage_words_validation', '1'),
    part(boundary, 'course_id', s.courseId),
    part(boundary, 'assignment_id', s.assignmentId),
    part(boundary, 'assignment_name', s.assignmentName),
    part(boundary, 'submission_id', s.submissionId),
    part(boundary, 'attachment_id', s.attachmentId),
    part(boundary, 'lms', 'moodle'),
  ];
  for (const [name, value] of Object.entries(s.filters)) if (value !== null) parts.push(part(boundary, name, value));
  parts.push(filePart(boundary, 'text', s.content, s.mime, s.fileName), Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** send_group_text's body: token, the author's hash, the fields, the filters, the file part `content`. */
function groupBody(boundary: string, token: string, authorHash: string, s: Submission): Buffer {
  const parts = [
    part(boundary, 'token', token),
    part(boundary, 'hash', authorHash),
    part(boundary, 'course_id', s.courseId),
    part(boundary, 'assignment_id', s.assignmentId),
    part(boundary, 'assignment_name', s.assignmentName),
    part(boundary, 'submission_id', s.submissionId),
    part(boundary, 'attachment_id', s.attachmentId),
    part(boundary, 'filename', s.fileName),
    part(boundary, 'language', 'en'),
    part(boundary, 'skip_english_words_validation', '1'),
    part(boundary, 'skip_percentage_words_validation', '1'),
    part(boundary, 'lms', 'moodle'),
  ];
  for (const [name, value] of Object.entries(s.filters)) if (value !== null) parts.push(part(boundary, name, value));
  parts.push(filePart(boundary, 'content', s.content, s.mime, s.fileName), Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

function submission(text: string | Buffer, extra: Partial<Submission> = {}): Submission {
  return {
    courseId: '7',
    assignmentId: '42',
    assignmentName: 'Essay on gardens',
    submissionId: '301',
    attachmentId: '301',
    content: typeof text === 'string' ? Buffer.from(text) : text,
    mime: 'plain/text',
    fileName: '301-submission.txt',
    filters: moodleFilters(),
    ...extra,
  };
}

/** What the plugin reads from a submit answer: no `message`, success, data.text.id. */
function pluginTextId(response: LightMyRequestResponse): number {
  expect(response.statusCode, response.body).toBe(200);
  const json = response.json<Record<string, unknown>>();
  expect(json).not.toHaveProperty('message');
  expect(json['success']).toBe(true);
  const id = (json['data'] as { text: { id: number } }).text.id;
  expect(id).toBeGreaterThan(0);
  return id;
}

type Polled = {
  data: {
    id: number;
    state: number;
    report: { id: number; percent: number | null };
    ai_report: { processed_percent: number | null };
    lms: boolean;
  };
};

describe(`the PlagiarismCheck-compatible LMS API, replayed as the Moodle plugin calls it (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);

  let teacher: { browser: TestBrowser; user: UserRecord; accountId: number };
  let personalToken: string;
  let personalTokenId: number;

  let owner: { browser: TestBrowser; user: UserRecord };
  let groupId: number;
  let groupAccountId: number;
  let groupToken: string;
  /** An organisation member whose stored address has capitals (the plugin lower-cases it before hashing). */
  let member: UserRecord;

  async function signUp(prefix: string, fields: Record<string, string> = {}) {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail(prefix);
    expect((await browser.signUp({ email, password: STRONG_PASSWORD, ...fields })).statusCode).toBe(200);
    return { browser, user: (await findUserByEmail(t.handle.db, email))! };
  }

  async function createToken(browser: TestBrowser, fields: Record<string, string>): Promise<LmsTokenCreated> {
    const { token } = await browser.csrf();
    const response = await browser.postForm('/api/v1/lms/tokens/', { ...fields, _csrf_token: token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: LmsTokenCreated }>().data;
  }

  /** The X-API-TOKEN a group token sends for a Moodle user: TOKEN::sha256(TOKEN + lower(e-mail)). */
  function groupHeader(token: string, email: string): string {
    return `${token}::${sha256(token + email.toLowerCase())}`;
  }

  function postPersonal(token: string, s: Submission, extraHeaders: Record<string, string> = {}) {
    const boundary = pluginBoundary();
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/text',
      headers: {
        'X-API-TOKEN': token,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        ...extraHeaders,
      },
      payload: personalBody(boundary, s),
    });
  }

  function postGroup(token: string, email: string, authorEmail: string, s: Submission) {
    const boundary = pluginBoundary();
    return t.app.inject({
      method: 'POST',
      url: '/lms/moodle/check-text/',
      headers: {
        'X-API-TOKEN': groupHeader(token, email),
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: groupBody(boundary, token, sha256(token + authorEmail.toLowerCase()), s),
    });
  }

  /** check_text: GET /api/v1/text/{id} with the token and a form content type, as Moodle's curl sends it. */
  async function poll(token: string, id: number): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'GET',
      url: `/api/v1/text/${String(id)}`,
      headers: { 'X-API-TOKEN': token, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  }

  /** group_check_text: GET /lms/check-report/{id}/?token=G-… (no X-API-TOKEN). */
  async function pollGroup(token: string, id: number): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'GET',
      url: `/lms/check-report/${String(id)}/?${new URLSearchParams({ token }).toString()}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  }

  function postUrlencoded(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  async function accountState(accountId: number) {
    const account = (await findAccountById(t.handle.db, accountId))!;
    return {
      bonus: account.bonus,
      balance: account.balance,
      ai_balance: account.ai_balance,
      held: account.held_balance + account.held_bonus,
      held_ai: account.held_ai_balance,
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const teacherSignUp = await signUp('lms-teacher');
    const account = (await findAccountOfUser(t.handle.db, teacherSignUp.user.id))!;
    await creditPages(t.handle.db, { accountId: account.id, bucket: 'balance', pages: 40, kind: 'deposit' });
    await creditPages(t.handle.db, { accountId: account.id, bucket: 'ai_balance', pages: 10, kind: 'deposit' });
    teacher = { ...teacherSignUp, accountId: account.id };
    const created = await createToken(teacher.browser, { name: 'Moodle (school site)', check_ai: '1' });
    personalToken = created.token;
    personalTokenId = created.item.id;

    owner = await signUp('lms-org', { account_type: 'organisation', name: 'Dean' });
    groupId = (
      await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [owner.user.id])
    ).rows[0]!.id;
    groupAccountId = (await findAccountOfGroup(t.handle.db, groupId))!.id;
    await creditPages(t.handle.db, { accountId: groupAccountId, bucket: 'balance', pages: 40, kind: 'deposit' });
    const groupCreated = await createToken(owner.browser, {
      name: 'Moodle',
      group_id: String(groupId),
      auto_registration: '1',
    });
    groupToken = groupCreated.token;
    const memberSignUp = await signUp('lms-member');
    const mixed = `Member.${String(Date.now())}@Example.COM`;
    await t.handle.db.query('UPDATE users SET email = $1 WHERE id = $2', [mixed, memberSignUp.user.id]);
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 2)', [
      groupId,
      memberSignUp.user.id,
    ]);
    member = (await findUserByEmail(t.handle.db, mixed))!;
  });

  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await closeSharedSimilarityReportRenderer();
    await t.dispose();
  });

  it('LMS tokens: shown once, listed with dates, the personal one plain, the organisation one G-', async () => {
    expect(personalToken.startsWith('G-')).toBe(false);
    expect(groupToken.startsWith('G-')).toBe(true);
    const list = (await teacher.browser.get('/api/v1/lms/tokens/')).json<{ data: LmsTokenList }>().data;
    expect(list.tokens).toHaveLength(1);
    expect(list.tokens[0]).toMatchObject({
      id: personalTokenId,
      kind: 'personal',
      check_ai: true,
      hint: personalToken.slice(-4),
      revoked_at: null,
    });
    expect(JSON.stringify(list)).not.toContain(personalToken);
    expect(list.endpoint).toBe(t.config.publicUrl);
    const ownerList = (await owner.browser.get('/api/v1/lms/tokens/')).json<{ data: LmsTokenList }>().data;
    expect(ownerList.organisations).toEqual([{ id: groupId, name: expect.any(String) }]);
    expect(ownerList.tokens[0]).toMatchObject({ kind: 'organisation', group_id: groupId, auto_registration: true });
    // only the owner makes an organisation's token; an API token never manages tokens
    const { token: csrf } = await teacher.browser.csrf();
    const foreign = await teacher.browser.postForm('/api/v1/lms/tokens/', {
      name: 'x',
      group_id: String(groupId),
      _csrf_token: csrf,
    });
    expect(foreign.statusCode).toBe(403);
    const byApiToken = await t.app.inject({
      method: 'GET',
      url: '/api/v1/lms/tokens/',
      headers: { 'x-api-token': teacher.user.api_token },
    });
    expect(byApiToken.statusCode).toBe(403);
    // the web client sends the account's own token along with its session cookie: that is the session's user
    const asWebClient = await teacher.browser.get('/api/v1/lms/tokens/', { 'x-api-token': teacher.user.api_token });
    expect(asWebClient.statusCode, asWebClient.body).toBe(200);
    // another account's token alongside this session: the session's account speaks (auth-context.ts), so the
    // teacher sees their own tokens, nothing of the other account's
    const otherToken = await teacher.browser.get('/api/v1/lms/tokens/', { 'x-api-token': owner.user.api_token });
    expect(otherToken.statusCode).toBe(200);
    expect(otherToken.json()).toEqual(asWebClient.json());
    const noCsrf = await teacher.browser.postForm('/api/v1/lms/tokens/', { name: 'x' });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('a personal token, text/plain: submitted, resent without a charge, polled until state 5 with both figures', async () => {
    const before = await accountState(teacher.accountId);
    const s = submission(GARDEN_ESSAY);
    const id = pluginTextId(await postPersonal(personalToken, s));
    const afterFirst = await accountState(teacher.accountId);
    // the check's pages and one AI page are held
    expect(afterFirst.held).toBeGreaterThan(before.held);
    expect(afterFirst.held_ai + afterFirst.ai_balance).toBe(before.ai_balance);
    expect(afterFirst.held_ai).toBe(1);

    // the plugin resends every minute while it has no id: at once (the 10-second rule) and later, the same check
    expect(pluginTextId(await postPersonal(personalToken, s))).toBe(id);
    expect(pluginTextId(await postPersonal(personalToken, s))).toBe(id);
    expect(await accountState(teacher.accountId)).toEqual(afterFirst);
    expect(
      (await t.handle.db.query('SELECT id FROM text_checks WHERE user_id = $1', [teacher.user.id])).rows,
    ).toHaveLength(1);

    // in progress: state 3, the objects there, no figures yet
    const pending = (await poll(personalToken, id)).json<Polled>();
    expect(pending.data).toMatchObject({
      state: 3,
      report: { id, percent: null },
      ai_report: { processed_percent: null },
    });
    await jobs.run();
    const ready = await poll(personalToken, id);
    expect(ready.statusCode).toBe(200);
    const body = ready.json<Polled & Record<string, unknown>>();
    expect(body).not.toHaveProperty('message');
    expect(body.data.state).toBe(5);
    expect(body.data.lms).toBe(true);
    expect(body.data.report).toEqual({ id, percent: expect.any(Number) });
    // for an LMS submission processed_percent is the AI share the AI check found
    const ai = (
      await t.handle.db.query<{ likely_percent: number; strong_percent: number; status: number }>(
        'SELECT likely_percent, strong_percent, status FROM ai_checks WHERE text_check_id = $1',
        [id],
      )
    ).rows[0]!;
    expect(ai.status).toBe(4);
    expect(body.data.ai_report.processed_percent).toBeGreaterThanOrEqual(0);
    expect(body.data.ai_report.processed_percent).toBeLessThanOrEqual(100);
    expect(body.data.ai_report.processed_percent).toBeCloseTo(ai.likely_percent + ai.strong_percent, 1);

    // the plugin stops polling at state 5, so a token caller sees 3 while the check's AI check still runs
    await t.handle.db.query('UPDATE ai_checks SET status = 2 WHERE text_check_id = $1', [id]);
    expect((await poll(personalToken, id)).json<Polled>().data).toMatchObject({
      state: 3,
      ai_report: { processed_percent: null },
    });
    await t.handle.db.query('UPDATE ai_checks SET status = 4 WHERE text_check_id = $1', [id]);
    expect((await poll(personalToken, id)).json<Polled>().data.state).toBe(5);
  });

  it("a website check keeps the site's meaning: processed_percent is the AI detector's coverage", async () => {
    const { token: csrf } = await teacher.browser.csrf();
    const id = pluginTextId(
      await teacher.browser.postForm('/api/v1/text', {
        text: LIGHTHOUSE_ARTICLE,
        language: 'en',
        check_ai: '1',
        _csrf_token: csrf,
      }),
    );
    await jobs.run();
    const view = (await teacher.browser.get(`/api/v1/text/${String(id)}`)).json<Polled>();
    const ai = (
      await t.handle.db.query<{ processed_percent: number }>(
        'SELECT processed_percent FROM ai_checks WHERE text_check_id = $1',
        [id],
      )
    ).rows[0]!;
    expect(view.data).toMatchObject({ state: 5, lms: false, report: { id, percent: expect.any(Number) } });
    expect(view.data.ai_report.processed_percent).toBeCloseTo(ai.processed_percent, 1);
  });

  it('a personal token, a real .docx: the file part `text` is read; the filters become the report settings', async () => {
    const bytes = docx(LIGHTHOUSE_ARTICLE.replace(/\n+/g, ' '));
    const s = submission(bytes, {
      mime: DOCX_MIME,
      fileName: 'lighthouses.docx',
      submissionId: '302',
      attachmentId: '9001',
      filters: moodleFilters({ include_quotes: '1', include_references: '1', source_min_percent: '15' }),
    });
    const id = pluginTextId(await postPersonal(personalToken, s));
    expect(
      (await t.handle.db.query<{ file_name: string }>('SELECT file_name FROM text_checks WHERE id = $1', [id])).rows[0]!
        .file_name,
    ).toBe('lighthouses.docx');
    expect(await findReportSettings(t.handle.db, id)).toMatchObject({
      exclude_below_percent: 15,
      include_quotes: true,
      include_references: true,
      exclude_self_plagiarism: false,
    });
    await jobs.run();
    const ready = (await poll(personalToken, id)).json<Polled>();
    expect(ready.data.state).toBe(5);
    expect(ready.data.report.percent).toEqual(expect.any(Number));

    // exclude_self_plagiarism with a personal token: the account's own earlier documents
    const self = pluginTextId(
      await postPersonal(
        personalToken,
        submission(ORIGINAL_ESSAY, { submissionId: '303', filters: moodleFilters({ exclude_self_plagiarism: '1' }) }),
      ),
    );
    expect(await findReportSettings(t.handle.db, self)).toMatchObject({
      exclude_self_plagiarism: true,
      custom_author: teacher.user.name === '' ? teacher.user.email : teacher.user.name,
    });
    await jobs.run();

    // a value that is not a flag or a percentage is refused, nothing is charged
    const before = await accountState(teacher.accountId);
    for (const filters of [moodleFilters({ include_quotes: 'yes' }), moodleFilters({ source_min_percent: '140' })]) {
      const refused = await postPersonal(personalToken, submission(ORIGINAL_ESSAY + ' More.', { filters }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    }
    expect(await accountState(teacher.accountId)).toEqual(before);
  });

  it('the agreement is recorded, with no message in the answer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agreement/create/moodle-plugin/2019-04-11/',
      headers: { 'X-API-TOKEN': personalToken, 'Content-Type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).not.toHaveProperty('message');
    expect(await findAgreementsOfUser(t.handle.db, teacher.user.id)).toContainEqual(
      expect.objectContaining({ type: 'moodle-plugin', version: '2019-04-11' }),
    );
    // a group token: the plugin hashes the address as Moodle stores it (not lower-cased) for this call
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agreement/create/moodle-plugin/2019-04-11/',
      headers: {
        'X-API-TOKEN': `${groupToken}::${sha256(groupToken + member.email!)}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(group.statusCode, group.body).toBe(200);
    expect(await findAgreementsOfUser(t.handle.db, member.id)).toContainEqual(
      expect.objectContaining({ type: 'moodle-plugin', version: '2019-04-11' }),
    );
  });

  it('a G- token: membership, auto-registration, submission by a member (text and .docx), polling, resend', async () => {
    // is-group-member: url-encoded token and hash
    const asked = await postUrlencoded('/lms/moodle/is-group-member/', {
      token: groupToken,
      hash: sha256(groupToken + member.email!.toLowerCase()),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ is_member: true, is_auto_registration_enabled: true });
    const newcomer = uniqueEmail('lms-student');
    const outsider = await postUrlencoded('/lms/moodle/is-group-member/', {
      token: groupToken,
      hash: sha256(groupToken + newcomer),
    });
    expect(outsider.json()).toEqual({ is_member: false, is_auto_registration_enabled: true });

    // auto-registration: name, email, role (3 Student) → a member
    const registered = await postUrlencoded('/lms/moodle/auto-registration/', {
      token: groupToken,
      name: 'Student One',
      email: newcomer,
      role: '3',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toEqual({ success: true });
    const student = (await findUserByEmail(t.handle.db, newcomer))!;
    const role = await t.handle.db.query<{ role: number }>(
      'SELECT role FROM group_members WHERE group_id = $1 AND user_id = $2',
      [groupId, student.id],
    );
    expect(role.rows[0]?.role).toBe(3);
    expect(
      (
        await postUrlencoded('/lms/moodle/is-group-member/', {
          token: groupToken,
          hash: sha256(groupToken + newcomer),
        })
      ).json(),
    ).toMatchObject({ is_member: true });
    expect(
      (
        await postUrlencoded('/lms/moodle/auto-registration/', {
          token: groupToken,
          name: 'X',
          email: newcomer,
          role: '9',
        })
      ).statusCode,
    ).toBe(400);
    // an existing account is not joined without its consent: it is invited, and is a member only once it accepts
    const existing = await postUrlencoded('/lms/moodle/auto-registration/', {
      token: groupToken,
      name: 'Someone Else',
      email: teacher.user.email!,
      role: '2',
    });
    expect(existing.json()).toEqual({ success: true });
    const existingHash = sha256(groupToken + teacher.user.email!.toLowerCase());
    expect(
      (await postUrlencoded('/lms/moodle/is-group-member/', { token: groupToken, hash: existingHash })).json(),
    ).toMatchObject({ is_member: false });
    const invitation = await t.handle.db.query<{ role: number }>(
      'SELECT role FROM group_invitations WHERE group_id = $1 AND user_id = $2',
      [groupId, teacher.user.id],
    );
    expect(invitation.rows).toEqual([{ role: 2 }]);

    // the member submits a student's work: the organisation pays, the student is the check's LMS author
    const before = await accountState(groupAccountId);
    const s = submission(GARDEN_REUSE, { submissionId: '401', attachmentId: '401' });
    const id = pluginTextId(await postGroup(groupToken, member.email!, newcomer, s));
    const afterFirst = await accountState(groupAccountId);
    expect(afterFirst.held).toBeGreaterThan(before.held);
    const lms = await t.handle.db.query<{ author_hash: string; origin: string; submission_id: string }>(
      'SELECT author_hash, origin, submission_id FROM lms_text_checks WHERE text_check_id = $1',
      [id],
    );
    expect(lms.rows[0]).toEqual({
      author_hash: sha256(groupToken + newcomer.toLowerCase()),
      origin: 'moodle',
      submission_id: '401',
    });
    const check = await t.handle.db.query<{ group_id: number; user_id: number }>(
      'SELECT group_id, user_id FROM text_checks WHERE id = $1',
      [id],
    );
    expect(check.rows[0]).toEqual({ group_id: groupId, user_id: member.id });
    // the resend: the same check, nothing charged
    expect(pluginTextId(await postGroup(groupToken, member.email!, newcomer, s))).toBe(id);
    expect(await accountState(groupAccountId)).toEqual(afterFirst);

    // a .docx through the group endpoint
    const docxId = pluginTextId(
      await postGroup(
        groupToken,
        member.email!,
        newcomer,
        submission(docx(ORIGINAL_ESSAY.replace(/\n+/g, ' ').replace('cello', 'viola')), {
          mime: DOCX_MIME,
          fileName: 'essay.docx',
          submissionId: '402',
        }),
      ),
    );

    const pending = (await pollGroup(groupToken, id)).json<Polled>();
    expect(pending.data.state).toBe(3);
    await jobs.run();
    for (const checkId of [id, docxId]) {
      const ready = await pollGroup(groupToken, checkId);
      expect(ready.statusCode, ready.body).toBe(200);
      const body = ready.json<Polled>();
      expect(body.data.state).toBe(5);
      expect(body.data.report).toEqual({ id: checkId, percent: expect.any(Number) });
      // no AI check was asked for: no AI figure (the key is there)
      expect(body.data.ai_report).toEqual({ processed_percent: null });
    }
    // the text reused a paragraph of the teacher's earlier check
    expect((await pollGroup(groupToken, id)).json<Polled>().data.report.percent).toBeGreaterThan(10);

    // a header whose hash names nobody in the organisation is refused, and so is a non-member
    // a bare G- token names no member: it reads the token's checks, it never submits
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text',
      headers: { 'X-API-TOKEN': groupToken, 'Content-Type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ text: ORIGINAL_ESSAY, lms: 'moodle' }).toString(),
    });
    expect(bare.statusCode).toBe(403);
    expect((await poll(groupToken, id)).json<Polled>().data.state).toBe(5);
    const stranger = await postGroup(groupToken, 'nobody@example.com', newcomer, submission(ORIGINAL_ESSAY));
    expect(stranger.statusCode).toBe(401);
    await t.handle.db.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2', [groupId, student.id]);
    const removed = await postGroup(groupToken, newcomer, newcomer, submission(ORIGINAL_ESSAY + ' Again.'));
    expect(removed.statusCode).toBe(401);
    // the check-report of a check the token did not make: 404
    const foreign = (
      await t.handle.db.query<{ id: number }>('SELECT id FROM text_checks WHERE user_id = $1 LIMIT 1', [
        teacher.user.id,
      ])
    ).rows[0]!.id;
    expect((await pollGroup(groupToken, foreign)).statusCode).toBe(404);
    expect((await pollGroup('G-unknown', id)).statusCode).toBe(401);
  });

  it('the public report page: read-only HTML for the token, never echoing it; another owner 404', async () => {
    const id = (
      await t.handle.db.query<{ id: number }>(
        `SELECT c.id FROM text_checks c JOIN lms_text_checks l ON l.text_check_id = c.id
         WHERE c.group_id = $1 AND l.submission_id = '401'`,
        [groupId],
      )
    ).rows[0]!.id;
    const token = groupHeader(groupToken, member.email!);
    const page = await postUrlencoded(`/lms/public-report/${String(id)}/`, { 'lms-type': 'moodle', token });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(page.body).toContain('Similarity');
    expect(page.body).toContain('Sources');
    expect(page.body).toContain('What makes such a garden work');
    for (const secret of [groupToken, token, sha256(groupToken + member.email!.toLowerCase())]) {
      expect(page.body).not.toContain(secret);
      expect(JSON.stringify(page.headers)).not.toContain(secret);
    }
    // the personal token's own check
    const personalId = (
      await t.handle.db.query<{ id: number }>(
        'SELECT id FROM text_checks WHERE user_id = $1 AND group_id IS NULL LIMIT 1',
        [teacher.user.id],
      )
    ).rows[0]!.id;
    const own = await postUrlencoded(`/lms/public-report/${String(personalId)}/`, {
      'lms-type': 'moodle',
      token: personalToken,
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain(personalToken);
    // another owner's check: 404; a wrong token: 401
    const other = await postUrlencoded(`/lms/public-report/${String(personalId)}/`, { 'lms-type': 'moodle', token });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(groupToken);
    const wrong = await postUrlencoded(`/lms/public-report/${String(id)}/`, { 'lms-type': 'moodle', token: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The token is not valid.');
    // a Spanish reader's browser: the page in Spanish, the document's text as it is
    const spanish = await postUrlencoded(
      `/lms/public-report/${String(id)}/`,
      { 'lms-type': 'moodle', token },
      { 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.8' },
    );
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Similitud');
    expect(spanish.body).toContain('Fuentes');
    expect(spanish.body).toContain('What makes such a garden work');
    expect(spanish.body).not.toContain(groupToken);
    const spanishWrong = await postUrlencoded(
      `/lms/public-report/${String(id)}/`,
      { 'lms-type': 'moodle', token: 'nope' },
      { 'Accept-Language': 'es' },
    );
    expect(spanishWrong.body).toContain('El token no es válido.');
  });

  it("an LMS token's rights: no document list, no report API, no other endpoint, only its own checks; revoked: refused", async () => {
    const headers = { 'X-API-TOKEN': personalToken };
    for (const url of ['/api/v1/text/', '/api/v1/profile/', '/api/v1/lms/tokens/']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(403);
    }
    const own = (
      await t.handle.db.query<{ text_check_id: number }>(
        'SELECT text_check_id FROM lms_text_checks WHERE lms_token_id = $1 LIMIT 1',
        [personalTokenId],
      )
    ).rows[0]!.text_check_id;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/text/report/${String(own)}`, headers })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/text/${String(own)}/delete/`, headers })).statusCode,
    ).toBe(403);
    // a check of the same user made on the website: not the token's
    const { token: csrf } = await teacher.browser.csrf();
    const web = await teacher.browser.postForm('/api/v1/text', {
      text: ORIGINAL_ESSAY.replace('cello', 'oboe'),
      language: 'en',
      _csrf_token: csrf,
    });
    const webId = pluginTextId(web);
    expect((await poll(personalToken, webId)).statusCode).toBe(404);
    expect((await poll(personalToken, own)).statusCode).toBe(200);
    // the web answer keeps the site's meaning of processed_percent: there is no LMS origin
    const webView = (await teacher.browser.get(`/api/v1/text/${String(webId)}`)).json<Polled>();
    expect(webView.data.lms).toBe(false);

    // revoked: the token is refused from then on
    const { token: csrf2 } = await teacher.browser.csrf();
    const revoked = await teacher.browser.postForm(`/api/v1/lms/tokens/${String(personalTokenId)}/revoke/`, {
      _csrf_token: csrf2,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ data: { token: { revoked_at: string | null } } }>().data.token.revoked_at).not.toBeNull();
    expect((await poll(personalToken, own)).statusCode).toBe(401);
    expect((await postPersonal(personalToken, submission(ORIGINAL_ESSAY))).statusCode).toBe(401);
    // someone else cannot revoke the organisation's token
    const orgTokenId = (await owner.browser.get('/api/v1/lms/tokens/')).json<{ data: LmsTokenList }>().data.tokens[0]!
      .id;
    const { token: csrf3 } = await teacher.browser.csrf();
    expect(
      (await teacher.browser.postForm(`/api/v1/lms/tokens/${String(orgTokenId)}/revoke/`, { _csrf_token: csrf3 }))
        .statusCode,
    ).toBe(404);
    // its owner revokes it: every organisation call is refused from then on
    const orgCheck = (
      await t.handle.db.query<{ text_check_id: number }>(
        'SELECT text_check_id FROM lms_text_checks WHERE lms_token_id = $1 LIMIT 1',
        [orgTokenId],
      )
    ).rows[0]!.text_check_id;
    expect((await pollGroup(groupToken, orgCheck)).statusCode).toBe(200);
    const { token: csrf4 } = await owner.browser.csrf();
    expect(
      (await owner.browser.postForm(`/api/v1/lms/tokens/${String(orgTokenId)}/revoke/`, { _csrf_token: csrf4 }))
        .statusCode,
    ).toBe(200);
    expect((await pollGroup(groupToken, orgCheck)).statusCode).toBe(401);
    const membership = await postUrlencoded('/lms/moodle/is-group-member/', {
      token: groupToken,
      hash: sha256(groupToken + member.email!.toLowerCase()),
    });
    expect(membership.statusCode).toBe(401);
    expect((await postGroup(groupToken, member.email!, member.email!, submission(ORIGINAL_ESSAY))).statusCode).toBe(
      401,
    );
  });

  it('a plain API token: lms=moodle makes resends idempotent; Idempotency-Key for API clients', async () => {
    const token = teacher.user.api_token;
    const s = submission(GARDEN_ESSAY.replace('library', 'museum'), { submissionId: '501' });
    const id = pluginTextId(await postPersonal(token, s));
    const state = await accountState(teacher.accountId);
    expect(pluginTextId(await postPersonal(token, s))).toBe(id);
    expect(await accountState(teacher.accountId)).toEqual(state);

    const form = (text: string) => ({
      method: 'POST' as const,
      url: '/api/v1/text',
      headers: {
        'x-api-token': token,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': 'order-7781',
      },
      payload: new URLSearchParams({ text, language: 'en' }).toString(),
    });
    const first = pluginTextId(await t.app.inject(form(ORIGINAL_ESSAY.replace('cello', 'drums'))));
    const charged = await accountState(teacher.accountId);
    expect(pluginTextId(await t.app.inject(form(ORIGINAL_ESSAY.replace('cello', 'drums'))))).toBe(first);
    expect(await accountState(teacher.accountId)).toEqual(charged);
    const reused = await t.app.inject(form(ORIGINAL_ESSAY.replace('cello', 'piano')));
    expect(reused.statusCode).toBe(422);
    expect(reused.json<{ error: { code: string } }>().error.code).toBe('idempotency_key_reused');
    // without a key nor lms, the site's 10-second rule stands
    const plain = {
      method: 'POST' as const,
      url: '/api/v1/text',
      headers: { 'x-api-token': token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ text: ORIGINAL_ESSAY.replace('cello', 'lute'), language: 'en' }).toString(),
    };
    pluginTextId(await t.app.inject(plain));
    expect((await t.app.inject(plain)).statusCode).toBe(429);
  });
});
