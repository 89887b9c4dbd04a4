import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CartResponse, CredentialsResponse, Order, SandboxSessionResponse } from '@veritext/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  STRONG_PASSWORD,
  TestBrowser,
  uniqueEmail,
  type TestApp,
  AccountBrowser,
  signUpAccount,
} from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser, listEntries } from '../ledger/ledger.repository.ts';
import { createPromoCode } from './commerce.service.ts';
import { httpWebhookPoster, originOfAddress, sandboxWebhookSecret, signWebhookPayload } from './payment-gateway.ts';

type Group = { id: number; name: string; current_user_role: number };
type ErrorBody = { success: false; message: string; error: { code: string; fields?: Record<string, string> } };

const GOOD_CARD = { card_number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2099', cvc: '123', name: 'A B' };

/** A signed-up user's browser with its CSRF token at hand. */
class Buyer extends AccountBrowser {
  async add(service: string, extra: Record<string, string> = {}) {
    return this.post('/order/add_item', { service, ...extra });
  }
  async current(): Promise<Order | null> {
    return (await this.browser.get('/api/v1/orders/current/')).json<{ order: Order | null }>().order;
  }
  async checkoutJson(): Promise<string> {
    const response = await this.post('/order/checkout', { gateway: 'stripe' }, { accept: 'application/json' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ redirect_url: string }>().redirect_url;
  }
}

describe(`commerce: packs, cart, promo codes, sandbox checkout (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://veritext.example' });
  });
  afterAll(async () => {
    await t.dispose();
  });

  function newBuyer(fields: Record<string, string> = {}): Promise<Buyer> {
    return signUpAccount(t.app, Buyer, 'buyer', fields);
  }

  async function accountOf(email: string) {
    const user = await findUserByEmail(t.handle.db, email);
    const account = await findAccountOfUser(t.handle.db, user?.id ?? -1);
    if (account === null) throw new Error('no account');
    return account;
  }

  async function pay(buyer: Buyer, card: Record<string, string> = GOOD_CARD) {
    const redirect = await buyer.checkoutJson();
    const sessionId = redirect.replace('/sandbox-pay/', '');
    const response = await buyer.post(`/api/v1/sandbox-pay/${sessionId}/`, card);
    return { sessionId, response };
  }

  it('serves the catalogue: three tabs, prices in cents, per-page price in dollars, default light', async () => {
    const response = await new TestBrowser(t.app).get('/api/v1/pricing/');
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      currency: string;
      vat_percent: number;
      default_service: string;
      plans: Record<
        string,
        { service: string; pages: number | null; ai_pages: number | null; price: number; per_page: number }[]
      >;
    }>();
    expect(body).toMatchObject({ currency: 'USD', vat_percent: 0, default_service: 'light' });
    expect(body.plans.individ?.map((p) => [p.service, p.pages, p.price])).toEqual([
      ['basic', 20, 599],
      ['light', 50, 999],
      ['standard', 150, 2549],
      ['premium', 300, 4549],
    ]);
    expect(body.plans.business?.map((p) => [p.service, p.pages, p.price])).toEqual([
      ['teams500', 500, 6999],
      ['teams1000', 1000, 11999],
      ['teams2500', 2500, 24999],
    ]);
    expect(body.plans.ai?.map((p) => [p.service, p.pages, p.ai_pages, p.price])).toEqual([
      ['aiBasic', null, 10, 299],
      ['aiStandard', null, 25, 499],
      ['aiExpert', null, 60, 999],
    ]);
    expect(body.plans.business?.[0]?.per_page).toBeCloseTo(69.99 / 500, 10);
    expect(body.plans.ai?.[0]?.per_page).toBeCloseTo(0.299, 10);
  });

  it('asks guests and visitors to sign up before buying (401)', async () => {
    const visitor = new TestBrowser(t.app);
    const { token, guest_csrf } = await visitor.csrf();
    const anonymous = await visitor.postForm('/order/add_item', { service: 'light', _csrf_token: token });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorBody>()).toMatchObject({ success: false, message: 'Please sign up to buy pages.' });

    const guest = await visitor.postForm('/guest/registration/', {
      _csrf_token: guest_csrf,
      'guest-security-token': await visitor.botToken(),
    });
    expect(guest.statusCode).toBe(200);
    const api = guest.json<{ data: { api: string } }>().data.api;
    const asGuest = await t.app.inject({
      method: 'POST',
      url: '/order/add_item',
      payload: 'service=light',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-token': api },
    });
    expect(asGuest.statusCode).toBe(401);
    expect(asGuest.json<ErrorBody>().message).toBe('Please sign up to buy pages.');
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/current/',
      headers: { 'x-api-token': api },
    });
    expect(current.statusCode).toBe(401);
  });

  it('adds packs, merges the same pack, removes lines, and refuses unknown packs', async () => {
    const buyer = await newBuyer();
    expect(await buyer.current()).toBeNull();
    const first = await buyer.add('light');
    expect(first.statusCode, first.body).toBe(200);
    const cart = first.json<CartResponse>();
    expect(cart.data.order_items).toHaveLength(1);
    const line = cart.data.order_items[0];
    expect(line).toMatchObject({
      service: { name: 'Light', price: 999, type: 'pages', code: 'light', percent: null, coupon_type: null },
      pages: 50,
      ai_pages: null,
      quantity: 1,
      price: 999,
      special_offer: null,
      group_id: null,
    });
    expect(line?.delete_url).toBe(`/order/delete_item/${String(line?.id)}`);
    expect(cart.order).toMatchObject({
      url: `/api/v1/orders/${String(cart.order.id)}/`,
      subtotal: 999,
      discount: 0,
      vat: 0,
      gross: 999,
      currency: 'USD',
      checkout_url: '/order/checkout',
      payment: { state: 0 },
      redirect_url: null,
    });

    const merged = (await buyer.add('light', { quantity: '2' })).json<CartResponse>();
    expect(merged.data.order_items).toHaveLength(1);
    expect(merged.data.order_items[0]).toMatchObject({ quantity: 3, pages: 150, price: 2997 });
    const withAi = (await buyer.add('aiBasic')).json<CartResponse>();
    expect(withAi.data.order_items.map((i) => [i.service.code, i.pages, i.ai_pages])).toEqual([
      ['light', 150, null],
      ['aiBasic', null, 10],
    ]);
    expect(withAi.order.gross).toBe(2997 + 299);

    const unknown = await buyer.add('platinum');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().message).toBe('Unknown package.');
    const tooMany = await buyer.add('light', { quantity: '101' });
    expect(tooMany.statusCode).toBe(400);

    const aiLine = withAi.data.order_items[1];
    const removed = await buyer.post(aiLine?.delete_url ?? '');
    expect(removed.statusCode).toBe(200);
    expect(removed.json<CartResponse>()).toMatchObject({ message: 'The item was removed from your cart' });
    expect(removed.json<CartResponse>().data.order_items.map((i) => i.service.code)).toEqual(['light']);

    const stranger = await newBuyer();
    const notTheirs = await stranger.post(`/order/delete_item/${String(line?.id)}`);
    expect(notTheirs.statusCode).toBe(404);
    expect((await buyer.current())?.items).toHaveLength(1);
    const otherOrder = await stranger.browser.get(`/api/v1/orders/${String(cart.order.id)}/`);
    expect(otherOrder.statusCode).toBe(404);

    const credentials = (await buyer.browser.get('/profile/get_credentials')).json<CredentialsResponse>();
    expect(credentials.current_order.order.order_items.map((i) => [i.service.code, i.quantity])).toEqual([
      ['light', 3],
    ]);
    expect(credentials.current_order.add_item_url).toBe('/order/add_item');
  });

  it('applies promo codes: floor(percent * sum / 100), replaced by a later code; refuses invalid, expired and used-up codes', async () => {
    await createPromoCode(t.handle.db, { code: 'SAVE30', percent: 30, expires: null, maxUses: null });
    await createPromoCode(t.handle.db, { code: 'TEN', percent: 10, expires: '2099-12-31', maxUses: null });
    await createPromoCode(t.handle.db, { code: 'OLD', percent: 50, expires: '2020-01-01', maxUses: null });
    await createPromoCode(t.handle.db, { code: 'ONCE', percent: 20, expires: null, maxUses: 1 });
    await t.handle.db.query(`UPDATE promo_codes SET uses = 1 WHERE code = 'ONCE'`);
    await expect(
      createPromoCode(t.handle.db, { code: 'save30', percent: 5, expires: null, maxUses: null }),
    ).rejects.toThrow(/exists already/);

    const buyer = await newBuyer();
    await buyer.add('basic');
    const applied = await buyer.post('/order/add_coupon', { coupon: 'save30' });
    expect(applied.statusCode, applied.body).toBe(200);
    const body = applied.json<CartResponse>();
    expect(body.message).toBe('Promo code applied');
    // 30% of 599 = 179.7: the discount is floored to 179
    expect(body.order).toMatchObject({ subtotal: 599, discount: 179, vat: 0, gross: 420 });
    const promo = body.data.order_items.find((i) => i.service.type === 'promo');
    expect(promo).toMatchObject({
      service: { type: 'promo', code: 'SAVE30', percent: 30, coupon_type: 'percent', price: 0 },
      pages: null,
      ai_pages: null,
      price: -179,
    });

    const replaced = (await buyer.post('/order/add_coupon', { coupon: 'TEN' })).json<CartResponse>();
    expect(replaced.data.order_items.filter((i) => i.service.type === 'promo').map((i) => i.service.code)).toEqual([
      'TEN',
    ]);
    expect(replaced.order).toMatchObject({ discount: 59, gross: 540 });

    for (const code of ['NOPE', 'OLD', 'ONCE']) {
      const refused = await buyer.post('/order/add_coupon', { coupon: code });
      expect(refused.statusCode, code).toBe(400);
      expect(refused.json<ErrorBody>().message).toBe('This promo code is not valid.');
    }
    expect((await buyer.current())?.discount).toBe(59);

    const tenLine = replaced.data.order_items.find((i) => i.service.type === 'promo');
    const removed = (await buyer.post(tenLine?.delete_url ?? '')).json<CartResponse>();
    expect(removed.order).toMatchObject({ discount: 0, gross: 599 });
    expect(removed.data.order_items).toHaveLength(1);
  });

  it('lets only the owner (role 1) buy for an organisation', async () => {
    const owner = await newBuyer({ account_type: 'organisation', organisation_name: 'Buyers School' });
    const groups = (await owner.browser.get('/api/v1/groups/list/')).json<{ data: { groups: Group[] } }>().data.groups;
    const group = groups[0];
    if (group === undefined) throw new Error('no group');
    const forGroup = await owner.add('teams500', { group_id: String(group.id) });
    expect(forGroup.statusCode, forGroup.body).toBe(200);
    expect(forGroup.json<CartResponse>().data.order_items[0]).toMatchObject({ group_id: group.id, pages: 500 });
    // the same pack for oneself is another line
    const forSelf = (await owner.add('teams500')).json<CartResponse>();
    expect(forSelf.data.order_items.map((i) => i.group_id)).toEqual([group.id, null]);

    const teacher = await newBuyer();
    const teacherUser = await findUserByEmail(t.handle.db, teacher.email);
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 2)', [
      group.id,
      teacherUser?.id,
    ]);
    const refused = await teacher.add('teams500', { group_id: String(group.id) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().message).toBe('Only the organisation owner can buy pages for it.');
    const outsider = await newBuyer();
    expect((await outsider.add('light', { group_id: String(group.id) })).statusCode).toBe(403);
    // a member may still buy for themselves
    expect((await teacher.add('light')).statusCode).toBe(200);

    const before = await findAccountOfGroup(t.handle.db, group.id);
    const ownerBefore = await accountOf(owner.email);
    const { response } = await pay(owner);
    expect(response.statusCode, response.body).toBe(200);
    expect((await findAccountOfGroup(t.handle.db, group.id))?.balance).toBe((before?.balance ?? 0) + 500);
    expect((await accountOf(owner.email)).balance).toBe(ownerBefore.balance + 500);
  });

  it('refuses to check out an empty cart', async () => {
    const buyer = await newBuyer();
    const empty = await buyer.post('/order/checkout', { gateway: 'stripe' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorBody>().message).toBe('Your cart is empty.');
  });

  it("sends a Spanish buyer to the card page's Spanish twin", async () => {
    const buyer = await newBuyer();
    await buyer.add('standard');
    const response = await buyer.post('/order/checkout', { gateway: 'stripe', language: 'es' });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location ?? '').toMatch(/^\/es\/sandbox-pay\/cs_sandbox_[\w-]+$/);
  });

  it('checks out with a 303 to the sandbox card page, freezing the order as pending; a change reopens it', async () => {
    const buyer = await newBuyer();
    await buyer.add('standard');
    const response = await buyer.post('/order/checkout', { gateway: 'stripe', referral: 'friend' });
    expect(response.statusCode, response.body).toBe(303);
    const location = response.headers.location ?? '';
    expect(location).toMatch(/^\/sandbox-pay\/cs_sandbox_[\w-]+$/);
    const pending = await buyer.current();
    expect(pending?.payment.state).toBe(1);

    const sessionId = location.replace('/sandbox-pay/', '');
    const session = await buyer.browser.get(`/api/v1/sandbox-pay/${sessionId}/`);
    expect(session.statusCode).toBe(200);
    expect(session.json<SandboxSessionResponse>().session).toMatchObject({
      id: sessionId,
      amount: 2549,
      currency: 'USD',
      description: 'Standard × 1',
      status: 'open',
      order_id: pending?.id,
      cancel_url: '/pricing/',
    });
    const stranger = await newBuyer();
    expect((await stranger.browser.get(`/api/v1/sandbox-pay/${sessionId}/`)).statusCode).toBe(404);
    expect((await buyer.browser.get('/api/v1/sandbox-pay/cs_sandbox_nothing/')).statusCode).toBe(404);

    // changing the cart at the card page reopens the order and retires that session
    const changed = (await buyer.add('basic')).json<CartResponse>();
    expect(changed.order.payment.state).toBe(0);
    const retired = (await buyer.browser.get(`/api/v1/sandbox-pay/${sessionId}/`)).json<SandboxSessionResponse>();
    expect(retired.session.status).toBe('expired');
    const late = await buyer.post(`/api/v1/sandbox-pay/${sessionId}/`, GOOD_CARD);
    expect(late.statusCode).toBe(409);

    const json = await buyer.checkoutJson();
    expect(json).toMatch(/^\/sandbox-pay\/cs_sandbox_/);
    expect(json).not.toBe(location);
  });

  it('validates the card like a card form and declines the declined test card (402)', async () => {
    const buyer = await newBuyer();
    await buyer.add('light');
    const sessionId = (await buyer.checkoutJson()).replace('/sandbox-pay/', '');
    const bad = await buyer.post(`/api/v1/sandbox-pay/${sessionId}/`, {
      card_number: '4242 4242 4242 4241',
      exp_month: '13',
      exp_year: '2099',
      cvc: '12',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ErrorBody>().error.fields ?? {}).sort()).toEqual(['card_number', 'cvc', 'exp_month']);
    const past = await buyer.post(`/api/v1/sandbox-pay/${sessionId}/`, {
      ...GOOD_CARD,
      exp_month: '1',
      exp_year: '2020',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json<ErrorBody>().error.fields).toHaveProperty('exp_year');
    const declined = await buyer.post(`/api/v1/sandbox-pay/${sessionId}/`, {
      ...GOOD_CARD,
      card_number: '4000 0000 0000 0002',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json<ErrorBody>().message).toBe('Your card was declined.');
    expect((await buyer.current())?.payment.state).toBe(1);
    // any other valid number succeeds (a Luhn-valid Mastercard test number)
    const paid = await buyer.post(`/api/v1/sandbox-pay/${sessionId}/`, {
      ...GOOD_CARD,
      card_number: '5555555555554444',
    });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('pays through the signed webhook: the order is paid and the pages credited once, through the ledger', async () => {
    await createPromoCode(t.handle.db, { code: 'HALF', percent: 50, expires: null, maxUses: 5 });
    const buyer = await newBuyer();
    await buyer.add('light', { quantity: '2' });
    await buyer.add('aiStandard');
    await buyer.post('/order/add_coupon', { coupon: 'half' });
    const before = await accountOf(buyer.email);
    const { sessionId, response } = await pay(buyer);
    expect(response.statusCode, response.body).toBe(200);
    const orderId = (
      await t.handle.db.query<{ order_id: number }>('SELECT order_id FROM payment_sessions WHERE id = $1', [sessionId])
    ).rows[0]?.order_id;
    expect(response.json()).toEqual({ success: true, redirect_url: `/payment/pending/${String(orderId)}/` });

    const after = await accountOf(buyer.email);
    expect(after.balance).toBe(before.balance + 100);
    expect(after.ai_balance).toBe(before.ai_balance + 25);
    const deposits = (await listEntries(t.handle.db, after.id)).filter((e) => e.kind === 'deposit');
    expect(deposits.map((e) => [e.bucket, e.available_delta, e.reference])).toEqual(
      expect.arrayContaining([
        ['balance', 100, expect.stringMatching(new RegExp(`^order:${String(orderId)}:item:\\d+$`))],
        ['ai_balance', 25, expect.stringMatching(new RegExp(`^order:${String(orderId)}:item:\\d+$`))],
      ]),
    );
    expect(deposits).toHaveLength(2);

    const order = (await buyer.browser.get(`/api/v1/orders/${String(orderId)}/`)).json<{ order: Order }>().order;
    // (2 × 999 + 499) = 2497, half off floored: 1248
    expect(order).toMatchObject({ subtotal: 2497, discount: 1248, gross: 1249, payment: { state: 2 } });
    expect(order.redirect_url).toBe('/payment-success/');
    expect(await buyer.current()).toBeNull();
    const promo = await t.handle.db.query<{ uses: number }>(`SELECT uses FROM promo_codes WHERE code = 'HALF'`);
    expect(promo.rows[0]?.uses).toBe(1);
    const paidAt = await t.handle.db.query<{ paid_at: Date | null }>('SELECT paid_at FROM orders WHERE id = $1', [
      orderId,
    ]);
    expect(paidAt.rows[0]?.paid_at).toBeInstanceOf(Date);

    // paying the same session again is refused; no second credit
    const again = await buyer.post(`/api/v1/sandbox-pay/${sessionId}/`, GOOD_CARD);
    expect(again.statusCode).toBe(409);
    expect((await accountOf(buyer.email)).balance).toBe(before.balance + 100);

    const credentials = (await buyer.browser.get('/profile/get_credentials')).json<CredentialsResponse>();
    expect(credentials.packages_bought).toBe(1);
    expect(credentials.user.not_ai_orders).toBe(1);
    expect(credentials.user.last_ai_order_paid_days_ago).toBe(0);
    expect(credentials.current_order.order.order_items).toEqual([]);
    const loginJson = (await buyer.browser.get('/login_json')).json<{ data: { packages_bought: number } }>();
    expect(loginJson.data.packages_bought).toBe(1);
  });

  it('counts AI-only orders apart: redirect /payment-success/1, no not_ai_orders, days since the last AI order', async () => {
    const buyer = await newBuyer();
    const fresh = (await buyer.browser.get('/profile/get_credentials')).json<CredentialsResponse>();
    expect(fresh).toMatchObject({ packages_bought: 0, user: { not_ai_orders: 0, last_ai_order_paid_days_ago: null } });
    await buyer.add('aiExpert');
    const { sessionId, response } = await pay(buyer);
    expect(response.statusCode).toBe(200);
    const { rows } = await t.handle.db.query<{ order_id: number }>(
      'SELECT order_id FROM payment_sessions WHERE id = $1',
      [sessionId],
    );
    const orderId = rows[0]?.order_id ?? -1;
    const order = (await buyer.browser.get(`/api/v1/orders/${String(orderId)}/`)).json<{ order: Order }>().order;
    expect(order.redirect_url).toBe('/payment-success/1');
    await t.handle.db.query(`UPDATE orders SET paid_at = now() - interval '31 days' WHERE id = $1`, [orderId]);
    const credentials = (await buyer.browser.get('/profile/get_credentials')).json<CredentialsResponse>();
    expect(credentials).toMatchObject({
      packages_bought: 1,
      user: { not_ai_orders: 0, last_ai_order_paid_days_ago: 31 },
    });
  });

  describe('the webhook', () => {
    const secret = () => sandboxWebhookSecret(t.config.appSecret);

    function post(body: string, signature: string) {
      return t.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        payload: body,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    }

    async function pendingOrder(service = 'basic') {
      const buyer = await newBuyer();
      await buyer.add(service);
      const sessionId = (await buyer.checkoutJson()).replace('/sandbox-pay/', '');
      const order = await buyer.current();
      if (order === null) throw new Error('no order');
      return { buyer, sessionId, order };
    }

    function completed(
      sessionId: string,
      orderId: number,
      amount: number,
      id = `evt_test_${String(Math.random()).slice(2)}`,
    ) {
      return JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            client_reference_id: String(orderId),
            amount_total: amount,
            currency: 'usd',
            payment_status: 'paid',
            metadata: { order_id: String(orderId) },
          },
        },
      });
    }

    it('refuses a bad signature and a stale timestamp (400), changing nothing', async () => {
      const { buyer, sessionId, order } = await pendingOrder();
      const body = completed(sessionId, order.id, order.gross);
      expect((await post(body, signWebhookPayload(body, 'whsec_wrong'))).statusCode).toBe(400);
      expect((await post(body, 'nonsense')).statusCode).toBe(400);
      const stale = signWebhookPayload(body, secret(), Math.floor(Date.now() / 1000) - 301);
      expect((await post(body, stale)).statusCode).toBe(400);
      const tampered = signWebhookPayload(body, secret());
      expect(
        (await post(body.replace(`"amount_total":${String(order.gross)}`, '"amount_total":1'), tampered)).statusCode,
      ).toBe(400);
      expect((await buyer.current())?.payment.state).toBe(1);
      const events = await t.handle.db.query('SELECT id FROM payment_events WHERE session_id = $1', [sessionId]);
      expect(events.rows).toHaveLength(0);
    });

    it('processes an event once: a replay answers duplicate and credits nothing more', async () => {
      const { buyer, sessionId, order } = await pendingOrder('basic');
      const before = await accountOf(buyer.email);
      const body = completed(sessionId, order.id, order.gross, 'evt_replayed_once');
      const first = await post(body, signWebhookPayload(body, secret()));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true });
      const replay = await post(body, signWebhookPayload(body, secret()));
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, duplicate: true });
      const after = await accountOf(buyer.email);
      expect(after.balance).toBe(before.balance + 20);
      const deposits = (await listEntries(t.handle.db, after.id)).filter((e) => e.kind === 'deposit');
      expect(deposits).toHaveLength(1);
    });

    it('fails the order on an amount mismatch, with no credit', async () => {
      const { buyer, sessionId, order } = await pendingOrder('premium');
      const before = await accountOf(buyer.email);
      const body = completed(sessionId, order.id, order.gross - 1);
      const response = await post(body, signWebhookPayload(body, secret()));
      expect(response.statusCode).toBe(200);
      const failed = (await buyer.browser.get(`/api/v1/orders/${String(order.id)}/`)).json<{ order: Order }>().order;
      expect(failed.payment.state).toBe(3);
      expect(failed.redirect_url).toBeNull();
      expect((await accountOf(buyer.email)).balance).toBe(before.balance);
      const outcome = await t.handle.db.query<{ outcome: string }>(
        'SELECT outcome FROM payment_events WHERE session_id = $1',
        [sessionId],
      );
      expect(outcome.rows.map((r) => r.outcome)).toEqual(['amount_mismatch']);
      // the failed order is no longer the cart: a new purchase starts a new order
      expect(await buyer.current()).toBeNull();
    });

    it('reopens the order when its checkout session expires', async () => {
      const { buyer, sessionId, order } = await pendingOrder('light');
      const body = JSON.stringify({
        id: 'evt_expired_1',
        object: 'event',
        type: 'checkout.session.expired',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: sessionId, object: 'checkout.session', status: 'expired', payment_status: 'unpaid' } },
      });
      const response = await post(body, signWebhookPayload(body, secret()));
      expect(response.statusCode).toBe(200);
      const reopened = await buyer.current();
      expect(reopened).toMatchObject({ id: order.id, payment: { state: 0 } });
      const session = (await buyer.browser.get(`/api/v1/sandbox-pay/${sessionId}/`)).json<SandboxSessionResponse>();
      expect(session.session.status).toBe('expired');
    });
  });
});

describe(`commerce: the sandbox posts its event over HTTP to its own listening address (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      { webhookPoster: (app) => httpWebhookPoster(() => originOfAddress(app.server.address())) },
    );
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('credits the pages through the real HTTP webhook', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('http');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const buyer = new Buyer(browser, email);
    buyer.token = (await browser.csrf()).token;
    await buyer.add('basic');
    const sessionId = (await buyer.checkoutJson()).replace('/sandbox-pay/', '');
    const user = await findUserByEmail(t.handle.db, email);
    const before = await findAccountOfUser(t.handle.db, user?.id ?? -1);
    const paid = await buyer.post(`/api/v1/sandbox-pay/${sessionId}/`, GOOD_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await findAccountOfUser(t.handle.db, user?.id ?? -1))?.balance).toBe((before?.balance ?? 0) + 20);
  });
});

type StripeRequest = {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  form: URLSearchParams;
};

describe(`commerce: Stripe Checkout through the stripe SDK (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let server: Server;
  const requests: StripeRequest[] = [];
  const WEBHOOK_SECRET = 'whsec_test_commerce_secret';

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          form: new URLSearchParams(body),
        });
        if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
          const id = `cs_test_${String(requests.length)}`;
          response.writeHead(200, {
            'content-type': 'application/json',
            'request-id': `req_${String(requests.length)}`,
          });
          response.end(
            JSON.stringify({
              id,
              object: 'checkout.session',
              url: `https://checkout.stripe.com/c/pay/${id}`,
              expires_at: Math.floor(Date.now() / 1000) + 86_400,
              status: 'open',
              payment_status: 'unpaid',
            }),
          );
          return;
        }
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp(
      {
        publicUrl: 'https://veritext.example',
        vatPercent: 21,
        stripe: { secretKey: 'sk_test_commerce', webhookSecret: WEBHOOK_SECRET },
      },
      { stripeApi: { host: '127.0.0.1', port, protocol: 'http' } },
    );
  });
  afterAll(async () => {
    await t.dispose();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function newBuyer(): Promise<Buyer> {
    return signUpAccount(t.app, Buyer, 'stripe');
  }

  it('adds VAT on top and creates a Checkout Session with the order lines, then 303s to its url', async () => {
    const buyer = await newBuyer();
    await buyer.add('light', { quantity: '2' });
    const cart = (await buyer.add('aiBasic')).json<CartResponse>();
    // 2 × 999 + 299 = 2297; VAT 21% = 482.37 -> 482
    expect(cart.order).toMatchObject({ subtotal: 2297, discount: 0, vat: 482, vat_percent: 21, gross: 2779 });
    const pricing = (await buyer.browser.get('/api/v1/pricing/')).json<{ vat_percent: number }>();
    expect(pricing.vat_percent).toBe(21);

    const response = await buyer.post('/order/checkout', { gateway: 'stripe' });
    expect(response.statusCode, response.body).toBe(303);
    const request = requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/v1/checkout/sessions' });
    expect(request?.headers.authorization).toBe('Bearer sk_test_commerce');
    expect(response.headers.location).toBe(`https://checkout.stripe.com/c/pay/cs_test_${String(requests.length)}`);
    const form = request?.form ?? new URLSearchParams();
    const orderId = String(cart.order.id);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('client_reference_id')).toBe(orderId);
    expect(form.get('metadata[order_id]')).toBe(orderId);
    expect(form.get('customer_email')).toBe(buyer.email);
    expect(form.get('success_url')).toBe(`https://veritext.example/payment/pending/${orderId}/`);
    expect(form.get('cancel_url')).toBe('https://veritext.example/pricing/');
    const lines = [0, 1, 2].map((i) => ({
      name: form.get(`line_items[${String(i)}][price_data][product_data][name]`),
      amount: form.get(`line_items[${String(i)}][price_data][unit_amount]`),
      currency: form.get(`line_items[${String(i)}][price_data][currency]`),
      quantity: form.get(`line_items[${String(i)}][quantity]`),
    }));
    expect(lines).toEqual([
      { name: 'Light: 50 pages', amount: '999', currency: 'usd', quantity: '2' },
      { name: 'AI Basic: 10 AI pages', amount: '299', currency: 'usd', quantity: '1' },
      { name: 'VAT (21%)', amount: '482', currency: 'usd', quantity: '1' },
    ]);
    expect(form.has('line_items[3][quantity]')).toBe(false);
    expect((await buyer.current())?.payment.state).toBe(1);

    // the sandbox card page does not exist with Stripe configured
    expect((await buyer.browser.get(`/api/v1/sandbox-pay/cs_test_${String(requests.length)}/`)).statusCode).toBe(404);

    // Stripe's event, signed with STRIPE_WEBHOOK_SECRET, pays the order
    const before = await findAccountOfUser(t.handle.db, (await findUserByEmail(t.handle.db, buyer.email))?.id ?? -1);
    const body = JSON.stringify({
      id: 'evt_stripe_1',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `cs_test_${String(requests.length)}`,
          object: 'checkout.session',
          amount_total: 2779,
          currency: 'usd',
          payment_status: 'paid',
          client_reference_id: orderId,
          metadata: { order_id: orderId },
        },
      },
    });
    const sandboxSigned = await t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhookPayload(body, sandboxWebhookSecret(t.config.appSecret)),
      },
    });
    expect(sandboxSigned.statusCode).toBe(400);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      payload: body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signWebhookPayload(body, WEBHOOK_SECRET) },
    });
    expect(webhook.statusCode, webhook.body).toBe(200);
    const after = await findAccountOfUser(t.handle.db, before?.id === undefined ? -1 : (before.user_id ?? -1));
    expect(after?.balance).toBe((before?.balance ?? 0) + 100);
    expect(after?.ai_balance).toBe((before?.ai_balance ?? 0) + 10);
  });

  it('sends one line of the total when a promo code applies (Stripe takes no negative lines)', async () => {
    await createPromoCode(t.handle.db, { code: 'STRIPE25', percent: 25, expires: null, maxUses: null });
    const buyer = await newBuyer();
    await buyer.add('standard');
    const cart = (await buyer.post('/order/add_coupon', { coupon: 'stripe25' })).json<CartResponse>();
    // 2549 - floor(637.25) = 1912; VAT 21% = 401.52 -> 402
    expect(cart.order).toMatchObject({ subtotal: 2549, discount: 637, vat: 402, gross: 2314 });
    const redirect = await buyer.checkoutJson();
    expect(redirect).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);
    const form = requests.at(-1)?.form ?? new URLSearchParams();
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('2314');
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.has('line_items[1][quantity]')).toBe(false);
  });
});
