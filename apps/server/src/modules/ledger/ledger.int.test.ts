import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';
import { insertUser } from '../auth/users.repository.ts';
import { findAccountById, insertAccount, listEntries, sumEntries, type AccountRecord } from './ledger.repository.ts';
import { chargeHold, creditPages, holdPages, releaseHold } from './ledger.service.ts';

describe(`page ledger (${TEST_DB_KIND})`, () => {
  let handle: TestDatabase;
  let seq = 0;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.dispose();
  });

  async function newAccount(): Promise<AccountRecord> {
    seq += 1;
    const user = await insertUser(handle.db, {
      email: `ledger${seq}@example.com`,
      passwordHash: null,
      name: '',
      isGuest: false,
      apiToken: `ledger-token-${seq}`,
      apiTokenHash: `ledger-hash-${seq}`,
    });
    return insertAccount(handle.db, { userId: user.id });
  }

  async function expectCountersMatchLedger(accountId: number): Promise<AccountRecord> {
    const account = await findAccountById(handle.db, accountId);
    const sums = await sumEntries(handle.db, accountId);
    expect(account).not.toBeNull();
    expect({ balance: account?.balance, bonus: account?.bonus, ai: account?.ai_balance }).toEqual({
      balance: sums.balance.available,
      bonus: sums.bonus.available,
      ai: sums.ai_balance.available,
    });
    expect({ balance: account?.held_balance, bonus: account?.held_bonus, ai: account?.held_ai_balance }).toEqual({
      balance: sums.balance.held,
      bonus: sums.bonus.held,
      ai: sums.ai_balance.held,
    });
    return account as AccountRecord;
  }

  it('credits, holds and charges: the pages are spent once', async () => {
    const account = await newAccount();
    await handle.db.transaction((tx) =>
      creditPages(tx, { accountId: account.id, bucket: 'balance', pages: 10, kind: 'deposit', reference: 'order:1' }),
    );
    const hold = await handle.db.transaction((tx) =>
      holdPages(tx, { accountId: account.id, bucket: 'balance', pages: 4, reference: 'check:1' }),
    );
    let now = await expectCountersMatchLedger(account.id);
    expect([now.balance, now.held_balance]).toEqual([6, 4]);

    const charge = await handle.db.transaction((tx) => chargeHold(tx, hold.id));
    // a retried job settles the same way again: nothing more is charged
    const again = await handle.db.transaction((tx) => chargeHold(tx, hold.id));
    expect(again.id).toBe(charge.id);
    now = await expectCountersMatchLedger(account.id);
    expect([now.balance, now.held_balance]).toEqual([6, 0]);
    expect((await listEntries(handle.db, account.id)).map((e) => e.kind)).toEqual(['deposit', 'hold', 'charge']);
  });

  it('releases a hold when the work fails, and never both charges and releases', async () => {
    const account = await newAccount();
    await creditPages(handle.db, { accountId: account.id, bucket: 'ai_balance', pages: 2, kind: 'bonus' });
    const hold = await holdPages(handle.db, {
      accountId: account.id,
      bucket: 'ai_balance',
      pages: 2,
      reference: 'ai:7',
    });
    await releaseHold(handle.db, hold.id);
    await expect(chargeHold(handle.db, hold.id)).rejects.toThrow(/already settled by release/);
    const now = await expectCountersMatchLedger(account.id);
    expect([now.ai_balance, now.held_ai_balance]).toEqual([2, 0]);
  });

  it('refuses a hold beyond the balance and changes nothing', async () => {
    const account = await newAccount();
    await creditPages(handle.db, { accountId: account.id, bucket: 'bonus', pages: 1, kind: 'bonus' });
    await expect(
      handle.db.transaction((tx) =>
        holdPages(tx, { accountId: account.id, bucket: 'bonus', pages: 2, reference: 'c' }),
      ),
    ).rejects.toMatchObject({ code: 'insufficient_balance' });
    const now = await expectCountersMatchLedger(account.id);
    expect([now.bonus, now.held_bonus]).toEqual([1, 0]);
    expect(await listEntries(handle.db, account.id)).toHaveLength(1);
  });

  it('rolls the entry back with the action that caused it', async () => {
    const account = await newAccount();
    await expect(
      handle.db.transaction(async (tx) => {
        await creditPages(tx, { accountId: account.id, bucket: 'balance', pages: 50, kind: 'deposit' });
        throw new Error('payment record failed');
      }),
    ).rejects.toThrow('payment record failed');
    const now = await expectCountersMatchLedger(account.id);
    expect(now.balance).toBe(0);
    expect(await listEntries(handle.db, account.id)).toHaveLength(0);
  });

  it('refuses zero, negative and fractional page counts', async () => {
    const account = await newAccount();
    for (const pages of [0, -1, 1.5]) {
      await expect(
        creditPages(handle.db, { accountId: account.id, bucket: 'balance', pages, kind: 'deposit' }),
      ).rejects.toThrow(RangeError);
    }
  });
});
