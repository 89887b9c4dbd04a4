import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';

/** Which engine this run of the integration suite uses: the vitest project sets VT_TEST_DB. */
export const TEST_DB_KIND: 'pglite' | 'postgres' = process.env.VT_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export type TestDatabase = { db: Database; url: string | null; dispose(): Promise<void> };

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/' + name;
  return parsed.toString();
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const shouldMigrate = options.migrated ?? true;
  if (TEST_DB_KIND === 'pglite') {
    // A migrated database starts from the run's template (pglite-template.ts); an unmigrated one is new.
    const template = shouldMigrate ? inject('pgliteTemplate') : undefined;
    const db = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      ...(template === undefined ? {} : { loadDataDir: new Blob([await readFile(template)]) }),
    });
    if (shouldMigrate) await migrate(db);
    return { db, url: null, dispose: () => db.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl === undefined || adminUrl === '') {
    throw new Error('VT_TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  }
  const name = `vt_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabaseName(adminUrl, name);
  const db = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  if (shouldMigrate) await migrate(db);
  return {
    db,
    url,
    async dispose() {
      await db.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // pool.end() resolves before its sockets have closed; a forced drop would then kill backends that are
      // still saying goodbye, and their clients report it as an uncaught error. Wait for them to leave first.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await dropper.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
