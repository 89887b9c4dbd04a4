import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportShare, SharedReportResponse } from '@veritext/contracts';
import { AccountBrowser, createTestApp, signUpAccount, TestBrowser, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { GARDEN_ESSAY, GARDEN_REUSE, ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { sha256 } from '../auth/secrets.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { listOutboxMessages } from '../mail/mail.repository.ts';
import { shareReport } from './report-shares.service.ts';
import { closeSharedReuseChecker } from '../text-checks/reuse-checker.ts';

/*
 * Sharing a report by e-mail (issue 17): the link is mailed, opens the report without an account as an outsider reads
 * it (no titles of anyone's other checks), stops at its expiry or when revoked; only who manages the check shares it.
 */

const PUBLIC_URL = 'https://veritext.example';
const PRIVATE_TITLE = 'Secret garden plan';

class Member extends AccountBrowser {
  share(checkId: number, fields: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.post(`/api/v1/text/${String(checkId)}/shares/`, fields);
  }
  shares(checkId: number): Promise<LightMyRequestResponse> {
    return this.browser.get(`/api/v1/text/${String(checkId)}/shares/`);
  }
  revoke(checkId: number, shareId: number): Promise<LightMyRequestResponse> {
    return this.post(`/api/v1/text/${String(checkId)}/shares/${String(shareId)}/revoke/`);
  }
}

describe(`sharing a report by e-mail (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await t.dispose();
  });

  async function account(fields: Record<string, string> = {}, pages = 0): Promise<Member> {
    const member = await signUpAccount(t.app, Member, 'shares', fields);
    if (pages > 0) {
      const user = await findUserByEmail(t.handle.db, member.email);
      const userAccount = await findAccountOfUser(t.handle.db, user?.id ?? 0);
      await creditPages(t.handle.db, { accountId: userAccount?.id ?? 0, bucket: 'balance', pages, kind: 'deposit' });
    }
    return member;
  }

  async function readyCheck(member: Member, fields: Record<string, string>): Promise<number> {
    const response = await member.post('/api/v1/text', { language: 'en', ...fields });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<{ data: { text: { id: number } } }>().data.text.id;
    await jobs.run();
    return id;
  }

  function shared(response: LightMyRequestResponse): ReportShare {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { share: ReportShare } }>().data.share;
  }

  function codeOf(response: LightMyRequestResponse): string {
    return response.json<{ error: { code: string } }>().error.code;
  }

  /** The token of the newest link mailed to `to`. */
  async function mailedToken(to: string): Promise<{ token: string; subject: string; text: string }> {
    const message = (await listOutboxMessages(t.handle.db, 50)).find(
      (m) => m.to_address === to && m.kind === 'report_shared',
    );
    expect(message).toBeDefined();
    const match = new RegExp(`${PUBLIC_URL}/shared-report/([A-Za-z0-9_-]{20,})`).exec(message?.text_body ?? '');
    expect(match, message?.text_body).not.toBeNull();
    return { token: match?.[1] ?? '', subject: message?.subject ?? '', text: message?.text_body ?? '' };
  }

  const open = (token: string) => new TestBrowser(t.app).get(`/api/v1/shared-reports/${token}`);

  it('mails a link that opens the report without login, as an outsider reads it, until revoked', async () => {
    const author = await account({ name: 'Ada Author' }, 20);
    // an earlier check of the author's own, which the shared report finds as a source
    await readyCheck(author, { text: GARDEN_ESSAY, title: PRIVATE_TITLE });
    const checkId = await readyCheck(author, { text: GARDEN_REUSE, title: 'Garden essay, final' });
    const own = await author.browser.get(`/api/v1/text/report/${String(checkId)}`);
    expect(own.body).toContain(PRIVATE_TITLE);

    const before = Date.now();
    const share = shared(await author.share(checkId, { email: ' friend@example.org ', days: '7' }));
    expect(share).toMatchObject({ email: 'friend@example.org', shared_by: 'Ada Author' });
    const lasts = new Date(share.expires_at).getTime() - before;
    expect(lasts).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(lasts).toBeLessThan(7 * 86_400_000 + 60_000);

    const mail = await mailedToken('friend@example.org');
    expect(mail.subject).toBe('Ada Author shared the Similarity report of “Garden essay, final” with you');
    expect(mail.text).toMatch(/The link works until \d{1,2} \w+ \d{4}(,| at) \d{2}:\d{2} UTC/);
    // only the token's SHA-256 is stored
    const { rows } = await t.handle.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM report_shares WHERE id = $1',
      [share.id],
    );
    expect(rows[0]?.token_hash).toBe(sha256(mail.token));
    expect(JSON.stringify(rows)).not.toContain(mail.token);

    // anyone with the link reads the report, without an account; the author's other check is "a document"
    const opened = await open(mail.token);
    expect(opened.statusCode, opened.body).toBe(200);
    const { data } = opened.json<SharedReportResponse>();
    expect(data.report.id).toBe(checkId);
    expect(data.report.title).toBe('Garden essay, final');
    expect(data.expires_at).toBe(share.expires_at);
    expect(data.report.plagiarism.sources.length).toBeGreaterThan(0);
    expect(data.report.plagiarism.sources.map((source) => source.origin?.kind)).not.toContain('own');
    expect(data.report.plagiarism.sources.some((source) => source.origin?.kind === 'instance')).toBe(true);
    expect(opened.body).not.toContain(PRIVATE_TITLE);
    expect(opened.headers['cache-control']).toBe('no-store');

    // the active links are listed; wrong input is refused
    let list = await author.shares(checkId);
    expect(list.json<{ data: { shares: ReportShare[] } }>().data.shares.map((s) => s.id)).toEqual([share.id]);
    for (const [fields, field] of [
      [{ email: 'friend@example.org', days: '3' }, 'days'],
      [{ email: 'not-an-address', days: '1' }, 'email'],
      [{ email: '', days: '1' }, 'email'],
    ] as const) {
      const response = await author.share(checkId, fields);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json<{ error: { fields: object } }>().error.fields)).toEqual([field]);
    }

    // someone else neither shares, lists nor revokes it
    const stranger = await account({ name: 'Stan Stranger' });
    for (const response of [
      await stranger.share(checkId, { email: 'x@example.org', days: '1' }),
      await stranger.shares(checkId),
      await stranger.revoke(checkId, share.id),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await open(mail.token)).statusCode).toBe(200);

    // revoked: the link is gone at once, and from the list
    const revoked = await author.revoke(checkId, share.id);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const gone = await open(mail.token);
    expect(gone.statusCode).toBe(404);
    expect(codeOf(gone)).toBe('not_found');
    list = await author.shares(checkId);
    expect(list.json<{ data: { shares: ReportShare[] } }>().data.shares).toEqual([]);
    expect((await author.revoke(checkId, share.id)).statusCode).toBe(404);
    expect((await open('no-such-token-at-all-0123456789')).statusCode).toBe(404);
  });

  it('a link stops working when it expires; a Spanish sharer mails in Spanish', async () => {
    const author = await account({ name: 'Eva Autora' }, 10);
    await t.handle.db.query("UPDATE users SET language = 'es' WHERE lower(email) = lower($1)", [author.email]);
    const checkId = await readyCheck(author, { text: ORIGINAL_ESSAY, title: 'Ensayo' });
    const share = shared(await author.share(checkId, { email: 'amiga@example.org', days: '1' }));
    const mail = await mailedToken('amiga@example.org');
    expect(mail.subject).toBe('Eva Autora ha compartido contigo el informe de similitud de «Ensayo»');
    expect(mail.text).toContain('El enlace funciona hasta el');
    expect((await open(mail.token)).statusCode).toBe(200);

    await t.handle.db.query("UPDATE report_shares SET expires_at = now() - interval '1 second' WHERE id = $1", [
      share.id,
    ]);
    const expired = await open(mail.token);
    expect(expired.statusCode).toBe(404);
    expect(codeOf(expired)).toBe('not_found');
    expect((await author.shares(checkId)).json<{ data: { shares: unknown[] } }>().data.shares).toEqual([]);
    // an expired link cannot be revoked any more: it is not a working link
    expect((await author.revoke(checkId, share.id)).statusCode).toBe(404);
  });

  it('a link whose e-mail could not be sent does not stay usable', async () => {
    const author = await account({ name: 'Max Mailless' }, 10);
    const checkId = await readyCheck(author, { text: GARDEN_ESSAY.replace('forty', 'sixty'), title: 'Unsent' });
    const user = await findUserByEmail(t.handle.db, author.email);
    const failing = {
      via: 'smtp' as const,
      send: () => Promise.reject(new Error('the SMTP server is down')),
      close: () => undefined,
    };
    const deps = { db: t.handle.db, mailer: failing, publicUrl: PUBLIC_URL, logger: pino({ level: 'silent' }) };
    await expect(
      shareReport(deps, { user, group: null }, checkId, { email: 'lost@example.org', days: '7' }),
    ).rejects.toMatchObject({ code: 'mail_failed' });
    const { rows } = await t.handle.db.query<{ revoked_at: Date | null }>(
      'SELECT revoked_at FROM report_shares WHERE text_check_id = $1',
      [checkId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revoked_at).not.toBeNull();
    expect((await author.shares(checkId)).json<{ data: { shares: unknown[] } }>().data.shares).toEqual([]);
  });

  it("in an organisation: the student shares their own work, the teacher any; a classmate can't", async () => {
    const owner = await account({ account_type: 'organisation', organisation_name: 'Share School', name: 'Olga' });
    const ownerUser = await findUserByEmail(t.handle.db, owner.email);
    const { rows } = await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [
      ownerUser?.id,
    ]);
    const groupId = rows[0]?.id ?? 0;
    const groupAccount = await findAccountOfGroup(t.handle.db, groupId);
    await creditPages(t.handle.db, { accountId: groupAccount?.id ?? 0, bucket: 'balance', pages: 20, kind: 'deposit' });
    const [teacher, student, classmate] = [
      await account({ name: 'Tess' }),
      await account({ name: 'Stu' }),
      await account({ name: 'Cleo' }),
    ];
    for (const [member, role] of [
      [teacher, 2],
      [student, 3],
      [classmate, 3],
    ] as const) {
      const user = await findUserByEmail(t.handle.db, member.email);
      await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [
        groupId,
        user?.id,
        role,
      ]);
    }
    const checkId = await readyCheck(student, {
      text: GARDEN_ESSAY.replace('forty', 'ninety'),
      group_id: String(groupId),
    });
    const byStudent = shared(await student.share(checkId, { email: 'parent@example.org', days: '30' }));
    const byTeacher = shared(await teacher.share(checkId, { email: 'examiner@example.org', days: '1' }));
    expect(byTeacher.shared_by).toBe('Tess');
    expect((await classmate.share(checkId, { email: 'x@example.org', days: '1' })).statusCode).toBe(404);
    // the teacher sees and revokes the student's link too
    const list = (await teacher.shares(checkId)).json<{ data: { shares: ReportShare[] } }>().data.shares;
    expect(list.map((s) => s.id)).toEqual([byTeacher.id, byStudent.id]);
    expect((await teacher.revoke(checkId, byStudent.id)).statusCode).toBe(200);
    expect((await student.shares(checkId)).json<{ data: { shares: ReportShare[] } }>().data.shares).toHaveLength(1);
  });
});
