import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PricingResponse, Subscription, SubscriptionPlansResponse } from '@veritext/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { CLI_TEST_TIMEOUT, runAdmin } from '../../../test/admin-cli.ts';
import { createTestApp, STRONG_PASSWORD, TestBrowser, uniqueEmail, type TestApp } from '../../../test/app.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';
import {
  findPackage,
  findSubscriptionPlan,
  refreshCatalogue,
  resetCataloguePrice,
  setCataloguePrice,
} from './catalogue.ts';

describe(`operator prices: catalogue:set / list / reset (${TEST_DB_KIND})`, { timeout: CLI_TEST_TIMEOUT }, () => {
  let handle: TestDatabase | null = null;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let t: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vt-catalogue-cli-'));
    if (TEST_DB_KIND === 'postgres') {
      handle = await createTestDatabase({ migrated: false });
      env = { NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: handle.url ?? '' };
    } else {
      env = { NODE_ENV: 'test', DATA_DIR: dir };
    }
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.dispose();
    await handle?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sets, lists and resets prices from the command line, refusing unknown codes and bad values', async () => {
    const set = await runAdmin(['catalogue:set', 'pack:light', '1099'], env);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ code: 'pack:light', price: 1099, pages: null, ai_pages: null });
    const plan = await runAdmin(['catalogue:set', 'plan:aiExpert', '1299', '--ai-pages', '90'], env);
    expect(plan.code, plan.stderr).toBe(0);

    const listed = await runAdmin(['catalogue:list'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { code: string; price: number; ai_pages: number; operator_price: boolean });
    expect(lines.find((l) => l.code === 'pack:light')).toMatchObject({ price: 1099, operator_price: true });
    expect(lines.find((l) => l.code === 'pack:basic')).toMatchObject({ price: 599, operator_price: false });
    expect(lines.find((l) => l.code === 'plan:aiExpert')).toMatchObject({ price: 1299, ai_pages: 90 });
    expect(lines).toHaveLength(17);

    expect((await runAdmin(['catalogue:set', 'pack:platinum', '100'], env)).stderr).toMatch(/Unknown code/);
    expect((await runAdmin(['catalogue:set', 'pack:light', '0'], env)).stderr).toMatch(/whole number from 1/);
    expect((await runAdmin(['catalogue:set', 'pack:light', '9.99'], env)).stderr).toMatch(/CENTS/);
    expect((await runAdmin(['catalogue:set', 'pack:light', '999', '--ai-pages', '3'], env)).stderr).toMatch(
      /one page count/,
    );

    const reset = await runAdmin(['catalogue:reset', 'pack:light'], env);
    expect(JSON.parse(reset.stdout)).toEqual({ code: 'pack:light', reset: true });
    const db = handle?.db ?? (await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') }));
    try {
      await refreshCatalogue(db);
      expect(findPackage('light')?.price).toBe(999);
      expect(findSubscriptionPlan('aiexpertSubscription')).toMatchObject({ price: 1299, ai_pages: 90 });
    } finally {
      if (handle === null) await db.close();
    }
  });

  it('prices packs, carts and new subscriptions at the operator’s price; a subscription keeps its own', async () => {
    const browser = new TestBrowser(t.app);
    expect((await browser.signUp({ email: uniqueEmail('price'), password: STRONG_PASSWORD })).statusCode).toBe(200);
    const { token } = await browser.csrf();
    const subscribe = async (service: string) => {
      const response = await browser.postForm('/api/v1/subscriptions/', { service, _csrf_token: token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ subscription: Subscription }>().subscription;
    };
    const before = await subscribe('light');
    expect(before.price).toBe(999);

    await setCataloguePrice(t.handle.db, { code: 'pack:standard', price: 2999 });
    await setCataloguePrice(t.handle.db, { code: 'plan:light', price: 1199, pages: 70 });
    await refreshCatalogue(t.handle.db);
    const pricing = (await browser.get('/api/v1/pricing/')).json<PricingResponse>();
    expect(pricing.plans.individ.find((p) => p.service === 'standard')).toMatchObject({ price: 2999, pages: 150 });
    const plans = (await browser.get('/api/v1/subscription-plans/')).json<SubscriptionPlansResponse>();
    expect(plans.plans.individ.find((p) => p.key === 'light')).toMatchObject({ price: 1199, pages: 70, ai_pages: 20 });
    const cart = await browser.postForm('/order/add_item', { service: 'standard', _csrf_token: token });
    expect(cart.json<{ order: { gross: number } }>().order.gross).toBe(2999);
    const after = await subscribe('light');
    expect([after.price, after.pages]).toEqual([1199, 70]);
    // the unpaid checkout from before keeps the price it was started at
    const { rows } = await t.handle.db.query<{ price: number }>('SELECT price FROM subscriptions WHERE id = $1', [
      before.id,
    ]);
    expect(rows[0]?.price).toBe(999);

    expect(await resetCataloguePrice(t.handle.db, 'plan:light')).toBe(true);
    expect(await resetCataloguePrice(t.handle.db, 'pack:standard')).toBe(true);
    await refreshCatalogue(t.handle.db);
    expect(findSubscriptionPlan('light')?.price).toBe(999);
  });
});
