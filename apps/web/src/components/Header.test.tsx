import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import type { UiLanguage } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import type { SessionState } from '../session/store.ts';
import { createMemoryStore } from '../session/storage.ts';
import { sampleUser } from '../test/fixtures.ts';
import { Header, plagiarismCheckerPath } from './Header.tsx';

const GUEST: SessionState = { status: 'guest', profile: null, error: null };
const USER: SessionState = { status: 'user', profile: sampleUser, error: null };

async function renderHeader(session: SessionState, lang: UiLanguage = 'en', path?: string): Promise<string> {
  await initI18n(lang);
  const queryClient = new QueryClient();
  // only what the header reads while rendering: the session, the storage and the query cache
  const fakeSession = { getState: () => session, subscribe: () => () => undefined };
  const services = {
    storage: createMemoryStore(),
    queryClient,
    session: fakeSession as unknown as Services['session'],
  } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ServicesContext.Provider value={services}>
        <MemoryRouter initialEntries={[path ?? (lang === 'es' ? '/es/pricing/' : '/pricing/')]}>
          <Header />
        </MemoryRouter>
      </ServicesContext.Provider>
    </QueryClientProvider>,
  );
}

/** The href of the main navigation's link with this text. */
function hrefOf(html: string, label: string): string | undefined {
  const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)];
  return links.find((match) => match[2] === label)?.[1];
}

describe('the header', () => {
  afterAll(async () => {
    await initI18n('en');
  });

  it('sends a guest who clicks "Plagiarism checker" to the home page, in each language', async () => {
    const html = await renderHeader(GUEST);
    expect(hrefOf(html, 'Plagiarism checker')).toBe('/');
    expect(html).toContain('data-modal="login"');
    expect(hrefOf(await renderHeader(GUEST, 'es'), 'Detector de plagio')).toBe('/es/');
  });

  it('sends a logged-in user who clicks "Plagiarism checker" to the New check of the cabinet', async () => {
    const html = await renderHeader(USER);
    expect(hrefOf(html, 'Plagiarism checker')).toBe('/profile/new-check');
    // the account menu (loaded on demand) replaced the log-in buttons: this really is the logged-in header
    expect(html).not.toContain('data-modal="login"');
    expect(html).not.toContain('data-modal="signup"');
  });

  it('treats a guest account (a guest profile) and a session still being checked as guests', () => {
    expect(plagiarismCheckerPath({ ...USER, profile: { ...sampleUser, is_guest: true } }, 'en')).toBe('/');
    expect(plagiarismCheckerPath({ status: 'checking', profile: null, error: null }, 'es')).toBe('/es/');
  });

  it('offers Norsk in the language switcher on the cabinet pages only, and links Norwegian readers to English pages', async () => {
    const cabinet = await renderHeader(USER, 'no', '/profile/new-check');
    expect(cabinet).toMatch(/<div class="language-switcher" role="group" aria-label="Språk">/);
    expect(cabinet).toMatch(
      /<button type="button" lang="nb" class="language-switcher__option" aria-pressed="true">Norsk<\/button>/,
    );
    expect(cabinet).toMatch(/aria-pressed="false">English<\/button>/);
    expect(hrefOf(cabinet, 'Priser')).toBe('/pricing/');
    const pricing = await renderHeader(GUEST, 'en', '/pricing/');
    expect(pricing).not.toContain('Norsk');
    expect(pricing).toContain('Español');
  });

  it('shows the brand name beside the mark', async () => {
    const html = await renderHeader(GUEST);
    expect(html).toMatch(
      /<a [^>]*class="brand"[^>]*><svg class="logo"[\s\S]*?<span class="brand__name"[^>]*>Veritext<\/span><\/a>/,
    );
  });
});
