import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import type { CheckGroup } from './account.ts';
import { ActingAs } from './ActingAs.tsx';
import { GROUPS_QUERY_KEY } from './groups.ts';
import { group } from './testGroups.ts';

function render(groups: CheckGroup[], groupId: number | null): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(GROUPS_QUERY_KEY, groups);
  const services = { queryClient, client: {} } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ServicesContext value={services}>
        <ActingAs groupId={groupId} onChange={() => undefined} />
      </ServicesContext>
    </QueryClientProvider>,
  );
}

describe('whom a check is for', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('is not shown to a user without organisations', () => {
    expect(render([], null)).toBe('');
  });

  it('offers the user and each organisation, with the chosen one selected', () => {
    const html = render([group({ id: 4, name: 'School' }), group({ id: 9, name: '' })], 9);
    expect(html).toContain('Check for');
    expect(html).toContain('<option value="">Myself (my balance)</option>');
    expect(html).toContain('<option value="4">School</option>');
    expect(html).toContain('<option value="9" selected="">Organisation #9</option>');
  });
});
