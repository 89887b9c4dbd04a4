import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Notice } from '@veritext/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import { NoticesPage } from './NoticesPage.tsx';
import { NOTICES_QUERY_KEY, noticeActionPath, senderOf } from './notices.ts';

const NOTICE: Notice = {
  id: 5,
  kind: 'notify_admin',
  reason: 'ai_pages',
  group: { id: 4, name: 'North School' },
  from: { name: 'Sam Student', email: 'sam@school.edu' },
  created_at: '2026-03-02T10:00:00.000Z',
  read: false,
};

function render(data: { notices: Notice[]; unread: number }, path = '/profile/notices/'): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  queryClient.setQueryData(NOTICES_QUERY_KEY, data);
  const services = { queryClient } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <NoticesPage />
        </ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe("the owner's notifications", () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('says who asks for what for which organisation, marks the unread, and links to buying', () => {
    const html = render({
      notices: [NOTICE, { ...NOTICE, id: 4, reason: 'upgrade', read: true, from: { name: '', email: 'x@s.edu' } }],
      unread: 1,
    });
    expect(html).toContain('<h1');
    expect(html).toContain('aria-label="Notifications, 1 unread"');
    expect(html).toContain('Unread: </span>Sam Student asks you for more AI pages for North School.');
    expect(html).toContain('x@s.edu asks you for an upgrade of the subscription for North School.');
    expect(html).toContain('href="/pricing/?ai="');
    expect(html).toContain('>Buy pages for North School</a>');
    expect(html).toContain('>Upgrade the plan of North School</a>');
    // only the unread one can be marked read
    expect(html.match(/Mark as read/g)).toHaveLength(1);
  });

  it('explains an empty list', () => {
    expect(render({ notices: [], unread: 0 })).toContain('No notifications yet.');
  });

  it('sends the owner to the pricing page in the language of the page', () => {
    expect(noticeActionPath(NOTICE, 'es')).toBe('/es/pricing/?ai=');
    expect(noticeActionPath({ ...NOTICE, reason: 'pages' }, 'en')).toBe('/pricing/');
    expect(senderOf({ ...NOTICE, from: { name: '  ', email: 'a@b.c' } })).toBe('a@b.c');
  });
});
