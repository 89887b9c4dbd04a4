import type { Browser, BrowserContext, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { keepScreenshot, launchBrowser, startProduct, type Product } from './harness.ts';

/**
 * The sales forms (commerce-and-cabinet.md §2, issue 18) in the real product: the enquiry sent by a teacher (who is
 * registered, signed in and sent to /profile/new-check), a student's note, the quick guide's PDF and the contact
 * form's thanks.
 */
describe('the sales forms', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
    await product.stop();
  });

  async function visit(path: string, gotIt = 'Got it'): Promise<void> {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    onTestFailed(async () => {
      console.error('screenshot kept at', await keepScreenshot(page, `forms-${path}`));
    });
    await page.goto(`${product.url}${path}`);
    await page.getByRole('button', { name: gotIt }).click();
  }

  it('a teacher sends the enquiry: registered, signed in, on /profile/new-check', async () => {
    await visit('/for-education-request/');
    await expect(page.getByRole('form', { name: 'Your details' }).count()).resolves.toBe(0);
    await page.getByRole('radio', { name: 'Instructor / Teacher' }).check();
    const form = page.getByRole('form', { name: 'Your details' });
    await form.getByLabel('Name', { exact: true }).fill('Tess Teacher');
    await form.getByLabel('E-mail').fill(`tess.${String(Date.now())}@northschool.example`);
    await form.getByLabel('Learning management system (LMS)').selectOption('Other');
    await form.getByLabel('Name of your LMS').fill('Itslearning');
    await form.getByLabel('Number of students').fill('abc');
    await form.getByRole('button', { name: 'Send request' }).click();
    await form.getByText('Please enter a number.').waitFor();
    await form.getByLabel('Number of students').fill('320');
    await form.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL(`${product.url}/profile/new-check`, { timeout: 60_000 });
    await page.getByRole('button', { name: /Profile menu/ }).waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('a student sees the note to the students’ page, and no step 2', async () => {
    await visit('/for-education-request/');
    await page.getByRole('radio', { name: 'Student' }).check();
    const link = page.getByRole('link', { name: 'See Veritext for students' });
    expect(await link.getAttribute('href')).toBe('/for-students/');
    expect(await page.getByRole('form', { name: 'Your details' }).count()).toBe(0);
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'For students' }).waitFor();
    await context.close();
  });

  it('the quick guide: the PDF opens and downloads, and is the guide', async () => {
    await visit('/es/for-students/', 'Entendido');
    const form = page.getByRole('form', { name: 'Guía rápida gratuita (PDF)' });
    await form.getByLabel('Nombre').fill('Lucía');
    await form.getByLabel('Correo electrónico').fill('lucia@universidad.example');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      form.getByRole('button', { name: 'Descargar' }).click(),
    ]);
    expect(download.url()).toBe(`${product.url}/assets/es/QuickGuide.pdf`);
    expect(download.suggestedFilename()).toBe('QuickGuide.pdf');
    const href = await form.getByRole('link', { name: 'Abrir la guía rápida' }).getAttribute('href');
    const response = await page.request.get(`${product.url}${href ?? ''}`);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response.body())), {
      mergePages: true,
    });
    expect(text).toContain('Guía rápida de Veritext');
    expect(text).toContain('El detector de IA');
    await context.close();
  });

  it('the contact form thanks the sender in an info modal', async () => {
    await visit('/contact-us/');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('This field is required').count()).resolves.toBe(3);
    await form.getByLabel('Name', { exact: true }).fill('Carl');
    await form.getByLabel('E-mail').fill('carl@example.org');
    await form.getByLabel('Message', { exact: true }).fill('Can I pay by invoice?');
    await form.getByRole('button', { name: 'Send message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thank you!' });
    await dialog.getByText('Your message has been sent. We will answer you as soon as possible.').waitFor({
      timeout: 60_000,
    });
    // The form (hidden from assistive technology behind the modal) is empty again.
    expect(await page.locator('textarea').inputValue()).toBe('');
    await context.close();
  });
});
