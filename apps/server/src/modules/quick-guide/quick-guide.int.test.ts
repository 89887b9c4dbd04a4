import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { QUICK_GUIDE_EN, QUICK_GUIDE_ES } from './quick-guide.content.ts';

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const { text, totalPages } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

describe(`GET /assets/QuickGuide.pdf (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('serves the English guide: a cacheable PDF with every section heading and the page rule', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/QuickGuide.pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toContain('public');
    const { text, pages } = await pdfText(new Uint8Array(response.rawPayload));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Veritext quick guide');
    for (const heading of [
      '1. Check a text or a file',
      '2. Read the similarity report',
      '3. The AI detector',
      '4. My Documents and folders',
      '5. Organisations',
      '6. Pages and pricing',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('1 page = 275 words');
    expect(text).toContain('Only this source');
    expect(text).toContain('Highly likely AI');
    expect(text).not.toContain('Guía rápida');
    expect(QUICK_GUIDE_EN.sections).toHaveLength(7);
  });

  it('serves the Spanish guide at /assets/es/QuickGuide.pdf, in Spanish', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/es/QuickGuide.pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(new Uint8Array(response.rawPayload));
    expect(text).toContain('Guía rápida de Veritext');
    for (const section of QUICK_GUIDE_ES.sections) expect(text).toContain(section.heading);
    expect(text).toContain('1 página = 275 palabras');
    expect(text).toContain('Página 1 de');
    expect(text).not.toContain('Veritext quick guide');
  });

  it('renders each language once and answers the same bytes again', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/assets/QuickGuide.pdf' });
    const second = await t.app.inject({ method: 'GET', url: '/assets/QuickGuide.pdf' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});
