import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingAccount, Invoice, Transaction } from '@veritext/contracts';
import i18next from 'i18next';
import { ServicesContext } from '../app/ServicesContext.tsx';
import type { Services } from '../app/services.ts';
import type { CheckGroup } from '../check/account.ts';
import { GROUPS_QUERY_KEY } from '../check/groups.ts';
import { initI18n } from '../i18n/index.ts';
import { sampleUser } from '../test/fixtures.ts';
import { AdminBillingPage } from './AdminBillingPage.tsx';
import { INVOICES_PER_PAGE, invoicesQueryKey, TRANSACTIONS_PER_PAGE, transactionsQueryKey } from './billing.ts';
import { BillingPage } from './BillingPage.tsx';

function group(id: number, name: string, role: number): CheckGroup {
  return {
    id,
    name,
    balance_type: 1,
    group_balance: { balance: 500, bonus: 0, ai_balance: 0 },
    current_user_role: role,
    created_by_user: role === 1,
    hide_new_check_for_student: false,
  };
}

const ACCOUNT: BillingAccount = {
  kind: 'user',
  group_id: null,
  name: 'Bea Buyer',
  balance: { balance: 1250, bonus: 1, ai_balance: 9 },
  held: { balance: 0, bonus: 0, ai_balance: 1 },
};

const entry = (partial: Partial<Transaction> & Pick<Transaction, 'id' | 'type'>): Transaction => ({
  date: '2026-05-12T10:00:00.000Z',
  by: { kind: 'user', name: 'Bea Buyer', email: 'bea@example.com' },
  bucket: 'balance',
  sum: 0,
  held: 0,
  note: '',
  subject: null,
  status: null,
  admin_action: null,
  ...partial,
});

const TRANSACTIONS: Transaction[] = [
  entry({
    id: 9,
    type: 'hold',
    bucket: 'ai_balance',
    sum: -1,
    held: 1,
    status: 'open',
    subject: { kind: 'ai_check', id: 4 },
  }),
  entry({
    id: 8,
    type: 'release',
    sum: 2,
    held: -2,
    admin_action: 'release_hold',
    by: { kind: 'administrator', name: '', email: null },
    note: 'Hold released by a site administrator',
  }),
  entry({ id: 7, type: 'charge', sum: 0, held: -3, subject: { kind: 'document', id: 12 } }),
  entry({ id: 6, type: 'reverse', sum: -50, by: { kind: 'system', name: '', email: null }, status: 'cancelled' }),
  entry({ id: 5, type: 'deposit', sum: 1250, note: 'Teams 1000 × 1', subject: { kind: 'order', id: 3 } }),
  entry({ id: 4, type: 'bonus', bucket: 'bonus', sum: 1, by: { kind: 'system', name: '', email: null } }),
  entry({ id: 3, type: 'reverse', sum: -5, by: { kind: 'system', name: '', email: null }, note: 'refund of order 2' }),
];

const INVOICES: Invoice[] = [
  {
    id: 31,
    number: 'VT-2026-000031',
    kind: 'subscription',
    title: 'Standard',
    paid_at: '2026-05-12T10:00:00.000Z',
    issued_at: '2026-05-12T10:00:01.000Z',
    currency: 'USD',
    subtotal: 2499,
    discount: 0,
    vat_percent: 20,
    vat: 500,
    total: 2999,
    organisation: null,
    pdf_url: '/api/v1/billing/invoices/31/pdf/',
  },
  {
    id: 30,
    number: 'VT-2026-000030',
    kind: 'order',
    title: 'Teams 1000',
    paid_at: '2026-04-02T10:00:00.000Z',
    issued_at: '2026-04-02T10:00:01.000Z',
    currency: 'USD',
    subtotal: 11999,
    discount: 0,
    vat_percent: 20,
    vat: 2400,
    total: 14399,
    organisation: { id: 4, name: 'North School' },
    pdf_url: '/api/v1/billing/invoices/30/pdf/',
  },
];

type Seed = {
  groups: CheckGroup[];
  path?: string;
  transactions?: Transaction[];
  invoices?: Invoice[];
  admin?: boolean;
  seed?: (queryClient: QueryClient) => void;
};

function render(children: ReactNode, seed: Seed): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  queryClient.setQueryData(GROUPS_QUERY_KEY, seed.groups);
  const path = seed.path ?? '/profile/billing/';
  const groupId = /group=(\d+)/.exec(path)?.[1];
  const scope = groupId === undefined ? null : Number(groupId);
  const transactions = seed.transactions ?? TRANSACTIONS;
  const invoices = seed.invoices ?? INVOICES;
  queryClient.setQueryData(transactionsQueryKey(scope, 1), {
    account: scope === null ? ACCOUNT : { ...ACCOUNT, kind: 'group', group_id: scope, name: 'North School' },
    transactions,
    total: transactions.length,
    page: 1,
    per_page: TRANSACTIONS_PER_PAGE,
  });
  queryClient.setQueryData(invoicesQueryKey(scope, 1), {
    invoices,
    total: invoices.length,
    page: 1,
    per_page: INVOICES_PER_PAGE,
  });
  seed.seed?.(queryClient);
  const profile = { ...sampleUser, is_admin: seed.admin === true };
  const session = {
    getState: () => ({ status: 'user', profile, error: null }),
    subscribe: () => () => undefined,
  };
  const services = { queryClient, session } as unknown as Services;
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <ServicesContext value={services}>{children}</ServicesContext>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** The text of one table row (by data attribute), tags removed. */
function rowText(html: string, attribute: string, value: string | number): string {
  const match = new RegExp(`<tr[^>]*${attribute}="${String(value)}"[^>]*>(.*?)</tr>`).exec(html);
  return (match?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the Billing page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it('shows the balance, the transactions (type, date, by, sum) and the invoices with their PDF', () => {
    const html = render(<BillingPage />, { groups: [] });
    expect(html).toContain('<h1 id="page-title" tabindex="-1">Billing</h1>');
    // the balance and a way to buy more
    expect(html).toMatch(/<dt>Pages<\/dt><dd>1,250<\/dd>/);
    expect(html).toMatch(/<dt>AI pages<\/dt><dd>9<\/dd>/);
    expect(html).toContain('Held for checks in progress: 0 pages, 1 AI pages.');
    expect(html).toContain('href="/pricing/"');
    // a table with a caption and column headers
    expect(html).toContain('<caption class="visually-hidden">Transactions, newest first</caption>');
    for (const column of ['Type', 'Date', 'By', 'Sum', 'Details'])
      expect(html).toContain(`<th scope="col">${column}</th>`);
    expect(rowText(html, 'data-transaction', 9)).toMatch(
      /^Hold Held .* Bea Buyer bea@example.com −1 AI page held until the check ends AI check #4$/,
    );
    expect(rowText(html, 'data-transaction', 8)).toContain('Release');
    expect(rowText(html, 'data-transaction', 8)).toContain('Administrator +2 pages held pages given back');
    expect(rowText(html, 'data-transaction', 7)).toContain('3 pages spent from held pages Document #12');
    expect(rowText(html, 'data-transaction', 6)).toMatch(/^Reverse Cancelled .* Veritext −50 pages/);
    expect(rowText(html, 'data-transaction', 5)).toContain('+1,250 pages Order #3 Teams 1000 × 1');
    expect(rowText(html, 'data-transaction', 4)).toContain('+1 bonus page');
    // each cell says what it is on a phone (stacked cards)
    expect(html).toContain('data-label="Sum"');
    // the invoices: what was bought, the payment date, the number, the amount, a named PDF button
    expect(rowText(html, 'data-invoice', 'VT-2026-000031')).toBe(
      'Standard · subscription May 12, 2026 VT-2026-000031 $29.99 Download PDF (invoice VT-2026-000031)',
    );
    expect(rowText(html, 'data-invoice', 'VT-2026-000030')).toContain('Teams 1000 · pack For North School');
    expect(html).toContain('Download PDF<span class="visually-hidden"> (invoice VT-2026-000030)</span>');
    expect(html).toContain('Every payment you made, including those for an organisation.');
    // no account chooser without an organisation of one's own
    expect(html).not.toContain('>Account</label>');
    // no correction buttons for an account holder
    expect(html).not.toContain('Release hold');
  });

  it('lets an owner switch to the organisation’s billing (?group=ID), and ignores one the user does not own', () => {
    const groups = [group(4, 'North School', 1), group(5, 'South School', 2)];
    const own = render(<BillingPage />, { groups });
    expect(own).toMatch(
      /<label for="([^"]+)" class="field__label">Account<\/label><select id="\1" class="field__input"><option value="" selected="">Your account<\/option><option value="4">North School \(organisation\)<\/option><\/select>/,
    );
    expect(own).not.toContain('South School');
    const ofGroup = render(<BillingPage />, { groups, path: '/profile/billing/?group=4' });
    expect(ofGroup).toContain('<option value="4" selected="">North School (organisation)</option>');
    expect(ofGroup).toContain('>Balance of North School</h2>');
    expect(ofGroup).toContain('Every payment made for this organisation.');
    const notOwned = render(<BillingPage />, { groups, path: '/profile/billing/?group=5' });
    expect(notOwned).toContain('<option value="" selected="">Your account</option>');
  });

  it('says when there is nothing yet', () => {
    const html = render(<BillingPage />, { groups: [], transactions: [], invoices: [] });
    expect(html).toContain('No transactions yet.');
    expect(html).toContain('No invoices yet. Each payment gets one.');
    expect(html).not.toContain('<table');
  });

  it('reads in Spanish, money and dates in the Spanish way', async () => {
    await i18next.changeLanguage('es');
    const html = render(<BillingPage />, { groups: [], path: '/es/profile/billing/' });
    expect(html).toContain('>Facturación</h1>');
    expect(html).toContain('>Movimientos</h2>');
    expect(html).toContain('>Facturas</h2>');
    expect(rowText(html, 'data-transaction', 9)).toContain('Reserva Reservado');
    expect(rowText(html, 'data-transaction', 5)).toContain('+1250 páginas');
    expect(rowText(html, 'data-invoice', 'VT-2026-000031')).toContain('29,99');
    expect(rowText(html, 'data-invoice', 'VT-2026-000031')).toContain('12 may 2026');
    expect(html).toContain('href="/es/pricing/"');
    await i18next.changeLanguage('en');
  });
});

describe('the ledger corrections page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('is for site administrators only', () => {
    const html = render(<AdminBillingPage />, { groups: [] });
    expect(html).toContain('This page is for site administrators.');
    expect(html).not.toContain('<form');
  });

  it('finds a ledger by e-mail or organisation, and offers the corrections an entry allows', () => {
    const empty = render(<AdminBillingPage />, { groups: [], admin: true });
    expect(empty).toMatch(/<form class="billing-admin-form" role="search">/);
    expect(empty).toMatch(
      /<label for="([^"]+)" class="field__label">E-mail address<\/label><input id="\1"[^>]*type="email"/,
    );
    const loading = render(<AdminBillingPage />, { groups: [], admin: true, path: '/admin/billing?email=x%40y.z' });
    // the ledger loads (a skeleton while it does)
    expect(loading).toContain('data-testid="documents-loading"');

    const html = render(<AdminBillingPage />, {
      groups: [],
      admin: true,
      path: '/admin/billing?email=bea%40example.com',
      seed: (queryClient) => {
        queryClient.setQueryData(['admin-billing', { email: 'bea@example.com' }, 1], {
          account: ACCOUNT,
          transactions: TRANSACTIONS,
          total: TRANSACTIONS.length,
          page: 1,
          per_page: TRANSACTIONS_PER_PAGE,
        });
      },
    });
    expect(html).toContain('>Ledger of Bea Buyer</h2>');
    expect(html).toContain('value="bea@example.com"');
    // an open hold: release or cancel; a reversal not cancelled yet: cancel; nothing else
    expect(rowText(html, 'data-transaction', 9)).toContain('Release hold Cancel hold');
    expect(rowText(html, 'data-transaction', 6)).not.toContain('Cancel reversal');
    expect(rowText(html, 'data-transaction', 3)).toMatch(/−5 pages refund of order 2 Cancel reversal$/);
    for (const id of [8, 7, 5, 4]) expect(rowText(html, 'data-transaction', id)).not.toMatch(/Release hold|Cancel/);
    expect(html).toContain('<span class="visually-hidden">Actions</span>');
  });
});
