import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportSource, SimilarityReport } from '@veritext/contracts';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import {
  ESSAY_PARAGRAPH_EDITED,
  GARDEN_ESSAY,
  GARDEN_REUSE,
  LIGHTHOUSE_ARTICLE,
  ORIGINAL_ESSAY,
} from '../../../test/texts.ts';
import { aiCheckJob } from '../ai-checks/ai-checks.jobs.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { findUserByEmail, type UserRecord } from '../auth/users.repository.ts';
import { importCollection } from '../collections/collections.service.ts';
import { findAccountById, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { closeSharedReuseChecker } from './reuse-checker.ts';
import { closeSharedSimilarityReportRenderer } from './similarity-report.ts';
import { textCheckJob } from './text-checks.jobs.ts';
import { indexKey } from './text-checks.process.ts';

/*
 * Issue 13, A2-A4: a report states what it was compared with (recorded at check time); each source says
 * whose it is, for the reader who reads it; the AI check runs only when it was chosen.
 */

const DATE = /\d{1,2} [A-Z][a-z]{2} \d{4}/;

describe(`report scope and source origins (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);
  let folder: string;

  beforeAll(async () => {
    t = await createTestApp();
    folder = await mkdtemp(join(tmpdir(), 'vt-scope-'));
    await writeFile(join(folder, 'lighthouses.txt'), LIGHTHOUSE_ARTICLE);
    await importCollection(t.handle.db, { name: 'maritime', path: folder, title: 'Maritime history' });
  });
  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await closeSharedSimilarityReportRenderer();
    await rm(folder, { recursive: true, force: true });
    await t.dispose();
  });

  async function member(
    pages: number,
    aiPages = 0,
  ): Promise<{ browser: TestBrowser; user: UserRecord; accountId: number }> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('scope');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD, name: 'Ada Private' })).statusCode).toBe(200);
    const user = (await findUserByEmail(t.handle.db, email))!;
    const account = (await findAccountOfUser(t.handle.db, user.id))!;
    if (pages > 0) await creditPages(t.handle.db, { accountId: account.id, bucket: 'balance', pages, kind: 'deposit' });
    if (aiPages > 0) {
      await creditPages(t.handle.db, { accountId: account.id, bucket: 'ai_balance', pages: aiPages, kind: 'deposit' });
    }
    return { browser, user, accountId: account.id };
  }

  async function submit(browser: TestBrowser, fields: Record<string, string>) {
    const { token } = await browser.csrf();
    return browser.postForm('/api/v1/text', { language: 'en', ...fields, _csrf_token: token });
  }

  function idOf(response: LightMyRequestResponse): number {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { text: { id: number } } }>().data.text.id;
  }

  async function report(browser: TestBrowser, id: number): Promise<{ data: SimilarityReport; body: string }> {
    const response = await browser.get(`/api/v1/text/report/${String(id)}`);
    expect(response.statusCode, response.body).toBe(200);
    return { data: response.json<{ data: SimilarityReport }>().data, body: response.body };
  }

  function sourceOf(data: SimilarityReport, checkId: number): ReportSource {
    const found = data.plagiarism.sources.find((source) => source.index[0]?.db_id === indexKey(checkId));
    expect(found, JSON.stringify(data.plagiarism.sources)).toBeDefined();
    return found!;
  }

  async function checkedCount(collection: string): Promise<number> {
    const { rows } = await t.handle.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM reuse_sources WHERE collection = $1',
      [collection],
    );
    return rows[0]!.n;
  }

  async function pdfText(browser: TestBrowser, id: number, language: string): Promise<string> {
    const { token } = await browser.csrf();
    const response = await browser.postForm(`/profile/fingerprint/download-pdf/${String(id)}/`, {
      _csrf_token: token,
      language,
    });
    expect(response.statusCode, response.body).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
  }

  it('records what a check was compared with, with the counts of that moment; an old report shows none', async () => {
    const first = await member(5);
    idOf(await submit(first.browser, { text: GARDEN_ESSAY.replace('forty', 'eighty') }));
    await jobs.run();
    const before = await checkedCount('checked');
    expect(before).toBeGreaterThan(0);

    const user = await member(5);
    const id = idOf(await submit(user.browser, { text: ORIGINAL_ESSAY.replace('cello', 'oboe') }));
    await jobs.run();
    const { data } = await report(user.browser, id);
    expect(data.compared_with).toEqual({
      documents: [{ scope: 'instance', count: before }],
      collections: [{ name: 'ref:maritime', title: 'Maritime history', documents: 1 }],
      internet: { searched: false, reason: 'no_provider', partial: false, queries: 0, pages: 0 },
    });
    // recorded, not recomputed: a later check changes the index, not this report
    idOf(await submit(first.browser, { text: ORIGINAL_ESSAY.replace('cello', 'lute') }));
    await jobs.run();
    expect(await checkedCount('checked')).toBeGreaterThan(before);
    expect((await report(user.browser, id)).data.compared_with?.documents).toEqual([
      { scope: 'instance', count: before },
    ]);
    const english = await pdfText(user.browser, id, 'en');
    expect(english).toContain(`Documents checked on Veritext: ${String(before)}`);
    // one document, in the singular
    expect(english).toMatch(/Reference collection 'Maritime history': 1 document(?!s)/);
    expect(english).toContain('The internet: not searched (no search provider is configured on this service)');

    // a report stored before the scope was recorded: no section, nothing broken
    await t.handle.db.query(`UPDATE text_checks SET report = report - 'compared_with' WHERE id = $1`, [id]);
    expect((await report(user.browser, id)).data.compared_with).toBeNull();
    expect(await pdfText(user.browser, id, 'en')).not.toContain('Compared with');
  });

  it("names each source for its reader: the author's own check, a document of the organisation, anyone else's", async () => {
    // an organisation that keeps its documents apart (the default), its owner and a member
    const ownerBrowser = new TestBrowser(t.app);
    const ownerEmail = uniqueEmail('scope-org');
    const signed = await ownerBrowser.signUp({
      email: ownerEmail,
      password: STRONG_PASSWORD,
      account_type: 'organisation',
      name: 'Dean',
    });
    expect(signed.statusCode).toBe(200);
    const owner = (await findUserByEmail(t.handle.db, ownerEmail))!;
    const groupId = (
      await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [owner.id])
    ).rows[0]!.id;
    const author = await member(10);
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 2)', [
      groupId,
      author.user.id,
    ]);
    const inGroup = { group_id: String(groupId) };
    const privateTitle = 'Secret garden plan';

    // the author's earlier check in the organisation, then a check that reuses it
    const earlier = idOf(await submit(author.browser, { text: GARDEN_ESSAY, title: privateTitle, ...inGroup }));
    await jobs.run();
    const instanceBefore = await checkedCount('checked');
    const groupBefore = await checkedCount(`checked:g${String(groupId)}`);
    const later = idOf(await submit(author.browser, { text: GARDEN_REUSE, ...inGroup }));
    await jobs.run();

    const asAuthor = await report(author.browser, later);
    expect(asAuthor.data.compared_with?.documents).toEqual([
      { scope: 'instance', count: instanceBefore },
      { scope: 'organisation', count: groupBefore },
    ]);
    const own = sourceOf(asAuthor.data, earlier);
    expect(own.origin).toMatchObject({ kind: 'own', title: privateTitle });
    expect(own.link.name).toMatch(new RegExp(`^Your check '${privateTitle}' of ${DATE.source}$`));

    // the same stored report, read by the organisation's owner: not the owner's, but the organisation's
    const asOwner = await report(ownerBrowser, later);
    const forOwner = sourceOf(asOwner.data, earlier);
    expect(forOwner.origin).toEqual({ kind: 'organisation' });
    expect(forOwner.link.name).toBe('A document checked in your organisation');
    expect(forOwner.source).toBe('A document checked in your organisation');
    expect(asOwner.body).not.toContain(privateTitle);

    // a document checked outside any organisation, found by a stranger
    const personal = idOf(await submit(author.browser, { text: ORIGINAL_ESSAY, title: 'My cello essay' }));
    await jobs.run();
    const stranger = await member(5);
    const strangerText = `${ORIGINAL_ESSAY.replace('humbling', 'humiliating')}\n\n${ESSAY_PARAGRAPH_EDITED}`;
    const strangerCheck = idOf(await submit(stranger.browser, { text: strangerText }));
    await jobs.run();
    const asStranger = await report(stranger.browser, strangerCheck);
    const foreign = sourceOf(asStranger.data, personal);
    expect(foreign.origin).toMatchObject({ kind: 'instance' });
    expect(foreign.link.name).toMatch(new RegExp(`^A document submitted to Veritext on ${DATE.source}$`));
    for (const secret of ['My cello essay', 'Ada Private', author.user.email ?? 'no e-mail']) {
      expect(asStranger.body).not.toContain(secret);
    }
    expect(asStranger.body).not.toContain('Veritext database');
    // the collection's document keeps its title, and names its collection
    const collected = asStranger.data.plagiarism.sources.find((source) => source.sourceType === 'ref:maritime');
    expect(collected?.link.name).toBe('lighthouses.txt');
    expect(collected?.origin).toEqual({ kind: 'collection', name: 'ref:maritime', title: 'Maritime history' });

    // in Spanish (the PDF in the report's language), each reader's own view
    const spanish = await pdfText(stranger.browser, strangerCheck, 'es');
    expect(spanish).toMatch(/Un documento enviado a Veritext el \d{1,2} [a-z]{3,4} \d{4}/);
    expect(spanish).toContain('Colección de referencia: Maritime history');
    expect(spanish).not.toContain('My cello essay');
    const ownerSpanish = await pdfText(ownerBrowser, later, 'es');
    expect(ownerSpanish).toContain('Un documento revisado en tu organización');
    expect(ownerSpanish).not.toContain(privateTitle);
    expect(await pdfText(author.browser, later, 'es')).toContain(`Tu revisión «${privateTitle}» del`);
    expect(await pdfText(author.browser, later, 'en')).toContain(`Your check '${privateTitle}' of`);

    // a removed member reads their own report: their own check is still theirs, the organisation's is not theirs
    await t.handle.db.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2', [
      groupId,
      author.user.id,
    ]);
    expect(sourceOf((await report(author.browser, later)).data, earlier).origin?.kind).toBe('own');
  });

  it('the AI check runs only when chosen with the text, for one AI page; reading a report spends none', async () => {
    const user = await member(5, 2);
    const plain = idOf(await submit(user.browser, { text: GARDEN_ESSAY.replace('forty', 'ninety') }));
    expect(await jobs.run()).toEqual([textCheckJob.queueName]);
    await report(user.browser, plain);
    const status = await user.browser.get(`/api/v1/fingerprint/text-status/${String(plain)}/?type=3`);
    expect(status.json()).toMatchObject({ data: { enabled: true, status: null } });
    expect((await findAccountById(t.handle.db, user.accountId))!.ai_balance).toBe(2);

    // chosen: the AI page is held with the text, the AI check runs beside the plagiarism check
    const chosen = idOf(await submit(user.browser, { text: GARDEN_ESSAY.replace('forty', 'seventy'), check_ai: '1' }));
    const held = (await findAccountById(t.handle.db, user.accountId))!;
    expect([held.ai_balance, held.held_ai_balance]).toEqual([1, 1]);
    expect((await jobs.run()).sort()).toEqual([aiCheckJob.queueName, textCheckJob.queueName].sort());
    const { data } = await report(user.browser, chosen);
    expect(data.ai.status).toBe(4);
    const after = (await findAccountById(t.handle.db, user.accountId))!;
    expect([after.ai_balance, after.held_ai_balance]).toEqual([1, 0]);

    // chosen without an AI page: refused before anything is stored or held
    const poor = await member(5);
    const refused = await submit(poor.browser, { text: ORIGINAL_ESSAY.replace('cello', 'horn'), check_ai: 'true' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'insufficient_ai_balance' } });
    const { rows } = await t.handle.db.query('SELECT id FROM text_checks WHERE user_id = $1', [poor.user.id]);
    expect(rows).toEqual([]);
    expect((await findAccountById(t.handle.db, poor.accountId))!.held_balance).toBe(0);
  });
});
