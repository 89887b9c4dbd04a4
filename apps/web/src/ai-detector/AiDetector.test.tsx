import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AiCheckResult } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { createMemoryStore } from '../session/storage.ts';

/** A visitor's session: no profile yet. */
const guestSession = {
  getState: () => ({ status: 'guest', profile: null, error: null }),
  subscribe: () => () => undefined,
  getApiToken: () => null,
} as unknown as Services['session'];
import { initI18n } from '../i18n/index.ts';
import { AiDetector, LAST_AI_CHECK_KEY } from './AiDetector.tsx';

const RESULT: AiCheckResult = {
  id: 7,
  status: 4,
  enabled: true,
  content: 'A kept text that was checked before.',
  chunks: [{ position: [0, 36], reliability: 2 }],
  processed_percent: 100,
  likely_percent: 0,
  strong_percent: 100,
  mark: null,
  comment: null,
  score: 0.93,
  verdict: 'most likely AI',
  flagged: true,
  lang: 'en',
};

function render(options: { path?: string; seed?: AiCheckResult; lastCheck?: string } = {}): string {
  const queryClient = new QueryClient();
  if (options.seed !== undefined) queryClient.setQueryData(['ai-check', options.seed.id], options.seed);
  const storage = createMemoryStore();
  if (options.lastCheck !== undefined) storage.setItem(LAST_AI_CHECK_KEY, options.lastCheck);
  // The first render calls no service: the form is static until the user acts.
  const services = {
    queryClient,
    session: guestSession,
    storage,
  } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[options.path ?? '/ai-detector/']}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <AiDetector />
        </ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the AI detector form', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('is a labelled text area with a character count and a disabled Check for AI button', () => {
    const html = render();
    expect(html).toContain('data-aidetector=""');
    expect(html).toMatch(/<label for="([^"]+)-text" class="field__label">Text to check for AI<\/label>/);
    expect(html).toContain('0 characters (minimum 250; spaces and symbols do not count)');
    expect(html).toMatch(
      /<button type="submit" class="button button--primary button--large" disabled="">Check for AI<\/button>/,
    );
    expect(html).toContain('aria-live="polite"');
  });

  it('opens a kept result named by the address (?check=ID), as My Documents links to it', () => {
    const html = render({ path: '/ai-detector/?check=7', seed: RESULT });
    expect(html).toContain('Reads as AI-written');
    expect(html).toContain('A kept text that was checked before.');
    expect(html).not.toContain('Text to check for AI');
    // another id in the address is not this result
    expect(render({ path: '/ai-detector/?check=8', seed: RESULT })).not.toContain('A kept text');
  });

  it('offers a guest the last result made in this browser, and nothing when there is none', () => {
    expect(render({ lastCheck: '7' })).toMatch(
      /<button type="button" class="button button--small button--ghost">Open your last result<\/button>/,
    );
    expect(render()).not.toContain('Open your last result');
    expect(render({ lastCheck: 'nonsense' })).not.toContain('Open your last result');
  });
});
