import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, MEMBER_MESSAGES, type GroupInvite, type Member, type MemberInvitation } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import type { CheckGroup } from '../check/account.ts';
import { GROUPS_QUERY_KEY } from '../check/groups.ts';
import { initI18n } from '../i18n/index.ts';
import { MembersPage } from './MembersPage.tsx';
import { MemberRow, RemoveMemberActions } from './MembersTable.tsx';
import { MemberFileNote, UploadResults } from './MemberUpload.tsx';
import { membersQueryKey } from './members.ts';

function group(id: number, name: string, role: number): CheckGroup {
  return {
    id,
    name,
    balance_type: 1,
    group_balance: { balance: 100, bonus: 0, ai_balance: 0 },
    current_user_role: role,
    created_by_user: role === 1,
    hide_new_check_for_student: false,
  };
}

const MEMBERS: Member[] = [
  {
    user_id: 12,
    name: 'Zoe Student',
    email: 'zoe@school.edu',
    role: 3,
    limit: 10,
    used_pages: 3,
    status: 'active',
    joined_at: '2026-03-02T10:00:00.000Z',
    is_you: false,
  },
  {
    user_id: 7,
    name: 'Olga Owner',
    email: 'olga@school.edu',
    role: 1,
    limit: null,
    used_pages: 40,
    status: 'active',
    joined_at: '2026-03-01T10:00:00.000Z',
    is_you: true,
  },
  {
    user_id: 9,
    name: 'Bea Teacher',
    email: 'bea@school.edu',
    role: 2,
    limit: 0,
    used_pages: 0,
    status: 'active',
    joined_at: '2026-03-01T11:00:00.000Z',
    is_you: false,
  },
];

const INVITATIONS: MemberInvitation[] = [
  { id: 31, email: 'Nina@School.edu', role: 2, limit: 25, status: 'invited', invited_at: '2026-03-03T10:00:00.000Z' },
];

const INVITES: GroupInvite[] = [
  { role: 2, url: 'https://veritext.test/?invite=teacher-token-123456789', token: 't', created_at: '2026-03-01' },
  { role: 3, url: 'https://veritext.test/?invite=student-token-123456789', token: 's', created_at: '2026-03-01' },
];

function withServices(children: ReactNode, data: { groups: CheckGroup[]; path?: string }): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  queryClient.setQueryData(GROUPS_QUERY_KEY, data.groups);
  for (const g of data.groups) {
    queryClient.setQueryData(
      membersQueryKey(g.id),
      g.id === 4 ? { members: MEMBERS, invitations: INVITATIONS } : { members: [], invitations: [] },
    );
    queryClient.setQueryData(['group-invites', g.id], INVITES);
  }
  const services = { queryClient } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[data.path ?? '/profile/members/']}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>{children}</ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const renderPage = (groups: CheckGroup[], path?: string) =>
  withServices(<MembersPage />, { groups, ...(path === undefined ? {} : { path }) });

/** The markup of one table row (by member id). */
function rowOf(html: string, userId: number): string {
  const match = new RegExp(`<tr[^>]*data-member="${String(userId)}"[^>]*>(.*?)</tr>`).exec(html);
  return match?.[1] ?? '';
}

describe('the organisation members page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('denies access to someone who administers no organisation', () => {
    for (const groups of [[], [group(4, 'North School', 3), group(5, 'South School', 2)]]) {
      const html = renderPage(groups);
      expect(html).toContain('Access denied');
      expect(html).toContain('Only the administrator of an organisation can manage its members.');
      expect(html).not.toContain('<form');
      expect(html).not.toContain('zoe@school.edu');
    }
  });

  it('gives an owner the add form with labelled fields, the role list and the limit hint', () => {
    const html = renderPage([group(4, 'North School', 1)]);
    expect(html).not.toContain('Access denied');
    expect(html).toContain('<h2 id="');
    expect(html).toContain('>Add a member</h2>');
    expect(html).toMatch(/<label for="([^"]+)" class="field__label">Name<\/label><input id="\1"[^>]*maxLength="25"/);
    expect(html).toMatch(/<label for="([^"]+)" class="field__label">Email<\/label><input id="\1"[^>]*type="email"/);
    expect(html).toMatch(
      /<label for="([^"]+)" class="field__label">Page limit<\/label><input id="\1"[^>]*aria-describedby="\1-hint"[^>]*inputMode="numeric"/,
    );
    expect(html).toContain('Leave empty for no limit.');
    expect(html).toMatch(
      /<label for="([^"]+)" class="field__label">Role<\/label><select id="\1"[^>]*><option value="3" selected="">Student<\/option><option value="2">Teacher<\/option><\/select>/,
    );
    expect(html).toContain('>Add member</button>');
    // the success notice is a live region from the start, so that it is announced when it fills
    expect(html).toContain('<div role="status" class="visually-hidden"></div>');
    // no group chooser for a single organisation
    expect(html).not.toContain('>Organisation</label>');
  });

  it('explains the member file: columns in order, the optional ones, formats and the 1 MB limit', () => {
    const html = renderPage([group(4, 'North School', 1)]);
    expect(html).toContain('>Upload from file</h2>');
    expect(html).toContain(
      '<ol class="members-note__columns"><li>Name</li><li>Email</li><li>Limit<span class="muted"> (optional)</span></li><li>Role (Teacher or Student)<span class="muted"> (optional)</span></li></ol>',
    );
    expect(html).toContain('A first row with column titles is skipped.');
    expect(html).toContain('CSV, XLS or XLSX, up to 1\u00a0MB.');
    expect(html).toMatch(/<input type="file" accept="\.csv,\.xls,\.xlsx"/);
    expect(html).toContain('>Choose a file</button>');
    expect(html).toContain('Drag a file here, or choose one.');
    expect(html).toContain('>Upload and invite members</button>');
    expect(html).toMatch(
      /<a class="members-note__sample" href="data:text\/csv;charset=utf-8,[^"]+" download="members.csv">/,
    );
  });

  it('lists the members in a captioned table: administrator first, row headers, limits, usage and status', () => {
    const html = renderPage([group(4, 'North School', 1)]);
    expect(html).toContain('<caption class="visually-hidden">Members of North School</caption>');
    for (const column of ['Name', 'Email', 'Role', 'Page limit', 'Pages used', 'Status']) {
      expect(html).toContain(`<th scope="col">${column}</th>`);
    }
    expect(html).toContain('<th scope="col"><span class="visually-hidden">Actions</span></th>');
    expect(html).toContain('3 members');
    const order = ['olga@school.edu', 'bea@school.edu', 'zoe@school.edu'].map((email) => html.indexOf(email));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const owner = rowOf(html, 7);
    expect(owner).toMatch(
      /<th scope="row" data-label="Name"[^>]*><span>Olga Owner<\/span><span class="badge badge--neutral">you<\/span><\/th>/,
    );
    expect(owner).toContain('>Administrator</td>');
    expect(owner).toContain('<span class="muted">No limit</span>');
    expect(owner).toContain('aria-label="Edit the page limit of Olga Owner"');
    expect(owner).not.toContain('Remove');

    const student = rowOf(html, 12);
    expect(student).toContain('>Student</td>');
    expect(student).toContain('3 of 10');
    expect(student).toContain('<span class="badge badge--success">Active</span>');
    expect(student).toContain('aria-label="Edit the page limit and role of Zoe Student"');
    expect(student).toContain('aria-label="Remove Zoe Student"');

    const teacher = rowOf(html, 9);
    expect(teacher).toContain('>Teacher</td>');
    expect(teacher).toContain('<span class="members-usage is-over">0 of 0');
    expect(teacher).toContain('<span class="badge badge--success">Active</span>');

    // a pending invitation: the address typed, the role and limit chosen, "Invited", Cancel; no name, no usage
    expect(html).toContain('3 members · 1 invitation pending');
    const invited = /<tr data-invitation="31">(.*?)<\/tr>/.exec(html)?.[1] ?? '';
    expect(invited).toContain(
      '<th scope="row" data-label="Name" class="members-table__name"><span class="muted">—</span></th>',
    );
    expect(invited).toContain('>Nina@School.edu</td>');
    expect(invited).toContain('>Teacher</td>');
    expect(invited).toContain('>25</td>');
    expect(invited).toContain('<span class="badge badge--warning">Invited</span>');
    expect(invited).toContain('aria-label="Cancel the invitation of Nina@School.edu"');
    expect(invited).not.toContain('Edit');
    // after the members
    expect(html.indexOf('Nina@School.edu')).toBeGreaterThan(html.indexOf('zoe@school.edu'));
  });

  it('shows the registration links of the organisation', () => {
    const html = renderPage([group(4, 'North School', 1)]);
    expect(html).toContain('>Registration links</h2>');
    expect(html).toContain('value="https://veritext.test/?invite=teacher-token-123456789"');
    expect(html).toContain('value="https://veritext.test/?invite=student-token-123456789"');
  });

  it('lets an owner of several organisations choose one, from the address first', () => {
    const groups = [group(4, 'North School', 1), group(5, 'South School', 1), group(6, 'Elsewhere', 3)];
    const html = renderPage(groups, '/profile/members/?group=5');
    expect(html).toMatch(/<label for="([^"]+)" class="field__label">Organisation<\/label><select id="\1"/);
    expect(html).toContain(
      '<option value="4">North School</option><option value="5" selected="">South School</option></select>',
    );
    expect(html).not.toContain('Elsewhere');
    expect(html).toContain('<h3 class="invite-links__group">South School</h3>');
    expect(html).toContain('0 members');
    expect(html).toContain('No members yet.');
    expect(renderPage(groups)).toContain('Members of North School');
  });
});

describe('a member row being edited', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  const row = (member: Member) =>
    withServices(
      <table>
        <tbody>
          <MemberRow
            member={member}
            groupId={4}
            isEditing
            onEdit={() => undefined}
            onDone={() => undefined}
            onRemove={() => undefined}
          />
        </tbody>
      </table>,
      { groups: [] },
    );

  it('edits the limit and the role in place, with Save and Cancel', () => {
    const html = row(MEMBERS[0] as Member);
    expect(html).toContain('aria-label="Page limit of Zoe Student"');
    expect(html).toContain('value="10"');
    expect(html).toMatch(/<select[^>]*aria-label="Role of Zoe Student"[^>]*><option value="3" selected="">Student/);
    expect(html).toContain('>Save</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).not.toContain('Remove');
    // the cells' fields belong to the row's form
    const formId = /<form id="([^"]+)"/.exec(html)?.[1];
    expect(formId).toBeDefined();
    expect(html).toContain(`form="${formId ?? ''}"`);
  });

  it('keeps the administrator’s role out of the edit', () => {
    const html = row(MEMBERS[1] as Member);
    expect(html).toContain('aria-label="Page limit of Olga Owner"');
    expect(html).toContain('placeholder="No limit"');
    expect(html).not.toContain('<select');
    expect(html).toContain('Administrator');
  });
});

describe('the results of an upload', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('sums up and lists each row with its outcome badge', () => {
    const html = withServices(
      <UploadResults
        fileName="class.csv"
        data={{
          added: 2,
          invited: 2,
          total: 5,
          rows: [
            { row: 2, name: 'Ana', email: 'ana@x.io', outcome: 'invited', message: MEMBER_MESSAGES.invited },
            { row: 3, name: 'Luis', email: 'luis@x.io', outcome: 'invited', message: MEMBER_MESSAGES.invited },
            {
              row: 6,
              name: 'Pat',
              email: 'pat@x.io',
              outcome: 'duplicate',
              message: ERRORS.invitation_exists.message,
            },
            {
              row: 4,
              name: 'Olga',
              email: 'olga@school.edu',
              outcome: 'duplicate',
              message: MEMBER_MESSAGES.duplicate,
            },
            { row: 5, name: 'Eve', email: 'eve', outcome: 'invalid', message: MEMBER_MESSAGES.emailInvalid },
          ],
        }}
      />,
      { groups: [] },
    );
    expect(html).toContain('Results of class.csv');
    expect(html).toContain(
      '<div role="status" class="alert alert--info"><p>2 of 5 rows invited. Each person joins when they accept the invitation. 3 rows were not added: see the details below.</p></div>',
    );
    expect(html).toContain('<th scope="col">Row</th>');
    expect(html).toContain('<th scope="row" data-label="Row">5</th>');
    expect(html).not.toContain('>Added</span>');
    expect(html).toContain('<span class="badge badge--info">Invited</span>');
    expect(html).toContain('<span class="badge badge--warning">Already a member or invited</span>');
    expect(html).toContain('<td data-label="Details">This address has already been invited to this organisation.</td>');
    expect(html).toContain('<span class="badge badge--danger">Not added</span>');
    expect(html).toContain('A user with this email address is already in this organisation.');
    expect(html).toContain('<td data-label="Details">Please enter a valid email address.</td>');
    expect(html).toContain('<td data-label="Details">An invitation was sent by email.</td>');
    expect(html).toContain(
      '<td data-label="Member" class="members-results__member"><span>Eve</span><span class="muted members-table__email">eve</span></td>',
    );
  });

  it('says so when the file had no member rows', () => {
    const html = withServices(
      <UploadResults fileName="empty.csv" data={{ added: 0, invited: 0, total: 0, rows: [] }} />,
      {
        groups: [],
      },
    );
    expect(html).toContain('The file had no member rows.');
    expect(html).not.toContain('<table');
  });
});

describe('in Spanish', () => {
  beforeAll(async () => {
    await initI18n('es');
  });

  it('names the columns of the file and the outcome of a row in Spanish', () => {
    const note = withServices(<MemberFileNote />, { groups: [] });
    expect(note).toContain('<li>Correo electrónico</li>');
    expect(note).toContain('(opcional)');
    const html = withServices(
      <UploadResults
        fileName="clase.xlsx"
        data={{
          added: 0,
          invited: 0,
          total: 1,
          rows: [{ row: 2, name: 'Eve', email: 'eve', outcome: 'invalid', message: MEMBER_MESSAGES.emailInvalid }],
        }}
      />,
      { groups: [] },
    );
    expect(html).toContain('0 de 1 filas invitadas.');
    expect(html).toContain('No añadido');
    expect(html).toContain('Escribe un correo electrónico válido.');
  });

  it('writes large counts with the Spanish thousands separator', () => {
    const html = withServices(
      <UploadResults fileName="clase.xlsx" data={{ added: 1500, invited: 1500, total: 12_500, rows: [] }} />,
      { groups: [] },
    );
    expect(html).toContain('1500 de 12.500 filas invitadas.');
  });
});

describe('the Remove confirmation', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('offers Cancel and Remove, and shows a refusal above them', () => {
    const html = renderToStaticMarkup(
      <RemoveMemberActions isRemoving={false} error={null} onConfirm={() => undefined} onCancel={() => undefined} />,
    );
    expect(html).toContain('<button type="button" class="button button--ghost">Cancel</button>');
    expect(html).toContain('<button type="button" class="button button--danger" aria-busy="false">Remove</button>');
    expect(html).not.toContain('role="alert"');
    const busy = renderToStaticMarkup(
      <RemoveMemberActions
        isRemoving
        error="The administrator cannot be removed"
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(busy).toContain('<p class="alert alert--error" role="alert">The administrator cannot be removed</p>');
    expect(busy).toContain(
      'disabled="" aria-busy="true"><span class="spinner spinner--sm" aria-hidden="true"></span>Removing…',
    );
  });
});
