import { describe, expect, it } from 'vitest';
import type { ApiClient, FormFields } from '../api/client.ts';
import { ApiError } from '../api/client.ts';
import type { CsrfCache } from '../api/csrf.ts';
import { chooseScope, correctionsOf, MINUS, sumOf } from './billing.ts';
import { createBillingEndpoints } from './billingEndpoints.ts';

describe('billing helpers', () => {
  it('reads a sum: a hold takes pages off, its charge spends them, a release gives them back', () => {
    expect(sumOf({ type: 'hold', bucket: 'balance', sum: -3, held: 3 })).toEqual({
      sign: MINUS,
      count: 3,
      unitKey: 'billing.units.pages',
      detailKey: 'billing.detail.hold',
    });
    expect(sumOf({ type: 'charge', bucket: 'ai_balance', sum: 0, held: -1 })).toEqual({
      sign: '',
      count: 1,
      unitKey: 'billing.units.ai',
      detailKey: 'billing.detail.charge',
    });
    expect(sumOf({ type: 'release', bucket: 'bonus', sum: 1, held: -1 })).toMatchObject({
      sign: '+',
      unitKey: 'billing.units.bonus',
      detailKey: 'billing.detail.release',
    });
    expect(sumOf({ type: 'deposit', bucket: 'balance', sum: 50, held: 0 })).toMatchObject({
      sign: '+',
      detailKey: null,
    });
    expect(sumOf({ type: 'reverse', bucket: 'balance', sum: -50, held: 0 })).toMatchObject({ sign: MINUS, count: 50 });
  });

  it('offers a site administrator only the corrections an entry allows', () => {
    expect(correctionsOf({ type: 'hold', status: 'open', admin_action: null, sum: -1 })).toEqual([
      'release_hold',
      'cancel_hold',
    ]);
    expect(correctionsOf({ type: 'hold', status: 'charged', admin_action: null, sum: -1 })).toEqual([]);
    expect(correctionsOf({ type: 'reverse', status: null, admin_action: null, sum: -5 })).toEqual(['cancel_reversal']);
    expect(correctionsOf({ type: 'reverse', status: 'cancelled', admin_action: null, sum: -5 })).toEqual([]);
    expect(correctionsOf({ type: 'reverse', status: null, admin_action: 'cancel_reversal', sum: 5 })).toEqual([]);
    expect(correctionsOf({ type: 'deposit', status: null, admin_action: null, sum: 5 })).toEqual([]);
  });

  it('shows an organisation’s billing only to its owner', () => {
    const owned = [{ id: 4 }, { id: 9 }];
    expect(chooseScope(owned, null)).toBeNull();
    expect(chooseScope(owned, '9')).toBe(9);
    expect(chooseScope(owned, '5')).toBeNull();
    expect(chooseScope(owned, '4x')).toBeNull();
  });
});

describe('the billing calls', () => {
  function fakes(answer: unknown = { data: {} }) {
    const calls: { method: string; path: string; fields?: FormFields }[] = [];
    const client = {
      getJson: (path: string) => {
        calls.push({ method: 'GET', path });
        return Promise.resolve(answer);
      },
      postForm: (path: string, fields: FormFields) => {
        calls.push({ method: 'POST', path, fields });
        return Promise.resolve(answer);
      },
    } as unknown as ApiClient;
    const csrf = { get: () => Promise.resolve({ token: 'csrf-1', guest_csrf: 'g' }), reset: () => undefined };
    return { calls, client, csrf: csrf as unknown as CsrfCache };
  }

  it('asks for the caller’s or an organisation’s ledger and invoices, a page at a time', async () => {
    const { calls, client, csrf } = fakes();
    const billing = createBillingEndpoints(client, csrf);
    await billing.billingTransactions({ groupId: null, page: 1 });
    await billing.billingTransactions({ groupId: 4, page: 2, perPage: 20 });
    await billing.billingInvoices({ groupId: null, page: 1, perPage: 10 });
    await billing.adminTransactions({ email: ' a@b.c ', page: 1 });
    await billing.adminTransactions({ groupId: 7, page: 3 });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/v1/billing/transactions/',
      '/api/v1/billing/transactions/?group_id=4&page=2&per_page=20',
      '/api/v1/billing/invoices/?per_page=10',
      '/api/v1/admin/billing/transactions/?email=a%40b.c',
      '/api/v1/admin/billing/transactions/?group_id=7&page=3',
    ]);
  });

  it('posts a correction with the CSRF token to its own path', async () => {
    const { calls, client, csrf } = fakes();
    const billing = createBillingEndpoints(client, csrf);
    await billing.correctLedgerEntry(12, 'cancel_hold');
    await billing.correctLedgerEntry(13, 'cancel_reversal', ' goodwill ');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v1/admin/billing/transactions/12/cancel-hold/',
        fields: { note: undefined, _csrf_token: 'csrf-1' },
      },
      {
        method: 'POST',
        path: '/api/v1/admin/billing/transactions/13/cancel-reversal/',
        fields: { note: 'goodwill', _csrf_token: 'csrf-1' },
      },
    ]);
  });

  it('downloads an invoice PDF in the reader’s language, and throws the server’s error instead of saving it', async () => {
    const { client, csrf } = fakes();
    const requested: string[] = [];
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const billing = createBillingEndpoints(client, csrf, (input) => {
      const url = input instanceof Request ? input.url : input.toString();
      requested.push(url);
      if (url.includes('/31/')) {
        return Promise.resolve(new Response(pdf, { headers: { 'content-type': 'application/pdf' } }));
      }
      return Promise.resolve(
        Response.json(
          { success: false, message: 'Page not found.', error: { code: 'not_found', key: 'errors.not_found' } },
          { status: 404 },
        ),
      );
    });
    const blob = await billing.downloadInvoice('/api/v1/billing/invoices/31/pdf/', 'es');
    expect(await blob.text()).toBe('%PDF-1.7');
    const refused = billing.downloadInvoice('/api/v1/billing/invoices/32/pdf/', 'en');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect(requested).toEqual([
      '/api/v1/billing/invoices/31/pdf/?language=es',
      '/api/v1/billing/invoices/32/pdf/?language=en',
    ]);
  });
});
