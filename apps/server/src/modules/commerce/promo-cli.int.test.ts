import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { CLI_TEST_TIMEOUT, runAdmin } from '../../../test/admin-cli.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';
import { findPromoCode } from './commerce.repository.ts';

describe(`admin CLI: promo:create (${TEST_DB_KIND})`, { timeout: CLI_TEST_TIMEOUT }, () => {
  let handle: TestDatabase | null = null;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vt-promo-cli-'));
    if (TEST_DB_KIND === 'postgres') {
      handle = await createTestDatabase({ migrated: false });
      env = { NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: handle.url ?? '' };
    } else {
      env = { NODE_ENV: 'test', DATA_DIR: dir };
    }
  });
  afterAll(async () => {
    await handle?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a code with its percent, last day and use limit; refuses a duplicate and bad values', async () => {
    const created = await runAdmin(
      ['promo:create', 'Spring30', '30', '--expires', '2099-03-31', '--max-uses', '5'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({
      code: 'Spring30',
      percent: 30,
      expires_at: '2099-04-01T00:00:00.000Z',
      max_uses: 5,
    });
    const duplicate = await runAdmin(['promo:create', 'SPRING30', '10'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/exists already/);
    expect((await runAdmin(['promo:create', 'X', '0'], env)).stderr).toMatch(/PERCENT/);
    expect((await runAdmin(['promo:create', 'X', '10', '--expires', '2099-02-30'], env)).stderr).toMatch(/--expires/);
    expect((await runAdmin(['promo:create', 'X'], env)).code).toBe(1);

    const db = handle?.db ?? (await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') }));
    try {
      const promo = await findPromoCode(db, 'spring30');
      expect(promo).toMatchObject({ code: 'Spring30', percent: 30, max_uses: 5, uses: 0, active: true });
    } finally {
      if (handle === null) await db.close();
    }
  });
});
