import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../test/database.ts';
import { loadMigrations, migrate } from './migrate.ts';

describe(`migrations on ${TEST_DB_KIND}`, () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase({ migrated: false });
  });
  afterAll(async () => {
    await handle.dispose();
  });

  it('applies every migration once, in order, and is idempotent', async () => {
    const all = loadMigrations().map((m) => m.version);
    expect(all.length).toBeGreaterThan(0);
    expect(await migrate(handle.db)).toEqual(all);
    expect(await migrate(handle.db)).toEqual([]);
    const { rows } = await handle.db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(all);
  });

  it('enforces the schema rules it promises', async () => {
    const { db } = handle;
    await db.query("INSERT INTO users (email, api_token, api_token_hash) VALUES ('A@Example.com', 't1', 'h1')");
    // e-mail addresses are unique regardless of case
    await expect(
      db.query("INSERT INTO users (email, api_token, api_token_hash) VALUES ('a@example.COM', 't2', 'h2')"),
    ).rejects.toThrow(/users_email_lower_key/);
    // a non-guest needs an e-mail
    await expect(db.query("INSERT INTO users (api_token, api_token_hash) VALUES ('t3', 'h3')")).rejects.toThrow(
      /users_email_required/,
    );
  });

  it('rolls a failed transaction back as a whole', async () => {
    const { db } = handle;
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          "INSERT INTO users (email, api_token, api_token_hash) VALUES ('rollback@example.com', 't4', 'h4')",
        );
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query("SELECT 1 FROM users WHERE email = 'rollback@example.com'");
    expect(rows).toHaveLength(0);
  });
});
