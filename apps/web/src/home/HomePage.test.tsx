import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import type { SiteLanguage } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import { HomePage } from '../pages/SitePages.tsx';
import type { SessionState } from '../session/store.ts';
import { createMemoryStore } from '../session/storage.ts';

async function renderHome(lang: SiteLanguage): Promise<string> {
  await initI18n(lang);
  const queryClient = new QueryClient();
  const state: SessionState = { status: 'guest', profile: null, error: null };
  const session = {
    getState: () => state,
    subscribe: () => () => undefined,
    getApiToken: () => null,
  } as unknown as Services['session'];
  const services = { queryClient, session, storage: createMemoryStore() } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[lang === 'es' ? '/es/' : '/']}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <HomePage />
        </ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** The text of the markup, tags removed and entities of quotes decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

const SECTIONS = {
  en: [
    'Check texts for plagiarism and AI writing',
    'How it works',
    'A sample report',
    'What your text is compared with',
    'Your privacy, in plain words',
    'Questions and answers',
  ],
  es: [
    'Detecta plagio y textos escritos por IA',
    'Cómo funciona',
    'Un informe de ejemplo',
    'Con qué se compara tu texto',
    'Tu privacidad, en pocas palabras',
    'Preguntas frecuentes',
  ],
} as const;

describe('the home page', () => {
  afterAll(async () => {
    await initI18n('en');
  });

  it.each(['en', 'es'] as const)('has the form first, then every section in order, in %s', async (lang) => {
    const html = await renderHome(lang);
    const headings = [...html.matchAll(/<h([12])[^>]*>([^<]*)<\/h\1>/g)].map((match) => match[2]);
    expect(headings).toEqual(SECTIONS[lang]);
    // the text box comes before the first section below the hero, the three points after the form
    const textarea = html.indexOf('<textarea');
    expect(textarea).toBeGreaterThan(html.indexOf('<h1'));
    expect(textarea).toBeLessThan(html.indexOf('home-hero__points'));
    expect(html.indexOf('home-hero__points')).toBeLessThan(html.indexOf('id="home-steps-title"'));
  });

  it('lists three steps', async () => {
    const html = await renderHome('en');
    expect(html.match(/class="home-steps__item"/g)).toHaveLength(3);
    expect(textOf(html)).toContain('Paste or upload');
    expect(textOf(html)).toContain('Read the report');
  });

  it('does not load the sample report with the page: only its place, until the visitor scrolls near', async () => {
    const html = await renderHome('en');
    expect(html).toContain('class="home-sample__slot" data-loaded="false"');
    expect(html).not.toContain('data-sample-report');
  });

  it.each([
    ['en', 'the internet is not searched, and every report says so'],
    ['es', 'Si no lo tiene, no se busca, y cada informe lo indica'],
  ] as const)('says honestly when the internet is searched (%s)', async (lang, honest) => {
    const html = await renderHome(lang);
    const compared = html.slice(html.indexOf('home-compared'), html.indexOf('home-privacy'));
    expect(compared.match(/data-compared="/g)).toHaveLength(4);
    expect(compared).toContain('data-compared="documents"');
    expect(compared).toContain('data-compared="collections"');
    expect(compared).toContain('data-compared="internet"');
    expect(compared).toContain('data-compared="ai"');
    expect(textOf(compared)).toContain(honest);
    expect(compared).toContain(lang === 'es' ? 'href="/es/ai-detector/"' : 'href="/ai-detector/"');
  });

  it.each([
    ['en', "Don't add this text to the Veritext index", '30 days', 'href="/privacy/"'],
    ['es', 'No añadir este texto al índice de Veritext', '30 días', 'href="/es/privacy/"'],
  ] as const)(
    'explains privacy with the form’s own opt-out label, the guest retention and the policy (%s)',
    async (lang, optOut, retention, policy) => {
      const html = await renderHome(lang);
      const privacy = textOf(html.slice(html.indexOf('home-privacy'), html.indexOf('home-faq')));
      expect(privacy).toContain(lang === 'es' ? `«${optOut}»` : `“${optOut}”`);
      expect(privacy).toContain(retention);
      expect(html.slice(html.indexOf('home-privacy'))).toContain(policy);
    },
  );

  it.each(['en', 'es'] as const)('answers 6 to 8 questions as native disclosures (%s)', async (lang) => {
    const html = await renderHome(lang);
    const faq = html.slice(html.indexOf('home-faq'));
    const questions = [
      ...faq.matchAll(/<details class="home-faq__item"[^>]*><summary[^>]*>([^<]+)<\/summary><p[^>]*>([^<]+)<\/p>/g),
    ];
    expect(questions.length).toBeGreaterThanOrEqual(6);
    expect(questions.length).toBeLessThanOrEqual(8);
    for (const [, question, answer] of questions) {
      expect(question?.trim().endsWith('?')).toBe(true);
      expect(answer?.length).toBeGreaterThan(40);
    }
    expect(textOf(faq)).toContain(lang === 'es' ? 'tras 30 días' : 'after 30 days');
  });
});
