import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CollectionImport, CollectionListResponse } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import type { SessionState } from '../session/store.ts';
import { sampleUser } from '../test/fixtures.ts';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { CollectionsAdmin, COLLECTIONS_QUERY_KEY } from './CollectionsAdmin.tsx';

const RUNNING: CollectionImport = {
  id: 4,
  kind: 'files',
  name: 'school-refs',
  title: null,
  state: 'running',
  files: 3,
  ignored: 0,
  total: 400,
  done: 200,
  failed: 100,
  failures: [{ file: 'more/nature.jsonl', line: 2, message: 'not valid JSON' }],
  error: null,
  created: '2026-03-04T15:06:00.000Z',
  finished: null,
  wikipedia: null,
};

const WIKIPEDIA: CollectionImport = {
  ...RUNNING,
  id: 5,
  kind: 'wikipedia',
  name: 'eswiki',
  files: 1,
  total: null,
  done: 12000,
  failed: 0,
  failures: [],
  wikipedia: {
    pages: 20500,
    skipped: { redirect: 7000, namespace: 1200, disambiguation: 150, short: 150 },
    bytes_done: 300,
    bytes_total: 1000,
  },
};

const LIST: CollectionListResponse['data'] = {
  collections: [
    {
      name: 'wiki-es',
      title: 'Wikipedia (es)',
      source_collection: 'ref:wiki-es',
      documents: 12500,
      words: 3400000,
      created: '2026-03-01T10:00:00.000Z',
      updated: '2026-03-02T10:00:00.000Z',
    },
  ],
  imports: [RUNNING, WIKIPEDIA],
};

function render(isAdmin: boolean | undefined): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  queryClient.setQueryData(COLLECTIONS_QUERY_KEY, LIST);
  queryClient.setQueryData(['admin', 'collection-import', RUNNING.id], RUNNING);
  queryClient.setQueryData(['admin', 'collection-import', WIKIPEDIA.id], WIKIPEDIA);
  const state = {
    status: 'user',
    profile: { ...sampleUser, ...(isAdmin === undefined ? {} : { is_admin: isAdmin }) },
    error: null,
  } as SessionState;
  const session = { subscribe: () => () => undefined, getState: () => state } as unknown as Services['session'];
  const services = { queryClient, session } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <CollectionsAdmin />
        </ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the reference collections page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('tells anyone but an administrator that it is for administrators only', () => {
    for (const isAdmin of [false, undefined]) {
      const html = render(isAdmin);
      expect(html).toContain('Administrators only');
      expect(html).not.toContain('<form');
      expect(html).not.toContain('wiki-es');
    }
  });

  it('shows administrators the upload form with files, folder and labelled fields', () => {
    const html = render(true);
    expect(html).not.toContain('Administrators only');
    expect(html).toMatch(/<label for="([^"]+)" class="field__label">Collection name<\/label><input[^>]*id="\1"/);
    expect(html).toMatch(/<input type="file" multiple="" accept="\.jsonl,\.txt,[^"]*"/);
    expect(html).toMatch(/<input type="file" multiple="" webkitdirectory="" directory=""/);
    expect(html).toContain('>Choose files</button>');
    expect(html).toContain('>Choose a folder</button>');
    expect(html).toContain('>Upload and import</button>');
  });

  it('lists the collections with a labelled Remove button, and follows an open import', () => {
    const html = render(true);
    expect(html).toContain('<th scope="col">Documents</th>');
    expect(html).toContain('wiki-es');
    expect(html).toContain('12,500');
    expect(html).toContain('aria-label="Remove wiki-es"');
    expect(html).toContain('Imports in progress');
    expect(html).toMatch(
      /role="progressbar" aria-label="Import progress" aria-valuemin="0" aria-valuemax="100" aria-valuenow="75"/,
    );
    expect(html).toContain('200 of 400 documents imported; 100 could not be read');
    expect(html).toContain('<code>more/nature.jsonl:2</code> — not valid JSON');
  });

  it("offers the Wikipedia dump upload, and follows a dump's import by the share of the file read", () => {
    const html = render(true);
    expect(html).toContain('Import a Wikipedia dump');
    expect(html).toMatch(/<input type="file" accept="\.bz2,\.xml"/);
    expect(html).toContain('>Choose the dump</button>');
    expect(html).toMatch(
      /role="progressbar" aria-label="Import progress" aria-valuemin="0" aria-valuemax="100" aria-valuenow="30"/,
    );
    expect(html).toContain(
      '20,500 pages read, 12,000 articles imported; left out: 7,000 redirects, 1,200 other pages, 150 disambiguation pages, 150 stubs',
    );
  });

  it('draws an indeterminate bar without a value while the total is unknown', () => {
    const html = renderToStaticMarkup(<ProgressBar label="Import progress" percent={null} valueText="Waiting" />);
    expect(html).toContain('admin-progress--indeterminate');
    expect(html).not.toContain('aria-valuenow');
    expect(renderToStaticMarkup(<ProgressBar label="x" percent={42} valueText="42" />)).toContain('width:42%');
  });
});
