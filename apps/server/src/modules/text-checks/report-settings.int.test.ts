import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimilarityReport, SourcePassageResponse, TextDocument } from '@veritext/contracts';
import { AccountBrowser, createTestApp, signUpAccount, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { ESSAY_PARAGRAPH_EDITED, GARDEN_ESSAY, LIGHTHOUSE_ARTICLE, ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { importCollection } from '../collections/collections.service.ts';
import { findAccountById, findAccountOfGroup, findAccountOfUser, listEntries } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { closeSharedReuseChecker } from './reuse-checker.ts';
import { closeSharedSimilarityReportRenderer } from './similarity-report.ts';
import { indexKey } from './text-checks.process.ts';

/*
 * Issue 17: the report's settings (exclude sources below a percentage, self-plagiarism by author name, include
 * quotes and references) chosen with the check and changed on the finished report, which is rebuilt without a new
 * check or a charge; ignoring a source, only this source, a passage beside its source; who may change them.
 */

const GARDEN_MIDDLE = GARDEN_ESSAY.split('\n\n')[1]!;
const [, , FRESNEL, AUTOMATION] = LIGHTHOUSE_ARTICLE.split('\n\n');

/** A text with a reused paragraph (a checked document), an edited one and a quoted one (a collection) and a reference. */
function studentText(variant: string): string {
  return [
    `Our ${variant} project began with a question about how neighbours share what they have, and it ended with a long list of things we had not expected to learn.`,
    GARDEN_MIDDLE,
    ESSAY_PARAGRAPH_EDITED,
    `As the museum guide put it: “${FRESNEL!}”`,
    'None of this would matter to a visitor who never climbed the stairs, yet every one of us came down from the tower quieter than we went up, and our teacher let the silence last until the bus reached the village.',
    'References',
    AUTOMATION!,
  ].join('\n\n');
}

class Account extends AccountBrowser {
  async submit(fields: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.post('/api/v1/text', { language: 'en', ...fields });
  }
  async report(id: number, query = ''): Promise<SimilarityReport> {
    const response = await this.browser.get(`/api/v1/text/report/${String(id)}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SimilarityReport }>().data;
  }
  async document(id: number): Promise<TextDocument> {
    return (await this.browser.get(`/api/v1/text/${String(id)}`)).json<{ data: TextDocument }>().data;
  }
  settings(id: number, fields: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.post(`/api/v1/text/${String(id)}/settings/`, fields);
  }
  ignore(id: number, source: string, ignored: '1' | '0'): Promise<LightMyRequestResponse> {
    return this.post(`/api/v1/text/${String(id)}/sources/ignore/`, { source, ignored });
  }
  async pdfText(id: number): Promise<string> {
    const response = await this.post(`/profile/fingerprint/download-pdf/${String(id)}/`, { language: 'en' });
    expect(response.statusCode, response.body).toBe(200);
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
  }
}

function idOf(response: LightMyRequestResponse): number {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { text: { id: number } } }>().data.text.id;
}

function reportOf(response: LightMyRequestResponse): SimilarityReport {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SimilarityReport }>().data;
}

const keysOf = (list: readonly { index: { db_id: string }[] }[]) => list.map((source) => source.index[0]?.db_id);

describe(`report settings and source tools (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);
  let folder: string;
  const REF = 'ref:lighthouses';
  let refKey: string;

  beforeAll(async () => {
    t = await createTestApp();
    folder = await mkdtemp(join(tmpdir(), 'vt-settings-'));
    await writeFile(join(folder, 'lighthouses.txt'), LIGHTHOUSE_ARTICLE);
    await importCollection(t.handle.db, { name: 'lighthouses', path: folder, title: 'Lighthouse history' });
    const { rows } = await t.handle.db.query<{ key: string }>('SELECT key FROM reuse_sources WHERE collection = $1', [
      REF,
    ]);
    refKey = rows[0]!.key;
  });
  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await closeSharedSimilarityReportRenderer();
    await rm(folder, { recursive: true, force: true });
    await t.dispose();
  });

  async function account(name: string, pages = 20, fields: Record<string, string> = {}): Promise<Account> {
    const created = await signUpAccount(t.app, Account, 'settings', { name, ...fields });
    const user = (await findUserByEmail(t.handle.db, created.email))!;
    const acc = (await findAccountOfUser(t.handle.db, user.id))!;
    if (pages > 0) await creditPages(t.handle.db, { accountId: acc.id, bucket: 'balance', pages, kind: 'deposit' });
    return created;
  }

  async function accountIdOf(a: Account): Promise<number> {
    const user = (await findUserByEmail(t.handle.db, a.email))!;
    return (await findAccountOfUser(t.handle.db, user.id))!.id;
  }

  /** A check by `author` of GARDEN_ESSAY (a variant): a checked document others' reports find. */
  async function gardenCheck(author: Account, variant: string, fields: Record<string, string> = {}): Promise<number> {
    const id = idOf(await author.submit({ text: GARDEN_ESSAY.replace('forty', variant), ...fields }));
    await jobs.run();
    return id;
  }

  it('applies changed settings to a finished report: no new check, no charge; the listed percent follows', async () => {
    const bea = await account('Bea Writer');
    const gardenId = await gardenCheck(bea, 'fifty');
    const garden = indexKey(gardenId);
    const uma = await account('Uma Reader');
    const id = idOf(await uma.submit({ text: studentText('garden') }));
    expect(await jobs.run()).toHaveLength(1);

    const first = await uma.report(id);
    expect(first.settings).toEqual({
      exclude_below_percent: 0,
      exclude_self_plagiarism: false,
      custom_author: null,
      include_quotes: false,
      include_references: false,
      ignored_sources: [],
    });
    expect(first.settings_applicable).toBe(true);
    expect(first.can_change_settings).toBe(true);
    expect(keysOf(first.plagiarism.sources)).toEqual(expect.arrayContaining([garden, refKey]));
    expect(keysOf(first.plagiarism.quSources)).toEqual([refKey]);
    expect(keysOf(first.plagiarism.reSources)).toEqual([refKey]);
    const total = first.plagiarism.percents.total;
    expect((await uma.document(id)).percent).toBe(total);

    const accountId = await accountIdOf(uma);
    const entries = (await listEntries(t.handle.db, accountId)).length;
    const balance = (await findAccountById(t.handle.db, accountId))!.balance;
    const sent = t.sentJobs.length;

    // quotes included: the quoted passage counts as similarity, the total rises
    const quotes = reportOf(await uma.settings(id, { include_quotes: '1' }));
    expect(quotes.plagiarism.quSources).toEqual([]);
    expect(quotes.plagiarism.percents.total).toBeGreaterThan(total);
    expect(quotes.settings?.include_quotes).toBe(true);
    // references too: higher again
    const both = reportOf(await uma.settings(id, { include_quotes: 'true', include_references: 'true' }));
    expect(both.plagiarism.reSources).toEqual([]);
    expect(both.plagiarism.percents.total).toBeGreaterThan(quotes.plagiarism.percents.total);
    expect((await uma.document(id)).percent).toBe(both.plagiarism.percents.total);
    // stored: read again, the same
    expect((await uma.report(id)).plagiarism.percents.total).toBe(both.plagiarism.percents.total);

    // back to the defaults: the report the check made
    const reset = reportOf(await uma.settings(id, {}));
    expect(reset.plagiarism.percents).toEqual(first.plagiarism.percents);
    expect(keysOf(reset.plagiarism.sources)).toEqual(keysOf(first.plagiarism.sources));

    // ignoring a source: the percentage drops; including it again brings it back. The PDF is the report as it is.
    expect(await uma.pdfText(id)).toContain('A document submitted to Veritext');
    const ignored = reportOf(await uma.ignore(id, garden, '1'));
    expect(await uma.pdfText(id)).not.toContain('A document submitted to Veritext');
    expect(keysOf(ignored.plagiarism.sources)).not.toContain(garden);
    expect(ignored.plagiarism.percents.total).toBeLessThan(total);
    expect(ignored.settings?.ignored_sources).toEqual([garden]);
    expect(ignored.excluded_sources?.map((s) => [s.index[0]?.db_id, s.reason])).toEqual([[garden, 'ignored']]);
    // another user's document keeps its owner private
    expect(ignored.excluded_sources?.[0]?.link.name).toMatch(/^A document submitted to Veritext/);
    expect(ignored.excluded_sources?.[0]?.percent).toBeGreaterThan(0);
    expect((await uma.document(id)).percent).toBe(ignored.plagiarism.percents.total);
    const again = reportOf(await uma.ignore(id, garden, '0'));
    expect(again.plagiarism.percents.total).toBe(total);
    expect(again.excluded_sources).toEqual([]);

    // sources below the percentage leave the similarity list
    const gardenShare = first.plagiarism.sources.find((s) => s.index[0]?.db_id === garden)!.percent;
    const refShare = first.plagiarism.sources.find((s) => s.index[0]?.db_id === refKey)!.percent;
    const threshold = Number((Math.min(gardenShare, refShare) + 0.01).toFixed(2));
    const below = reportOf(await uma.settings(id, { exclude_below_percent: String(threshold) }));
    expect(below.plagiarism.sources).toHaveLength(first.plagiarism.sources.length - 1);
    expect(below.plagiarism.percents.total).toBeLessThan(total);
    expect(below.excluded_sources?.map((s) => s.reason)).toEqual(['below']);
    expect(below.settings?.exclude_below_percent).toBe(threshold);

    // none of it was a new check or a charge: the ledger is untouched and no job was sent
    expect((await listEntries(t.handle.db, accountId)).length).toBe(entries);
    expect((await findAccountById(t.handle.db, accountId))!.balance).toBe(balance);
    expect(t.sentJobs.length).toBe(sent);
  });

  it('refuses a percentage outside 0-100 and an empty custom author with self-plagiarism on (field errors)', async () => {
    const vic = await account('Vic Valid');
    const id = idOf(await vic.submit({ text: studentText('valid') }));
    await jobs.run();
    for (const value of ['101', '-1', 'ten']) {
      const response = await vic.settings(id, { exclude_below_percent: value });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
        exclude_below_percent: 'Please enter a percentage from 0 to 100',
      });
    }
    const empty = await vic.settings(id, { exclude_self_plagiarism: '1', custom_author: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string; error: { code: string; fields: Record<string, string> } }>()).toMatchObject({
      message: 'Custom author cannot be empty',
      error: { code: 'validation_failed', fields: { custom_author: 'Custom author cannot be empty' } },
    });
    // with the check: refused before anything is held
    const accountId = await accountIdOf(vic);
    const before = (await findAccountById(t.handle.db, accountId))!;
    const refused = await vic.submit({ text: studentText('refused'), exclude_self_plagiarism: '1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      custom_author: 'Custom author cannot be empty',
    });
    expect((await findAccountById(t.handle.db, accountId))!).toMatchObject({
      balance: before.balance,
      held_balance: before.held_balance,
    });
  });

  it('leaves out self-plagiarism: documents whose author (custom author, else the submitter) is the custom author', async () => {
    const wren = await account('Wren Author');
    const wrenGarden = indexKey(await gardenCheck(wren, 'sixty'));
    // a teacher's check of a student's work names its author
    const teacher = await account('Tess Teacher');
    const doraOriginal = idOf(
      await teacher.submit({ text: ORIGINAL_ESSAY.replace('cello', 'viola'), custom_author: 'Dora Student' }),
    );
    await jobs.run();
    const dora = indexKey(doraOriginal);

    const checker = await account('Kim Checker');
    // the essay first: after the references heading it would be a reference
    const text = `${ORIGINAL_ESSAY.replace('cello', 'viola')}\n\n${studentText('mixed')}`;
    const plain = idOf(await checker.submit({ text: text.replace('mixed', 'plain') }));
    const self = idOf(
      await checker.submit({
        text: text.replace('mixed', 'selfish'),
        exclude_self_plagiarism: '1',
        custom_author: '  WREN author ',
      }),
    );
    const byCustom = idOf(
      await checker.submit({
        text: text.replace('mixed', 'custom'),
        exclude_self_plagiarism: 'true',
        custom_author: 'dora student',
      }),
    );
    await jobs.run();
    const plainReport = await checker.report(plain);
    expect(keysOf(plainReport.plagiarism.sources)).toEqual(expect.arrayContaining([wrenGarden, dora]));

    const selfReport = await checker.report(self);
    expect(keysOf(selfReport.plagiarism.sources)).not.toContain(wrenGarden);
    expect(keysOf(selfReport.plagiarism.sources)).toContain(dora);
    expect(selfReport.excluded_sources?.map((s) => [s.index[0]?.db_id, s.reason])).toContainEqual([wrenGarden, 'self']);
    expect(selfReport.settings).toMatchObject({ exclude_self_plagiarism: true, custom_author: 'WREN author' });
    // the percent stored when the check finished follows its settings
    expect((await checker.document(self)).percent).toBe(selfReport.plagiarism.percents.total);

    const customReport = await checker.report(byCustom);
    expect(keysOf(customReport.plagiarism.sources)).not.toContain(dora);
    expect(keysOf(customReport.plagiarism.sources)).toContain(wrenGarden);

    // switched on later, on the plain report
    const later = reportOf(
      await checker.settings(plain, { exclude_self_plagiarism: '1', custom_author: 'Dora Student' }),
    );
    expect(keysOf(later.plagiarism.sources)).not.toContain(dora);
  });

  it('shows one source only (a view, not stored) and a passage beside its source where the reader may see it', async () => {
    const owner = await account('Olga Source');
    const gardenId = await gardenCheck(owner, 'seventy');
    const garden = indexKey(gardenId);
    const reader = await account('Rhea Reader');
    const id = idOf(await reader.submit({ text: studentText('only') }));
    await jobs.run();

    const only = await reader.report(id, `?only_source=${encodeURIComponent(refKey)}`);
    expect(only.only_source).toBe(refKey);
    expect(keysOf(only.plagiarism.sources)).toEqual([refKey]);
    expect(keysOf(only.plagiarism.quSources)).toEqual([refKey]);
    expect(only.plagiarism.nodes.every((node) => node.sources.every((s) => s === 1))).toBe(true);
    const full = await reader.report(id);
    expect(full.only_source).toBeNull();
    expect(keysOf(full.plagiarism.sources)).toEqual(expect.arrayContaining([garden, refKey]));
    expect((await reader.document(id)).percent).toBe(full.plagiarism.percents.total);
    expect((await reader.browser.get(`/api/v1/text/report/${String(id)}?only_source=nope`)).statusCode).toBe(404);

    // a reference collection's text is shown beside the passage
    const node = full.plagiarism.nodes.find((n) => n.isChangedIndex || n.isIdentical)!;
    const refPassages = await reader.browser.get(
      `/api/v1/text/report/${String(id)}/sources/passage?source=${encodeURIComponent(refKey)}`,
    );
    expect(refPassages.statusCode, refPassages.body).toBe(200);
    const refData = refPassages.json<SourcePassageResponse>().data;
    expect(refData.visible).toBe(true);
    expect(refData.source.sourceType).toBe(REF);
    expect(refData.passages.length).toBeGreaterThan(0);
    expect(refData.passages.some((p) => (p.source?.text ?? '').includes('keeper'))).toBe(true);
    expect(refData.passages.every((p) => p.checked.text.length > 0)).toBe(true);

    // another user's document: the passage, not the source's text
    const startOfGarden = full.plagiarism.nodes.find((n) =>
      n.sources.some((s) => full.plagiarism.sources[s - 1]?.index[0]?.db_id === garden),
    )!;
    const privateAnswer = await reader.browser.get(
      `/api/v1/text/report/${String(id)}/sources/passage?source=${encodeURIComponent(garden)}&start=${String(startOfGarden.start)}`,
    );
    expect(privateAnswer.statusCode, privateAnswer.body).toBe(200);
    const hidden = privateAnswer.json<SourcePassageResponse>().data;
    expect(hidden).toMatchObject({ visible: false, reason: 'private' });
    expect(hidden.passages).toHaveLength(1);
    expect(hidden.passages[0]!.source).toBeNull();
    expect(hidden.passages[0]!.checked.text).toContain('rules that neighbours agree on');
    expect(privateAnswer.body).not.toContain('Olga');
    expect(node).toBeDefined();

    // the source's owner sees her own document beside it (when she reads a report of hers that found it)
    const ownId = idOf(await owner.submit({ text: studentText('own') }));
    await jobs.run();
    const own = (
      await owner.browser.get(
        `/api/v1/text/report/${String(ownId)}/sources/passage?source=${encodeURIComponent(garden)}`,
      )
    ).json<SourcePassageResponse>().data;
    expect(own.visible).toBe(true);
    expect(own.passages[0]!.source?.text).toContain('rules that neighbours agree on');
  });

  it('lets the author, the owner and teachers change settings; not a student on someone else’s', async () => {
    const owner = await account('Orla Owner', 0, { account_type: 'organisation' });
    const ownerUser = (await findUserByEmail(t.handle.db, owner.email))!;
    const groupId = (
      await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [ownerUser.id])
    ).rows[0]!.id;
    const groupAccount = (await findAccountOfGroup(t.handle.db, groupId))!;
    await creditPages(t.handle.db, { accountId: groupAccount.id, bucket: 'balance', pages: 20, kind: 'deposit' });
    const join = async (name: string, role: 2 | 3): Promise<Account> => {
      const member = await account(name, 0);
      const user = (await findUserByEmail(t.handle.db, member.email))!;
      await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [
        groupId,
        user.id,
        role,
      ]);
      return member;
    };
    const teacher = await join('Theo Teacher', 2);
    const student = await join('Stu Student', 3);
    const other = await join('Sam Student', 3);
    const id = idOf(await student.submit({ text: studentText('class'), group_id: String(groupId) }));
    await jobs.run();

    expect((await student.report(id)).can_change_settings).toBe(true);
    expect(reportOf(await student.settings(id, { include_quotes: '1' })).settings?.include_quotes).toBe(true);
    expect((await teacher.report(id)).can_change_settings).toBe(true);
    expect(reportOf(await teacher.settings(id, { include_references: '1' })).settings?.include_quotes).toBe(false);
    const source = (await owner.report(id)).plagiarism.sources[0]!.index[0]!.db_id;
    expect(reportOf(await owner.ignore(id, source, '1')).settings?.ignored_sources).toEqual([source]);

    // another student reads nothing of it, so changes nothing: it does not exist for her
    const before = await owner.report(id);
    expect((await other.settings(id, { include_quotes: '1' })).statusCode).toBe(404);
    expect((await other.ignore(id, source, '0')).statusCode).toBe(404);
    expect(
      (await other.browser.get(`/api/v1/text/report/${String(id)}/sources/passage?source=${source}`)).statusCode,
    ).toBe(404);
    const outsider = await account('Otto Outsider');
    expect((await outsider.settings(id, {})).statusCode).toBe(404);
    expect((await owner.report(id)).settings).toEqual(before.settings);

    // the group pays nothing more for the changes
    expect((await listEntries(t.handle.db, groupAccount.id)).filter((e) => e.kind === 'charge')).toHaveLength(1);
  });

  it('an old report without its basis says its settings cannot be applied, and still reads', async () => {
    const old = await account('Ola Old');
    const id = idOf(await old.submit({ text: studentText('old') }));
    await jobs.run();
    await t.handle.db.query(
      "UPDATE text_checks SET report = report - 'basis' - 'web_origins' - 'excluded' WHERE id = $1",
      [id],
    );
    const report = await old.report(id);
    expect(report.settings_applicable).toBe(false);
    expect(report.plagiarism.sources.length).toBeGreaterThan(0);
    const refused = await old.settings(id, { include_quotes: '1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('report_settings_unavailable');
    expect((await old.ignore(id, refKey, '1')).statusCode).toBe(409);
    const pdf = await old.post(`/profile/fingerprint/download-pdf/${String(id)}/`);
    expect(pdf.statusCode).toBe(200);
  });
});
