import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { CLI_TEST_TIMEOUT, runAdmin } from '../../../test/admin-cli.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';
import { findAccountById, insertAccount, listEntries } from '../ledger/ledger.repository.ts';
import { creditPages, holdPages, chargeHold } from '../ledger/ledger.service.ts';
import { createStripeRefunder, refundOrder, RefundError } from './order-refund.ts';

/*
 * Issue 13, A5: an operator refunds a paid order (`npm run admin -- order:refund ORDER_ID`): the unused pages of
 * that order are taken back (bounded by the balance), the order is marked refunded, the card is refunded
 * through Stripe's refunds API when Stripe is configured (a local stand-in here), else the operator is told to.
 */

type Line = { service: string; quantity: number; pages: number; bucket: 'balance' | 'ai_balance' };

/** A paid order as the webhook leaves it: lines, a complete checkout, a deposit per line. */
async function paidOrder(
  db: Database,
  options: { gateway: 'sandbox' | 'stripe'; amount: number; lines: Line[] },
): Promise<{ orderId: number; accountId: number; sessionId: string }> {
  const token = randomBytes(16).toString('hex');
  const { rows: users } = await db.query<{ id: number }>(
    'INSERT INTO users (email, api_token, api_token_hash) VALUES ($1, $2, $3) RETURNING id',
    [`refund.${token.slice(0, 8)}@example.com`, token, `h${token}`],
  );
  const userId = users[0]!.id;
  const account = await insertAccount(db, { userId });
  const { rows: orders } = await db.query<{ id: number }>(
    'INSERT INTO orders (user_id, state, paid_at) VALUES ($1, 2, now()) RETURNING id',
    [userId],
  );
  const orderId = orders[0]!.id;
  const sessionId = `cs_test_${token.slice(0, 12)}`;
  await db.query(
    `INSERT INTO payment_sessions (id, order_id, gateway, status, subtotal, discount, vat, vat_percent, amount, url,
       expires_at, completed_at)
     VALUES ($1, $2, $3, 'complete', $4, 0, 0, 0, $4, 'https://pay.example', now() + interval '1 day', now())`,
    [sessionId, orderId, options.gateway, options.amount],
  );
  for (const line of options.lines) {
    const { rows: items } = await db.query<{ id: number }>(
      "INSERT INTO order_items (order_id, kind, service, quantity) VALUES ($1, 'package', $2, $3) RETURNING id",
      [orderId, line.service, line.quantity],
    );
    await creditPages(db, {
      accountId: account.id,
      bucket: line.bucket,
      pages: line.pages,
      kind: 'deposit',
      reference: `order:${String(orderId)}:item:${String(items[0]!.id)}`,
    });
  }
  return { orderId, accountId: account.id, sessionId };
}

/** Spends pages as a check does: a hold, then its charge. */
async function spend(db: Database, accountId: number, bucket: 'balance' | 'ai_balance', pages: number): Promise<void> {
  const hold = await holdPages(db, { accountId, bucket, pages, reference: `test:${randomBytes(4).toString('hex')}` });
  await chargeHold(db, hold.id);
}

type StripeCall = { method: string; url: string; form: URLSearchParams; idempotencyKey: string | undefined };

describe(`refunding an order (${TEST_DB_KIND})`, () => {
  let handle: TestDatabase;
  let server: Server;
  let port = 0;
  let failing = false;
  const calls: StripeCall[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const header = request.headers['idempotency-key'];
        calls.push({
          method: request.method ?? '',
          url: request.url ?? '',
          form: new URLSearchParams(body),
          idempotencyKey: typeof header === 'string' ? header : undefined,
        });
        const json = (status: number, value: unknown) => {
          response.writeHead(status, {
            'content-type': 'application/json',
            'request-id': `req_${String(calls.length)}`,
          });
          response.end(JSON.stringify(value));
        };
        if (failing) return json(400, { error: { type: 'invalid_request_error', message: 'charge already refunded' } });
        const session = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(request.url ?? '');
        if (request.method === 'GET' && session !== null) {
          return json(200, { id: session[1], object: 'checkout.session', payment_intent: `pi_for_${session[1]!}` });
        }
        if (request.method === 'POST' && request.url === '/v1/refunds') {
          return json(200, { id: `re_${String(calls.length)}`, object: 'refund', status: 'succeeded' });
        }
        json(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await handle.dispose();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const refunder = () => createStripeRefunder('sk_test_refunds', { host: '127.0.0.1', port, protocol: 'http' });

  it('takes back the unused pages, bounded by the balance, refunds their price to the card through Stripe, once', async () => {
    const db = handle.db;
    // Basic (20 pages, $5.99) and AI Basic (10 AI pages, $2.99): $8.98 paid
    const { orderId, accountId, sessionId } = await paidOrder(db, {
      gateway: 'stripe',
      amount: 898,
      lines: [
        { service: 'basic', quantity: 1, pages: 20, bucket: 'balance' },
        { service: 'aiBasic', quantity: 1, pages: 10, bucket: 'ai_balance' },
      ],
    });
    await spend(db, accountId, 'balance', 5);
    calls.length = 0;

    const outcome = await refundOrder(db, orderId, { refunder: refunder() });

    // 15 of 20 pages and all 10 AI pages: 599 × 15/20 + 299 = 748.25 of 898 → 748 cents
    expect(outcome.todo).toBeNull();
    expect(outcome.refund).toMatchObject({
      order_id: orderId,
      pages: 15,
      ai_pages: 10,
      amount: 748,
      currency: 'USD',
      gateway: 'stripe',
      card_refund: 'stripe',
      stripe_refund_id: 're_2',
    });
    expect(await findAccountById(db, accountId)).toMatchObject({ balance: 0, ai_balance: 0 });
    const reverses = (await listEntries(db, accountId)).filter((entry) => entry.kind === 'reverse');
    expect(reverses.map((entry) => [entry.bucket, entry.available_delta])).toEqual([
      ['balance', -15],
      ['ai_balance', -10],
    ]);
    expect(
      (await db.query<{ state: number }>('SELECT state FROM orders WHERE id = $1', [orderId])).rows[0]!.state,
    ).toBe(4);
    expect(calls.map((call) => `${call.method} ${call.url.split('?')[0]!}`)).toEqual([
      `GET /v1/checkout/sessions/${sessionId}`,
      'POST /v1/refunds',
    ]);
    expect(calls[1]!.form.get('payment_intent')).toBe(`pi_for_${sessionId}`);
    expect(calls[1]!.form.get('amount')).toBe('748');
    expect(calls[1]!.idempotencyKey).toBe(`order-${String(orderId)}-refund`);

    // again: nothing more is taken or refunded
    calls.length = 0;
    const again = await refundOrder(db, orderId, { refunder: refunder() });
    expect(again.wasRefunded).toBe(true);
    expect(calls).toEqual([]);
    expect((await listEntries(db, accountId)).filter((entry) => entry.kind === 'reverse')).toHaveLength(2);
  });

  it('refuses an order with nothing left unless --full; says what to do when Stripe fails, and retries', async () => {
    const db = handle.db;
    const { orderId, accountId } = await paidOrder(db, {
      gateway: 'stripe',
      amount: 599,
      lines: [{ service: 'basic', quantity: 1, pages: 20, bucket: 'balance' }],
    });
    await spend(db, accountId, 'balance', 20);
    await expect(refundOrder(db, orderId, { refunder: refunder() })).rejects.toThrow(RefundError);
    expect(
      (await db.query<{ state: number }>('SELECT state FROM orders WHERE id = $1', [orderId])).rows[0]!.state,
    ).toBe(2);

    failing = true;
    try {
      const outcome = await refundOrder(db, orderId, { full: true, refunder: refunder() });
      expect(outcome.refund).toMatchObject({ pages: 0, amount: 599, card_refund: 'pending', stripe_refund_id: null });
      expect(outcome.todo).toMatch(/The Stripe refund failed .*Stripe dashboard/);
    } finally {
      failing = false;
    }
    const retried = await refundOrder(db, orderId, { refunder: refunder() });
    expect(retried.todo).toBeNull();
    expect(retried.refund).toMatchObject({ amount: 599, card_refund: 'stripe' });

    await expect(refundOrder(db, 999_999, { refunder: null })).rejects.toThrow(/does not exist/);
    const { rows } = await db.query<{ id: number }>(
      'INSERT INTO orders (user_id) SELECT user_id FROM accounts WHERE id = $1 RETURNING id',
      [accountId],
    );
    await expect(refundOrder(db, rows[0]!.id, { refunder: null })).rejects.toThrow(/is not paid/);
  });
});

describe(`admin CLI: order:refund (${TEST_DB_KIND})`, { timeout: CLI_TEST_TIMEOUT }, () => {
  let handle: TestDatabase | null = null;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vt-refund-cli-'));
    if (TEST_DB_KIND === 'postgres') {
      handle = await createTestDatabase();
      env = {
        NODE_ENV: 'test',
        DATA_DIR: dir,
        DATABASE_URL: handle.url ?? '',
        STRIPE_SECRET_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
      };
    } else {
      env = { NODE_ENV: 'test', DATA_DIR: dir, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' };
    }
  });
  afterAll(async () => {
    await handle?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The database the CLI uses, opened here only while the CLI is not running (PGlite takes one process). */
  async function withDb<T>(work: (db: Database) => Promise<T>): Promise<T> {
    if (handle !== null) return work(handle.db);
    const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    try {
      await migrate(db);
      return await work(db);
    } finally {
      await db.close();
    }
  }

  it('refunds a sandbox order (no card) and tells the operator to refund a Stripe card by hand without Stripe', async () => {
    const [sandbox, stripe] = await withDb(async (db) => [
      await paidOrder(db, {
        gateway: 'sandbox',
        amount: 999,
        lines: [{ service: 'light', quantity: 1, pages: 50, bucket: 'balance' }],
      }),
      await paidOrder(db, {
        gateway: 'stripe',
        amount: 299,
        lines: [{ service: 'aiBasic', quantity: 1, pages: 10, bucket: 'ai_balance' }],
      }),
    ]);

    const first = await runAdmin(['order:refund', String(sandbox.orderId)], env);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      order_id: sandbox.orderId,
      already_refunded: false,
      pages_reversed: 50,
      ai_pages_reversed: 0,
      amount: 999,
      currency: 'USD',
      card_refund: 'none',
      stripe_refund_id: null,
    });
    expect(first.stderr).toBe('');

    const second = await runAdmin(['order:refund', String(stripe.orderId)], env);
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ ai_pages_reversed: 10, amount: 299, card_refund: 'pending' });
    expect(second.stderr).toMatch(
      /Stripe is not configured here\. Issue the card refund of 2\.99 USD in the Stripe dashboard/,
    );

    const again = await runAdmin(['order:refund', String(sandbox.orderId)], env);
    expect(JSON.parse(again.stdout)).toMatchObject({ already_refunded: true, pages_reversed: 50 });
    const missing = await runAdmin(['order:refund', '999999'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Order 999999 does not exist/);
    expect((await runAdmin(['order:refund', 'abc'], env)).stderr).toMatch(/ORDER_ID must be a whole number/);

    await withDb(async (db) => {
      expect((await findAccountById(db, sandbox.accountId))!.balance).toBe(0);
      expect((await findAccountById(db, stripe.accountId))!.ai_balance).toBe(0);
    });
  });
});
