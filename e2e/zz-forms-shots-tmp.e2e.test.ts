// TEMPORARY (helper B): screenshots of the sales forms; deleted after use, not part of the suite.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { launchBrowser, startProduct, type Product } from './harness.ts';

const SHOTS = '/tmp/shots/B';
let product: Product;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  product = await startProduct();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await product.stop();
});

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${String(width)}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const L = {
  en: { got: 'Got it', teacher: 'Instructor / Teacher', student: 'Student', reseller: 'Reseller', send: 'Send request', details: 'Your details', guide: 'Free quick guide (PDF)', name: 'Name', email: 'E-mail', dl: 'Download', contact: 'Send us a message', sendMsg: 'Send message', msg: 'Message' },
  es: { got: 'Entendido', teacher: 'Instructor/a / Profesor/a', student: 'Estudiante', reseller: 'Revendedor/a', send: 'Enviar solicitud', details: 'Tus datos', guide: 'Guía rápida gratuita (PDF)', name: 'Nombre', email: 'Correo electrónico', dl: 'Descargar', contact: 'Envíanos un mensaje', sendMsg: 'Enviar mensaje', msg: 'Mensaje' },
} as const;

for (const lang of ['en', 'es'] as const) {
  it(`shots ${lang}`, async () => {
    const p = lang === 'es' ? '/es' : '';
    const t = L[lang];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${product.url}${p}/for-education-request/`);
    await page.getByRole('button', { name: t.got }).click();
    await page.getByRole('radio', { name: t.teacher }).waitFor();
    await shoot(page, `${lang}-enquiry-step1`);
    await page.getByRole('radio', { name: t.teacher }).check();
    const form = page.getByRole('form', { name: t.details });
    await form.getByRole('button', { name: t.send }).click();
    await shoot(page, `${lang}-enquiry-teacher-errors`);
    await form.getByLabel(lang === 'es' ? 'Sistema de gestión del aprendizaje (LMS)' : 'Learning management system (LMS)').selectOption('Other');
    await shoot(page, `${lang}-enquiry-teacher-other`);
    await page.getByRole('radio', { name: t.reseller }).check();
    await shoot(page, `${lang}-enquiry-reseller`);
    await page.getByRole('radio', { name: t.student }).check();
    await shoot(page, `${lang}-enquiry-student`);
    const guide = page.getByRole('form', { name: t.guide });
    await guide.getByLabel(t.name, { exact: true }).fill('Lucía');
    await guide.getByLabel(t.email).fill('lucia@uni.example');
    await guide.getByRole('button', { name: t.dl }).click();
    await guide.getByRole('status').waitFor({ timeout: 60_000 });
    await shoot(page, `${lang}-quickguide-done`);

    await page.goto(`${product.url}${p}/contact-us/`);
    const contact = page.getByRole('form', { name: t.contact });
    await contact.getByRole('button', { name: t.sendMsg }).click();
    await shoot(page, `${lang}-contact-errors`);
    await contact.getByLabel(t.name, { exact: true }).fill('Carl');
    await contact.getByLabel(t.email).fill('carl@example.org');
    await contact.getByLabel(t.msg, { exact: true }).fill('Hello');
    await contact.getByRole('button', { name: t.sendMsg }).click();
    await page.getByRole('dialog').waitFor({ timeout: 60_000 });
    await shoot(page, `${lang}-contact-thanks`);

    await page.goto(`${product.url}${p}/for-students/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, `${lang}-students`);
    await page.goto(`${product.url}${p}/request-successful/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, `${lang}-request-successful`);

    await page.evaluate(() => {
      (window as unknown as { veritext: { openModal: (n: string, p: object) => void } }).veritext.openModal('price', { tab: 'individ', groupId: null });
    });
    const slider = page.getByRole('slider');
    await slider.waitFor({ timeout: 15_000 });
    await slider.focus();
    await page.keyboard.press('End');
    await page.getByRole('dialog').getByRole('form').waitFor();
    await shoot(page, `${lang}-price-custom`);
    await context.close();
  }, 240_000);
}
