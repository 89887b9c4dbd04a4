import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TextDocument } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { i18next, initI18n } from '../i18n/index.ts';
import { DeleteCheckActions } from './DeleteCheckDialog.tsx';
import { DocumentsList } from './DocumentsList.tsx';
import { documentsQueryKey, type DocumentsPage } from './documents.ts';

function document(overrides: Partial<TextDocument>): TextDocument {
  return {
    id: 1,
    state: 5,
    title: 'Essay on rivers',
    file_name: null,
    words: 550,
    pages: 2,
    percent: 12.345,
    ai_status: null,
    ai_percent: null,
    group_id: null,
    in_index: true,
    error: null,
    created_at: '2026-03-04T15:06:00.000Z',
    finished_at: '2026-03-04T15:07:00.000Z',
    author: null,
    folder_id: null,
    ...overrides,
  };
}

const PAGE: DocumentsPage = {
  texts: [
    document({ id: 11, state: 5, percent: 12.345, ai_percent: 40.5 }),
    document({ id: 12, state: 3, title: 'Draft', percent: null }),
    document({ id: 13, state: 4, title: 'Broken', percent: null, error: 'The check failed. Try again.' }),
  ],
  total: 3,
  page: 1,
  per_page: 20,
};

type Seed = { data?: DocumentsPage; error?: Error; groupId?: number | null };

/** Renders the list with the query cache seeded (a static render never fetches). */
function render({ data, error, groupId = null }: Seed = {}): string {
  // A failed query is not retried on mount, so the static render shows the failure.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  const key = documentsQueryKey(groupId, 1);
  if (data !== undefined) queryClient.setQueryData(key, data);
  if (error !== undefined) {
    queryClient.getQueryCache().build(queryClient, { queryKey: key }).setState({ status: 'error', error });
  }
  const services = { queryClient } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <DocumentsList groupId={groupId} />
        </ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

function rowOf(html: string, id: number): string {
  const match = new RegExp(`<tr[^>]*data-document-id="${String(id)}"[\\s\\S]*?</tr>`).exec(html);
  expect(match, `row ${String(id)}`).not.toBeNull();
  return match?.[0] ?? '';
}

describe('the documents list', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('is a captioned table with column headers and one row per document', () => {
    const html = render({ data: PAGE });
    expect(html).toContain('<table class="documents__table">');
    expect(html).toContain('<caption class="visually-hidden">Your checked documents, newest first</caption>');
    for (const header of ['Title', 'Date', 'Pages', 'Status', 'Similarity', 'AI']) {
      expect(html).toContain(`<th scope="col">${header}</th>`);
    }
    expect(html.match(/data-document-id="/g)).toHaveLength(3);
    expect(html).toContain('aria-busy="false"');
  });

  it('shows a ready row: title, localised date, pages, percents with two decimals and Open report', () => {
    const row = rowOf(render({ data: PAGE }), 11);
    expect(row).toContain('data-state="ready"');
    expect(row).toMatch(/<th scope="row" id="[^"]+" class="documents__name" data-label="Title">Essay on rivers<\/th>/);
    expect(row).toContain('<time dateTime="2026-03-04T15:06:00.000Z">');
    expect(row).toContain('Mar 4, 2026');
    expect(row).toContain('>2</td>');
    expect(row).toContain('>Ready</span>');
    expect(row).toContain('12.35\u00a0%');
    expect(row).toContain('40.50\u00a0%');
    expect(row).toMatch(
      /<button type="button" class="button button--small" aria-describedby="[^"]+">Open report<\/button>/,
    );
    expect(row).not.toContain('spinner');
  });

  it('shows an in-progress row with a spinner and no percent yet', () => {
    const row = rowOf(render({ data: PAGE }), 12);
    expect(row).toContain('data-state="inProgress"');
    expect(row).toContain('<span class="spinner spinner--sm" aria-hidden="true"></span>In progress');
    expect(row).toContain('<span class="visually-hidden">Not available</span>');
    expect(row).not.toMatch(/\s%/);
    expect(row).toContain('Open report');
  });

  it('shows a failed row with the error as text and no report button', () => {
    const row = rowOf(render({ data: PAGE }), 13);
    expect(row).toContain('data-state="failed"');
    expect(row).toContain('>Failed</span>');
    expect(row).toContain('<span class="documents__error">The check failed. Try again.</span>');
    expect(row).not.toContain('Open report');
  });

  it('offers Delete on finished rows, named for the document, and none while a check is in progress (issue 13, A5)', () => {
    const html = render({ data: PAGE });
    const deleteButton =
      /<button type="button" class="button button--small button--ghost documents__delete"[^>]*>Delete<\/button>/;
    expect(rowOf(html, 11)).toMatch(deleteButton);
    expect(rowOf(html, 11)).toContain('aria-label="Delete the check Essay on rivers"');
    expect(rowOf(html, 13)).toMatch(deleteButton);
    expect(rowOf(html, 12)).not.toContain('Delete');
  });

  it('has a confirmation with Cancel first, the destructive button named, and the server refusal as an alert', () => {
    const idle = renderToStaticMarkup(
      <DeleteCheckActions
        confirmLabel="Delete for good"
        busyLabel="Deleting…"
        cancelLabel="Cancel"
        isDeleting={false}
        error={null}
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(idle.indexOf('Cancel')).toBeLessThan(idle.indexOf('Delete for good'));
    expect(idle).toContain('class="button button--danger"');
    expect(idle).not.toContain('role="alert"');
    const busy = renderToStaticMarkup(
      <DeleteCheckActions
        confirmLabel="Delete for good"
        busyLabel="Deleting…"
        cancelLabel="Cancel"
        isDeleting
        error="This check is still running."
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(busy).toContain('role="alert"');
    expect(busy).toContain('This check is still running.');
    expect(busy).toContain('Deleting…');
    expect(busy.match(/disabled=""/g)).toHaveLength(2);
  });

  it('shows no pagination when everything fits, and previous / next when it does not', () => {
    expect(render({ data: PAGE })).not.toContain('documents__pagination');
    const html = render({ data: { ...PAGE, total: 45 } });
    expect(html).toContain('<nav class="documents__pagination" aria-label="Document pages">');
    expect(html).toMatch(/<button type="button" class="button button--small" disabled="">Previous<\/button>/);
    expect(html).toContain('Page 1 of 3');
    expect(html).toMatch(/<button type="button" class="button button--small">Next<\/button>/);
  });

  it('shows the empty state with a link to a new check', () => {
    const html = render({ data: { texts: [], total: 0, page: 1, per_page: 20 } });
    expect(html).toContain('No documents yet');
    expect(html).toMatch(/<a class="button button--primary" href="\/profile\/new-check"[^>]*>Start a new check<\/a>/);
    expect(html).not.toContain('<table');
  });

  it('shows a skeleton while loading and an error with Retry on failure', () => {
    const loading = render();
    expect(loading).toContain('data-testid="documents-loading"');
    expect(loading).toContain('aria-busy="true"');
    expect(loading).not.toContain('<table');

    const failed = render({ error: new Error('boom') });
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Your documents could not be loaded.');
    expect(failed).toContain('>Try again</button>');
    expect(failed).not.toContain('documents-loading');
  });

  it('reads in Spanish', async () => {
    await i18next.changeLanguage('es');
    try {
      const html = render({ data: PAGE, groupId: 7 });
      expect(html).toContain('Abrir informe');
      expect(html).toContain('12,35\u00a0%');
      expect(html).toContain('En curso');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
