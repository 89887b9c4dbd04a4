import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Folder, TextDocument } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { GROUPS_QUERY_KEY } from '../check/groups.ts';
import { initI18n } from '../i18n/index.ts';
import { Cabinet } from './Cabinet.tsx';

function folder(id: number, name: string, parent: number | null, extra: Partial<Folder> = {}): Folder {
  return {
    id,
    name,
    parent_id: parent,
    group_id: 7,
    owner: { id: 1, name: 'Tina Teacher', email: 'tina@example.com' },
    is_owner: true,
    can_write: true,
    is_shared: false,
    documents: 2,
    created_at: '2026-03-01T00:00:00.000Z',
    ...extra,
  };
}

function document(id: number, title: string, author: string, extra: Partial<TextDocument> = {}): TextDocument {
  return {
    id,
    state: 5,
    title,
    file_name: null,
    words: 500,
    pages: 2,
    percent: 12.5,
    ai_status: null,
    ai_percent: null,
    group_id: 7,
    in_index: true,
    error: null,
    created_at: '2026-03-04T15:06:00.000Z',
    finished_at: '2026-03-04T15:07:00.000Z',
    author: { id: id + 100, name: author, email: `${author.split(' ')[0]?.toLowerCase() ?? ''}@example.com` },
    folder_id: 10,
    ...extra,
  };
}

function render(path: string, role: 1 | 2 | 3): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['folders', 7], {
    folders: [folder(10, 'Term 1', null), folder(11, 'Drafts', 10, { documents: 0 })],
    shared: [
      folder(20, 'Peer review', null, {
        is_owner: false,
        can_write: false,
        owner: { id: 9, name: 'Olga', email: null },
      }),
    ],
  });
  const selection = new URLSearchParams(path.split('?')[1] ?? '').get('folder');
  queryClient.setQueryData(['cabinet-documents', 7, selection === null ? null : Number(selection), '{}', 1], {
    texts: [
      document(1, 'Rivers', 'Sam Student'),
      document(2, 'Gardens', 'Sara Second', { state: 3, percent: null }),
      document(3, 'Broken', 'Sam Student', { state: 4, percent: null }),
    ],
    total: 3,
    page: 1,
    per_page: 20,
  });
  queryClient.setQueryData(GROUPS_QUERY_KEY, [{ id: 7, name: 'Fjord School', current_user_role: role }]);
  const session = { subscribe: () => () => undefined, getState: () => ({ status: 'user', profile: { id: 101 } }) };
  const services = { queryClient, session } as unknown as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <Cabinet groupId={7} />
        </ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

function rowOf(html: string, id: number): string {
  return new RegExp(`<tr[^>]*data-document-id="${String(id)}"[\\s\\S]*?</tr>`).exec(html)?.[0] ?? '';
}

describe('the cabinet of My Documents', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows the folder tree, the shared folders and the selected folder with its owner’s tools', () => {
    const html = render('/profile/my-documents/group/7?folder=10', 2);
    expect(html).toContain('>Folders</h2>');
    expect(html).toMatch(/data-folder-id="10"[^>]*>[\s\S]*?Term 1/);
    expect(html).toMatch(/data-folder-id="11"/);
    expect(html).toContain('>Shared with me</h3>');
    expect(html).toMatch(/aria-current="page" data-folder-id="10"/);
    expect(html).toContain('>Term 1</h2>');
    for (const tool of ['New subfolder', 'Rename folder', 'Share', 'Delete folder'])
      expect(html).toContain(`>${tool}</button>`);
    expect(html).toMatch(/href="\/profile\/new-check\?group=7"[^>]*>New check<\/a>/);
  });

  it('lists the documents with their author, the spec’s status labels and an Open link to the report page', () => {
    const html = render('/profile/my-documents/group/7?folder=10', 2);
    expect(html).toContain('<caption class="visually-hidden">Documents in Term 1</caption>');
    expect(html).toContain('>Author</th>');
    const ready = rowOf(html, 1);
    expect(ready).toContain('Sam Student');
    expect(ready).toContain('sam@example.com');
    expect(ready).toContain('>Ready</span>');
    expect(ready).toMatch(/href="\/profile\/report\/1"[^>]*>Open<\/a>/);
    expect(ready).toContain('aria-label="Select Rivers"');
    expect(ready).toContain('aria-label="More actions for Rivers"');
    expect(rowOf(html, 2)).toContain('In process');
    const failed = rowOf(html, 3);
    expect(failed).toContain('Check aborted');
    expect(failed).not.toContain('/profile/report/3');
  });

  it('gives a student no sharing and no tools on others’ documents', () => {
    const html = render('/profile/my-documents/group/7?folder=10', 3);
    expect(html).not.toContain('>Share</button>');
    // the student (id 101) wrote document 1; document 2 is Sara's
    expect(rowOf(html, 1)).toContain('aria-label="Select Rivers"');
    expect(rowOf(html, 2)).not.toContain('aria-label="Select Gardens"');
    expect(rowOf(html, 2)).not.toContain('More actions');
  });
});
