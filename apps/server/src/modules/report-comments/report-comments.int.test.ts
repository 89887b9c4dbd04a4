import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportComment, ReportCommentsResponse } from '@veritext/contracts';
import { AccountBrowser, createTestApp, signUpAccount, TestBrowser, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { GARDEN_ESSAY, ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { closeSharedReuseChecker } from '../text-checks/reuse-checker.ts';

/*
 * Comments on a report (issue 17; commerce-and-cabinet.md §6: only Teachers create comments, students read the
 * comments on their own work): who writes, who reads, who deletes, and the selection a comment is on.
 */

type Comments = ReportCommentsResponse['data'];

class Member extends AccountBrowser {
  async comment(checkId: number, fields: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.post(`/api/v1/text/${String(checkId)}/comments/`, fields);
  }
  async comments(checkId: number): Promise<LightMyRequestResponse> {
    return this.browser.get(`/api/v1/text/${String(checkId)}/comments/`);
  }
}

describe(`report comments: teachers write, the author reads (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await t.dispose();
  });

  const account = (fields: Record<string, string>) => signUpAccount(t.app, Member, 'comments', fields);

  async function organisation(name: string): Promise<{ owner: Member; groupId: number }> {
    const owner = await account({ account_type: 'organisation', organisation_name: name, name: `${name} Owner` });
    const user = await findUserByEmail(t.handle.db, owner.email);
    const { rows } = await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [
      user?.id,
    ]);
    const groupId = rows[0]?.id ?? 0;
    const groupAccount = await findAccountOfGroup(t.handle.db, groupId);
    if (groupAccount === null) throw new Error('no group account');
    await creditPages(t.handle.db, { accountId: groupAccount.id, bucket: 'balance', pages: 50, kind: 'deposit' });
    return { owner, groupId };
  }

  async function join(groupId: number, member: Member, role: 2 | 3): Promise<void> {
    const user = await findUserByEmail(t.handle.db, member.email);
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [
      groupId,
      user?.id,
      role,
    ]);
  }

  async function readyCheck(member: Member, text: string, groupId: number | null): Promise<number> {
    const response = await member.post('/api/v1/text', {
      text,
      language: 'en',
      ...(groupId === null ? {} : { group_id: String(groupId) }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<{ data: { text: { id: number } } }>().data.text.id;
    await jobs.run();
    const { rows } = await t.handle.db.query<{ state: number }>('SELECT state FROM text_checks WHERE id = $1', [id]);
    expect(rows[0]?.state).toBe(5);
    return id;
  }

  async function contentOf(id: number): Promise<string> {
    const { rows } = await t.handle.db.query<{ content: string }>('SELECT content FROM text_checks WHERE id = $1', [
      id,
    ]);
    return rows[0]?.content ?? '';
  }

  function listed(response: LightMyRequestResponse): Comments {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportCommentsResponse>().data;
  }

  function added(response: LightMyRequestResponse): ReportComment {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { comment: ReportComment } }>().data.comment;
  }

  function refused(response: LightMyRequestResponse, status: number, code: string): Record<string, string> {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<{ message: string; error: { code: string; fields?: Record<string, string> } }>();
    expect(body.error.code).toBe(code);
    return body.error.fields ?? {};
  }

  it('teachers and the owner comment; the student reads them but cannot write; outsiders see nothing', async () => {
    const { owner, groupId } = await organisation('Comment Academy');
    const teacher = await account({ name: 'Tina Teacher' });
    const student = await account({ name: 'Sam Student' });
    await join(groupId, teacher, 2);
    await join(groupId, student, 3);
    const checkId = await readyCheck(student, GARDEN_ESSAY, groupId);
    const content = await contentOf(checkId);

    // a general comment by the teacher
    const general = added(await teacher.comment(checkId, { body: '  Good structure, cite your sources.  ' }));
    expect(general).toMatchObject({
      body: 'Good structure, cite your sources.',
      start: null,
      end: null,
      quote: null,
      author: { name: 'Tina Teacher', role: 2 },
      is_mine: true,
    });

    // the owner comments on a selection: the offsets and the passage they cover
    const start = content.indexOf('garden');
    expect(start).toBeGreaterThan(-1);
    const end = start + 40;
    const quote = content.slice(start, end);
    const onSelection = added(
      await owner.comment(checkId, { body: 'Rephrase this.', start: String(start), end: String(end), quote }),
    );
    expect(onSelection).toMatchObject({ start, end, quote, author: { role: 1 } });

    // the selection must be the text at those offsets, inside the text
    for (const fields of [
      { start: String(start), end: String(end), quote: `${quote}x` },
      { start: String(start), end: String(content.length + 5), quote },
      { start: String(end), end: String(start), quote },
      { start: String(start), end: '', quote },
      { start: '-1', end: String(end), quote },
    ]) {
      expect(refused(await teacher.comment(checkId, { body: 'Here.', ...fields }), 400, 'validation_failed')).toEqual({
        selection: 'invalid',
      });
    }
    // the body: 1 to 2,000 characters
    expect(refused(await teacher.comment(checkId, { body: '   ' }), 400, 'validation_failed')).toEqual({
      body: 'required',
    });
    expect(refused(await teacher.comment(checkId, { body: 'a'.repeat(2001) }), 400, 'validation_failed')).toEqual({
      body: 'too_long',
    });
    added(await teacher.comment(checkId, { body: 'a'.repeat(2000) }));

    // the student reads the comments on their own work, in order, but cannot write one
    const seen = listed(await student.comments(checkId));
    expect(seen.can_comment).toBe(false);
    expect(seen.comments.map((comment) => comment.body.slice(0, 20))).toEqual([
      'Good structure, cite',
      'Rephrase this.',
      'a'.repeat(20),
    ]);
    expect(seen.comments.every((comment) => !comment.is_mine)).toBe(true);
    expect(seen.comments[1]).toMatchObject({ quote, author: { name: 'Comment Academy Owner', role: 1 } });
    refused(await student.comment(checkId, { body: 'Can I reply?' }), 403, 'comment_teachers_only');
    expect(listed(await teacher.comments(checkId)).can_comment).toBe(true);

    // another organisation's owner and teacher neither read nor write them; nor does a stranger or a visitor
    const other = await organisation('Other Academy');
    const otherTeacher = await account({ name: 'Otto Teacher' });
    await join(other.groupId, otherTeacher, 2);
    const stranger = await account({ name: 'Stan Stranger' });
    for (const outsider of [other.owner, otherTeacher, stranger]) {
      refused(await outsider.comments(checkId), 404, 'not_found');
      refused(await outsider.comment(checkId, { body: 'Nice.' }), 404, 'not_found');
    }
    expect((await new TestBrowser(t.app).get(`/api/v1/text/${String(checkId)}/comments/`)).statusCode).toBe(401);
    // a student of the same organisation does not read a classmate's report or its comments
    const classmate = await account({ name: 'Cleo Classmate' });
    await join(groupId, classmate, 3);
    refused(await classmate.comments(checkId), 404, 'not_found');

    // only its author deletes a comment
    const path = (id: number) => `/api/v1/text/${String(checkId)}/comments/${String(id)}/delete/`;
    refused(await owner.post(path(general.id)), 403, 'forbidden');
    refused(await student.post(path(general.id)), 403, 'forbidden');
    refused(await otherTeacher.post(path(general.id)), 404, 'not_found');
    const deleted = await teacher.post(path(general.id));
    expect(deleted.statusCode, deleted.body).toBe(200);
    refused(await teacher.post(path(general.id)), 404, 'not_found');
    expect(listed(await student.comments(checkId)).comments.map((comment) => comment.id)).not.toContain(general.id);

    // a teacher who leaves the organisation no longer reads or writes; the comment stays, without a role
    const teacherUser = await findUserByEmail(t.handle.db, teacher.email);
    await t.handle.db.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2', [
      groupId,
      teacherUser?.id,
    ]);
    refused(await teacher.comment(checkId, { body: 'Still here?' }), 404, 'not_found');
    const after = listed(await owner.comments(checkId));
    expect(after.comments.find((comment) => comment.body === 'a'.repeat(2000))?.author).toEqual({
      name: 'Tina Teacher',
      role: null,
    });
  });

  it('a personal check cannot be commented on, not even by its author', async () => {
    const user = await account({ name: 'Ivy Individual' });
    const userRecord = await findUserByEmail(t.handle.db, user.email);
    const userAccount = await findAccountOfUser(t.handle.db, userRecord?.id ?? 0);
    await creditPages(t.handle.db, { accountId: userAccount?.id ?? 0, bucket: 'balance', pages: 10, kind: 'deposit' });
    const checkId = await readyCheck(user, ORIGINAL_ESSAY, null);
    refused(await user.comment(checkId, { body: 'A note to myself.' }), 403, 'comment_organisation_only');
    expect(listed(await user.comments(checkId))).toEqual({ comments: [], can_comment: false });
  });
});
