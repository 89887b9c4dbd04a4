import type { LedgerAdminActionResponse, Transaction, TransactionsResponse } from '@veritext/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { freshText } from '../../../test/authz/texts.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { findAiCheck } from '../ai-checks/ai-checks.repository.ts';
import { findUserByEmail, setUserAdmin } from '../auth/users.repository.ts';
import { refundOrder } from '../commerce/order-refund.ts';
import { findAccountOfUser, listEntries, sumEntries, type AccountRecord } from '../ledger/ledger.repository.ts';
import { chargeHold } from '../ledger/ledger.service.ts';
import { findTextCheck } from '../text-checks/text-checks.repository.ts';
import { CHECK_ABORTED } from './ledger-admin.service.ts';

type ErrorBody = { success: false; message: string; error: { code: string } };

const GOOD_CARD = { card_number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2099', cvc: '123', name: 'A B' };
const AI_TEXT =
  'Artificial intelligence has transformed numerous industries by enabling unprecedented levels of automation. ' +
  'Furthermore, it is important to note that these advancements present both opportunities and challenges. ' +
  'In conclusion, organizations must carefully balance innovation with ethical considerations for growth.';

class Caller {
  readonly browser: TestBrowser;
  readonly email: string;
  token = '';
  constructor(browser: TestBrowser, email: string) {
    this.browser = browser;
    this.email = email;
  }
  post(url: string, fields: Record<string, string> = {}) {
    return this.browser.postForm(url, { ...fields, _csrf_token: this.token });
  }
  async buy(service: string): Promise<number> {
    expect((await this.post('/order/add_item', { service })).statusCode).toBe(200);
    const checkout = await this.browser.postForm(
      '/order/checkout',
      { gateway: 'stripe', _csrf_token: this.token },
      { accept: 'application/json' },
    );
    const session = checkout.json<{ redirect_url: string }>().redirect_url.replace('/sandbox-pay/', '');
    const paid = await this.post(`/api/v1/sandbox-pay/${session}/`, GOOD_CARD);
    expect(paid.statusCode, paid.body).toBe(200);
    return Number(/\/payment\/pending\/(\d+)\//.exec(paid.json<{ redirect_url: string }>().redirect_url)?.[1]);
  }
  async ledger(): Promise<Transaction[]> {
    const response = await this.browser.get('/api/v1/billing/transactions/?per_page=100');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TransactionsResponse>().data.transactions;
  }
}

describe(`billing: a site administrator's ledger corrections (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: Caller;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await newCaller('Ada Admin');
    await setUserAdmin(t.handle.db, admin.email, true);
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function newCaller(name = 'Uma User'): Promise<Caller> {
    const browser = new TestBrowser(t.app);
    const email = uniqueEmail('ledger');
    const response = await browser.signUp({ email, password: STRONG_PASSWORD, name });
    expect(response.statusCode, response.body).toBe(200);
    const caller = new Caller(browser, email);
    caller.token = (await browser.csrf()).token;
    return caller;
  }

  async function accountOf(caller: Caller): Promise<AccountRecord> {
    const user = await findUserByEmail(t.handle.db, caller.email);
    const account = await findAccountOfUser(t.handle.db, user?.id ?? -1);
    if (account === null) throw new Error('no account');
    return account;
  }

  /** The account's counters equal the sums of its ledger (nothing changed a balance outside it). */
  async function expectBalanced(caller: Caller): Promise<void> {
    const account = await accountOf(caller);
    const sums = await sumEntries(t.handle.db, account.id);
    expect([account.balance, account.held_balance]).toEqual([sums.balance.available, sums.balance.held]);
    expect([account.bonus, account.held_bonus]).toEqual([sums.bonus.available, sums.bonus.held]);
    expect([account.ai_balance, account.held_ai_balance]).toEqual([sums.ai_balance.available, sums.ai_balance.held]);
  }

  /** A document check that stays in progress (the test app runs no jobs): its pages are held. */
  async function submitText(caller: Caller): Promise<number> {
    serial += 1;
    const response = await caller.post('/api/v1/text', {
      text: freshText(9000 + serial, 30),
      skip_english_words_validation: 'true',
      skip_percentage_words_validation: 'true',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { text: { id: number } } }>().data.text.id;
  }

  async function correct(entryId: number, path: string, caller = admin) {
    return caller.post(`/api/v1/admin/billing/transactions/${String(entryId)}/${path}/`);
  }

  it('releases a hold once: the pages come back, the check is not charged later, the holder sees "administrator"', async () => {
    const user = await newCaller();
    await user.buy('light');
    const checkId = await submitText(user);
    const before = await accountOf(user);
    const holds = (await user.ledger()).filter((entry) => entry.type === 'hold' && entry.status === 'open');
    const hold = holds.find((entry) => entry.bucket === 'balance');
    if (hold === undefined) throw new Error('no balance hold');
    expect(hold.subject).toEqual({ kind: 'document', id: checkId });

    // only a site administrator
    expect((await correct(hold.id, 'release', user)).statusCode).toBe(403);
    expect(
      (await new TestBrowser(t.app).postForm(`/api/v1/admin/billing/transactions/${String(hold.id)}/release/`, {}))
        .statusCode,
    ).toBeGreaterThanOrEqual(401);

    const released = await correct(hold.id, 'release');
    expect(released.statusCode, released.body).toBe(200);
    const body = released.json<LedgerAdminActionResponse>();
    expect(body.data.is_repeat).toBe(false);
    expect(body.data.entries).toHaveLength(1);
    expect(body.data.entries[0]).toMatchObject({
      type: 'release',
      bucket: 'balance',
      sum: -hold.sum,
      held: -hold.held,
      admin_action: 'release_hold',
      by: { kind: 'administrator', name: 'Ada Admin', email: admin.email },
      note: 'Hold released by a site administrator',
    });
    let account = await accountOf(user);
    expect(account.balance).toBe(before.balance - hold.sum);
    expect(account.held_balance).toBe(before.held_balance - hold.held);

    // again: the same answer, nothing moves
    const again = (await correct(hold.id, 'release')).json<LedgerAdminActionResponse>();
    expect(again.data.is_repeat).toBe(true);
    expect(again.data.entries[0]?.id).toBe(body.data.entries[0]?.id);
    // a hold settled one way cannot be settled another
    const cancel = await correct(hold.id, 'cancel-hold');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json<ErrorBody>().error.code).toBe('hold_already_settled');

    // the check finishing later charges nothing
    await t.handle.db.transaction((tx) => chargeHold(tx, hold.id));
    account = await accountOf(user);
    expect(account.balance).toBe(before.balance - hold.sum);
    const entries = await listEntries(t.handle.db, account.id);
    expect(entries.filter((entry) => entry.hold_entry_id === hold.id).map((entry) => entry.kind)).toEqual(['release']);
    await expectBalanced(user);
    expect((await findTextCheck(t.handle.db, checkId))?.state).toBe(3);

    // the holder's view: the hold released, the release by an administrator, unnamed
    const ledger = await user.ledger();
    expect(ledger.find((entry) => entry.id === hold.id)?.status).toBe('released');
    expect(ledger.find((entry) => entry.admin_action === 'release_hold')?.by).toEqual({
      kind: 'administrator',
      name: '',
      email: null,
    });
  });

  it('cancels a hold: the document check is aborted and every hold it has gives its pages back', async () => {
    const user = await newCaller();
    await user.buy('light');
    const before = await accountOf(user);
    const checkId = await submitText(user);
    const holds = (await user.ledger()).filter(
      (entry) => entry.type === 'hold' && entry.subject?.id === checkId && entry.subject.kind === 'document',
    );
    // the new user's bonus page first, then the balance
    expect(holds.map((entry) => entry.bucket).sort()).toEqual(['balance', 'bonus']);
    const first = holds[0];
    if (first === undefined) throw new Error('no hold');
    const cancelled = await correct(first.id, 'cancel-hold');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelled.json<LedgerAdminActionResponse>();
    expect(body.data.entries.map((entry) => [entry.type, entry.admin_action])).toEqual([
      ['release', 'cancel_hold'],
      ['release', 'cancel_hold'],
    ]);
    const check = await findTextCheck(t.handle.db, checkId);
    expect(check?.state).toBe(4);
    expect(check?.error).toBe(CHECK_ABORTED);
    const account = await accountOf(user);
    expect([account.balance, account.bonus, account.held_balance, account.held_bonus]).toEqual([
      before.balance,
      before.bonus,
      0,
      0,
    ]);
    const ledger = await user.ledger();
    expect(
      ledger.filter((entry) => entry.subject?.id === checkId && entry.type === 'hold').map((e) => e.status),
    ).toEqual(['cancelled', 'cancelled']);
    expect((await correct(first.id, 'cancel-hold')).json<LedgerAdminActionResponse>().data.is_repeat).toBe(true);
    await expectBalanced(user);
  });

  it('cancels the hold of an AI check: the check fails as aborted and its AI page comes back', async () => {
    const user = await newCaller();
    await user.buy('aiBasic');
    const submitted = await user.post('/api/v1/chat-gpt/', { text: AI_TEXT });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const aiCheckId = submitted.json<{ data: { id: number } }>().data.id;
    const hold = (await user.ledger()).find((entry) => entry.type === 'hold' && entry.subject?.kind === 'ai_check');
    expect(hold).toMatchObject({ bucket: 'ai_balance', sum: -1, held: 1, status: 'open', subject: { id: aiCheckId } });
    const cancelled = await correct(hold?.id ?? -1, 'cancel-hold');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const check = await findAiCheck(t.handle.db, aiCheckId);
    expect([check?.status, check?.error]).toEqual([3, CHECK_ABORTED]);
    expect((await accountOf(user)).ai_balance).toBe(10);
    await expectBalanced(user);
  });

  it('cancels a reversal once with a compensating entry; refuses what is not a reversal or a hold', async () => {
    const user = await newCaller();
    const orderId = await user.buy('light');
    const before = await accountOf(user);
    await refundOrder(t.handle.db, orderId, { refunder: null });
    const reversal = (await user.ledger()).find((entry) => entry.type === 'reverse');
    expect(reversal).toMatchObject({ sum: -50, status: null, by: { kind: 'system' }, subject: { kind: 'order' } });
    expect((await accountOf(user)).balance).toBe(before.balance - 50);

    const undone = await correct(reversal?.id ?? -1, 'cancel-reversal');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<LedgerAdminActionResponse>().data.entries[0]).toMatchObject({
      type: 'reverse',
      sum: 50,
      admin_action: 'cancel_reversal',
    });
    expect((await accountOf(user)).balance).toBe(before.balance);
    expect(
      (await correct(reversal?.id ?? -1, 'cancel-reversal')).json<LedgerAdminActionResponse>().data.is_repeat,
    ).toBe(true);
    expect((await accountOf(user)).balance).toBe(before.balance);
    const ledger = await user.ledger();
    expect(ledger.find((entry) => entry.id === reversal?.id)?.status).toBe('cancelled');
    // the correction itself is not a reversal to cancel, a deposit is not a hold, an unknown entry does not exist
    const correction = ledger.find((entry) => entry.admin_action === 'cancel_reversal');
    for (const [id, path] of [
      [correction?.id ?? -1, 'cancel-reversal'],
      [ledger.find((entry) => entry.type === 'deposit')?.id ?? -1, 'release'],
    ] as const) {
      const refused = await correct(id, path);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().error.code).toBe('ledger_action_invalid');
    }
    expect((await correct(2_000_000_000, 'release')).statusCode).toBe(404);
    await expectBalanced(user);
  });

  it('settles a hold once when two administrators release it at the same time', async () => {
    const user = await newCaller();
    await user.buy('light');
    await submitText(user);
    const hold = (await user.ledger()).find((entry) => entry.type === 'hold' && entry.bucket === 'balance');
    const answers = await Promise.all([correct(hold?.id ?? -1, 'release'), correct(hold?.id ?? -1, 'release')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json<LedgerAdminActionResponse>().data.is_repeat).sort()).toEqual([false, true]);
    const account = await accountOf(user);
    const releases = (await listEntries(t.handle.db, account.id)).filter((entry) => entry.hold_entry_id === hold?.id);
    expect(releases).toHaveLength(1);
    await expectBalanced(user);
  });

  it('finds a ledger for an administrator by e-mail or organisation, naming who made each entry', async () => {
    const user = await newCaller('Vera Visible');
    await user.buy('basic');
    const found = await admin.browser.get(
      `/api/v1/admin/billing/transactions/?email=${encodeURIComponent(user.email)}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    const data = found.json<TransactionsResponse>().data;
    expect(data.account).toMatchObject({ kind: 'user', name: 'Vera Visible' });
    expect(data.transactions.find((entry) => entry.type === 'deposit')?.by.email).toBe(user.email);
    expect((await admin.browser.get('/api/v1/admin/billing/transactions/?email=nobody%40example.com')).statusCode).toBe(
      404,
    );
    expect((await admin.browser.get('/api/v1/admin/billing/transactions/')).statusCode).toBe(400);
    expect((await user.browser.get(`/api/v1/admin/billing/transactions/?email=${user.email}`)).statusCode).toBe(403);
  });
});
