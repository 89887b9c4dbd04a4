import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorshipResult } from '@veritext/contracts';
import { ServicesContext } from '../../app/ServicesContext.tsx';
import type { Services } from '../../app/services.ts';
import { i18next as i18n, initI18n } from '../../i18n/index.ts';
import { AuthorshipPanel, AuthorshipPanelView, authorshipQueryKey } from './AuthorshipPanel.tsx';

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const RESULT: AuthorshipResult = {
  id: 3,
  text_check_id: 42,
  method: 'general-impostors-cosine-delta',
  language: 'en',
  score: 0.215,
  verdict: 'different_author',
  thresholds: { same: 0.7, different: 0.35 },
  chance: 0.2,
  original_characters: 4200,
  student: { id: 7, name: 'Ann Student' },
  known: [
    { id: 11, title: 'Essay on rivers', created_at: '2026-10-01T10:00:00.000Z', similarity: 0.41 },
    { id: 12, title: 'Essay on mills', created_at: '2026-10-20T10:00:00.000Z', similarity: 0.38 },
  ],
  impostors: { papers: 5, students: 3, nearest_similarity: 0.62 },
  features: [
    { kind: 'word', name: 'however', document: 0, usual: 14.2, unit: 'per_1000_words', z: -2.1 },
    { kind: 'punctuation', name: '?', document: 9.5, usual: 0, unit: 'per_1000_characters', z: 2.4 },
    { kind: 'sentence_length', name: '', document: 8.25, usual: 31, unit: 'words', z: -1.8 },
  ],
  pages: 3,
  created_at: '2026-11-26T10:00:00.000Z',
};

const noop = () => undefined;

function wrap(node: ReactNode, queryClient = new QueryClient()): string {
  const services = { endpoints: {} } as unknown as Services;
  return renderToStaticMarkup(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </ServicesContext.Provider>,
  );
}

function view(props: Partial<Parameters<typeof AuthorshipPanelView>[0]>): string {
  return wrap(
    <AuthorshipPanelView
      checkId={42}
      result={null}
      stage="idle"
      errorText={null}
      onStart={noop}
      onConfirm={noop}
      onCancel={noop}
      {...props}
    />,
  );
}

describe('the authorship check panel (issue 18)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('is hidden for personal documents and for callers the server does not enable (students, setting off)', () => {
    expect(wrap(<AuthorshipPanel checkId={42} groupId={null} />)).toBe('');
    const queryClient = new QueryClient();
    queryClient.setQueryData(authorshipQueryKey(42), { enabled: false, status: null, result: null });
    expect(wrap(<AuthorshipPanel checkId={42} groupId={5} />, queryClient)).toBe('');
    queryClient.setQueryData(authorshipQueryKey(42), { enabled: true, status: null, result: null });
    expect(textOf(wrap(<AuthorshipPanel checkId={42} groupId={5} />, queryClient))).toContain(
      'Check authorship (3 pages)',
    );
  });

  it('asks to confirm the cost, then shows a progress indicator', () => {
    expect(textOf(view({ stage: 'idle' }))).toContain('Check authorship (3 pages)');
    const confirming = view({ stage: 'confirming' });
    expect(textOf(confirming)).toContain("uses 3 pages of the organisation's balance");
    expect(confirming).toContain('data-testid="authorship-confirm"');
    const running = view({ stage: 'running' });
    expect(running).toContain('role="status"');
    expect(textOf(running)).toContain('Comparing the writing style…');
    expect(running).not.toContain('data-testid="authorship-run"');
  });

  it('shows each refusal as an alert, in the words of the error catalogue', () => {
    for (const code of [
      'authorship_disabled',
      'authorship_not_enough_text',
      'authorship_not_enough_student_papers',
      'authorship_not_enough_other_papers',
    ]) {
      const message = i18n.t(`errors.${code}`);
      expect(message).not.toBe(`errors.${code}`);
      const html = view({ errorText: message });
      expect(html).toContain('role="alert"');
      expect(textOf(html)).toContain(message);
    }
    expect(i18n.t('errors.authorship_not_enough_text')).toContain('3000');
  });

  it('shows the verdict, the score, the papers compared, the differing features and the PDF button', () => {
    const text = textOf(view({ result: RESULT }));
    expect(text).toContain("Differs from the student's earlier papers");
    expect(text).toContain('Score 0.22 out of 1');
    expect(text).toContain('by chance: about 0.2');
    expect(text).toContain('Essay on rivers');
    expect(text).toContain('Compared against 5 papers by 3 other students.');
    expect(text).toContain('Uses “however” 0.0 times per 1,000 words; the earlier papers 14.2.');
    expect(text).toContain('Uses “?” 9.5 times per 1,000 characters');
    expect(text).toContain('Sentences of 8.3 words on average; the earlier papers 31.0.');
    expect(text).toContain('Download PDF');
    expect(view({ result: RESULT })).toContain('href="/profile/report/11"');
    expect(view({ result: { ...RESULT, verdict: 'inconclusive' } })).toContain('data-verdict="inconclusive"');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    const text = textOf(view({ result: RESULT }));
    expect(text).toContain('Difiere de los trabajos anteriores del estudiante');
    expect(text).toContain('Usa «however» 0,0 veces cada 1.000 palabras');
    expect(textOf(view({ stage: 'idle' }))).toContain('Verificar autoría (3 páginas)');
    expect(view({ result: RESULT })).toContain('href="/es/profile/report/11"');
    await i18n.changeLanguage('en');
  });
});
