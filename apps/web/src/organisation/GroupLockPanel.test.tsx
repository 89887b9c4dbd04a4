import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AiDetector } from '../ai-detector/AiDetector.tsx';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import type { CheckGroup } from '../check/account.ts';
import { ActingAs } from '../check/ActingAs.tsx';
import { GROUPS_QUERY_KEY } from '../check/groups.ts';
import { group } from '../check/testGroups.ts';
import { initI18n } from '../i18n/index.ts';
import { createMemoryStore } from '../session/storage.ts';

/** A registered user's session (a student of the test groups). */
const userSession = {
  getState: () => ({ status: 'user', profile: { is_guest: false, email: 'sam@example.com' }, error: null }),
  subscribe: () => () => undefined,
  getApiToken: () => 'token',
} as unknown as Services['session'];

function render(node: React.ReactNode, groups: CheckGroup[], path = '/'): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(GROUPS_QUERY_KEY, groups);
  const services = {
    queryClient,
    client: {},
    session: userSession,
    storage: createMemoryStore(),
  } as unknown as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>{node}</ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('an organisation that does not take new checks from the user', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('is marked in the "check for" chooser', () => {
    const html = render(<ActingAs groupId={null} onChange={() => undefined} />, [
      group({ id: 4, name: 'School', hide_new_check_for_student: true }),
      group({ id: 5, name: 'Club' }),
    ]);
    expect(html).toContain('<option value="4">School (new checks locked)</option>');
    expect(html).toContain('<option value="5">Club</option>');
  });

  it('shows the AI detector’s lock instead of its form, with the chooser to check for oneself', () => {
    const locked = render(
      <AiDetector />,
      [group({ id: 4, name: 'Fjord School', hide_new_check_for_student: true })],
      '/ai-detector/?group=4',
    );
    expect(locked).toContain('data-group-lock="student"');
    expect(locked).toContain('New checks are locked');
    expect(locked).toContain('Fjord School has turned off new checks for students.');
    expect(locked).toMatch(/<form hidden=""/);
    expect(locked).toContain('<option value="4" selected="">Fjord School (new checks locked)</option>');

    const website = render(
      <AiDetector />,
      [group({ id: 4, name: 'Fjord School', website_checks_disabled: true, current_user_role: 2 })],
      '/ai-detector/?group=4',
    );
    expect(website).toContain('Website checks are disabled for Fjord School.');

    const open = render(<AiDetector />, [group({ id: 4, name: 'Fjord School' })], '/ai-detector/?group=4');
    expect(open).not.toContain('data-group-lock');
    expect(open).not.toMatch(/<form hidden=""/);
    expect(open).toContain('<option value="4" selected="">Fjord School</option>');
  });
});
