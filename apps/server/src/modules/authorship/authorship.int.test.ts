import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorshipResult, AuthorshipStatusResponse } from '@veritext/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { AccountBrowser, createTestApp, signUpAccount, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findAccountById, findAccountOfGroup } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { GROUP_NO_PAGES } from './authorship.service.ts';
import { ann, bob, cy, TOPICS } from './stylometry.fixtures.ts';

/*
 * The authorship check (issue 18; commerce-and-cabinet.md §6, §8, §9; check-tool.md §7 type=1): who may run it,
 * each refusal with its own code and message, 3 pages charged once, the stored result again for free, the PDF.
 * Papers are stored as ready checks with their Similarity report (the original text is what no source covers).
 */

class Member extends AccountBrowser {
  status(id: number, type = '1') {
    return this.browser.get(`/api/v1/fingerprint/text-status/${String(id)}/?type=${type}`);
  }
  send(id: number) {
    return this.post(`/api/v1/fingerprint/send-text/${String(id)}/`, { type: '1' });
  }
  pdf(id: number) {
    return this.post(`/profile/fingerprint/download-pdf/${String(id)}/?type=1`, { language: 'en' });
  }
}

describe(`authorship check: rules, messages, charge and PDF (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let owner: Member;
  let teacher: Member;
  let student: Member;
  let groupId = 0;
  let groupAccountId = 0;
  const ids: Record<string, number> = {};
  let minute = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAccount(t.app, Member, 'authorship', {
      account_type: 'organisation',
      organisation_name: 'Stylometry School',
      name: 'Olivia Owner',
    });
    const ownerUser = await findUserByEmail(t.handle.db, owner.email);
    const { rows } = await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [
      ownerUser?.id,
    ]);
    groupId = rows[0]?.id ?? 0;
    const account = await findAccountOfGroup(t.handle.db, groupId);
    if (account === null) throw new Error('no group account');
    groupAccountId = account.id;
    await creditPages(t.handle.db, { accountId: account.id, bucket: 'balance', pages: 10, kind: 'deposit' });
    teacher = await signUpAccount(t.app, Member, 'authorship', { name: 'Tom Teacher' });
    student = await signUpAccount(t.app, Member, 'authorship', { name: 'Ann Student' });
    await join(teacher, 2);
    await join(student, 3);
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function userId(member: Member): Promise<number> {
    const user = await findUserByEmail(t.handle.db, member.email);
    if (user === null) throw new Error('no user');
    return user.id;
  }

  async function join(member: Member, role: 2 | 3): Promise<void> {
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [
      groupId,
      await userId(member),
      role,
    ]);
  }

  /** A ready check of `member` in the organisation; `matched` characters at its start are covered by a source. */
  async function paper(member: Member | null, text: string, matched = 0, group: number | null = groupId) {
    minute += 1;
    const nodes =
      matched === 0
        ? [{ start: 0, end: text.length, sources: [], quotes: [], references: [] }]
        : [
            { start: 0, end: matched, sources: [1], quotes: [], references: [] },
            { start: matched, end: text.length, sources: [], quotes: [], references: [] },
          ];
    const report = {
      plagiarism: {
        nodes: nodes.map((node) => ({
          ...node,
          text: text.slice(node.start, node.end),
          isIdentical: node.sources.length > 0,
          isChangedIndex: false,
          isQuote: false,
          isReference: false,
          isLikely: false,
          isHlikely: false,
          percent: ((node.end - node.start) * 100) / text.length,
        })),
        sources: [],
        quSources: [],
        reSources: [],
        length: text.length,
        percents: { total: 0, source: 0, identical: 0, 'changed-index': 0, quote: 0, reference: 0 },
      },
      tricks: [],
    };
    const account = group === null ? null : groupAccountId;
    const { rows } = await t.handle.db.query<{ id: number }>(
      `INSERT INTO text_checks (user_id, group_id, account_id, state, title, content, hash, language, words, pages,
         index_collection, report, percent, created_at, finished_at)
       VALUES ($1, $2, $3, 5, $4, $5, $6, 'en', 600, 3, 'checked', $7::jsonb, 0,
         timestamptz '2026-01-01 00:00:00+00' + make_interval(mins => $8::int), now())
       RETURNING id`,
      [
        member === null ? null : await userId(member),
        group,
        account ?? (await t.handle.db.query<{ id: number }>('SELECT id FROM accounts LIMIT 1')).rows[0]?.id,
        `Essay ${String(minute)}`,
        text,
        `hash-${String(minute)}`,
        JSON.stringify(report),
        minute,
      ],
    );
    return rows[0]?.id ?? 0;
  }

  async function balance(): Promise<number> {
    return (await findAccountById(t.handle.db, groupAccountId))?.balance ?? -1;
  }

  function refused(response: LightMyRequestResponse, status: number, code: string) {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<{ success: boolean; message: string; error: { code: string } }>();
    expect(body.success).toBe(false);
    expect(body.error.code).toBe(code);
    return body.message;
  }

  it('is refused while the organisation does not allow it; students never see or run it', async () => {
    ids.firstKnown = await paper(student, ann(TOPICS[0]!, 1));
    const statusOff = (await teacher.status(ids.firstKnown)).json<AuthorshipStatusResponse>();
    expect(statusOff.data).toEqual({ enabled: false, status: null, result: null });
    expect(refused(await teacher.send(ids.firstKnown), 403, 'authorship_disabled')).toBe(
      'The authorship check (fingerprint) is disabled for your organisation.',
    );
    await t.handle.db.query('UPDATE groups SET authorship_check_allowed = true WHERE id = $1', [groupId]);
    expect((await teacher.status(ids.firstKnown)).json<AuthorshipStatusResponse>().data.enabled).toBe(true);
    // the student reads his own document, but not its authorship check
    expect((await student.status(ids.firstKnown)).json<AuthorshipStatusResponse>().data).toEqual({
      enabled: false,
      status: null,
      result: null,
    });
    refused(await student.send(ids.firstKnown), 403, 'authorship_teacher_only');
    // someone outside the organisation: the document does not exist
    const outsider = await signUpAccount(t.app, Member, 'authorship');
    refused(await outsider.send(ids.firstKnown), 404, 'not_found');
    expect(await balance()).toBe(10);
  });

  it('refuses a paper with too little original text, and a paper of no student', async () => {
    // 3,000 characters of it are matched to a source: less than 3,000 are left
    const text = ann(TOPICS[1]!, 2);
    const mostlyCopied = await paper(student, text, text.length - 2500);
    expect(refused(await teacher.send(mostlyCopied), 400, 'authorship_not_enough_text')).toBe(
      'Not enough original text for the authorship check (minimum 3000 characters).',
    );
    const teachersOwn = await paper(teacher, ann(TOPICS[2]!, 3));
    refused(await teacher.send(teachersOwn), 400, 'authorship_no_student_author');
    const personal = await paper(student, ann(TOPICS[2]!, 4), 0, null);
    refused(await student.send(personal), 403, 'authorship_disabled');
    expect(await balance()).toBe(10);
  });

  it('refuses without 2 earlier papers of the student, then without papers of 2 other students', async () => {
    const early = await paper(student, ann(TOPICS[3]!, 5));
    expect(refused(await teacher.send(early), 400, 'authorship_not_enough_student_papers')).toMatch(
      /Not enough papers from the student/,
    );
    ids.secondKnown = early;
    const bobby = await signUpAccount(t.app, Member, 'authorship', { name: 'Bob' });
    await join(bobby, 3);
    await paper(bobby, bob(TOPICS[0]!, 1));
    await paper(bobby, bob(TOPICS[1]!, 2));
    await paper(bobby, bob(TOPICS[2]!, 3));
    ids.questioned = await paper(student, ann(TOPICS[5]!, 9));
    // three papers, but all by one other student
    expect(refused(await teacher.send(ids.questioned), 400, 'authorship_not_enough_other_papers')).toMatch(
      /Not enough papers from other students/,
    );
    const cyrus = await signUpAccount(t.app, Member, 'authorship', { name: 'Cy' });
    await join(cyrus, 3);
    await paper(cyrus, cy(TOPICS[3]!, 4));
    expect(await balance()).toBe(10);
  });

  it('runs for a teacher: 3 pages charged once, a repeat answers the same result for free', async () => {
    const response = await teacher.send(ids.questioned!);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ data: { id: number; status: number; result: AuthorshipResult } }>().data;
    expect(result.status).toBe(4);
    expect(result.result.verdict).toBe('same_author');
    expect(result.result.student.name).toBe('Ann Student');
    expect(result.result.known.map((known) => known.id).sort()).toEqual(
      [ids.firstKnown, ids.secondKnown].sort((a, b) => a! - b!),
    );
    expect(result.result.impostors).toMatchObject({ papers: 4, students: 2 });
    expect(result.result.pages).toBe(3);
    expect(await balance()).toBe(7);
    const { rows } = await t.handle.db.query<{ kind: string }>(
      'SELECT kind FROM ledger_entries WHERE reference = $1 ORDER BY id',
      [`authorship-check:${String(ids.questioned)}`],
    );
    expect(rows.map((row) => row.kind)).toEqual(['hold', 'charge']);

    const again = await owner.send(ids.questioned!);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: { result: AuthorshipResult } }>().data.result).toEqual(result.result);
    expect(await balance()).toBe(7);

    const status = (await owner.status(ids.questioned!)).json<AuthorshipStatusResponse>().data;
    expect(status).toEqual({ enabled: true, status: 4, result: result.result });
    // type=3 stays the AI check's status, without a result
    const ai = (await owner.status(ids.questioned!, '3')).json<{ data: Record<string, unknown> }>().data;
    expect(Object.keys(ai).sort()).toEqual(['enabled', 'status']);
  });

  it('a different student’s style is not taken for the student’s', async () => {
    // Cy's paper submitted under Ann's name
    const ghost = await paper(student, cy(TOPICS[5]!, 11));
    const response = await teacher.send(ghost);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ data: { result: AuthorshipResult } }>().data.result;
    expect(result.verdict).toBe('different_author');
    expect(result.features.length).toBeGreaterThan(0);
    expect(await balance()).toBe(4);
  });

  it('gives the PDF to teachers and owners, and JSON with a message otherwise', async () => {
    const response = await owner.pdf(ids.questioned!);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/pdf/);
    expect(response.headers['content-disposition']).toContain(
      `veritext-authorship-report-${String(ids.questioned)}.pdf`,
    );
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), {
      mergePages: true,
    });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Authorship check');
    expect(flat).toContain('Consistent with the student’s earlier papers');
    expect(flat).toContain('Ann Student');
    const spanish = await owner.post(`/profile/fingerprint/download-pdf/${String(ids.questioned)}/?type=1`, {
      language: 'es',
    });
    const es = await extractText(await getDocumentProxy(new Uint8Array(spanish.rawPayload)), { mergePages: true });
    expect(es.text.replace(/\s+/g, ' ')).toContain('Verificación de autoría');

    refused(await student.pdf(ids.questioned!), 403, 'authorship_teacher_only');
    refused(await teacher.pdf(ids.firstKnown!), 404, 'not_found');
  });

  it('refuses when the organisation lacks the pages, with the organisation’s message', async () => {
    await t.handle.db.query('UPDATE accounts SET balance = 2 WHERE id = $1', [groupAccountId]);
    const another = await paper(student, ann(TOPICS[4]!, 13));
    expect(refused(await teacher.send(another), 402, 'insufficient_balance')).toBe(GROUP_NO_PAGES);
    expect(await balance()).toBe(2);
    expect((await teacher.status(another)).json<AuthorshipStatusResponse>().data).toEqual({
      enabled: true,
      status: null,
      result: null,
    });
  });
});
