import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@veritext/contracts';
import i18next from 'i18next';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import { initI18n } from '../i18n/index.ts';
import { sampleUser } from '../test/fixtures.ts';
import { AdminLeadsPage } from './AdminLeadsPage.tsx';
import { ADMIN_LEADS_PER_PAGE, ADMIN_LEADS_QUERY_KEY, filterOf, filterQuery, leadsCsvPath } from './adminLeads.ts';

const lead = (partial: Partial<Lead> & Pick<Lead, 'id' | 'type'>): Lead => ({
  name: 'Ana Teacher',
  email: 'ana@school.example',
  phone: '',
  role: '',
  lms: '',
  number_of_students: null,
  message: '',
  cta: '',
  previous_url: '',
  language: 'en',
  public_mail: false,
  user_id: null,
  created_at: '2026-05-12T10:00:00.000Z',
  ...partial,
});

const LEADS: Lead[] = [
  lead({
    id: 7,
    type: 'enquiry',
    role: 'Instructor/Teacher',
    lms: 'Canvas',
    number_of_students: 1200,
    phone: '+47 123',
    message: 'A trial, please.',
    cta: 'Get in touch',
    previous_url: 'https://veritext.test/for-education/',
    user_id: 42,
  }),
  lead({ id: 6, type: 'quick_guide', name: 'Quinn', email: 'quinn@gmail.com', public_mail: true }),
];

function render(path: string, options: { admin: boolean; leads?: Lead[]; total?: number }): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  const filter = filterOf(new URLSearchParams(path.split('?')[1] ?? ''));
  const leads = options.leads ?? LEADS;
  queryClient.setQueryData([ADMIN_LEADS_QUERY_KEY, filter.type, filter.from, filter.to, filter.page], {
    leads,
    total: options.total ?? leads.length,
    page: filter.page,
    per_page: ADMIN_LEADS_PER_PAGE,
  });
  const profile = { ...sampleUser, is_admin: options.admin };
  const session = { getState: () => ({ status: 'user', profile, error: null }), subscribe: () => () => undefined };
  const services = { queryClient, session, client: {} } as unknown as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>
          <AdminLeadsPage />
        </ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

function rowText(html: string, id: number): string {
  const match = new RegExp(`<tr[^>]*data-lead="${String(id)}"[^>]*>(.*?)</tr>`).exec(html);
  return (match?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the administrators’ leads page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it('lists the leads with their form, sender and details, the filters and the CSV of the same filters', () => {
    const html = render('/admin/leads?type=enquiry&from=2026-05-01&to=2026-05-31', { admin: true });
    expect(html).toContain('<h1 id="page-title" tabindex="-1">Leads</h1>');
    expect(html).toContain('<caption class="visually-hidden">Leads, newest first</caption>');
    for (const column of ['Received', 'Form', 'From', 'Details'])
      expect(html).toContain(`<th scope="col">${column}</th>`);
    expect(rowText(html, 7)).toMatch(
      /^May 12, 2026.* Enquiry \(Get in touch\) Ana Teacher ana@school.example Account #42 Role: Instructor\/Teacher LMS: Canvas 1,200 students Phone: \+47 123 A trial, please\. Get in touch · https:\/\/veritext.test\/for-education\/$/,
    );
    expect(rowText(html, 6)).toContain('Quick guide Quinn quinn@gmail.com Public mail provider');
    expect(html).toContain('href="mailto:ana@school.example"');
    // the filters are labelled form fields holding the address's values
    expect(html).toMatch(/<label for="[^"]+-type" class="field__label">Form<\/label>/);
    expect(html).toContain('<option value="enquiry" selected="">Enquiry (Get in touch)</option>');
    expect(html).toMatch(/<input id="[^"]+-from" class="field__input" type="date" max="2026-05-31" value="2026-05-01"/);
    expect(html).toContain(
      'href="/api/v1/admin/leads.csv?type=enquiry&amp;from=2026-05-01&amp;to=2026-05-31" download=""',
    );
    expect(html).toContain('2 leads');
    // each cell says what it is on a phone (stacked rows)
    expect(html).toContain('data-label="Details"');
    // a lead with nothing to detail has no empty label
    expect(/<tr[^>]*data-lead="6"[^>]*>.*?<\/tr>/.exec(html)?.[0]).not.toContain('data-label="Details"');
  });

  it('pages a long list, says when nothing matches, and refuses everyone but site administrators', () => {
    const long = render('/admin/leads?page=2', { admin: true, total: 60 });
    expect(long).toContain('aria-label="Pages of leads"');
    expect(long).toContain('60 leads');
    const empty = render('/admin/leads', { admin: true, leads: [] });
    expect(empty).toContain('No leads match these filters.');
    expect(empty).not.toContain('<table');
    const denied = render('/admin/leads', { admin: false });
    expect(denied).toContain('Only site administrators can see the leads.');
    expect(denied).not.toContain('Download CSV');
  });

  it('reads only well-formed filters from the address', () => {
    expect(filterOf(new URLSearchParams('type=spam&from=2026-13&to=2026-05-31&page=-3'))).toEqual({
      type: '',
      from: '',
      to: '2026-05-31',
      page: 1,
    });
    const filter = filterOf(new URLSearchParams('type=custom_quote&page=3'));
    expect(filterQuery(filter, { page: true })).toBe('type=custom_quote&page=3');
    expect(leadsCsvPath(filter)).toBe('/api/v1/admin/leads.csv?type=custom_quote');
  });
});
