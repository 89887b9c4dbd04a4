import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportShare, SharedReportResponse } from '@veritext/contracts';
import { ServicesContext } from '../../app/ServicesContext.tsx';
import type { Services } from '../../app/services.ts';
import { initI18n } from '../../i18n/index.ts';
import { node } from '../nodes.test-data.ts';
import { DEFAULT_SHARE_DAYS, sharedAiLoad, shareEmailProblem } from './share.ts';
import { SharedReportGone, SharedReportView } from './SharedReportPage.tsx';
import { ShareForm, ShareList, ShareReportButton } from './ShareReportButton.tsx';

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const SHARES: ReportShare[] = [
  {
    id: 5,
    email: 'examiner@example.org',
    expires_at: '2026-12-03T16:40:00.000Z',
    created_at: '2026-11-26T16:40:00.000Z',
    shared_by: 'Tess Teacher',
  },
  {
    id: 4,
    email: 'parent@example.org',
    expires_at: '2026-12-26T16:40:00.000Z',
    created_at: '2026-11-26T16:30:00.000Z',
    shared_by: 'Stu Student',
  },
];

const SHARED: SharedReportResponse['data'] = {
  report: {
    id: 42,
    title: 'Garden essay, final',
    plagiarism: {
      nodes: [node({ text: 'Rivers shape valleys. ' }), node({ text: 'Water carves the rock.', sources: [1] })],
      sources: [],
      quSources: [],
      reSources: [],
      length: 44,
      percents: { total: 0, source: 0, identical: 0, 'changed-index': 0, quote: 0, reference: 0 },
    },
    ai: {
      status: null,
      nodes: [],
      percents: { processed: 0, likely: 0, strong: 0, total: 0 },
      verdict: null,
      error: null,
    },
    compared_with: null,
  },
  expires_at: '2026-12-03T16:40:00.000Z',
  checked_at: '2026-11-20T10:00:00.000Z',
};

describe('sharing a report by e-mail (issue 17: a link valid for a set time, revocable)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('checks the address before sending, and takes the AI part of a shared report as it was', () => {
    expect(shareEmailProblem('  ')).toBe('required');
    expect(shareEmailProblem('not-an-address')).toBe('invalid');
    expect(shareEmailProblem(' friend@example.org ')).toBeNull();
    expect(DEFAULT_SHARE_DAYS).toBe(7);
    expect(sharedAiLoad(null)).toEqual({ kind: 'notChecked' });
    expect(sharedAiLoad(1)).toEqual({ kind: 'notChecked' });
    expect(sharedAiLoad(4)).toEqual({ kind: 'done' });
    expect(sharedAiLoad(3).kind).toBe('failed');
  });

  it('is a button that opens the dialog', () => {
    const services = { endpoints: {} } as unknown as Services;
    const html = renderToStaticMarkup(
      <ServicesContext.Provider value={services}>
        <QueryClientProvider client={new QueryClient()}>
          <ShareReportButton checkId={42} />
        </QueryClientProvider>
      </ServicesContext.Provider>,
    );
    expect(html).toMatch(/<button type="button" aria-haspopup="dialog" aria-expanded="false"[^>]*>/);
    expect(textOf(html)).toBe('Share by e-mail');
  });

  it("asks for the recipient's address and the validity: 1, 7 (chosen) or 30 days", () => {
    const html = renderToStaticMarkup(<ShareForm onShare={() => Promise.resolve()} />);
    expect(html).toMatch(/<label for="[^"]+-email" class="field__label">Recipient&#x27;s e-mail<\/label>/);
    expect(html).toMatch(/<input id="[^"]+-email"[^>]*type="email"/);
    expect(html).toContain('<legend class="field__label">The link works for</legend>');
    const radios = [...html.matchAll(/<input type="radio"[^>]*>/g)].map((match) => match[0]);
    expect(radios.map((tag) => /value="(\d+)"/.exec(tag)?.[1])).toEqual(['1', '7', '30']);
    expect(radios.map((tag) => tag.includes('checked'))).toEqual([false, true, false]);
    expect(textOf(html)).toContain('1 day 7 days 30 days');
    expect(html).toContain('>Send link</button>');
    expect(html).toMatch(/<p class="report-shares__status" role="status">/);
  });

  it('lists the working links with their recipient, end and sharer, each with its own Revoke', () => {
    const html = renderToStaticMarkup(<ShareList shares={SHARES} language="en" onRevoke={() => Promise.resolve()} />);
    const items = html.split('<li ').slice(1);
    expect(items).toHaveLength(2);
    expect(textOf(items[0]!)).toMatch(
      /^.*examiner@example\.org Works until 3 Dec 2026, \d{2}:40 Shared by Tess Teacher Revoke$/,
    );
    expect(items[0]).toContain('aria-label="Revoke the link sent to examiner@example.org"');
    expect(items[1]).toContain('aria-label="Revoke the link sent to parent@example.org"');
    const none = renderToStaticMarkup(<ShareList shares={[]} language="en" onRevoke={() => Promise.resolve()} />);
    expect(textOf(none)).toBe('No link to this report works now.');
  });

  it('shows the shared report read-only, titled by the document, with until when the link works', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <SharedReportView data={SHARED} language="en" />
      </MemoryRouter>,
    );
    expect(textOf(html)).toContain('Shared report');
    expect(html).toMatch(/<h1 id="page-title"[^>]*>.*Garden essay, final<\/span><\/h1>/);
    expect(textOf(html)).toMatch(/This link works until 3 Dec 2026, \d{2}:40\./);
    expect(textOf(html)).toContain('Checked on 20 Nov 2026');
    expect(textOf(html)).toContain('Rivers shape valleys.');
    expect(textOf(html)).toContain('Water carves the rock.');
    expect(textOf(html)).toContain('AI total Not checked');
    expect(textOf(html)).not.toContain('No AI pages left');
    // nothing to change or spend: no PDF download, no AI check offered
    expect(html).not.toContain('report-download');
    expect(html).not.toContain('report-ai__offer');
    const gone = renderToStaticMarkup(<SharedReportGone />);
    expect(textOf(gone)).toBe(
      'This link does not work The link has expired or was revoked. Ask the person who shared the report with you for a new one.',
    );
  });
});
