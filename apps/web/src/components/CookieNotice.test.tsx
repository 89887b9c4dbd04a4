import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import type { SiteLanguage } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import { createMemoryStore } from '../session/storage.ts';
import { COOKIE_NOTICE_KEY, CookieNotice } from './CookieNotice.tsx';

async function render(lang: SiteLanguage, storage: Services['storage'] = createMemoryStore()): Promise<string> {
  await initI18n(lang);
  const services = { storage } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[lang === 'es' ? '/es/' : '/']}>
      <ServicesContext.Provider value={services}>
        <CookieNotice />
      </ServicesContext.Provider>
    </MemoryRouter>,
  );
}

describe('the cookie notice', () => {
  afterAll(async () => {
    await initI18n('en');
  });

  it('links to the privacy policy in English', async () => {
    const html = await render('en');
    expect(html).toContain('<a href="/privacy/" data-discover="true">Read our Privacy Policy</a>');
    expect(html).toContain('Got it');
  });

  it('links to the Spanish privacy policy in Spanish', async () => {
    const html = await render('es');
    expect(html).toContain('<a href="/es/privacy/" data-discover="true">Lee nuestra Política de privacidad</a>');
    expect(html).toContain('Entendido');
  });

  it('is not shown once dismissed', async () => {
    expect(await render('en', createMemoryStore({ [COOKIE_NOTICE_KEY]: 'true' }))).toBe('');
  });
});
