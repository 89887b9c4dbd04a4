import type { Invoice, InvoicesResponse, Subscription, TransactionsResponse } from '@veritext/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountBrowser,
  createTestApp,
  injectWebhookPoster,
  signUpAccount,
  TestBrowser,
  type TestApp,
} from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import type { CommerceContext } from '../commerce/commerce.service.ts';
import { createSandboxGateway, sandboxWebhookSecret, signWebhookPayload } from '../commerce/payment-gateway.ts';
import type { Mailer, OutgoingMail } from '../mail/mail.service.ts';
import { renewDueSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { closeSharedInvoiceRenderer } from './invoice-renderer.ts';
import { takeInvoiceNumber } from './invoices.repository.ts';
import { sendDueReceipts } from './receipts.ts';

type ErrorBody = { success: false; message: string; error: { code: string } };
type Group = { id: number; name: string; current_user_role: number };

const GOOD_CARD = { card_number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2099', cvc: '123', name: 'A B' };
const QUIET = { info: () => undefined, warn: () => undefined };
const YEAR = new Date().getUTCFullYear();
const SELLER = {
  name: 'Veritext Test Ltd',
  address: '12 Ledger Lane\n1000 Billing Town',
  vatId: 'EU123456789',
  email: 'billing@veritext.test',
};

/** A signed-up user's browser with its CSRF token at hand. */
class Buyer extends AccountBrowser {
  async invoices(query = ''): Promise<InvoicesResponse['data']> {
    const response = await this.browser.get(`/api/v1/billing/invoices/${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<InvoicesResponse>().data;
  }
  async transactions(query = ''): Promise<TransactionsResponse['data']> {
    const response = await this.browser.get(`/api/v1/billing/transactions/${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TransactionsResponse>().data;
  }
  /** Puts packs in the cart and checks out: the sandbox session's id. */
  async checkout(lines: [string, Record<string, string>?][]): Promise<string> {
    for (const [service, extra] of lines) {
      const added = await this.post('/order/add_item', { service, ...extra });
      expect(added.statusCode, added.body).toBe(200);
    }
    const response = await this.browser.postForm(
      '/order/checkout',
      { gateway: 'stripe', _csrf_token: this.token },
      { accept: 'application/json' },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ redirect_url: string }>().redirect_url.replace('/sandbox-pay/', '');
  }
  async pay(sessionId: string) {
    const paid = await this.post(`/api/v1/sandbox-pay/${sessionId}/`, GOOD_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
  }
  async buy(lines: [string, Record<string, string>?][]): Promise<void> {
    await this.pay(await this.checkout(lines));
  }
  async subscribe(service: string, extra: Record<string, string> = {}): Promise<Subscription> {
    const started = await this.post('/api/v1/subscriptions/', { service, ...extra });
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json<{ redirect_url: string; subscription: Subscription }>();
    await this.pay(body.redirect_url.replace('/sandbox-pay/', ''));
    return body.subscription;
  }
}

function capturingMailer(options: { failFor?: string } = {}): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    via: 'smtp',
    sent,
    send(message) {
      if (message.to === options.failFor) return Promise.reject(new Error('SMTP said no'));
      sent.push(message);
      return Promise.resolve();
    },
    close() {},
  };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe(`billing: invoices, receipts and transactions (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ctx: CommerceContext;
  /** Every signed event the sandbox card page delivered, to replay. */
  const deliveries: { body: string; signature: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { publicUrl: 'https://veritext.example', vatPercent: 20, billing: { seller: SELLER, invoicePrefix: 'VT' } },
      {
        webhookPoster: (app) => {
          const post = injectWebhookPoster(app);
          return async (delivery) => {
            deliveries.push(delivery);
            return post(delivery);
          };
        },
      },
    );
    ctx = {
      db: t.handle.db,
      gateway: createSandboxGateway(t.config.appSecret),
      vatPercent: t.config.vatPercent,
      publicUrl: t.config.publicUrl,
      log: QUIET,
    };
  });
  afterAll(async () => {
    await closeSharedInvoiceRenderer();
    await t.dispose();
  });

  function newBuyer(fields: Record<string, string> = {}, name = 'Bea Buyer'): Promise<Buyer> {
    return signUpAccount(t.app, Buyer, 'buyer', { name, ...fields });
  }

  async function ownGroup(owner: Buyer): Promise<Group> {
    const groups = (await owner.browser.get('/api/v1/groups/list/')).json<{ data: { groups: Group[] } }>().data.groups;
    const group = groups[0];
    if (group === undefined) throw new Error('no group');
    return group;
  }

  async function userId(buyer: Buyer): Promise<number> {
    return (await findUserByEmail(t.handle.db, buyer.email))?.id ?? -1;
  }

  async function invoiceCount(): Promise<number> {
    const { rows } = await t.handle.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices');
    return rows[0]?.n ?? 0;
  }

  const sequenceOf = (invoice: Invoice | undefined): number => Number(invoice?.number.split('-')[2]);

  it('issues one invoice per paid pack order, with the frozen totals; a replayed or repeated webhook issues none', async () => {
    const buyer = await newBuyer();
    const before = await invoiceCount();
    await buyer.buy([['light', { quantity: '2' }], ['aiBasic']]);
    const { invoices, total } = await buyer.invoices();
    expect(total).toBe(1);
    const invoice = invoices[0];
    // 2 × $9.99 + $2.99 = $22.97, and 20 % VAT ($4.59)
    expect(invoice).toMatchObject({
      kind: 'order',
      title: 'Light, AI Basic',
      currency: 'USD',
      subtotal: 2297,
      discount: 0,
      vat_percent: 20,
      vat: 459,
      total: 2756,
      organisation: null,
    });
    expect(invoice?.number).toMatch(new RegExp(`^VT-${String(YEAR)}-\\d{6}$`));
    expect(invoice?.pdf_url).toBe(`/api/v1/billing/invoices/${String(invoice?.id)}/pdf/`);
    expect(await invoiceCount()).toBe(before + 1);

    // the same event again (deduplicated), and a second event for the same paid checkout: still one invoice
    const last = deliveries.at(-1);
    if (last === undefined) throw new Error('no delivery');
    expect((await injectWebhookPoster(t.app)(last)).status).toBe(200);
    const event = JSON.parse(last.body) as { id: string };
    const again = last.body.replace(event.id, `${event.id}_again`);
    const signature = signWebhookPayload(again, sandboxWebhookSecret(t.config.appSecret));
    expect((await injectWebhookPoster(t.app)({ body: again, signature })).status).toBe(200);
    expect(await invoiceCount()).toBe(before + 1);
    expect((await buyer.invoices()).total).toBe(1);
  });

  it('issues one invoice per subscription payment: the first month, each renewal once, with VAT shown', async () => {
    const buyer = await newBuyer();
    const subscription = await buyer.subscribe('lightSubscription');
    let { invoices } = await buyer.invoices();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ kind: 'subscription', title: 'Light', subtotal: 999, vat: 200, total: 1199 });

    const rows = await t.handle.db.query<{ current_period_end: Date }>(
      'SELECT current_period_end FROM subscriptions WHERE id = $1',
      [subscription.id],
    );
    const end = rows.rows[0]?.current_period_end ?? new Date();
    expect(await renewDueSubscriptions(ctx, new Date(end.getTime() + 60_000))).toMatchObject({ renewed: 1 });
    // the job again, and again later that day: nothing new to pay, nothing new to invoice
    expect(await renewDueSubscriptions(ctx, new Date(end.getTime() + 120_000))).toMatchObject({ renewed: 0 });
    ({ invoices } = await buyer.invoices());
    expect(invoices.map((i) => [i.kind, i.title, i.subtotal, i.vat_percent, i.vat, i.total])).toEqual([
      ['subscription', 'Light', 999, 20, 200, 1199],
      ['subscription', 'Light', 999, 20, 200, 1199],
    ]);
    expect(sequenceOf(invoices[0])).toBeGreaterThan(sequenceOf(invoices[1]));
    expect(invoices[0]?.paid_at).toBe(end.toISOString());

    const { rows: payments } = await t.handle.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoices i JOIN subscription_payments p ON p.id = i.subscription_payment_id
       WHERE p.subscription_id = $1`,
      [subscription.id],
    );
    expect(payments[0]?.n).toBe(2);

    // an upgrade's prorated charge is a payment too: its own invoice, the amount split at the VAT rate
    const upgraded = await buyer.post(`/api/v1/subscriptions/${String(subscription.id)}/upgrade/`, {
      service: 'standard',
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const charged = upgraded.json<{ charged: { amount: number } }>().charged.amount;
    ({ invoices } = await buyer.invoices());
    expect(invoices).toHaveLength(3);
    const upgrade = invoices[0];
    expect(upgrade?.total).toBe(charged);
    expect((upgrade?.subtotal ?? 0) + (upgrade?.vat ?? 0)).toBe(charged);
    expect(upgrade?.vat).toBe(Math.round(((upgrade?.subtotal ?? 0) * 20) / 100));
    const pdf = await pdfText((await buyer.browser.get(upgrade?.pdf_url ?? '')).rawPayload);
    expect(pdf).toContain('Standard subscription (upgrade: the prorated difference)');
  });

  it('numbers invoices without gaps: ten payments at once take the next ten numbers, a rolled back one gives its number back', async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => newBuyer()));
    const sessions: string[] = [];
    for (const buyer of buyers) sessions.push(await buyer.checkout([['basic']]));
    const { rows: lastRows } = await t.handle.db.query<{ last: number }>(
      'SELECT COALESCE(max(sequence), 0)::int AS last FROM invoices WHERE year = $1',
      [YEAR],
    );
    const last = lastRows[0]?.last ?? 0;
    await Promise.all(buyers.map((buyer, index) => buyer.pay(sessions[index] ?? '')));
    const { rows } = await t.handle.db.query<{ sequence: number; number: string }>(
      'SELECT sequence, number FROM invoices WHERE year = $1 AND sequence > $2 ORDER BY sequence',
      [YEAR, last],
    );
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 10 }, (_, i) => last + 1 + i));
    expect(rows.map((row) => row.number)).toEqual(
      rows.map((row) => `VT-${String(YEAR)}-${String(row.sequence).padStart(6, '0')}`),
    );

    // a payment that fails after taking its number takes it back with it
    await expect(
      t.handle.db.transaction(async (tx) => {
        await takeInvoiceNumber(tx);
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    const buyer = buyers[0];
    if (buyer === undefined) throw new Error('no buyer');
    await buyer.buy([['basic']]);
    const { invoices } = await buyer.invoices();
    expect(sequenceOf(invoices[0])).toBe(last + 11);
  });

  it('renders the invoice PDF with the seller, the buyer, the lines and the totals, in English and Spanish', async () => {
    const buyer = await newBuyer({}, 'Pia Pdf');
    await buyer.buy([['light', { quantity: '2' }]]);
    const invoice = (await buyer.invoices()).invoices[0];
    if (invoice === undefined) throw new Error('no invoice');
    const response = await buyer.browser.get(invoice.pdf_url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="veritext-invoice-${invoice.number}.pdf"`,
    );
    const english = await pdfText(response.rawPayload);
    for (const expected of [
      'Invoice',
      invoice.number,
      'Veritext Test Ltd',
      '12 Ledger Lane',
      '1000 Billing Town',
      'VAT number: EU123456789',
      'Pia Pdf',
      buyer.email,
      'Light: 50 pages',
      '$9.99',
      '$19.98',
      'Subtotal',
      'VAT (20 %)',
      '$4.00',
      'Total paid',
      '$23.98',
      'Paid by card',
    ]) {
      expect(english).toContain(expected.replace('\u00a0', ' '));
    }

    const spanish = await pdfText((await buyer.browser.get(`${invoice.pdf_url}?language=es`)).rawPayload);
    for (const expected of [
      'Factura',
      invoice.number,
      'Light: 50 páginas',
      'IVA (20 %)',
      'Total pagado',
      '23,98 US$',
    ]) {
      expect(spanish).toContain(expected);
    }
  });

  it('lets only the buyer and the organisation’s owner list and download an organisation’s invoices', async () => {
    const owner = await newBuyer({ account_type: 'organisation', organisation_name: 'Invoice Academy' }, 'Olga Owner');
    const group = await ownGroup(owner);
    await owner.buy([['teams500', { group_id: String(group.id) }]]);
    const own = (await owner.invoices()).invoices;
    expect(own).toHaveLength(1);
    expect(own[0]?.organisation).toEqual({ id: group.id, name: 'Invoice Academy' });
    const ofGroup = (await owner.invoices(`?group_id=${String(group.id)}`)).invoices;
    expect(ofGroup.map((i) => i.id)).toEqual(own.map((i) => i.id));
    const pdf = await pdfText((await owner.browser.get(own[0]?.pdf_url ?? '')).rawPayload);
    expect(pdf).toContain('Organisation: Invoice Academy');
    expect(pdf).toContain('For Invoice Academy');

    const teacher = await newBuyer();
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 2)', [
      group.id,
      await userId(teacher),
    ]);
    const outsider = await newBuyer();
    for (const stranger of [teacher, outsider]) {
      const list = await stranger.browser.get(`/api/v1/billing/invoices/?group_id=${String(group.id)}`);
      expect(list.statusCode).toBe(403);
      expect(list.json<ErrorBody>().error.code).toBe('group_owner_required');
      expect((await stranger.browser.get(own[0]?.pdf_url ?? '')).statusCode).toBe(404);
      expect((await stranger.invoices()).total).toBe(0);
    }
    expect((await new TestBrowser(t.app).get('/api/v1/billing/invoices/')).statusCode).toBe(401);
  });

  it('sends a receipt after each payment, once, in the buyer’s language, with a link to the invoice; a failure is tried again', async () => {
    // whatever earlier tests paid has its receipt sent first
    await sendDueReceipts(t.handle.db, capturingMailer(), { publicUrl: ctx.publicUrl, logger: QUIET });
    const buyer = await newBuyer({}, 'Rosa Recibo');
    await t.handle.db.query(`UPDATE users SET language = 'es' WHERE id = $1`, [await userId(buyer)]);
    await buyer.buy([['light']]);
    const failing = await newBuyer();
    await failing.buy([['basic']]);

    const mailer = capturingMailer({ failFor: failing.email });
    const summary = await sendDueReceipts(t.handle.db, mailer, { publicUrl: ctx.publicUrl, logger: QUIET });
    expect(summary).toEqual({ sent: 1, failed: 1 });
    const [mail] = mailer.sent;
    const invoice = (await buyer.invoices()).invoices[0];
    expect(mail).toMatchObject({ to: buyer.email, kind: 'payment_receipt' });
    expect(mail?.subject).toBe(`Tu recibo de Veritext (factura ${invoice?.number ?? ''})`);
    expect(mail?.text).toContain('Hola, Rosa Recibo:');
    expect(mail?.text).toContain('11,99');
    expect(mail?.text).toContain('https://veritext.example/es/profile/billing/');
    expect(mail?.html).toContain('href="https://veritext.example/es/profile/billing/"');

    // nothing is sent twice; the failed one waits for its claim to go stale, then goes
    expect(await sendDueReceipts(t.handle.db, capturingMailer(), { publicUrl: ctx.publicUrl, logger: QUIET })).toEqual({
      sent: 0,
      failed: 0,
    });
    await t.handle.db.query(`UPDATE invoices SET receipt_claimed_at = now() - interval '1 hour' WHERE user_id = $1`, [
      await userId(failing),
    ]);
    const retry = capturingMailer();
    expect(await sendDueReceipts(t.handle.db, retry, { publicUrl: ctx.publicUrl, logger: QUIET })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(retry.sent[0]?.to).toBe(failing.email);
    expect(retry.sent[0]?.subject).toMatch(/^Your Veritext receipt \(invoice VT-/);
  });

  it('shows the caller’s ledger newest first, by whom and in which bucket; an organisation’s to its owner only', async () => {
    const buyer = await newBuyer({}, 'Lena Ledger');
    await buyer.buy([['light'], ['aiBasic']]);
    const credentials = (await buyer.browser.get('/profile/get_credentials')).json<{
      balance: { transactions_url: string };
    }>();
    expect(credentials.balance.transactions_url).toBe('/api/v1/billing/transactions/');
    const ledger = await buyer.transactions();
    expect(ledger.account).toMatchObject({ kind: 'user', group_id: null, name: 'Lena Ledger' });
    expect(ledger.account.balance.ai_balance).toBe(10);
    const ids = ledger.transactions.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const deposits = ledger.transactions.filter((entry) => entry.type === 'deposit');
    expect(deposits.map((entry) => [entry.bucket, entry.sum, entry.held, entry.subject?.kind])).toEqual([
      ['ai_balance', 10, 0, 'order'],
      ['balance', 50, 0, 'order'],
    ]);
    expect(deposits[0]?.by).toEqual({ kind: 'user', name: 'Lena Ledger', email: buyer.email });
    // paged
    const firstPage = await buyer.transactions('?per_page=1');
    expect(firstPage).toMatchObject({ page: 1, per_page: 1, total: ledger.total });
    expect(firstPage.transactions.map((entry) => entry.id)).toEqual([ids[0]]);
    expect((await buyer.transactions('?per_page=1&page=2')).transactions.map((entry) => entry.id)).toEqual([ids[1]]);

    const owner = await newBuyer({ account_type: 'organisation', organisation_name: 'Ledger School' }, 'Otto Owner');
    const group = await ownGroup(owner);
    await owner.buy([['teams500', { group_id: String(group.id) }]]);
    const ofGroup = await owner.transactions(`?group_id=${String(group.id)}`);
    expect(ofGroup.account).toMatchObject({ kind: 'group', group_id: group.id, name: 'Ledger School' });
    expect(ofGroup.transactions.find((entry) => entry.type === 'deposit')).toMatchObject({
      sum: 500,
      by: { kind: 'user', name: 'Otto Owner', email: owner.email },
    });
    // the owner's own ledger does not show the organisation's pages
    expect((await owner.transactions()).transactions.some((entry) => entry.sum === 500)).toBe(false);

    const teacher = await newBuyer();
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 2)', [
      group.id,
      await userId(teacher),
    ]);
    for (const stranger of [teacher, buyer]) {
      const refused = await stranger.browser.get(`/api/v1/billing/transactions/?group_id=${String(group.id)}`);
      expect(refused.statusCode).toBe(403);
    }
    expect((await new TestBrowser(t.app).get('/api/v1/billing/transactions/')).statusCode).toBe(401);
  });
});
