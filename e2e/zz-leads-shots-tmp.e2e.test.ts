// TEMPORARY (helper A): screenshots of /admin/leads; deleted after use, not part of the suite.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from './api-client.ts';
import { runAxe, isBlocking } from './axe.ts';
import { launchBrowser, startProduct, type Product } from './harness.ts';

const SHOTS = '/tmp/shots/leads';
let product: Product | undefined;
let browser: Browser | undefined;
let page: Page;
const admin = { email: `leads.admin.${Date.now()}@example.com`, password: 'Adm1n!Secret' };

beforeAll(async () => {
  product = await startProduct({
    adminCommands: [
      ['user:create', '--email', admin.email, '--password', admin.password, '--name', 'Ada Admin'],
      ['user:admin', admin.email],
    ],
  });
  console.log('product up', new Date().toISOString());
  const api = new ApiClient(product.url);
  const url = product.url;
  await api.post('/api/v1/forms/enquiry/', {
    name: 'Ana Teacher',
    email: 'ana.teacher@northschool.example',
    job: 'Instructor/Teacher',
    lms: 'Canvas',
    number_of_students: '1200',
    phone: '+47 123 45 678',
    message: 'We would like a trial for our 1,200 students next term. Could you call me?',
    cta: 'Get in touch',
    previousURL: 'https://veritext.test/for-education/',
    'security-token-contact': await api.botToken(),
  });
  await new ApiClient(url).post('/api/v1/forms/quick-guide/', {
    name: 'Quinn Guide',
    email: 'quinn.guide@gmail.com',
    'security-token-contact': await api.botToken(),
  });
  await new ApiClient(url).post('/send_feedback/request', {
    name: 'Cora Quote',
    email: 'cora@reseller.example',
    message: 'A quote for 3 campuses, please.',
    token: await api.botToken(),
  });
  console.log('leads seeded', new Date().toISOString());
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  page = await context.newPage();
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function shoot(name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.getByRole('table').waitFor();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${String(width)}.png`), fullPage: true });
  }
}

it('shoots the leads page', async () => {
  const url = product?.url ?? '';
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(admin.email);
  await dialog.getByLabel('Password', { exact: true }).fill(admin.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(`${url}/profile/new-check`, { timeout: 60_000 });
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Leads (admin)' }).click();
  await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
  await page.getByRole('table', { name: 'Leads, newest first' }).getByText('Ana Teacher').waitFor();
  await shoot('en-admin-leads');
  const axe = (await runAxe(page)).violations.filter(isBlocking);
  console.log('axe en', JSON.stringify(axe.map((v) => v.id)));
  await page.getByLabel('Form').selectOption('enquiry');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.waitForURL(/type=enquiry/);
  await page.getByText('1 lead', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Español' }).click();
  await page.getByRole('heading', { name: 'Contactos comerciales', level: 1 }).waitFor();
  await shoot('es-admin-leads');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar CSV' }).click();
  const file = await download;
  console.log('csv name', file.suggestedFilename());
  expect(axe).toEqual([]);
}, 180_000);
