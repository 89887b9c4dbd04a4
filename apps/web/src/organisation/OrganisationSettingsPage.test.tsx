import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { GroupSettings } from '@veritext/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import type { CheckGroup } from '../check/account.ts';
import { GROUPS_QUERY_KEY } from '../check/groups.ts';
import { group } from '../check/testGroups.ts';
import { initI18n } from '../i18n/index.ts';
import { GROUP_SETTINGS_QUERY_KEY, OrganisationSettingsPage } from './OrganisationSettingsPage.tsx';

const SETTINGS: GroupSettings = {
  id: 4,
  name: 'Fjord School',
  description: 'Years 8 to 10',
  balance_type: 1,
  subscription_active: false,
  hide_new_check_for_student: true,
  website_checks_disabled: false,
  negative_balance_allowed: false,
  keep_documents_private: true,
  authorship_check_allowed: false,
  grammar_checker_enabled: false,
  max_members: 40,
  member_count: 12,
  pending_invitations: 3,
  is_disabled: false,
  created_at: '2026-03-05T10:00:00.000Z',
};

function render(groups: CheckGroup[], settings: GroupSettings | null, path = '/profile/organisation/'): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(GROUPS_QUERY_KEY, groups);
  if (settings !== null) queryClient.setQueryData([GROUP_SETTINGS_QUERY_KEY, settings.id], settings);
  const services = { queryClient, client: {}, endpoints: {} } as unknown as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <OrganisationSettingsPage />
        </ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the organisation settings page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows the owner the settings as switches with explanations, the members and the danger zone', () => {
    const html = render([group({ id: 4, name: 'Fjord School', current_user_role: 1 })], SETTINGS);
    expect(html).toContain('value="Fjord School"');
    expect(html).toContain('Created on 5 Mar 2026.');
    // in order: negative balance, lock students, LMS only, authorship, grammar, keep private; each explained
    const switches = html.match(/<input[^>]*role="switch"[^>]*>/g) ?? [];
    expect(switches.map((input) => input.includes('checked=""'))).toEqual([false, true, false, false, false, true]);
    for (const input of switches) expect(input).toMatch(/aria-describedby="[^"]+-hint"/);
    expect(html).toContain('Lock new checks for students');
    expect(html).toContain('Students cannot start new checks for the organisation.');
    expect(html).toContain('Documents already checked stay where they are.');
    expect(html).toContain('Members now: 12. Pending invitations: 3.');
    expect(html).toContain('value="40"');
    // the balance type can be chosen: a shared pool (chosen) or per-user limits
    expect(html).toContain('<input type="radio" name="balance_type" checked="" value="1"/>');
    expect(html).toContain('Per-user limits');
    expect(html).toContain('Delete organisation');
  });

  it('says the subscription sets the balance type instead of offering it', () => {
    const html = render([group({ id: 4, current_user_role: 1 })], {
      ...SETTINGS,
      balance_type: 3,
      subscription_active: true,
    });
    expect(html).not.toContain('name="balance_type"');
    expect(html).toContain('Your subscription sets how checks are paid for.');
  });

  it('opens the organisation of the address among several, and offers a user without one to create a team', () => {
    const groups = [
      group({ id: 4, name: 'Fjord School', current_user_role: 1 }),
      group({ id: 9, name: 'Delta Lab', current_user_role: 1 }),
    ];
    const html = render(groups, { ...SETTINGS, id: 9, name: 'Delta Lab' }, '/profile/organisation/?group=9');
    expect(html).toContain('<option value="9" selected="">Delta Lab</option>');
    expect(html).toContain('value="Delta Lab"');

    const none = render([group({ id: 4, current_user_role: 3 })], null);
    expect(none).toContain('You do not administer an organisation yet.');
    expect(none).toContain('Create a team');
    expect(none).not.toContain('Delete organisation');
  });
});
