import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated in-memory PGlite, made once per run (see createTestDatabase). */
    pgliteTemplate: string;
  }
}

/**
 * Global set-up of the PGlite integration project: one migrated database, dumped to a file, which every test
 * file's database starts from. A new PGlite runs initdb (seconds each under load); loading the dump skips it.
 * It is made from this run's migrations, so it is never stale; createTestDatabase still runs migrate() on it.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrate(db);
  if (db.dumpDataDir === undefined) throw new Error('an in-memory PGlite can dump its files');
  const dump = await db.dumpDataDir();
  await db.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vt-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
