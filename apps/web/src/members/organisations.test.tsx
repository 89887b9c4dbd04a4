import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_NAME_MAX, type MyInvitation } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import type { CheckGroup } from '../check/account.ts';
import { GROUPS_QUERY_KEY } from '../check/groups.ts';
import { initI18n } from '../i18n/index.ts';
import { GroupDocumentsPage } from '../pages/ProfilePages.tsx';
import { InvitationsCard } from './InvitationsCard.tsx';
import { OrganisationsCard } from './OrganisationsCard.tsx';
import {
  groupPages,
  menuGroups,
  MY_INVITATIONS_QUERY_KEY,
  organisationNameProblem,
  seesGroupBalance,
} from './organisations.ts';

const LONG_NAME = 'Universidad Nacional de Educación Técnica'; // 41 characters

function group(
  id: number,
  name: string,
  role: number,
  balance = { balance: 120, bonus: 5, ai_balance: 30 },
): CheckGroup {
  return {
    id,
    name,
    balance_type: 1,
    group_balance: balance,
    current_user_role: role,
    created_by_user: role === 1,
    hide_new_check_for_student: false,
  };
}

const INVITATION: MyInvitation = {
  id: 31,
  group: { id: 4, name: LONG_NAME },
  role: 2,
  limit: 40,
  invited_by: 'Olga Owner',
  invited_at: '2026-03-03T10:00:00.000Z',
};

function render(
  children: ReactNode,
  data: { groups?: CheckGroup[]; invitations?: MyInvitation[]; path?: string; route?: string },
): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryOnMount: false, staleTime: Infinity } } });
  if (data.groups !== undefined) queryClient.setQueryData(GROUPS_QUERY_KEY, data.groups);
  if (data.invitations !== undefined) queryClient.setQueryData(MY_INVITATIONS_QUERY_KEY, data.invitations);
  // the documents page reads who is signed in (its author column and its own documents)
  const session = { subscribe: () => () => undefined, getState: () => ({ status: 'user', profile: { id: 101 } }) };
  const services = { queryClient, session } as unknown as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[data.path ?? '/profile/']}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <Routes>
            <Route path={data.route ?? '/profile/'} element={children} />
          </Routes>
        </ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the rules of the organisation views', () => {
  it('shows the balance to owners and teachers, not to students; pages are paid plus bonus', () => {
    expect(seesGroupBalance(group(1, 'A', 1))).toBe(true);
    expect(seesGroupBalance(group(1, 'A', 2))).toBe(true);
    expect(seesGroupBalance(group(1, 'A', 3))).toBe(false);
    expect(groupPages(group(1, 'A', 1))).toBe(125);
    const ordered = menuGroups([group(3, 'Zeta', 2), group(2, 'Beta', 3), group(1, 'Alpha', 1), group(4, 'Acme', 2)]);
    expect(ordered.map((g) => g.id)).toEqual([1, 4, 3]);
  });

  it('takes an organisation name up to 100 characters and refuses a longer one (never cuts it)', () => {
    expect(ORGANISATION_NAME_MAX).toBe(100);
    expect(organisationNameProblem(LONG_NAME)).toBeNull();
    expect(organisationNameProblem('x'.repeat(100))).toBeNull();
    expect(organisationNameProblem(`  ${'x'.repeat(100)}  `)).toBeNull();
    expect(organisationNameProblem('x'.repeat(101))).toBe('too_long');
  });
});

describe('the cabinet’s organisation cards', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('lists a pending invitation with who invited, the role, the limit, Accept and Decline', () => {
    const html = render(<InvitationsCard />, { invitations: [INVITATION] });
    expect(html).toContain('id="invitations"');
    expect(html).toContain('>Invitations</h2>');
    expect(html).toContain(`Olga Owner invited you to join ${LONG_NAME} as Teacher.`);
    expect(html).toContain('Page limit in the organisation: 40');
    expect(html).toContain(`aria-label="Accept the invitation to ${LONG_NAME}"`);
    expect(html).toContain(`aria-label="Decline the invitation to ${LONG_NAME}"`);
    expect(html).toContain('Until you accept, they see only your email address.');
    // nothing at all without invitations
    expect(render(<InvitationsCard />, { invitations: [] })).toBe('');
  });

  it('shows the owner the organisation’s whole name, pages and AI pages, and its members page; no Leave', () => {
    const html = render(<OrganisationsCard />, { groups: [group(4, LONG_NAME, 1)] });
    expect(html).toContain(`<h3 class="organisations-list__name">${LONG_NAME}</h3>`);
    expect(html).toContain('Your role: Administrator');
    expect(html).toContain(`aria-label="Balance of ${LONG_NAME}"`);
    expect(html).toMatch(/<dt>Pages<\/dt><dd>125<\/dd>/);
    expect(html).toMatch(/<dt>AI pages<\/dt><dd>30<\/dd>/);
    expect(html).toContain('href="/profile/members/?group=4"');
    expect(html).toContain('href="/profile/my-documents/group/4"');
    expect(html).not.toContain('>Leave</button>');
    expect(html).toContain('You are its administrator');
  });

  it('shows a student the name and role with Leave, without the balance or the members page', () => {
    const html = render(<OrganisationsCard />, { groups: [group(5, 'North High', 3)] });
    expect(html).toContain('>North High</h3>');
    expect(html).toContain('Your role: Student');
    expect(html).not.toContain('<dt>AI pages</dt>');
    expect(html).not.toContain('/profile/members/');
    expect(html).toContain('aria-label="Leave North High"');
    // and nothing for someone in no organisation
    expect(render(<OrganisationsCard />, { groups: [] })).toBe('');
  });

  it('names the organisation on its documents page, never by its number', () => {
    const html = render(<GroupDocumentsPage />, {
      groups: [group(4, LONG_NAME, 1)],
      path: '/profile/my-documents/group/4',
      route: '/profile/my-documents/group/:groupId',
    });
    expect(html).toContain(`Documents checked in ${LONG_NAME}.`);
    expect(html).not.toMatch(/organisation 4/i);
  });
});
