import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { AiDetector } from './AiDetector.tsx';

function render(): string {
  const queryClient = new QueryClient();
  // The first render calls no service: the form is static until the user acts.
  const services = {
    queryClient,
    session: guestSession,
    storage: createMemoryStore(),
  } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter>
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
});
