import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT, runAdmin } from '../../../test/admin-cli.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../../test/database.ts';

describe(`admin CLI: user:admin (${TEST_DB_KIND})`, { timeout: CLI_TEST_TIMEOUT }, () => {
  let handle: TestDatabase | null = null;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vt-site-admins-cli-'));
    const dataDir = path.join(dir, 'data');
    if (TEST_DB_KIND === 'postgres') {
      handle = await createTestDatabase({ migrated: false });
      env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: handle.url ?? '' };
    } else {
      env = { NODE_ENV: 'test', DATA_DIR: dataDir };
    }
  });
  afterAll(async () => {
    await handle?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('grants and revokes site administration by e-mail', async () => {
    const created = await runAdmin(
      ['user:create', '--email', 'Boss@example.com', '--password', 'Str0ng!Passw0rd'],
      env,
    );
    expect(created.code).toBe(0);

    const granted = await runAdmin(['user:admin', 'boss@example.com'], env);
    expect([granted.code, granted.stdout]).toEqual([0, 'Boss@example.com is now a site administrator.\n']);
    if (handle !== null) {
      const { rows } = await handle.db.query<{ is_admin: boolean }>('SELECT is_admin FROM users WHERE email = $1', [
        'Boss@example.com',
      ]);
      expect(rows).toEqual([{ is_admin: true }]);
    }

    const revoked = await runAdmin(['user:admin', 'boss@example.com', '--revoke'], env);
    expect([revoked.code, revoked.stdout]).toEqual([0, 'Boss@example.com is no longer a site administrator.\n']);
    if (handle !== null) {
      const { rows } = await handle.db.query<{ is_admin: boolean }>('SELECT is_admin FROM users WHERE email = $1', [
        'Boss@example.com',
      ]);
      expect(rows).toEqual([{ is_admin: false }]);
    }

    const unknown = await runAdmin(['user:admin', 'nobody@example.com'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('No user with the e-mail nobody@example.com\n');
    const missing = await runAdmin(['user:admin'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('user:admin EMAIL [--revoke]');
  });
});
