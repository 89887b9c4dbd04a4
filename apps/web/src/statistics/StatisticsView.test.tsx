import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecentWork, Statistics } from '@veritext/contracts';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import type { CheckGroup } from '../check/account.ts';
import { GROUPS_QUERY_KEY } from '../check/groups.ts';
import { initI18n } from '../i18n/index.ts';
import { RecentWorks } from './RecentWorks.tsx';
import { recentWorksQueryKey, statisticsQueryKey } from './statistics.ts';
import { StatisticsPage } from './StatisticsPage.tsx';
import { StatisticsView } from './StatisticsView.tsx';

const RANGE = { from: '2026-01-01', to: '2026-03-31' };

const figures = (checks: number, pages: number, median: number | null, share: number | null) => ({
  checks,
  pages,
  ai_checks: 2,
  ai_pages: 2,
  ready_checks: checks,
  median_similarity: median,
  ai_assessed: 2,
  ai_flagged: 1,
  ai_flagged_share: share,
});

const STATS: Statistics = {
  group: { id: 4, name: 'North High' },
  role: 1,
  scope: 'organisation',
  member: null,
  from: RANGE.from,
  to: RANGE.to,
  time_zone: 'Europe/Oslo',
  months: [
    { month: '2026-01', checks: 2, pages: 5, ai_checks: 2, ai_pages: 2 },
    { month: '2026-02', checks: 0, pages: 0, ai_checks: 0, ai_pages: 0 },
    { month: '2026-03', checks: 3, pages: 12, ai_checks: 1, ai_pages: 1 },
  ],
  totals: { ...figures(5, 17, 37.5, 50), ai_checks: 3, ai_pages: 3, ai_assessed: 6, ai_flagged: 3 },
  members: [
    { user_id: 7, name: 'Olga Owner', email: 'olga@north.edu', role: 1, ...figures(2, 5, 37.5, 100) },
    { user_id: 9, name: '', email: 'sam@north.edu', role: 3, ...figures(3, 12, null, null) },
    { user_id: 11, name: 'Fred Former', email: 'fred@north.edu', role: null, ...figures(0, 0, null, null) },
    { user_id: null, name: '', email: '', role: null, ...figures(1, 1, 70, 0) },
  ],
};

const WORKS: RecentWork[] = [
  {
    id: 31,
    title: 'Essay on rivers',
    file_name: null,
    author: { user_id: 9, name: 'Sam Student', email: 'sam@north.edu' },
    state: 5,
    pages: 2,
    percent: 12.5,
    ai_status: 4,
    ai_percent: 70,
    created_at: '2026-03-03T10:00:00.000Z',
    finished_at: '2026-03-03T10:01:00.000Z',
  },
  {
    id: 32,
    title: '',
    file_name: 'draft.docx',
    author: null,
    state: 3,
    pages: 1,
    percent: null,
    ai_status: null,
    ai_percent: null,
    created_at: '2026-03-04T10:00:00.000Z',
    finished_at: null,
  },
];

function render(children: ReactNode, seed: (client: QueryClient) => void = () => {}, path = '/profile/statistics/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  seed(queryClient);
  const services = { queryClient } as Partial<Services> as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>{children}</ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const group = (id: number, name: string, role: number): CheckGroup => ({
  id,
  name,
  balance_type: 1,
  group_balance: { balance: 0, bonus: 0, ai_balance: 0 },
  current_user_role: role,
  created_by_user: role === 1,
  hide_new_check_for_student: false,
});

describe('the statistics page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows the totals as cards, with the downloads', () => {
    const html = render(<StatisticsView stats={STATS} range={RANGE} />);
    expect(html).toContain('From 1 Jan 2026 to 31 Mar 2026 · all members of North High');
    expect(html).toMatch(/Checks<\/span><span class="statistics-card__value">5<\/span><span[^>]*>17 pages</);
    expect(html).toMatch(/AI checks<\/span><span class="statistics-card__value">3<\/span><span[^>]*>3 AI pages</);
    expect(html).toMatch(/Median similarity<\/span><span class="statistics-card__value">37\.50\u00a0%<\/span>/);
    expect(html).toMatch(/AI-flagged documents<\/span><span class="statistics-card__value">50\.00\u00a0%<\/span>/);
    expect(html).toContain('3 of 6 AI-checked documents');
    expect(html).toContain('>Download CSV</button>');
    expect(html).toContain('>Download XLS</button>');
  });

  it('draws the months as a chart hidden from screen readers, with the table as their text', () => {
    const html = render(<StatisticsView stats={STATS} range={RANGE} />);
    expect(html).toContain('<div class="statistics-chart" aria-hidden="true">');
    // the tallest month (12 pages) on a scale of 20
    expect(html).toContain('style="height:60%" title="Mar 2026: 12"');
    expect(html).toContain(
      '<caption class="visually-hidden">Checks, pages, AI checks and AI pages per month</caption>',
    );
    expect(html).toContain('<th scope="row">Mar 2026</th><td>3</td><td>12</td><td>1</td><td>1</td>');
    expect(html).toContain('<th scope="row">Feb 2026</th><td>0</td><td>0</td><td>0</td><td>0</td>');
  });

  it('lists the members with labelled cells (cards on a phone), former members and the API', () => {
    const html = render(<StatisticsView stats={STATS} range={RANGE} />);
    expect(html).toContain('<caption class="visually-hidden">Figures by member of North High</caption>');
    expect(html).toMatch(/data-label="Member"[^>]*><span>Olga Owner<\/span><span[^>]*>olga@north\.edu<\/span>/);
    expect(html).toContain('<td data-label="Role">Administrator</td>');
    expect(html).toContain('<td data-label="Median similarity">37.50\u00a0%</td>');
    // a member without a name by e-mail, once; no median yet
    expect(html).toMatch(/<span>sam@north\.edu<\/span><\/th><td data-label="Role">Student<\/td>/);
    expect(html).toContain('<td data-label="Median similarity">No data</td>');
    expect(html).toContain('<td data-label="Role">Former member</td>');
    expect(html).toMatch(/<span>Organisation API<\/span><\/th><td data-label="Role">No account<\/td>/);
    expect(html).toContain('“Organisation API” counts checks made with the organisation’s API token');
    // no such row: no note about it
    const members = STATS.members.filter((member) => member.user_id !== null);
    expect(render(<StatisticsView stats={{ ...STATS, members }} range={RANGE} />)).not.toContain('Organisation API');
  });

  it('says when the range holds no checks', () => {
    const empty = {
      ...STATS,
      months: STATS.months.map((m) => ({ ...m, checks: 0, pages: 0, ai_checks: 0, ai_pages: 0 })),
    };
    const html = render(<StatisticsView stats={empty} range={RANGE} />);
    expect(html).toContain('No checks in this period. Choose another date range.');
    expect(html).not.toContain('statistics-chart');
  });

  it('tells a student the figures are her own', () => {
    const own: Statistics = { ...STATS, role: 3, scope: 'own', members: [STATS.members[1]] } as Statistics;
    const html = render(<StatisticsView stats={own} range={RANGE} />);
    expect(html).toContain('· your own checks');
    expect(html).toContain('>Your figures</h2>');
  });

  it('shows the recent works with their status and a link to each report', () => {
    const html = render(<RecentWorks groupId={4} timeZone="UTC" />, (client) => {
      client.setQueryData(recentWorksQueryKey(4), WORKS);
    });
    expect(html).toContain('<a href="/profile/report/31" data-discover="true">Essay on rivers</a>');
    expect(html).toContain('<td data-label="Author">Sam Student</td>');
    expect(html).toContain('Ready</span>');
    expect(html).toContain('<td data-label="Similarity">12.50\u00a0%</td>');
    expect(html).toContain('<td data-label="AI share">70.00\u00a0%</td>');
    expect(html).toContain('<time dateTime="2026-03-03T10:00:00.000Z">3 Mar 2026, 10:00</time>');
    // no title: the file's name; no account; still in progress, with its spinner
    expect(html).toContain('>draft.docx</a>');
    expect(html).toContain('<td data-label="Author">Organisation API</td>');
    expect(html).toMatch(/documents__status--inProgress"><span[^>]*spinner[^>]*><\/span>In progress/);
  });

  it('offers the chooser and the range, and explains the page to someone in no organisation', () => {
    const seeded = (groups: CheckGroup[]) => (client: QueryClient) => {
      client.setQueryData(GROUPS_QUERY_KEY, groups);
      for (const g of groups) client.setQueryData(statisticsQueryKey(g.id, RANGE), { ...STATS, group: g });
    };
    const html = render(
      <StatisticsPage />,
      seeded([group(4, 'North High', 1), group(5, 'South High', 3)]),
      '/profile/statistics/?group=5&from=2026-01-01&to=2026-03-31',
    );
    expect(html).toMatch(/<label for="([^"]+)" class="field__label">Organisation<\/label><select id="\1"/);
    expect(html).toContain('<option value="5" selected="">South High</option>');
    expect(html).toMatch(
      /<label for="([^"]+)" class="field__label">From<\/label><input id="\1" type="date"[^>]*value="2026-01-01"/,
    );
    expect(html).toContain('aria-pressed="false">This month</button>');
    expect(html).toContain('<legend class="statistics-range__legend">Date range</legend>');

    // the owner may narrow the figures to one member; the download then carries it too
    expect(html).not.toContain('>Member</label>');
    const owner = render(
      <StatisticsPage />,
      (client) => {
        seeded([group(4, 'North High', 1)])(client);
        const sam = STATS.members[1];
        client.setQueryData(statisticsQueryKey(4, RANGE, 9), {
          ...STATS,
          scope: 'member',
          member: 9,
          members: sam === undefined ? [] : [sam],
        });
      },
      '/profile/statistics/?member=9&from=2026-01-01&to=2026-03-31',
    );
    expect(owner).toMatch(/<label for="([^"]+)" class="field__label">Member<\/label><select id="\1"/);
    expect(owner).toContain('<option value="">All members</option>');
    expect(owner).toContain('<option value="7">Olga Owner</option>');
    expect(owner).toContain('<option value="9" selected="">sam@north.edu</option>');
    expect(owner).toContain('<option value="11">Fred Former</option>');
    expect(owner).toContain('· the figures of sam@north.edu');

    const none = render(<StatisticsPage />, seeded([]));
    expect(none).toContain('Statistics are for organisations');
    expect(none).not.toContain('type="date"');
  });
});
