import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { TIMINGS, type AiCheckSummary } from '@veritext/contracts';
import { resolveSchema, type ApiClient, type SchemaSource } from '../api/client.ts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { i18next, initI18n } from '../i18n/index.ts';
import { AiChecksList } from './AiChecksList.tsx';
import {
  aiCheckPath,
  aiCheckState,
  aiCheckTitle,
  aiChecksQueryKey,
  aiChecksRefetchInterval,
  checkIdFromSearch,
  fetchAiChecks,
  type AiChecksPage,
} from './aiChecks.ts';
import { MyChecks, tabOf } from './MyChecks.tsx';

function check(overrides: Partial<AiCheckSummary>): AiCheckSummary {
  return {
    id: 1,
    status: 4,
    title: 'Time management is an essential skill that can…',
    file_name: null,
    words: 160,
    verdict: 'highly likely AI',
    flagged: true,
    ai_percent: 65.778,
    group_id: null,
    created_at: '2026-03-04T15:06:00.000Z',
    ...overrides,
  };
}

const PAGE: AiChecksPage = {
  checks: [
    check({ id: 21 }),
    check({ id: 22, status: 2, verdict: null, flagged: false, ai_percent: null, title: 'Draft essay' }),
    check({ id: 23, status: 9, verdict: null, flagged: false, ai_percent: null, title: 'Le marché du samedi' }),
    check({ id: 24, verdict: 'likely human', flagged: false, ai_percent: 0, file_name: 'essay.docx' }),
  ],
  total: 4,
  page: 1,
  per_page: 20,
};

function render(data: AiChecksPage | undefined, path = '/profile/documents/?tab=ai', language = 'en'): string {
  const queryClient = new QueryClient();
  if (data !== undefined) queryClient.setQueryData(aiChecksQueryKey(null, 1), data);
  // the plagiarism tab (the cabinet) reads the session: a signed-in user
  const session = { subscribe: () => () => undefined, getState: () => ({ status: 'user', profile: null }) };
  const services = { queryClient, session } as unknown as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>{language === '' ? <AiChecksList /> : <MyChecks />}</ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

function rowOf(html: string, id: number): string {
  const match = new RegExp(`<tr[^>]*data-ai-check-id="${String(id)}"[\\s\\S]*?</tr>`).exec(html);
  expect(match, `row ${String(id)}`).not.toBeNull();
  return match?.[0] ?? '';
}

describe('the AI checks of My Documents', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('is a tab beside the plagiarism checks, named by the address', () => {
    const html = render(PAGE);
    expect(html).toMatch(/<nav class="documents-tabs" aria-label="Kinds of checks">/);
    expect(html).toMatch(
      /<a class="documents-tabs__tab is-current" aria-current="page" href="[^"]*\?tab=ai"[^>]*>AI checks<\/a>/,
    );
    expect(html).toMatch(/<a class="documents-tabs__tab" href="[^"]*"[^>]*>Plagiarism checks<\/a>/);
    expect(html).toContain('<h2 id=');
    expect(html).toContain('>AI checks</h2>');
    expect(tabOf(new URLSearchParams('tab=ai'))).toBe('ai');
    expect(tabOf(new URLSearchParams('tab=other'))).toBe('plagiarism');
    // without ?tab=ai the plagiarism checks show: the cabinet with its folders (issue 17)
    const cabinet = render(PAGE, '/profile/documents/');
    expect(cabinet).toContain('>Folders</h2>');
    expect(cabinet).toContain('>All documents</h2>');
    expect(cabinet).toMatch(
      /<a class="button button--primary button--small" href="\/profile\/new-check"[^>]*>New check<\/a>/,
    );
  });

  it('lists each check with its first words, date, verdict in words and AI share, and opens it on the AI detector', () => {
    const html = render(PAGE);
    expect(html).toContain('<caption class="visually-hidden">Your AI checks, newest first</caption>');
    const done = rowOf(html, 21);
    expect(done).toContain('data-verdict="ai"');
    expect(done).toMatch(
      /class="documents__name" data-label="Title">Time management is an essential skill that can…<\/th>/,
    );
    expect(done).toContain('<time dateTime="2026-03-04T15:06:00.000Z">');
    expect(done).toContain('Reads as AI-written');
    expect(done).toContain('65.78\u00a0%');
    expect(done).toMatch(
      /<a class="button button--small" aria-describedby="[^"]+" href="\/ai-detector\/\?check=21"[^>]*>Open result<\/a>/,
    );
    expect(done).toContain('aria-label="Delete the AI check Time management is an essential skill that can…"');

    const running = rowOf(html, 22);
    expect(running).toContain('In progress');
    expect(running).toContain('<span class="visually-hidden">Not available</span>');
    expect(running).not.toContain('Delete');
    expect(rowOf(html, 23)).toContain('Not checked');
    const human = rowOf(html, 24);
    expect(human).toContain('>essay.docx</th>');
    expect(human).toContain('Reads as written by a person');
    expect(human).toContain('0.00\u00a0%');
  });

  it('shows an empty state that leads to the AI detector', () => {
    const html = render({ checks: [], total: 0, page: 1, per_page: 20 });
    expect(html).toContain('data-testid="ai-checks-empty"');
    expect(html).toContain('No AI checks yet');
    expect(html).toMatch(/<a class="button button--primary" href="\/ai-detector\/"[^>]*>Check a text for AI<\/a>/);
  });

  it('reads in Spanish, with the Spanish page of the AI detector and the Spanish percent', async () => {
    await i18next.changeLanguage('es');
    try {
      const html = render(PAGE);
      const done = rowOf(html, 21);
      expect(done).toContain('Parece escrito por IA');
      expect(done).toContain('65,78\u00a0%');
      expect(done).toContain('href="/es/ai-detector/?check=21"');
      expect(html).toContain('Revisiones de IA');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('states, titles, addresses and polling', async () => {
    expect(aiCheckState({ status: 1, verdict: null })).toEqual({ kind: 'inProgress' });
    expect(aiCheckState({ status: 4, verdict: 'potentially AI' })).toEqual({ kind: 'done', band: 'uncertain' });
    // the server's band weighs the text's style and length too: it wins over the verdict alone
    expect(aiCheckState({ status: 4, verdict: 'likely human', band: 'uncertain' })).toEqual({
      kind: 'done',
      band: 'uncertain',
    });
    expect(aiCheckState({ status: 8, verdict: null })).toEqual({ kind: 'notChecked' });
    expect(aiCheckTitle({ title: '  ', file_name: null }, 'Untitled')).toBe('Untitled');
    expect(aiCheckTitle({ title: 'Words', file_name: 'a.pdf' }, 'Untitled')).toBe('a.pdf');
    expect(aiCheckPath(7, 'es')).toBe('/es/ai-detector/?check=7');
    expect(checkIdFromSearch(new URLSearchParams('check=12'))).toBe(12);
    expect(checkIdFromSearch(new URLSearchParams('check=0'))).toBeNull();
    expect(checkIdFromSearch(new URLSearchParams('check=1e3'))).toBeNull();
    expect(aiChecksRefetchInterval(PAGE)).toBe(TIMINGS.pollIntervalMs);
    expect(aiChecksRefetchInterval({ checks: [check({})] })).toBe(false);
    const asked: string[] = [];
    const client: Pick<ApiClient, 'getJson'> = {
      getJson: async <T,>(path: string, source: SchemaSource<T>) => {
        asked.push(path);
        const parsed = (await resolveSchema(source)).safeParse({ success: true, data: PAGE });
        if (!parsed.success) throw new Error('the list does not match its schema');
        return parsed.data;
      },
    };
    expect((await fetchAiChecks(client, { groupId: 5, page: 2 })).checks).toHaveLength(4);
    await fetchAiChecks(client);
    expect(asked).toEqual(['/api/v1/chat-gpt/?group_id=5&page=2', '/api/v1/chat-gpt/']);
  });
});
