import type { Order } from '@veritext/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findAccountOfGroup } from '../ledger/ledger.repository.ts';
import { findPromoCode } from './commerce.repository.ts';
import { createPromoCode } from './commerce.service.ts';
import { sandboxWebhookSecret, signWebhookPayload } from './payment-gateway.ts';

const GOOD_CARD = { card_number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2099', cvc: '123', name: 'A B' };

type ErrorBody = { success: false; message: string; error: { code: string } };

class Buyer {
  readonly browser: TestBrowser;
  readonly email: string;
  token: string;
  constructor(browser: TestBrowser, email: string, token = '') {
    this.browser = browser;
    this.email = email;
    this.token = token;
  }
  post(url: string, fields: Record<string, string> = {}) {
    return this.browser.postForm(url, { ...fields, _csrf_token: this.token }, { accept: 'application/json' });
  }
  checkout() {
    return this.post('/order/checkout', { gateway: 'stripe' });
  }
  async current(): Promise<Order | null> {
    return (await this.browser.get('/api/v1/orders/current/')).json<{ order: Order | null }>().order;
  }
}

/**
 * Issue 13, B7: a promo code's --max-uses holds. A use is reserved atomically when an order goes to the card page,
 * released when that checkout fails, expires or is reopened by a change of the cart, and counted when it is paid.
 */
describe(`promo codes: a use is reserved at checkout (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://veritext.example' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function buyerWithCode(code: string, fields: Record<string, string> = {}): Promise<Buyer> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('promo');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD, ...fields })).statusCode).toBe(200);
    const buyer = new Buyer(browser, email, (await browser.csrf()).token);
    expect((await buyer.post('/order/add_item', { service: 'basic' })).statusCode).toBe(200);
    const applied = await buyer.post('/order/add_coupon', { coupon: code });
    expect(applied.statusCode, applied.body).toBe(200);
    return buyer;
  }

  async function counts(code: string): Promise<{ uses: number; reserved: number }> {
    const promo = (await findPromoCode(t.handle.db, code))!;
    return { uses: promo.uses, reserved: promo.reserved };
  }

  function sessionOf(redirect: string): string {
    return redirect.replace('/sandbox-pay/', '');
  }

  async function webhook(type: string, object: Record<string, unknown>) {
    const body = JSON.stringify({
      id: `evt_${String(Math.random()).slice(2)}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'checkout.session', ...object } },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhookPayload(body, sandboxWebhookSecret(t.config.appSecret)),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('two checkouts at once with a 1-use code: one reserves it, the other gets the clear error; after expiry it is usable again', async () => {
    await createPromoCode(t.handle.db, { code: 'ONCE-A', percent: 50, expires: null, maxUses: 1 });
    const first = await buyerWithCode('ONCE-A');
    const second = await buyerWithCode('ONCE-A');

    const answers = await Promise.all([first.checkout(), second.checkout()]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json<ErrorBody>().error.code).toBe('promo_limit_reached');
    expect(refused.json<ErrorBody>().message).toMatch(/promo code/);
    expect(await counts('ONCE-A')).toEqual({ uses: 0, reserved: 1 });

    const [winner, loser] = answers[0].statusCode === 200 ? [first, second] : [second, first];
    // the refused cart is open again, without the code, at full price
    const loserCart = (await loser.current())!;
    expect(loserCart.payment.state).toBe(0);
    expect(loserCart.items.some((item) => item.service.type === 'promo')).toBe(false);
    expect(loserCart.discount).toBe(0);

    // the winner's card page expires at the gateway: the use is free again and the other buyer takes it
    const winnerSession = sessionOf(
      answers.find((answer) => answer.statusCode === 200)!.json<{ redirect_url: string }>().redirect_url,
    );
    await webhook('checkout.session.expired', { id: winnerSession, status: 'expired', payment_status: 'unpaid' });
    expect((await winner.current())?.payment.state).toBe(0);
    expect(await counts('ONCE-A')).toEqual({ uses: 0, reserved: 0 });

    expect((await loser.post('/order/add_coupon', { coupon: 'ONCE-A' })).statusCode).toBe(200);
    const retried = await loser.checkout();
    expect(retried.statusCode, retried.body).toBe(200);
    const paid = await loser.post(
      `/api/v1/sandbox-pay/${sessionOf(retried.json<{ redirect_url: string }>().redirect_url)}/`,
      GOOD_CARD,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await counts('ONCE-A')).toEqual({ uses: 1, reserved: 0 });

    // used once and paid: nobody else gets it, and the winner's retry with the code is refused
    const again = await winner.checkout();
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.code).toBe('promo_limit_reached');
    expect(await counts('ONCE-A')).toEqual({ uses: 1, reserved: 0 });
  });

  it('a sandbox card page that lapses without any event frees its use for the next checkout', async () => {
    await createPromoCode(t.handle.db, { code: 'ONCE-B', percent: 10, expires: null, maxUses: 1 });
    const first = await buyerWithCode('ONCE-B');
    const second = await buyerWithCode('ONCE-B');
    expect((await first.checkout()).statusCode).toBe(200);
    expect((await second.checkout()).statusCode).toBe(409);

    // time passes: the first card page is past its expiry (and the checkout well past the gateway's answer)
    const order = (await first.current())!;
    await t.handle.db.query(
      `UPDATE payment_sessions SET expires_at = now() - interval '1 minute' WHERE order_id = $1`,
      [order.id],
    );
    await t.handle.db.query(`UPDATE orders SET updated_at = now() - interval '1 day' WHERE id = $1`, [order.id]);

    expect((await second.post('/order/add_coupon', { coupon: 'ONCE-B' })).statusCode).toBe(200);
    const taken = await second.checkout();
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await counts('ONCE-B')).toEqual({ uses: 0, reserved: 1 });
    // the lapsed checkout is an open cart again, its session expired
    expect((await first.current())?.payment.state).toBe(0);
  });

  it('a change of the cart at the card page and a failed amount release the use; checking out again keeps one', async () => {
    await createPromoCode(t.handle.db, { code: 'ONCE-C', percent: 20, expires: null, maxUses: 1 });
    const buyer = await buyerWithCode('ONCE-C');
    expect((await buyer.checkout()).statusCode).toBe(200);
    // back from the card page and checking out again: still one use held
    const again = await buyer.checkout();
    expect(again.statusCode).toBe(200);
    expect(await counts('ONCE-C')).toEqual({ uses: 0, reserved: 1 });
    // a change of the cart reopens the order: released
    expect((await buyer.post('/order/add_item', { service: 'basic' })).statusCode).toBe(200);
    expect(await counts('ONCE-C')).toEqual({ uses: 0, reserved: 0 });

    const checkout = await buyer.checkout();
    expect(checkout.statusCode).toBe(200);
    expect(await counts('ONCE-C')).toEqual({ uses: 0, reserved: 1 });
    const order = (await buyer.current())!;
    const sessionId = sessionOf(checkout.json<{ redirect_url: string }>().redirect_url);
    await webhook('checkout.session.completed', {
      id: sessionId,
      amount_total: order.gross - 1,
      currency: 'usd',
      payment_status: 'paid',
    });
    expect(await counts('ONCE-C')).toEqual({ uses: 0, reserved: 0 });
  });

  it('B9: a purchase for a group is refused at checkout when the buyer no longer owns the group', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('org-buyer');
    expect(
      (await browser.signUp({ email, password: STRONG_PASSWORD, name: 'Org', account_type: 'organisation' }))
        .statusCode,
    ).toBe(200);
    const user = (await findUserByEmail(t.handle.db, email))!;
    const { rows } = await t.handle.db.query<{ id: number }>('SELECT id FROM groups WHERE created_by_user_id = $1', [
      user.id,
    ]);
    const groupId = rows[0]!.id;
    const buyer = new Buyer(browser, email, (await browser.csrf()).token);
    const added = await buyer.post('/order/add_item', { service: 'basic', group_id: String(groupId) });
    expect(added.statusCode, added.body).toBe(200);
    // ownership ends between adding the pack and paying for it (the group is handed over)
    await t.handle.db.query('UPDATE group_members SET role = 2 WHERE group_id = $1 AND user_id = $2', [
      groupId,
      user.id,
    ]);
    const refused = await buyer.checkout();
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.code).toBe('group_owner_required');
    expect((await buyer.current())?.payment.state).toBe(0);
    const account = (await findAccountOfGroup(t.handle.db, groupId))!;
    expect(account.balance).toBe(0);
  });
});
