import type {
  CredentialsResponse,
  SubscribeResponse,
  Subscription,
  SubscriptionPlansResponse,
} from '@veritext/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountBrowser,
  createTestApp,
  signUpAccount,
  STRONG_PASSWORD,
  TestBrowser,
  uniqueEmail,
  type TestApp,
} from '../../../test/app.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { createPromoCode, type CommerceContext } from '../commerce/commerce.service.ts';
import { findPromoCode } from '../commerce/commerce.repository.ts';
import { createSandboxGateway, signWebhookPayload } from '../commerce/payment-gateway.ts';
import { findAccountOfGroup, findAccountOfUser, listEntries } from '../ledger/ledger.repository.ts';
import { chargeHold, holdPages } from '../ledger/ledger.service.ts';
import { freshText } from '../../../test/authz/texts.ts';
import { listCancellations, listPayments } from './subscriptions.repository.ts';
import { addMonth, prorate, renewDueSubscriptions, upgradeSubscription } from './subscriptions.service.ts';

type ErrorBody = { success: false; message: string; error: { code: string } };
type Group = { id: number; name: string; current_user_role: number };

const GOOD_CARD = { card_number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2099', cvc: '123', name: 'A B' };
const FAILS_LATER = { ...GOOD_CARD, card_number: '4000 0000 0000 0341' };
const DAY_MS = 24 * 60 * 60 * 1000;
const QUIET = { info: () => undefined, warn: () => undefined };

class Subscriber extends AccountBrowser {
  async subscriptions(): Promise<Subscription[]> {
    const response = await this.browser.get('/api/v1/subscriptions/');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { subscriptions: Subscription[] } }>().data.subscriptions;
  }
  /** Subscribes and pays the first month on the sandbox card page. */
  async subscribe(service: string, extra: Record<string, string> = {}, card = GOOD_CARD): Promise<Subscription> {
    const started = await this.post('/api/v1/subscriptions/', { service, ...extra });
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json<SubscribeResponse>();
    expect(body.subscription.status).toBe(1);
    expect(body.redirect_url).toMatch(/^\/sandbox-pay\/cs_sandbox_/);
    const paid = await this.post(`/api/v1/sandbox-pay/${body.redirect_url.replace('/sandbox-pay/', '')}/`, card);
    expect(paid.statusCode, paid.body).toBe(200);
    return body.subscription;
  }
}

describe(`subscriptions: plans, the sandbox lifecycle on the ledger (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ctx: CommerceContext;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://veritext.example', vatPercent: 20 });
    ctx = {
      db: t.handle.db,
      gateway: createSandboxGateway(t.config.appSecret),
      vatPercent: t.config.vatPercent,
      publicUrl: t.config.publicUrl,
      log: QUIET,
    };
  });
  afterAll(async () => {
    await t.dispose();
  });

  function newSubscriber(fields: Record<string, string> = {}): Promise<Subscriber> {
    return signUpAccount(t.app, Subscriber, 'subscriber', fields);
  }

  async function accountOf(email: string) {
    const user = await findUserByEmail(t.handle.db, email);
    const account = await findAccountOfUser(t.handle.db, user?.id ?? -1);
    if (account === null) throw new Error('no account');
    return account;
  }

  async function credentials(s: Subscriber): Promise<CredentialsResponse> {
    return (await s.browser.get('/profile/get_credentials')).json<CredentialsResponse>();
  }

  const at = (iso: string | null): Date => new Date(iso ?? NaN);

  it('serves the plans: three kinds, the spec service identifiers, prices per month in cents, the default plans', async () => {
    const response = await new TestBrowser(t.app).get('/api/v1/subscription-plans/');
    expect(response.statusCode).toBe(200);
    const body = response.json<SubscriptionPlansResponse>();
    expect(body).toMatchObject({ currency: 'USD', vat_percent: 20 });
    expect(body.default_plans).toEqual({ individ: 'light', team: 'lightTeams', ai: 'aiStandard' });
    expect(body.plans.individ.map((p) => [p.key, p.service, p.price, p.pages, p.ai_pages])).toEqual([
      ['light', 'lightSubscription', 999, 60, 20],
      ['standard', 'standardSubscription', 2499, 180, 60],
    ]);
    expect(body.plans.team.map((p) => [p.key, p.service])).toEqual([
      ['lightTeams', 'lightTeamsSubscription'],
      ['standardTeams', 'standardTeamsSubscription'],
    ]);
    expect(body.plans.ai.map((p) => [p.key, p.service, p.pages])).toEqual([
      ['aiBasic', 'aibasicSubscription', 0],
      ['aiStandard', 'aistandardSubscription', 0],
      ['aiExpert', 'aiexpertSubscription', 0],
    ]);
  });

  it('adds a calendar month, clamping the day to the month', () => {
    expect(addMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonth(new Date('2028-01-31T10:00:00Z')).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('subscribes, renews twice by the clock, ignores replays and reordered events, cancels, ends and restarts', async () => {
    const s = await newSubscriber();
    const before = await accountOf(s.email);
    expect(await s.subscriptions()).toEqual([]);

    await s.subscribe('lightSubscription');
    const [active] = await s.subscriptions();
    expect(active).toMatchObject({ status: 2, price: 999, pages: 60, ai_pages: 20, card_last4: '4242' });
    expect(active?.service).toEqual({ key: 'light', name: 'Light', kind: 'individ', service: 'lightSubscription' });
    expect(active?.renewal_date).toBe(active?.current_period_end);
    expect(active?.end_date).toBeNull();
    const start = at(active?.current_period_start ?? null);
    expect(at(active?.current_period_end ?? null).toISOString()).toBe(addMonth(start).toISOString());
    let account = await accountOf(s.email);
    expect([account.balance - before.balance, account.ai_balance - before.ai_balance]).toEqual([60, 20]);
    expect(account.balance_type).toBe(3);
    expect((await credentials(s)).user.balance_type).toBe(3);
    const id = active?.id ?? -1;

    // A second subscription on the same account is an upgrade, not a new one.
    const second = await s.post('/api/v1/subscriptions/', { service: 'standard' });
    expect(second.statusCode).toBe(409);
    expect(second.json<ErrorBody>().error.code).toBe('subscription_active');

    // Nothing is due before the period ends.
    expect(await renewDueSubscriptions(ctx, new Date(start.getTime() + 10 * DAY_MS))).toMatchObject({ renewed: 0 });
    // Renewal 1 and 2, each once however often the job runs.
    const end1 = addMonth(start);
    expect(await renewDueSubscriptions(ctx, new Date(end1.getTime() + 60_000))).toMatchObject({ renewed: 1 });
    expect(await renewDueSubscriptions(ctx, new Date(end1.getTime() + 120_000))).toMatchObject({ renewed: 0 });
    const end2 = addMonth(end1);
    expect(await renewDueSubscriptions(ctx, new Date(end2.getTime() + 60_000))).toMatchObject({ renewed: 1 });
    account = await accountOf(s.email);
    expect([account.balance - before.balance, account.ai_balance - before.ai_balance]).toEqual([180, 60]);
    const payments = await listPayments(t.handle.db, id);
    expect(payments.map((p) => [p.reason, p.period_start.toISOString(), p.amount])).toEqual([
      ['create', start.toISOString(), 1199],
      ['cycle', end1.toISOString(), 1199],
      ['cycle', end2.toISOString(), 1199],
    ]);
    const [renewed] = await s.subscriptions();
    expect(renewed?.current_period_start).toBe(end2.toISOString());
    expect(renewed?.current_period_end).toBe(addMonth(end2).toISOString());

    // The same event delivered again, and the same period paid by another event: nothing changes.
    const entries = (await listEntries(t.handle.db, account.id)).length;
    const { signWebhookPayload } = await import('../commerce/payment-gateway.ts');
    const replayPeriod = async (eventId: string) => {
      const body = JSON.stringify({
        id: eventId,
        object: 'event',
        type: 'invoice.paid',
        created: Math.floor(end2.getTime() / 1000),
        data: {
          object: {
            id: 'in_x',
            object: 'invoice',
            subscription: (
              await t.handle.db.query<{ gateway_ref: string }>('SELECT gateway_ref FROM subscriptions WHERE id = $1', [
                id,
              ])
            ).rows[0]?.gateway_ref,
            billing_reason: 'subscription_cycle',
            amount_paid: 1199,
            lines: {
              data: [
                {
                  period: {
                    start: Math.floor(end2.getTime() / 1000),
                    end: Math.floor(addMonth(end2).getTime() / 1000),
                  },
                },
              ],
            },
          },
        },
      });
      return t.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signWebhookPayload(body, ctx.gateway.webhookSecret),
        },
      });
    };
    const replay = await replayPeriod(`evt_sandbox_paid_${String(id)}_${String(end2.getTime() / 1000)}`);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await replayPeriod('evt_other_delivery_of_the_same_period')).statusCode).toBe(200);
    expect((await listEntries(t.handle.db, account.id)).length).toBe(entries);
    expect((await accountOf(s.email)).balance - before.balance).toBe(180);
    // A forged signature is refused.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      payload: '{"id":"evt_forged","type":"invoice.paid","data":{"object":{}}}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(forged.statusCode).toBe(400);

    // Cancel with the farewell survey: still active until the end of the paid month, not renewed.
    const stranger = await newSubscriber();
    expect((await stranger.post(`/api/v1/subscriptions/${String(id)}/cancel/`, { reason: 'other' })).statusCode).toBe(
      404,
    );
    const badReason = await s.post(`/api/v1/subscriptions/${String(id)}/cancel/`, { reason: 'because' });
    expect(badReason.statusCode).toBe(400);
    const cancelled = await s.post(`/api/v1/subscriptions/${String(id)}/cancel/`, {
      reason: 'too_expensive',
      comment: 'Only needed it for my thesis.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const end3 = addMonth(end2);
    expect(cancelled.json<{ subscription: Subscription }>().subscription).toMatchObject({
      status: 2,
      cancel_at_period_end: true,
      renewal_date: null,
      end_date: end3.toISOString(),
    });
    const survey = (await listCancellations(t.handle.db)).find((c) => c.subscription_id === id);
    expect(survey).toMatchObject({ reason: 'too_expensive', comment: 'Only needed it for my thesis.', email: s.email });
    expect(await renewDueSubscriptions(ctx, new Date(end3.getTime() - 60_000))).toMatchObject({ ended: 0 });
    expect((await s.subscriptions())[0]?.status).toBe(2);
    expect(await renewDueSubscriptions(ctx, new Date(end3.getTime() + 60_000))).toMatchObject({
      ended: 1,
      renewed: 0,
    });
    const [ended] = await s.subscriptions();
    expect(ended).toMatchObject({ status: 4, renewal_date: null, end_date: end3.toISOString() });
    account = await accountOf(s.email);
    expect(account.balance_type).toBe(1);
    // unused pages stay
    expect(account.balance - before.balance).toBe(180);

    // A late renewal for the ended subscription does not bring it back.
    expect((await replayPeriod('evt_late_after_the_end')).statusCode).toBe(200);
    expect((await s.subscriptions())[0]?.status).toBe(4);
    expect((await accountOf(s.email)).balance - before.balance).toBe(180);

    // Ended: a new one can be started.
    await s.subscribe('aiStandard');
    const list = await s.subscriptions();
    expect(list.map((x) => [x.service.key, x.status])).toEqual([
      ['aiStandard', 2],
      ['light', 4],
    ]);
    expect((await accountOf(s.email)).ai_balance - before.ai_balance).toBe(60 + 30);
  });

  it('marks a declined renewal past due, credits nothing, retries daily and ends after the last try', async () => {
    const s = await newSubscriber();
    await s.subscribe('standard', {}, FAILS_LATER);
    const [active] = await s.subscriptions();
    expect(active).toMatchObject({ status: 2, card_last4: '0341' });
    const balance = (await accountOf(s.email)).balance;
    const end = at(active?.current_period_end ?? null);
    expect(await renewDueSubscriptions(ctx, new Date(end.getTime() + 60_000))).toMatchObject({ failed: 1 });
    expect((await s.subscriptions())[0]).toMatchObject({ status: 3, renewal_date: end.toISOString() });
    expect((await accountOf(s.email)).balance).toBe(balance);
    // the next try waits a day
    expect(await renewDueSubscriptions(ctx, new Date(end.getTime() + 2 * 60_000))).toMatchObject({ failed: 0 });
    let now = end.getTime() + 60_000;
    for (let attempt = 2; attempt <= 3; attempt++) {
      now += DAY_MS + 60_000;
      expect(await renewDueSubscriptions(ctx, new Date(now))).toMatchObject({ failed: 1 });
    }
    now += DAY_MS + 60_000;
    expect(await renewDueSubscriptions(ctx, new Date(now))).toMatchObject({ ended: 1 });
    expect((await s.subscriptions())[0]?.status).toBe(4);
    expect((await accountOf(s.email)).balance).toBe(balance);
  });

  it("refuses what a buyer may not do: guests, unknown plans, team plans without or for another's organisation", async () => {
    const visitor = new TestBrowser(t.app);
    const { token } = await visitor.csrf();
    const anonymous = await visitor.postForm('/api/v1/subscriptions/', { service: 'light', _csrf_token: token });
    expect(anonymous.statusCode).toBe(401);
    expect((await visitor.get('/api/v1/subscriptions/')).statusCode).toBe(401);

    const s = await newSubscriber();
    const unknown = await s.post('/api/v1/subscriptions/', { service: 'platinumSubscription' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().message).toBe('Unknown subscription plan.');
    const teamAlone = await s.post('/api/v1/subscriptions/', { service: 'lightTeamsSubscription' });
    expect(teamAlone.statusCode).toBe(400);
    expect(teamAlone.json<ErrorBody>().error.code).toBe('subscription_group_required');
    // an unpaid checkout is not listed and does not block a paid one
    expect(await s.subscriptions()).toEqual([]);
  });

  it("lets an organisation's owner subscribe it to a team plan and read its subscriptions; members may not", async () => {
    const owner = await newSubscriber({ account_type: 'organisation', organisation_name: 'Renewal School' });
    const groups = (await owner.browser.get('/api/v1/groups/list/')).json<{ data: { groups: Group[] } }>().data.groups;
    const group = groups[0];
    if (group === undefined) throw new Error('no group');
    const member = await newSubscriber();
    const memberUser = await findUserByEmail(t.handle.db, member.email);
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 3)', [
      group.id,
      memberUser?.id,
    ]);
    const refused = await member.post('/api/v1/subscriptions/', {
      service: 'lightTeams',
      group_id: String(group.id),
    });
    expect(refused.statusCode).toBe(403);
    const groupBefore = await findAccountOfGroup(t.handle.db, group.id);
    await owner.subscribe('lightTeams', { group_id: String(group.id) });

    const url = `/api/v1/groups/subscriptions/${String(group.id)}/?id=${String(group.id)}`;
    const listed = await owner.browser.get(url);
    expect(listed.statusCode, listed.body).toBe(200);
    const [teamPlan] = listed.json<{ data: { subscriptions: Subscription[] } }>().data.subscriptions;
    expect(teamPlan).toMatchObject({ status: 2, group_id: group.id, pages: 600, ai_pages: 150 });
    expect(teamPlan?.service.service).toBe('lightTeamsSubscription');
    const groupAfter = await findAccountOfGroup(t.handle.db, group.id);
    expect((groupAfter?.balance ?? 0) - (groupBefore?.balance ?? 0)).toBe(600);
    expect(groupAfter?.balance_type).toBe(3);
    // the owner's own list is their personal subscriptions only
    expect(await owner.subscriptions()).toEqual([]);
    expect((await member.browser.get(url)).statusCode).toBe(403);
    expect(
      (await member.post(`/api/v1/subscriptions/${String(teamPlan?.id)}/cancel/`, { reason: 'other' })).statusCode,
    ).toBe(404);

    const credentials = (await owner.browser.get('/profile/get_credentials')).json<CredentialsResponse>();
    expect(credentials.packages_bought).toBeGreaterThanOrEqual(1);
  });

  it("counts an AI plan's months as AI orders for the aiprice modal's rule (not_ai_orders, last AI order's age)", async () => {
    const s = await newSubscriber();
    await s.subscribe('aiStandard');
    let user = (await credentials(s)).user;
    expect([user.not_ai_orders, user.last_ai_order_paid_days_ago]).toEqual([0, 0]);
    const [plan] = await s.subscriptions();
    // as if it had started 40 days ago: its first month is 40 days old...
    const id = plan?.id ?? -1;
    await t.handle.db.query(
      `UPDATE orders SET paid_at = now() - interval '40 days' WHERE id = (SELECT order_id FROM subscriptions WHERE id = $1)`,
      [id],
    );
    await t.handle.db.query(
      `UPDATE subscription_payments SET paid_at = now() - interval '40 days' WHERE subscription_id = $1`,
      [id],
    );
    await t.handle.db.query(
      `UPDATE subscriptions SET current_period_start = now() - interval '40 days', current_period_end = now() - interval '6 days' WHERE id = $1`,
      [id],
    );
    expect((await credentials(s)).user.last_ai_order_paid_days_ago).toBe(40);
    // ...and its renewal six days ago is the last AI payment
    await renewDueSubscriptions(ctx, new Date(Date.now() - 5 * DAY_MS));
    user = (await credentials(s)).user;
    expect([user.not_ai_orders, user.last_ai_order_paid_days_ago]).toEqual([0, 6]);
    // a plagiarism plan is a non-AI order
    const other = await newSubscriber();
    await other.subscribe('light');
    expect((await credentials(other)).user.not_ai_orders).toBe(1);
  });

  it('takes a promo code off the first month only, counts its use once paid, and refuses a bad one without starting anything', async () => {
    await createPromoCode(t.handle.db, { code: 'SUB30', percent: 30, expires: null, maxUses: 5 });
    const s = await newSubscriber();
    const bad = await s.post('/api/v1/subscriptions/', { service: 'light', coupon: 'NOPE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error.code).toBe('promo_invalid');
    const { rows } = await t.handle.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM subscriptions WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      [s.email],
    );
    expect(rows[0]?.n).toBe(0);

    await s.subscribe('light', { coupon: 'sub30' });
    const [active] = await s.subscriptions();
    // 999 - floor(30 % of 999) = 700; VAT 20 % = 140
    const payments = await listPayments(t.handle.db, active?.id ?? -1);
    expect(payments.map((p) => [p.reason, p.amount])).toEqual([['create', 840]]);
    expect((await findPromoCode(t.handle.db, 'sub30'))?.uses).toBe(1);
    // the next month is the full price
    await renewDueSubscriptions(ctx, new Date(at(active?.current_period_end ?? null).getTime() + 60_000));
    expect((await listPayments(t.handle.db, active?.id ?? -1)).map((p) => p.amount)).toEqual([840, 1199]);
  });

  it('prorates an upgrade by whole days: the price and pages differences times the days left over the month', () => {
    const start = new Date('2026-04-01T00:00:00Z');
    const period = { start, end: addMonth(start) };
    const light = { price: 999, pages: 60, ai_pages: 20 };
    const standard = { price: 2499, pages: 180, ai_pages: 60 };
    // 10 days into a 30-day month: 20 days left
    expect(prorate(light, standard, period, new Date('2026-04-11T00:00:00Z'))).toEqual({
      share: 20 / 30,
      daysLeft: 20,
      days: 30,
      subtotal: 1000,
      pages: 80,
      aiPages: 26,
    });
    // a started day counts as left; on the first day the whole difference
    expect(prorate(light, standard, period, new Date('2026-04-11T00:00:01Z')).daysLeft).toBe(20);
    expect(prorate(light, standard, period, start)).toMatchObject({
      share: 1,
      subtotal: 1500,
      pages: 120,
      aiPages: 40,
    });
  });

  it('upgrades mid-month: charges and credits the prorated difference once, renews at the new plan, refuses smaller plans and declined cards', async () => {
    const s = await newSubscriber();
    const before = await accountOf(s.email);
    await s.subscribe('light');
    const [active] = await s.subscriptions();
    const start = at(active?.current_period_start ?? null);
    const end = at(active?.current_period_end ?? null);
    const id = active?.id ?? -1;
    const user = await findUserByEmail(t.handle.db, s.email);

    const smaller = await s.post(`/api/v1/subscriptions/${String(id)}/upgrade/`, { service: 'aiExpert' });
    expect(smaller.statusCode).toBe(400);
    expect(smaller.json<ErrorBody>().error.code).toBe('subscription_upgrade_invalid');
    const team = await s.post(`/api/v1/subscriptions/${String(id)}/upgrade/`, { service: 'standardTeams' });
    expect(team.json<ErrorBody>().error.code).toBe('subscription_upgrade_invalid');

    // ten days in: the days left of the month, by the test clock
    const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
    const share = (days - 10) / days;
    const subtotal = Math.round(1500 * share);
    const result = await upgradeSubscription(
      ctx,
      user,
      id,
      'standardSubscription',
      new Date(start.getTime() + 10 * DAY_MS),
    );
    expect(result.charged).toEqual({
      amount: subtotal + Math.round(subtotal * 0.2),
      pages: Math.floor(120 * share),
      ai_pages: Math.floor(40 * share),
    });
    expect(result.subscription).toMatchObject({ price: 2499, pages: 180, ai_pages: 60, status: 2 });
    expect(result.subscription.service.key).toBe('standard');
    let account = await accountOf(s.email);
    expect([account.balance - before.balance, account.ai_balance - before.ai_balance]).toEqual([
      60 + Math.floor(120 * share),
      20 + Math.floor(40 * share),
    ]);
    // the period does not move; the next renewal is the new plan's
    expect((await s.subscriptions())[0]?.current_period_end).toBe(end.toISOString());
    // (the job renews every subscription due by then, other tests' too: this one's payments say what it did)
    await renewDueSubscriptions(ctx, new Date(end.getTime() + 60_000));
    account = await accountOf(s.email);
    expect(account.balance - before.balance).toBe(60 + Math.floor(120 * share) + 180);
    const payments = await listPayments(t.handle.db, id);
    expect(payments.map((p) => [p.reason, p.amount])).toEqual([
      ['create', 1199],
      ['update', subtotal + Math.round(subtotal * 0.2)],
      ['cycle', 2999],
    ]);

    // through the route, on the first day: the whole difference (to AIExpert is not dearer than Standard: refused)
    const again = await s.post(`/api/v1/subscriptions/${String(id)}/upgrade/`, { service: 'light' });
    expect(again.statusCode).toBe(400);

    // a card whose later charges fail: the upgrade is declined and nothing changes
    const failing = await newSubscriber();
    await failing.subscribe('aiBasic', {}, FAILS_LATER);
    const [basic] = await failing.subscriptions();
    const declined = await failing.post(`/api/v1/subscriptions/${String(basic?.id)}/upgrade/`, { service: 'aiExpert' });
    expect(declined.statusCode).toBe(402);
    expect((await failing.subscriptions())[0]?.service.key).toBe('aiBasic');

    // a good card through the route on the first day: the full difference
    const fresh = await newSubscriber();
    await fresh.subscribe('aiBasic');
    const [mine] = await fresh.subscriptions();
    const upgraded = await fresh.post(`/api/v1/subscriptions/${String(mine?.id)}/upgrade/`, { service: 'aiExpert' });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json<{ charged: { amount: number; ai_pages: number } }>().charged).toEqual({
      amount: 700 + Math.round(700 * 0.2),
      pages: 0,
      ai_pages: 60,
    });
  });

  it('tells an AI-only subscriber to upgrade for a plagiarism check (the group variant to members), and code 2 once it ended', async () => {
    // a text of several pages: more than a new account's bonus page
    const text = Array.from({ length: 40 }, (_, i) => freshText(9000 + i, 8)).join(' ');
    const s = await newSubscriber();
    await s.subscribe('aiBasic');
    const check = await s.post('/api/v1/text', {
      text,
      skip_english_words_validation: 'true',
      skip_percentage_words_validation: 'true',
    });
    expect(check.statusCode, check.body).toBe(402);
    expect(check.json<ErrorBody>()).toMatchObject({
      message: 'To check for Plagiarism and AI, please upgrade your subscription to one of Plagiarism + AI plans.',
      error: { code: 'subscription_upgrade_required' },
    });

    // an organisation on an AI plan: its student is told to ask the administrator, its owner to upgrade
    const owner = await newSubscriber({ account_type: 'organisation', organisation_name: 'AI Only School' });
    const groups = (await owner.browser.get('/api/v1/groups/list/')).json<{ data: { groups: Group[] } }>().data.groups;
    const group = groups[0];
    if (group === undefined) throw new Error('no group');
    await owner.subscribe('aiStandard', { group_id: String(group.id) });
    const student = await newSubscriber();
    const studentUser = await findUserByEmail(t.handle.db, student.email);
    await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, 3)', [
      group.id,
      studentUser?.id,
    ]);
    const form = {
      text: `${text} Group copy.`,
      group_id: String(group.id),
      skip_english_words_validation: 'true',
      skip_percentage_words_validation: 'true',
    };
    const asStudent = await student.post('/api/v1/text', form);
    expect(asStudent.statusCode, asStudent.body).toBe(402);
    expect(asStudent.json<ErrorBody>().message).toBe(
      'Contact your Admin to upgrade your subscription to one of Plagiarism + AI plans.',
    );
    const asOwner = await owner.post('/api/v1/text', { ...form, text: `${text} Owner copy.` });
    expect(asOwner.json<ErrorBody>().error.code).toBe('subscription_upgrade_required');
    expect(asOwner.json<ErrorBody>().message).toMatch(/^To check for Plagiarism and AI/);

    // the AI plan ends, its AI pages used up: the AI detector answers code 2 with the server's message
    const [mine] = await s.subscriptions();
    const account = await accountOf(s.email);
    await t.handle.db.transaction(async (tx) => {
      const hold = await holdPages(tx, {
        accountId: account.id,
        bucket: 'ai_balance',
        pages: account.ai_balance,
        reference: 'test:use-up',
      });
      await chargeHold(tx, hold.id);
    });
    const ai = (fields: Record<string, string>) => s.post('/api/v1/chat-gpt/', fields);
    const live = await ai({ text: freshText(9100, 10) });
    expect(live.json<{ code?: number }>().code).toBe(1);
    expect((await s.post(`/api/v1/subscriptions/${String(mine?.id)}/cancel/`, { reason: 'other' })).statusCode).toBe(
      200,
    );
    await renewDueSubscriptions(ctx, new Date(at(mine?.current_period_end ?? null).getTime() + 60_000));
    expect((await s.subscriptions())[0]?.status).toBe(4);
    const ended = await ai({ text: freshText(9101, 10) });
    expect(ended.statusCode).toBe(402);
    expect(ended.json<{ code?: number; message: string }>()).toMatchObject({
      code: 2,
      message:
        'Your subscription has ended, so it adds no more AI pages. Subscribe again to keep checking texts for AI.',
    });
  });
});

describe(`subscriptions with Stripe: Checkout in subscription mode, Stripe's events, cancelling at Stripe (${TEST_DB_KIND})`, () => {
  const WEBHOOK_SECRET = 'whsec_test_subscriptions';
  const requests: { method: string; url: string; form: URLSearchParams }[] = [];
  let server: Server;
  let t: TestApp;

  beforeAll(async () => {
    // Stripe's API as the SDK calls it: Checkout Sessions and subscription updates
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({ method: request.method ?? '', url: request.url ?? '', form: new URLSearchParams(body) });
        response.setHeader('content-type', 'application/json');
        if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
          const id = `cs_test_sub_${String(requests.length)}`;
          response.end(
            JSON.stringify({
              id,
              object: 'checkout.session',
              url: `https://checkout.stripe.com/c/pay/${id}`,
              expires_at: Math.floor(Date.now() / 1000) + 86_400,
              status: 'open',
            }),
          );
          return;
        }
        if (request.method === 'POST' && request.url === '/v1/coupons') {
          const form = new URLSearchParams(body);
          response.end(
            JSON.stringify({
              id: `coupon_${String(requests.length)}`,
              object: 'coupon',
              amount_off: Number(form.get('amount_off')),
              currency: form.get('currency'),
              duration: form.get('duration'),
            }),
          );
          return;
        }
        const update = /^\/v1\/subscriptions\/(sub_[\w]+)$/.exec(request.url ?? '');
        if (request.method === 'GET' && update !== null) {
          response.end(
            JSON.stringify({
              id: update[1],
              object: 'subscription',
              status: 'active',
              items: {
                object: 'list',
                data: [
                  { id: 'si_test_1', object: 'subscription_item', price: { id: 'price_1', product: 'prod_test_1' } },
                ],
              },
            }),
          );
          return;
        }
        if (request.method === 'POST' && update !== null) {
          response.end(
            JSON.stringify({
              id: update[1],
              object: 'subscription',
              cancel_at_period_end: new URLSearchParams(body).get('cancel_at_period_end') === 'true',
              status: 'active',
            }),
          );
          return;
        }
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp(
      {
        publicUrl: 'https://veritext.example',
        vatPercent: 21,
        stripe: { secretKey: 'sk_test_subscriptions', webhookSecret: WEBHOOK_SECRET },
      },
      { stripeApi: { host: '127.0.0.1', port, protocol: 'http' } },
    );
  });
  afterAll(async () => {
    await t.dispose();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const at = (iso: string | null): Date => new Date(iso ?? NaN);

  async function deliver(type: string, id: string, object: object) {
    const body = JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      payload: body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signWebhookPayload(body, WEBHOOK_SECRET) },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('subscribes through Checkout, renews and ends on Stripe’s signed events, and cancels at Stripe', async () => {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('stripe-sub');
    expect((await browser.signUp({ email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const { token } = await browser.csrf();
    const post = (url: string, form: Record<string, string> = {}) =>
      browser.postForm(url, { ...form, _csrf_token: token });
    const accountNow = async () => {
      const user = await findUserByEmail(t.handle.db, email);
      const account = await findAccountOfUser(t.handle.db, user?.id ?? -1);
      if (account === null) throw new Error('no account');
      return account;
    };
    const list = async () =>
      (await browser.get('/api/v1/subscriptions/')).json<{ data: { subscriptions: Subscription[] } }>().data
        .subscriptions;

    const started = await post('/api/v1/subscriptions/', { service: 'lightSubscription' });
    expect(started.statusCode, started.body).toBe(200);
    const { redirect_url, subscription } = started.json<SubscribeResponse>();
    expect(redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_sub_\d+$/);
    const checkout = requests.at(-1);
    expect(checkout?.url).toBe('/v1/checkout/sessions');
    const form = checkout?.form ?? new URLSearchParams();
    expect(form.get('mode')).toBe('subscription');
    // 999 + 21 % VAT (209.79 -> 210), every month
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('1209');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe(
      'Veritext Light: 60 pages and 20 AI pages a month',
    );
    expect(form.get('subscription_data[metadata][plan]')).toBe('light');
    expect(form.get('subscription_data[metadata][subscription_id]')).toBe(String(subscription.id));
    const before = await accountNow();

    const sessionId = redirect_url.split('/').pop() ?? '';
    const orderId = form.get('client_reference_id') ?? '';
    await deliver('checkout.session.completed', 'evt_sub_checkout', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_test_light',
      amount_total: 1209,
      currency: 'usd',
      payment_status: 'paid',
      client_reference_id: orderId,
    });
    const [active] = await list();
    expect(active).toMatchObject({ status: 2, price: 999 });
    let account = await accountNow();
    expect([account.balance - before.balance, account.ai_balance - before.ai_balance]).toEqual([60, 20]);

    // Stripe's own first invoice changes nothing; its renewal credits the next month once
    const period = (start: Date) => ({
      start: Math.floor(start.getTime() / 1000),
      end: Math.floor(addMonth(start).getTime() / 1000),
    });
    const end = at(active?.current_period_end ?? null);
    await deliver('invoice.paid', 'evt_sub_invoice_1', {
      id: 'in_1',
      object: 'invoice',
      subscription: 'sub_test_light',
      billing_reason: 'subscription_create',
      amount_paid: 1209,
      lines: { data: [{ period: period(at(active?.current_period_start ?? null)) }] },
    });
    // Stripe's API since 2025 names the subscription under the invoice's parent
    const renewal = {
      id: 'in_2',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_light', metadata: {} } },
      billing_reason: 'subscription_cycle',
      amount_paid: 1209,
      lines: { data: [{ period: period(end) }] },
    };
    await deliver('invoice.paid', 'evt_sub_invoice_2', renewal);
    await deliver('invoice.paid', 'evt_sub_invoice_2_again', renewal);
    account = await accountNow();
    expect(account.balance - before.balance).toBe(120);
    expect((await list())[0]?.current_period_end).toBe(addMonth(end).toISOString());

    // an upgrade: Stripe moves the item to the dearer monthly price and invoices the proration at once; the plan
    // and the prorated pages ride in the subscription's metadata, which the invoice's snapshot brings back
    const upgrade = await post(`/api/v1/subscriptions/${String(active?.id)}/upgrade/`, { service: 'standard' });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    const [retrieve, change] = requests.slice(-2);
    expect([retrieve?.method, retrieve?.url]).toEqual(['GET', '/v1/subscriptions/sub_test_light']);
    expect(change?.url).toBe('/v1/subscriptions/sub_test_light');
    const changed = change?.form ?? new URLSearchParams();
    expect(changed.get('items[0][id]')).toBe('si_test_1');
    expect(changed.get('items[0][price_data][product]')).toBe('prod_test_1');
    // 2499 + 21 % VAT (524.79 -> 525) a month from now on
    expect(changed.get('items[0][price_data][unit_amount]')).toBe('3024');
    expect(changed.get('proration_behavior')).toBe('always_invoice');
    expect(changed.get('payment_behavior')).toBe('error_if_incomplete');
    expect(changed.get('metadata[plan]')).toBe('standard');
    const prorated = { pages: changed.get('metadata[pages]') ?? '', ai: changed.get('metadata[ai_pages]') ?? '' };
    expect(Number(prorated.pages)).toBeGreaterThan(0);
    // the plan changes when Stripe's invoice is paid
    expect((await list())[0]?.service.key).toBe('light');
    const balanceBefore = (await accountNow()).balance;
    await deliver('invoice.paid', 'evt_sub_upgrade', {
      id: 'in_3',
      object: 'invoice',
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: 'sub_test_light',
          metadata: { plan: 'standard', pages: prorated.pages, ai_pages: prorated.ai },
        },
      },
      billing_reason: 'subscription_update',
      amount_paid: 1790,
      lines: {
        data: [{ period: { start: Math.floor(Date.now() / 1000), end: Math.floor(addMonth(end).getTime() / 1000) } }],
      },
    });
    expect((await list())[0]).toMatchObject({ price: 2499, pages: 180, ai_pages: 60 });
    expect((await accountNow()).balance - balanceBefore).toBe(Number(prorated.pages));

    // cancelling tells Stripe to stop at the period's end; Stripe's deletion at that end ends it
    const cancelled = await post(`/api/v1/subscriptions/${String(active?.id)}/cancel/`, {
      reason: 'switching_service',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const update = requests.at(-1);
    expect(update?.url).toBe('/v1/subscriptions/sub_test_light');
    expect(update?.form.get('cancel_at_period_end')).toBe('true');
    expect((await list())[0]).toMatchObject({ status: 2, cancel_at_period_end: true });
    await deliver('customer.subscription.deleted', 'evt_sub_deleted', {
      id: 'sub_test_light',
      object: 'subscription',
      status: 'canceled',
    });
    expect((await list())[0]?.status).toBe(4);
    expect((await accountNow()).balance_type).toBe(1);
  });

  it('takes a promo code off the first month at Stripe as a one-time amount off, the monthly price unchanged', async () => {
    await createPromoCode(t.handle.db, { code: 'STRIPESUB', percent: 30, expires: null, maxUses: null });
    const browser = new TestBrowser(t.app);
    expect((await browser.signUp({ email: uniqueEmail('stripe-promo'), password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );
    const { token } = await browser.csrf();
    const started = await browser.postForm('/api/v1/subscriptions/', {
      service: 'light',
      coupon: 'stripesub',
      _csrf_token: token,
    });
    expect(started.statusCode, started.body).toBe(200);
    const [coupon, checkout] = requests.slice(-2);
    // the first month: 999 - 299 = 700, VAT 21 % = 147: 847; every month: 1209; off once: 362
    expect(coupon?.url).toBe('/v1/coupons');
    expect(coupon?.form.get('amount_off')).toBe('362');
    expect(coupon?.form.get('duration')).toBe('once');
    expect(checkout?.url).toBe('/v1/checkout/sessions');
    expect(checkout?.form.get('line_items[0][price_data][unit_amount]')).toBe('1209');
    expect(checkout?.form.get('discounts[0][coupon]')).toBe(`coupon_${String(requests.length - 1)}`);
  });
});
