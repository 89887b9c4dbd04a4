// Temporary screenshot script of the report page (issue 17); writes into /tmp/shots-reportpage/. Not part of the suite.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESSAY_PARAGRAPH_EDITED, GARDEN_ESSAY, LIGHTHOUSE_ARTICLE } from '../apps/server/test/texts.ts';
import { fillLogInForm, launchBrowser, startProduct } from './harness.ts';

const OUT = '/tmp/shots-reportpage';
const PASSWORD = 'Rep0rtPage!Secret';
const READER = { email: 'shots.reader@example.com', password: PASSWORD };
const WRITER = { email: 'shots.writer@example.com', password: PASSWORD };
const FRESNEL = LIGHTHOUSE_ARTICLE.split('\n\n')[2] ?? '';
const TEXT = [
  'Our class spent a windy morning at the old harbour, and on the way back we argued about what a town owes to the people who keep it running when nobody is watching.',
  GARDEN_ESSAY.split('\n\n')[1] ?? '',
  ESSAY_PARAGRAPH_EDITED,
  `As the museum guide put it: “${FRESNEL}”`,
  'I left the harbour thinking that shared work only lasts when it is written down, agreed on and handed over with care, which is perhaps the oldest lesson of any small community by the sea.',
].join('\n\n');

async function api(base: string, email: string) {
  const jar = new Map<string, string>();
  const send = async (url: string, form?: Record<string, string>) => {
    const r = await fetch(base + url, {
      method: form ? 'POST' : 'GET',
      headers: { cookie: [...jar].map(([n, v]) => `${n}=${v}`).join('; '), accept: 'application/json', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      redirect: 'manual',
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const set of r.headers.getSetCookie()) {
      const pair = set.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return r;
  };
  const post = async (url: string, fields: Record<string, string>) => {
    const { token } = (await (await send('/csrf_tokens')).json()) as { token: string };
    return (await send(url, { ...fields, _csrf_token: token })).json() as Promise<any>;
  };
  await post('/login_check', { _username: email, _password: PASSWORD });
  return {
    async check(text: string, title: string): Promise<number> {
      const sent = await post('/api/v1/text', { text, title, language: 'en' });
      const id = sent.data.text.id as number;
      for (;;) {
        const state = ((await (await send(`/api/v1/text/${String(id)}`)).json()) as any).data.state;
        if (state === 5) return id;
        await new Promise((r) => setTimeout(r, 500));
      }
    },
  };
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'vt-shots-'));
writeFileSync(path.join(folder, 'lighthouses.txt'), LIGHTHOUSE_ARTICLE);
const product = await startProduct({
  collections: [{ name: 'maritime', path: folder, title: 'Maritime history' }],
  adminCommands: [
    ['user:create', '--email', WRITER.email, '--password', PASSWORD, '--name', 'Wendy Writer', '--pages', '10'],
    ['user:create', '--email', READER.email, '--password', PASSWORD, '--name', 'Rita Reader', '--pages', '10'],
  ],
});
const browser = await launchBrowser();
try {
  await (await api(product.url, WRITER.email)).check(GARDEN_ESSAY, 'Community gardens');
  const id = await (await api(product.url, READER.email)).check(TEXT, 'Harbour visit essay');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${product.url}/`);
  await page.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  await fillLogInForm(page, READER);
  await page.getByRole('button', { name: 'Profile menu' }).waitFor({ timeout: 30_000 });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.goto(`${product.url}/profile/report/${String(id)}`);
    await page.locator('.report-list--source > li').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${OUT}/page-${String(width)}.png` });
    await page.screenshot({ path: `${OUT}/page-${String(width)}-full.png`, fullPage: true });
    await page.getByTestId('report-settings-toggle').click();
    await page.getByTestId('report-settings').waitFor();
    await page.getByLabel('Exclude self-plagiarism').check();
    await page.getByTestId('report-settings-apply').click();
    await page.waitForTimeout(200);
    await page.getByTestId('report-settings').screenshot({ path: `${OUT}/settings-${String(width)}.png` });
    await page.screenshot({ path: `${OUT}/settings-page-${String(width)}.png` });
    await page.getByRole('button', { name: 'Close' }).first().click();
    // side by side of the collection's source
    if (width === 375) {
      await page.locator('[data-sheet-handle]').click();
      await page.waitForTimeout(400);
    }
    const collection = page.locator('.report-list--source > li').filter({ hasText: 'lighthouses.txt' });
    await collection.getByRole('button', { name: /side by side$/ }).click();
    await page.getByRole('dialog', { name: 'Side by side' }).locator('.side-by-side__pair').first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/side-by-side-${String(width)}.png` });
    await page.keyboard.press('Escape');
    // the private source from a passage
    await page.locator('mark.report-node').first().focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('passage-compare').click();
    await page.getByRole('dialog', { name: 'Side by side' }).locator('.side-by-side__pair').first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/side-by-side-private-${String(width)}.png` });
    await page.keyboard.press('Escape');
    // only this source, ignored source
    await page.goto(`${product.url}/profile/report/${String(id)}`);
    await page.locator('.report-list--source > li').first().waitFor({ timeout: 30_000 });
    if (width === 375) {
      await page.locator('[data-sheet-handle]').click();
      await page.waitForTimeout(400);
    }
    await page.locator('.report-list--source > li').first().getByRole('button', { name: /^Ignore / }).click();
    await page.getByTestId('excluded-sources').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${OUT}/ignored-${String(width)}-full.png`, fullPage: true });
    await page.getByTestId('excluded-sources').getByRole('button').click();
    await page.getByTestId('excluded-sources').waitFor({ state: 'detached' });
    if (width === 375) {
      await page.locator('[data-sheet-handle]').click();
      await page.waitForTimeout(400);
    }
    await page.locator('.report-list--source > li').filter({ hasText: 'lighthouses.txt' }).getByRole('button', { name: /^Show only / }).click();
    await page.getByTestId('only-source-banner').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${OUT}/only-${String(width)}.png` });
    // print
    await page.goto(`${product.url}/profile/report/${String(id)}`);
    await page.locator('.report-list--source > li').first().waitFor({ timeout: 30_000 });
    await page.emulateMedia({ media: 'print' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/print-${String(width)}.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  }
  // the New check form's settings
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${product.url}/profile/new-check`);
  await page.getByRole('button', { name: /Check settings/ }).click();
  await page.getByLabel('Exclude self-plagiarism').check();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}/new-check-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}/new-check-375.png`, fullPage: true });
  // the modal's link
  console.log('done', id);
} finally {
  await browser.close();
  await product.stop();
}
