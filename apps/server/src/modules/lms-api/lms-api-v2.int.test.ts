import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LmsTokenCreated } from '@veritext/contracts';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { GARDEN_ESSAY, LIGHTHOUSE_ARTICLE, ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { docx } from '../../../test/uploads.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { findUserByEmail, type UserRecord } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { closeSharedReuseChecker } from '../text-checks/reuse-checker.ts';
import { closeSharedSimilarityReportRenderer } from '../text-checks/similarity-report.ts';

/*
 * Replays the calls of the NEWEST PlagiarismCheck Moodle plugin (PlagiarismCheck/moodle-plagiarism_pchkorg, its
 * API class and transport): every post goes through Moodle's curl with an array of fields, so a post without a
 * file is url-encoded (key=urlencode(value)&…, as Moodle formats an array) and a post with a file is libcurl's own
 * multipart (a "------------------------<hex>" boundary, parts without Content-Length, `filename="…"` without a
 * trailing semicolon), with the `Expect:` header emptied. The builders are written for this test from the
 * protocol, not copied.
 */

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** libcurl's multipart boundary: 24 dashes and random hex. */
function curlBoundary(): string {
  return `------------------------${randomBytes(8).toString('hex')}`;
}

type Field = [name: string, value: string] | [name: string, file: { content: Buffer; mime: string; fileName: string }];

/** libcurl's multipart body for an array of fields (a CURLFile becomes a file part). */
function curlMultipart(boundary: string, fields: Field[]): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.fileName}"\r\n` +
            `Content-Type: ${value.mime}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** PHP's urlencode: spaces as '+', everything but [A-Za-z0-9_.-] as %XX. */
function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Moodle's curl formats an array without files as key=value pairs joined by '&'. */
function moodleUrlencoded(fields: [string, string][]): string {
  return fields.map(([name, value]) => `${phpUrlencode(name)}=${phpUrlencode(value)}`).join('&');
}

/** user_email_to_hash: sha256(trim(token) + trim(lower(identity))). */
function identityHash(token: string, identity: string): string {
  return sha256(token.trim() + identity.toLowerCase().trim());
}

/** generate_api_token for a group token: TOKEN::sha256(TOKEN + lower(identity)). */
function groupHeader(token: string, identity: string): string {
  return `${token}::${sha256(token + identity.toLowerCase())}`;
}

type Polled = { data: { id: number; state: number; report: { id: number; percent: number | null } } };

describe(`the newest Moodle plugin's calls against the LMS API (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);

  let owner: { browser: TestBrowser; user: UserRecord };
  let groupId: number;
  let groupToken: string;
  let personalToken: string;
  /** A teacher member (role 2, by address). */
  let teacher: UserRecord;
  /** A student member (role 3, by address): a teacher of one course on a course-scoped site. */
  let courseTeacher: UserRecord;
  /** The site's namespaced login prefix: moodle-<12 hex>-. */
  const sitePrefix = `moodle-${sha256('site-identifier-www.school.example').slice(0, 12)}-`;
  const assignmentKey = `moodle-${sha256('https://moodle.school.example').slice(0, 12)}-8753`;

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

  /** A transport post of an array without files: url-encoded, as Moodle's curl sends it. */
  function post(url: string, fields: [string, string][], headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      payload: moodleUrlencoded(fields),
    });
  }

  /** A transport post of an array with a CURLFile: libcurl's multipart, `Expect:` emptied. */
  function postMultipart(url: string, fields: Field[], headers: Record<string, string> = {}) {
    const boundary = curlBoundary();
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Expect: '', ...headers },
      payload: curlMultipart(boundary, fields),
    });
  }

  /** The filters the newest sender builds (null filters are left out; the percent is an int). */
  function filterFields(): Field[] {
    return [
      ['include_references', '0'],
      ['include_quotes', '0'],
      ['exclude_self_plagiarism', '1'],
      ['assignment_key', assignmentKey],
      ['ignore_templates_enabled', '1'],
      ['source_min_percent', '0'],
    ];
  }

  /** send_group_text: common fields, token, hash, the ids, filename, course_name, filters, file part `content`. */
  function sendGroup(
    header: string,
    authorHash: string,
    s: { courseId: string; submissionId: string; content: Buffer; mime: string; fileName: string },
  ) {
    return postMultipart(
      '/lms/moodle/check-text/',
      [
        ['language', 'en'],
        ['skip_english_words_validation', '1'],
        ['skip_percentage_words_validation', '1'],
        ['lms', 'moodle'],
        ['token', groupToken],
        ['hash', authorHash],
        ['course_id', s.courseId],
        ['assignment_id', '8753'],
        ['assignment_name', 'Essay on gardens'],
        ['submission_id', s.submissionId],
        ['attachment_id', s.submissionId],
        ['filename', s.fileName],
        ['course_name', 'Biology 101'],
        ...filterFields(),
        ['content', { content: s.content, mime: s.mime, fileName: s.fileName }],
      ],
      { 'X-API-TOKEN': header },
    );
  }

  function textId(response: LightMyRequestResponse): number {
    expect(response.statusCode, response.body).toBe(200);
    const json = response.json<Record<string, unknown>>();
    expect(json).not.toHaveProperty('message');
    expect(json['success']).toBe(true);
    return (json['data'] as { text: { id: number } }).text.id;
  }

  function openReport(id: number, token: string) {
    return post(`/lms/public-report/${String(id)}/`, [
      ['lms-type', 'moodle'],
      ['token', token],
    ]);
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp('lms2-org', { account_type: 'organisation', name: 'Dean' });
    groupId = (
      await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [owner.user.id])
    ).rows[0]!.id;
    const account = (await findAccountOfGroup(t.handle.db, groupId))!;
    await creditPages(t.handle.db, { accountId: account.id, bucket: 'balance', pages: 40, kind: 'deposit' });
    groupToken = (
      await createToken(owner.browser, { name: 'Moodle', group_id: String(groupId), auto_registration: '1' })
    ).token;
    personalToken = (await createToken(owner.browser, { name: 'Own Moodle' })).token;
    const own = (await findAccountOfUser(t.handle.db, owner.user.id))!;
    await creditPages(t.handle.db, { accountId: own.id, bucket: 'balance', pages: 10, kind: 'deposit' });
    for (const [prefix, role] of [
      ['lms2-t', 2],
      ['lms2-ct', 3],
    ] as const) {
      const { user } = await signUp(prefix);
      await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [
        groupId,
        user.id,
        role,
      ]);
      if (role === 2) teacher = user;
      else courseTeacher = user;
    }
  });

  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await closeSharedSimilarityReportRenderer();
    await t.dispose();
  });

  it('validate_token: a G- token answers its organisation as the settings page reads it; others are no success', async () => {
    const valid = await post('/lms/moodle/token/validate/', [['token', groupToken]]);
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.headers['cache-control']).toBe('no-store');
    const json = valid.json<{ success: boolean; data: { group: Record<string, unknown> } }>();
    expect(json.success).toBe(true);
    expect(json).not.toHaveProperty('message');
    expect(json.data.group).toEqual({
      id: groupId,
      name: expect.any(String),
      status: 1,
      expired_at: null,
      balance_type: 1,
      cur_members: 3,
      max_members: 0,
      group_balance: { balance: 40, bonus: expect.any(Number) },
    });
    expect(valid.body).not.toContain(groupToken);
    // a revoked, unknown or personal token: a JSON object without success (the plugin: reachable, not ok)
    for (const token of ['G-unknown', personalToken, '']) {
      const refused = await post('/lms/moodle/token/validate/', [['token', token]]);
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.json<{ success: boolean }>().success).toBe(false);
    }
    await t.handle.db.query('UPDATE groups SET is_disabled = true WHERE id = $1', [groupId]);
    const disabled = await post('/lms/moodle/token/validate/', [['token', groupToken]]);
    expect(disabled.json<{ data: { group: { status: number } } }>().data.group.status).toBe(2);
    await t.handle.db.query('UPDATE groups SET is_disabled = false WHERE id = $1', [groupId]);
  });

  it('namespaced logins: registered with additional_email, then known by the login (is_member, is_known keys)', async () => {
    const login = `${sitePrefix}jsmith`;
    const address = uniqueEmail('lms2-jsmith');
    const loginHash = identityHash(groupToken, login);
    // unknown: both keys present, so the plugin treats the answer as known
    const before = await post('/lms/moodle/is-group-member/', [
      ['token', groupToken],
      ['hash', loginHash],
    ]);
    expect(before.json()).toEqual({ is_member: false, is_auto_registration_enabled: true });
    // a login without an address to find or create the account by: refused, nothing registered
    const bare = await post('/lms/moodle/auto-registration/', [
      ['token', groupToken],
      ['name', 'John Smith'],
      ['email', `${sitePrefix}nobody`],
      ['role', '3'],
    ]);
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ success: boolean }>().success).toBe(false);
    // auto_registrate_member(name, login, role, additional_email)
    const registered = await post('/lms/moodle/auto-registration/', [
      ['token', groupToken],
      ['name', 'John Smith'],
      ['email', login],
      ['role', '3'],
      ['additional_email', address],
    ]);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toEqual({ success: true });
    const user = (await findUserByEmail(t.handle.db, address))!;
    expect(user).not.toBeNull();
    const stored = await t.handle.db.query<{ login: string; user_id: number; additional_email: string }>(
      'SELECT login, user_id, additional_email FROM lms_member_logins WHERE group_id = $1',
      [groupId],
    );
    expect(stored.rows).toEqual([{ login, user_id: user.id, additional_email: address }]);
    for (const hash of [loginHash, identityHash(groupToken, address)]) {
      const known = await post('/lms/moodle/is-group-member/', [
        ['token', groupToken],
        ['hash', hash],
      ]);
      expect(known.json()).toEqual({ is_member: true, is_auto_registration_enabled: true });
    }
    // registering the same login again changes nothing
    expect(
      (
        await post('/lms/moodle/auto-registration/', [
          ['token', groupToken],
          ['name', 'John Smith'],
          ['email', login],
          ['role', '3'],
          ['additional_email', address],
        ])
      ).json(),
    ).toEqual({ success: true });
    expect(
      (await t.handle.db.query('SELECT 1 FROM lms_member_logins WHERE group_id = $1', [groupId])).rows,
    ).toHaveLength(1);
    // the login is also the member's X-API-TOKEN identity (agreement, submissions)
    const agreed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/agreement/create/moodle-plugin/2019-04-11/',
      // CURLOPT_POST with an empty string: libcurl's default form content type, no body
      headers: { 'X-API-TOKEN': groupHeader(groupToken, login), 'Content-Type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    // a login registered with the address of an existing account: invited (joins only by accepting)
    const existingLogin = `${sitePrefix}teacher`;
    expect(
      (
        await post('/lms/moodle/auto-registration/', [
          ['token', groupToken],
          ['name', 'Owner'],
          ['email', existingLogin],
          ['role', '2'],
          ['additional_email', owner.user.email!],
        ])
      ).json(),
    ).toEqual({ success: true });
  });

  it('check-text as the newest sender builds it: course_name and assignment_key recorded; reports scoped per course', async () => {
    const login = `${sitePrefix}jsmith`;
    const student = (
      await t.handle.db.query<{ user_id: number }>('SELECT user_id FROM lms_member_logins WHERE login = $1', [login])
    ).rows[0]!.user_id;
    const studentEmail = (
      await t.handle.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [student])
    ).rows[0]!.email;
    // the cron sender: header and author hash from the student's address; a text part and a .docx
    const id = textId(
      await sendGroup(groupHeader(groupToken, studentEmail), identityHash(groupToken, studentEmail), {
        courseId: '7',
        submissionId: '901',
        content: Buffer.from(GARDEN_ESSAY),
        mime: 'text/plain',
        fileName: '901-online-text.txt',
      }),
    );
    const docxId = textId(
      await sendGroup(groupHeader(groupToken, login), identityHash(groupToken, studentEmail), {
        courseId: '8',
        submissionId: '902',
        content: docx(LIGHTHOUSE_ARTICLE.replace(/\n+/g, ' ')),
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        fileName: 'essay.docx',
      }),
    );
    const recorded = await t.handle.db.query<Record<string, unknown>>(
      `SELECT course_id, course_name, assignment_key, ignore_templates_enabled FROM lms_text_checks
       WHERE text_check_id = $1`,
      [id],
    );
    expect(recorded.rows[0]).toEqual({
      course_id: '7',
      course_name: 'Biology 101',
      assignment_key: assignmentKey,
      ignore_templates_enabled: true,
    });
    await jobs.run();
    const polled = await t.app.inject({
      method: 'GET',
      url: `/lms/check-report/${String(docxId)}/?${new URLSearchParams({ token: groupToken }).toString()}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(polled.json<Polled>().data.state).toBe(5);

    // who opens the report: the author (by the login or the address), a teacher of the organisation
    for (const identity of [login, studentEmail, teacher.email!]) {
      const page = await openReport(id, groupHeader(groupToken, identity));
      expect(page.statusCode, `${identity}: ${page.body.slice(0, 200)}`).toBe(200);
    }
    // a student member who is not the author: 404, until a course-role grant for the check's course
    const courseTeacherHeader = groupHeader(groupToken, courseTeacher.email!);
    expect((await openReport(id, courseTeacherHeader)).statusCode).toBe(404);
    const grant = (course: string, role = '2', hash = identityHash(groupToken, courseTeacher.email!)) =>
      post('/lms/moodle/course-role/', [
        ['token', groupToken],
        ['hash', hash],
        ['course_id', course],
        ['role', role],
      ]);
    // only the teacher role is granted; an unknown member or token: no success
    expect((await grant('7', '3')).statusCode).toBe(400);
    const stranger = await grant('7', '2', identityHash(groupToken, 'nobody@example.com'));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json<{ success: boolean }>().success).toBe(false);
    expect(
      (
        await post('/lms/moodle/course-role/', [
          ['token', 'G-unknown'],
          ['hash', identityHash('G-unknown', courseTeacher.email!)],
          ['course_id', '7'],
          ['role', '2'],
        ])
      ).statusCode,
    ).toBe(401);
    // another course's grant opens nothing here
    expect((await grant('8')).json()).toMatchObject({ success: true });
    expect((await openReport(id, courseTeacherHeader)).statusCode).toBe(404);
    expect((await openReport(docxId, courseTeacherHeader)).statusCode).toBe(200);
    // the grant of course 7: 48 hours, renewed by the next grant
    const granted = await grant('7');
    expect(granted.statusCode, granted.body).toBe(200);
    const expiresAt = Date.parse(granted.json<{ data: { expires_at: string } }>().data.expires_at);
    expect(expiresAt - Date.now()).toBeGreaterThan(47.9 * 3600_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(48 * 3600_000 + 5000);
    expect((await openReport(id, courseTeacherHeader)).statusCode).toBe(200);
    // expired: refused again; re-granted: allowed again (one row per member and course)
    await t.handle.db.query(
      `UPDATE lms_course_roles SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND course_id = '7'`,
      [courseTeacher.id],
    );
    expect((await openReport(id, courseTeacherHeader)).statusCode).toBe(404);
    expect((await grant('7')).statusCode).toBe(200);
    expect((await openReport(id, courseTeacherHeader)).statusCode).toBe(200);
    expect(
      (await t.handle.db.query('SELECT 1 FROM lms_course_roles WHERE user_id = $1', [courseTeacher.id])).rows,
    ).toHaveLength(2);
    // a grant never reaches checks another token made, nor a personal token's
    expect((await grant('7', '2')).json()).toMatchObject({ success: true });
    const personal = await post('/lms/moodle/course-role/', [
      ['token', personalToken],
      ['hash', identityHash(personalToken, courseTeacher.email!)],
      ['course_id', '7'],
      ['role', '2'],
    ]);
    expect(personal.statusCode).toBe(401);
  });

  it('ignore templates: save (text, then a file with a deletion), list, download, delete, limits, errors', async () => {
    const hash = identityHash(groupToken, teacher.email!);
    const base: [string, string][] = [
      ['token', groupToken],
      ['hash', hash],
      ['assignment_key', assignmentKey],
    ];
    const list = async () => {
      const response = await post('/lms/moodle/assignment/ignore-templates/', base);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        success: boolean;
        data: { templates: { id: number; filename: string; size: number }[] };
      }>().data.templates;
    };
    expect(await list()).toEqual([]);
    // a form the schema refuses (no assignment_key): no success, as the plugin reads it
    const incomplete = await post('/lms/moodle/assignment/ignore-templates/', base.slice(0, 2));
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json<{ success: boolean }>().success).toBe(false);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths)).toEqual(
      expect.arrayContaining([
        '/lms/moodle/token/validate/',
        '/lms/moodle/course-role/',
        '/lms/moodle/assignment/ignore-templates/save/',
      ]),
    );
    // pasted text only: no file, so Moodle's curl url-encodes the array
    const pasted = 'Answer every question in full sentences. Cite your sources at the end.';
    const savedText = await post('/lms/moodle/assignment/ignore-templates/save/', [...base, ['template_text', pasted]]);
    expect(savedText.statusCode, savedText.body).toBe(200);
    expect(savedText.json()).toEqual({ success: true });
    const [first] = await list();
    expect(first).toEqual({ id: expect.any(Number), filename: 'template.txt', size: Buffer.byteLength(pasted) });
    // a file and a deletion of the first: libcurl multipart with the literal names delete[0] and templates[0]
    const file = Buffer.from(ORIGINAL_ESSAY);
    const wordFile = docx('Write at least five hundred words. Use the template headings in order.');
    const savedFile = await postMultipart(
      '/lms/moodle/assignment/ignore-templates/save/',
      [
        ...base,
        ['delete[0]', String(first!.id)],
        ['templates[0]', { content: file, mime: 'text/plain', fileName: 'Rubric – week 1.txt' }],
        ['templates[1]', { content: wordFile, mime: DOCX_MIME, fileName: 'instructions.docx' }],
      ],
      {},
    );
    expect(savedFile.statusCode, savedFile.body).toBe(200);
    const templates = await list();
    expect(templates).toEqual([
      { id: expect.any(Number), filename: 'Rubric – week 1.txt', size: file.length },
      { id: expect.any(Number), filename: 'instructions.docx', size: wordFile.length },
    ]);
    const stored = await t.handle.db.query<{ text: string }>(
      'SELECT text FROM lms_ignore_templates WHERE id = ANY($1::int[]) ORDER BY id',
      [templates.map((row) => row.id)],
    );
    expect(stored.rows[0]!.text).toContain(ORIGINAL_ESSAY.slice(0, 40));
    expect(stored.rows[1]!.text).toContain('Use the template headings in order.');
    // download: the original bytes
    const downloaded = await post('/lms/moodle/assignment/ignore-templates/download/', [
      ...base,
      ['template_id', String(templates[0]!.id)],
    ]);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(file)).toBe(true);
    expect(downloaded.headers['content-type']).toBe('application/octet-stream');
    // files and text together; an unreadable file; the limit of five
    const conflict = await postMultipart('/lms/moodle/assignment/ignore-templates/save/', [
      ...base,
      ['template_text', 'Some text'],
      ['templates[0]', { content: file, mime: 'text/plain', fileName: 'a.txt' }],
    ]);
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json()).toMatchObject({ success: false, code: 'files_and_text_conflict' });
    const unreadable = await postMultipart('/lms/moodle/assignment/ignore-templates/save/', [
      ...base,
      ['templates[0]', { content: Buffer.from('not a document'), mime: 'application/pdf', fileName: 'a.pdf' }],
    ]);
    expect(unreadable.json()).toMatchObject({ success: false, code: 'template_processing_failed' });
    for (let n = 0; n < 3; n += 1) {
      const saved = await post('/lms/moodle/assignment/ignore-templates/save/', [
        ...base,
        ['template_text', `Template number ${String(n)} of this activity.`],
      ]);
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const sixth = await post('/lms/moodle/assignment/ignore-templates/save/', [
      ...base,
      ['template_text', 'One more.'],
    ]);
    expect(sixth.json()).toMatchObject({ success: false, code: 'template_limit_reached' });
    expect(await list()).toHaveLength(5);
    // delete one; deleting or downloading it again: template_not_found
    const deleted = await post('/lms/moodle/assignment/ignore-templates/delete/', [
      ...base,
      ['template_id', String(templates[0]!.id)],
    ]);
    expect(deleted.json()).toEqual({ success: true });
    for (const path of ['delete/', 'download/']) {
      const again = await post(`/lms/moodle/assignment/ignore-templates/${path}`, [
        ...base,
        ['template_id', String(templates[0]!.id)],
      ]);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ success: false, code: 'template_not_found' });
    }
    // another activity's key sees none of them; a non-member and an unknown token are refused
    const other = await post('/lms/moodle/assignment/ignore-templates/', [
      ['token', groupToken],
      ['hash', hash],
      ['assignment_key', `${assignmentKey}0`],
    ]);
    expect(other.json()).toEqual({ success: true, data: { templates: [] } });
    const stranger = await post('/lms/moodle/assignment/ignore-templates/', [
      ['token', groupToken],
      ['hash', identityHash(groupToken, 'nobody@example.com')],
      ['assignment_key', assignmentKey],
    ]);
    expect(stranger.json()).toMatchObject({ success: false, code: 'member_not_found' });
    const unknown = await post('/lms/moodle/assignment/ignore-templates/', [
      ['token', 'G-unknown'],
      ['hash', hash],
      ['assignment_key', assignmentKey],
    ]);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ success: false, code: 'invalid_token' });
  });

  it('send_text (personal token): the file part `text` with the real MIME type and course_name', async () => {
    const id = textId(
      await postMultipart(
        '/api/v1/text',
        [
          ['language', 'en'],
          ['skip_english_words_validation', '1'],
          ['skip_percentage_words_validation', '1'],
          ['lms', 'moodle'],
          ['course_id', '12'],
          ['assignment_id', '77'],
          ['assignment_name', 'Lighthouses'],
          ['submission_id', '5'],
          ['attachment_id', '5'],
          ['course_name', 'Maritime history'],
          ...filterFields().filter(([name]) => name !== 'exclude_self_plagiarism'),
          ['text', { content: Buffer.from(ORIGINAL_ESSAY), mime: 'text/plain', fileName: '5-online-text.txt' }],
        ],
        { 'X-API-TOKEN': personalToken },
      ),
    );
    const recorded = await t.handle.db.query<Record<string, unknown>>(
      'SELECT course_id, course_name, assignment_key FROM lms_text_checks WHERE text_check_id = $1',
      [id],
    );
    expect(recorded.rows[0]).toEqual({
      course_id: '12',
      course_name: 'Maritime history',
      assignment_key: assignmentKey,
    });
    // the personal token's course-role call: the plugin never sends one, and it is refused
    jobs.skip();
  });
});
