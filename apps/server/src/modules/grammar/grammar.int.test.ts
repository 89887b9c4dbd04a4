import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrammarResult } from '@veritext/contracts';
import { AccountBrowser, createTestApp, signUpAccount, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { GARDEN_ESSAY } from '../../../test/texts.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { closeSharedReuseChecker } from '../text-checks/reuse-checker.ts';

/*
 * The grammar checker of a document (issue 18; commerce-and-cabinet.md §4, §6, §8): its states, running it, and
 * who reads it.
 */

class Member extends AccountBrowser {
  grammar(checkId: number): Promise<LightMyRequestResponse> {
    return this.browser.get(`/api/v1/grammar/${String(checkId)}/`);
  }
  runGrammar(checkId: number): Promise<LightMyRequestResponse> {
    return this.post(`/api/v1/grammar/${String(checkId)}/`);
  }
}

// the garden essay with three mistakes of its own: a misspelling, a repeated word and a wrong article
const ESSAY = `${GARDEN_ESSAY} The the gardeners recieve a award every spring.`;

describe(`the grammar checker (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);
  let groupId = 0;
  let owner: Member;
  let teacher: Member;
  let student: Member;
  let outsider: Member;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAccount(t.app, Member, 'grammar', {
      account_type: 'organisation',
      organisation_name: 'Grammar School',
      name: 'Olga',
    });
    const ownerUser = await findUserByEmail(t.handle.db, owner.email);
    const { rows } = await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [
      ownerUser?.id,
    ]);
    groupId = rows[0]?.id ?? 0;
    const groupAccount = await findAccountOfGroup(t.handle.db, groupId);
    await creditPages(t.handle.db, { accountId: groupAccount?.id ?? 0, bucket: 'balance', pages: 20, kind: 'deposit' });
    teacher = await signUpAccount(t.app, Member, 'grammar', { name: 'Tess' });
    student = await signUpAccount(t.app, Member, 'grammar', { name: 'Stu' });
    outsider = await signUpAccount(t.app, Member, 'grammar', { name: 'Otto' });
    for (const [member, role] of [
      [teacher, 2],
      [student, 3],
    ] as const) {
      const user = await findUserByEmail(t.handle.db, member.email);
      await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [
        groupId,
        user?.id,
        role,
      ]);
    }
  });
  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await t.dispose();
  });

  async function readyCheck(member: Member, fields: Record<string, string>): Promise<number> {
    const response = await member.post('/api/v1/text', { language: 'en', ...fields });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json<{ data: { text: { id: number } } }>().data.text.id;
    await jobs.run();
    return id;
  }

  function result(response: LightMyRequestResponse): GrammarResult {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: GrammarResult }>().data;
  }

  function codeOf(response: LightMyRequestResponse): string {
    return response.json<{ error: { code: string } }>().error.code;
  }

  async function setActivated(on: boolean): Promise<void> {
    await t.handle.db.query('UPDATE groups SET grammar_checker_enabled = $2 WHERE id = $1', [groupId, on]);
  }

  it('is not activated until the organisation switches it on; then not checked, then checked', async () => {
    await setActivated(false);
    const checkId = await readyCheck(student, { text: ESSAY, group_id: String(groupId) });
    expect(result(await teacher.grammar(checkId))).toEqual({ state: 'not_activated' });
    const refused = await teacher.runGrammar(checkId);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('grammar_not_activated');
    expect(refused.json<{ message: string }>().message).toBe('Grammar checker is not activated for your organization');

    await setActivated(true);
    expect(result(await teacher.grammar(checkId))).toEqual({ state: 'not_checked' });
    const ran = result(await teacher.runGrammar(checkId));
    expect(ran.state).toBe('checked');
    if (ran.state !== 'checked') return;
    expect(ran.language).toBe('en');
    expect(ran.text).toBe(ESSAY);
    const at = (word: string): number => ESSAY.indexOf(word);
    expect(ran.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'repeated-word', start: at('The the'), end: at('The the') + 7 }),
        expect.objectContaining({
          rule: 'spelling',
          kind: 'spelling',
          start: at('recieve'),
          end: at('recieve') + 7,
          suggestions: expect.arrayContaining(['receive']) as unknown,
        }),
        expect.objectContaining({ rule: 'indefinite-article', start: at('a award'), suggestions: ['an'] }),
      ]),
    );
    // stored: the student reads the same findings, no pages were spent
    const read = result(await student.grammar(checkId));
    expect(read).toEqual(ran);
    const { rows } = await t.handle.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM grammar_checks WHERE text_id = $1',
      [checkId],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('is read only by who may read the document: an outsider gets 404, a guest 401', async () => {
    await setActivated(true);
    const checkId = await readyCheck(student, { text: ESSAY.replace('forty', 'ninety'), group_id: String(groupId) });
    expect(result(await owner.grammar(checkId)).state).toBe('not_checked');
    expect((await outsider.grammar(checkId)).statusCode).toBe(404);
    expect((await outsider.runGrammar(checkId)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/grammar/${String(checkId)}/` })).statusCode).toBe(401);
    expect((await teacher.grammar(999_999)).statusCode).toBe(404);
  });

  it("an individual's document is not activated", async () => {
    const user = await findUserByEmail(t.handle.db, outsider.email);
    const account = await findAccountOfUser(t.handle.db, user?.id ?? 0);
    await creditPages(t.handle.db, { accountId: account?.id ?? 0, bucket: 'balance', pages: 5, kind: 'deposit' });
    const checkId = await readyCheck(outsider, { text: ESSAY });
    expect(result(await outsider.grammar(checkId))).toEqual({ state: 'not_activated' });
    expect(codeOf(await outsider.runGrammar(checkId))).toBe('grammar_not_activated');
  });
});
