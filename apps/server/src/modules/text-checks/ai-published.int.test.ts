import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AI_PUBLISHED_VERDICT,
  type AiCheckSummary,
  type ReportNode,
  type SimilarityReport,
  type TextDocument,
} from '@veritext/contracts';
import { countWords } from '@veritext/text';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { GARDEN_ESSAY, LIGHTHOUSE_ARTICLE, ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { aiCheckJob } from '../ai-checks/ai-checks.jobs.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { importCollection } from '../collections/collections.service.ts';
import { findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { closeSharedReuseChecker } from './reuse-checker.ts';
import { closeSharedSimilarityReportRenderer } from './similarity-report.ts';
import { textCheckJob } from './text-checks.jobs.ts';

/*
 * Issue 15, point 2: published text is not AI. A passage the plagiarism check finds in a reference collection (or
 * on the internet) is "found in sources" in the document's AI part and left out of its AI share; a passage found
 * only in someone's checked document still counts.
 */

const paragraph = (text: string, n: number): string => text.split('\n\n')[n]!;
const KEEPERS = paragraph(LIGHTHOUSE_ARTICLE, 1);
const FRESNEL = paragraph(LIGHTHOUSE_ARTICLE, 2);
const GARDEN_RULES = paragraph(GARDEN_ESSAY, 1);

describe(`published passages in the AI part (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);
  let folder: string;

  beforeAll(async () => {
    t = await createTestApp();
    folder = await mkdtemp(join(tmpdir(), 'vt-published-'));
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

  async function member(): Promise<TestBrowser> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('published');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD, name: 'Writer' })).statusCode).toBe(200);
    const user = (await findUserByEmail(t.handle.db, email))!;
    const account = (await findAccountOfUser(t.handle.db, user.id))!;
    await creditPages(t.handle.db, { accountId: account.id, bucket: 'balance', pages: 10, kind: 'deposit' });
    await creditPages(t.handle.db, { accountId: account.id, bucket: 'ai_balance', pages: 5, kind: 'deposit' });
    return browser;
  }

  async function submit(browser: TestBrowser, fields: Record<string, string>): Promise<number> {
    const { token } = await browser.csrf();
    const response: LightMyRequestResponse = await browser.postForm('/api/v1/text', {
      language: 'en',
      ...fields,
      _csrf_token: token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { text: { id: number } } }>().data.text.id;
  }

  async function report(browser: TestBrowser, id: number): Promise<SimilarityReport> {
    const response = await browser.get(`/api/v1/text/report/${String(id)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SimilarityReport }>().data;
  }

  /** The AI share My Documents shows of the document: in the list and when it is opened by its id. */
  async function listedShares(browser: TestBrowser, id: number): Promise<(number | null)[]> {
    const list = await browser.get('/api/v1/text/');
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<{ data: { texts: TextDocument[] } }>().data.texts.find((text) => text.id === id);
    const opened = await browser.get(`/api/v1/text/${String(id)}`);
    expect(opened.statusCode, opened.body).toBe(200);
    return [listed?.ai_percent ?? null, opened.json<{ data: TextDocument }>().data.ai_percent];
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

  /** The one stretch of the text the AI part says was found in published sources. */
  function publishedStretch(nodes: readonly ReportNode[]): { start: number; end: number } {
    const published = nodes.filter((node) => node.isPublished === true);
    expect(published.length).toBeGreaterThan(0);
    const start = published[0]!.start;
    const end = published.at(-1)!.end;
    // one stretch: every node in it is published
    expect(nodes.filter((node) => node.start >= start && node.end <= end).every((node) => node.isPublished)).toBe(true);
    return { start, end };
  }

  it('leaves a passage of a reference collection out of the AI share, whichever check finished first', async () => {
    // someone else's checked document: found by the plagiarism check, but not published
    const other = await member();
    await submit(other, { text: GARDEN_ESSAY });
    await jobs.run();

    // a garden paragraph copied from that document, two paragraphs of the reference collection, a text of its own
    const writer = await member();
    const text = [GARDEN_RULES, KEEPERS, FRESNEL, ORIGINAL_ESSAY].join('\n\n');
    const id = await submit(writer, { text, check_ai: '1' });
    // the AI check finishes before the plagiarism check: nothing of the rule depends on it
    const sent = t.sentJobs.splice(-2);
    t.sentJobs.push(...sent.filter((job) => job.queue === aiCheckJob.queueName));
    t.sentJobs.push(...sent.filter((job) => job.queue !== aiCheckJob.queueName));
    expect(await jobs.run()).toEqual([aiCheckJob.queueName, textCheckJob.queueName]);

    const data = await report(writer, id);
    const kinds = new Set(data.plagiarism.sources.map((source) => source.sourceType));
    expect(kinds).toEqual(new Set(['checked', 'ref:maritime']));
    expect(data.ai.status).toBe(4);

    // the AI part still tiles the text; the published stretch is the lighthouse paragraphs, and only them
    const { nodes } = data.ai;
    expect(nodes.map((node) => node.text).join('')).toBe(text);
    const lighthouse = { start: text.indexOf(KEEPERS), end: text.indexOf(FRESNEL) + FRESNEL.length };
    const stretch = publishedStretch(nodes);
    expect(stretch.start).toBeGreaterThanOrEqual(text.indexOf(GARDEN_RULES) + GARDEN_RULES.length);
    expect(stretch.start).toBeLessThanOrEqual(lighthouse.start);
    expect(stretch.end).toBeGreaterThanOrEqual(lighthouse.end);
    expect(stretch.end).toBeLessThanOrEqual(text.indexOf(ORIGINAL_ESSAY));
    for (const node of nodes.filter((n) => n.isPublished === true)) {
      expect([node.isLikely, node.isHlikely]).toEqual([false, false]);
    }
    // the garden paragraph, found only in someone's checked document, is not published
    expect(nodes.filter((node) => node.start < GARDEN_RULES.length).some((node) => node.isPublished)).toBe(false);
    const words = countWords(text);
    const lighthouseWords = countWords(KEEPERS) + countWords(FRESNEL);
    expect(data.ai.percents.published).toBe(Math.round((lighthouseWords * 10000) / words) / 100);
    // My Documents shows the report's AI share, published text not counted
    expect(await listedShares(writer, id)).toEqual([data.ai.percents.total, data.ai.percents.total]);

    // the detector's marks made known (the model is not what this tests): the lighthouse paragraphs strongly
    // likely AI, the rest split between unmarked (the garden paragraph) and likely AI (the writer's own text)
    const own = text.indexOf(ORIGINAL_ESSAY);
    await t.handle.db.query(
      `UPDATE ai_checks SET chunks = $2::jsonb, processed_percent = 100, likely_percent = $3, strong_percent = $4,
         verdict = 'highly likely AI' WHERE text_check_id = $1`,
      [
        id,
        JSON.stringify([
          { position: [0, lighthouse.start], reliability: 0, score: 0.1 },
          { position: [lighthouse.start, own], reliability: 2, score: 0.99 },
          { position: [own, text.length], reliability: 1, score: 0.8 },
        ]),
        Math.round(((text.length - own) * 10000) / text.length) / 100,
        Math.round(((own - lighthouse.start) * 10000) / text.length) / 100,
      ],
    );
    const marked = (await report(writer, id)).ai;
    expect(marked.nodes.filter((node) => node.isHlikely)).toEqual([]);
    expect(marked.nodes.filter((node) => node.isLikely).map((node) => node.text)).toEqual([ORIGINAL_ESSAY]);
    // the share: the writer's own words over the words outside the published stretch (garden + own)
    const outside = countWords(GARDEN_RULES) + countWords(ORIGINAL_ESSAY);
    const likely = Math.round((countWords(ORIGINAL_ESSAY) * 10000) / outside) / 100;
    expect(marked.percents).toEqual({
      processed: 100,
      likely,
      strong: 0,
      total: likely,
      published: data.ai.percents.published,
    });
    expect(marked.verdict).toBe('highly likely AI');
    // the list and the document opened by its id say the report's share, not the detector's own over the whole text
    // (which counts the strongly likely lighthouse paragraphs)
    const stored = (
      await t.handle.db.query<{ likely_percent: number; strong_percent: number }>(
        'SELECT likely_percent, strong_percent FROM ai_checks WHERE text_check_id = $1',
        [id],
      )
    ).rows[0]!;
    expect(stored.likely_percent + stored.strong_percent).toBeGreaterThan(likely + 10);
    expect(await listedShares(writer, id)).toEqual([likely, likely]);
    // the document's AI check is listed with its document, never among the stand-alone AI checks
    const aiList = await writer.get('/api/v1/chat-gpt/');
    expect(aiList.statusCode, aiList.body).toBe(200);
    expect(aiList.json<{ data: { checks: AiCheckSummary[] } }>().data.checks).toEqual([]);

    // the Similarity report's PDF says it, in English and in Spanish
    const share = String(data.ai.percents.published);
    expect(await pdfText(writer, id, 'en')).toContain(
      `AI check: ${share} % of the text was found in published sources and is not counted.`,
    );
    expect(await pdfText(writer, id, 'es')).toContain(
      `Revisión de IA: el ${share.replace('.', ',')} % del texto se encontró en fuentes publicadas y no se cuenta.`,
    );
  });

  it('says a text found whole in published sources was found there, with no AI share', async () => {
    const writer = await member();
    const text = [KEEPERS, FRESNEL].join('\n\n');
    const id = await submit(writer, { text, check_ai: 'true' });
    await jobs.run();
    const { ai } = await report(writer, id);
    expect(ai.nodes.every((node) => node.isPublished === true && !node.isLikely && !node.isHlikely)).toBe(true);
    expect(ai.percents).toEqual({ processed: 0, likely: 0, strong: 0, total: 0, published: 100 });
    expect(ai.verdict).toBe(AI_PUBLISHED_VERDICT);
    expect(await pdfText(writer, id, 'es')).toContain('Revisión de IA: Encontrado en fuentes publicadas.');
    expect(await pdfText(writer, id, 'en')).toContain('AI check: Found in published sources.');
    // nothing left to count: My Documents shows no AI share, as the report does, whatever the detector marked
    await t.handle.db.query(
      `UPDATE ai_checks SET likely_percent = 40, strong_percent = 60,
         chunks = jsonb_build_array(jsonb_build_object('position', jsonb_build_array(0, $2::int), 'reliability', 2,
           'score', 0.99)) WHERE text_check_id = $1`,
      [id, text.length],
    );
    expect((await report(writer, id)).ai.percents.total).toBe(0);
    expect(await listedShares(writer, id)).toEqual([0, 0]);
  });
});
