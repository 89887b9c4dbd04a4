/* eslint-disable @typescript-eslint/no-unnecessary-type-parameters -- the adapters implement Queryable's generic methods */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

export type QueryResult<T extends Row> = { rows: T[]; rowCount: number };

/** What repositories need: one parameterised statement, or a script of several through `exec`. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /**
   * Runs a multi-statement script without parameters (PGlite's extended protocol takes one statement);
   * resolves with the rows of the script's last statement.
   */
  exec<T extends Row = Row>(sql: string): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** An in-memory PGlite's files as a tarball (tests copy one migrated database this way); absent on PostgreSQL. */
  dumpDataDir?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | null /* null: in memory */;
      /** In memory only: start from these files (a dumpDataDir tarball) instead of a new cluster. */
      loadDataDir?: Blob;
    };

// PostgreSQL returns int8 and numeric as strings through pg; we keep integers in int4 columns and
// read counts with ::int, so no global type parser is needed.

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.loadDataDir);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A lock file with the owner's pid keeps a second server or the admin CLI out while one runs.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'veritext.lock');
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner}. Stop it first, or use DATABASE_URL ` +
          'with a PostgreSQL server to run several processes.',
        { cause: error },
      );
    }
    writeFileSync(lockFile, String(process.pid)); // a stale lock from a process that died
  }
  return () => rmSync(lockFile, { force: true });
}

async function openPglite(dataDir: string | null, loadDataDir: Blob | undefined): Promise<Database> {
  const unlock = dataDir === null ? () => undefined : lockDataDir(dataDir);
  let lite: PGlite;
  try {
    lite =
      dataDir !== null
        ? await PGlite.create(dataDir)
        : loadDataDir === undefined
          ? await PGlite.create()
          : await PGlite.create({ loadDataDir });
  } catch (error) {
    unlock();
    throw error;
  }
  const asQueryable = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec<T extends Row>(sql: string) {
      const results = await target.exec(sql);
      const last = results.at(-1);
      const rows = (last?.rows ?? []) as T[];
      return { rows, rowCount: last?.affectedRows ?? rows.length };
    },
  });
  return {
    kind: 'pglite',
    ...asQueryable(lite),
    // PGlite serialises every query behind its transaction lock, so a transaction here is exclusive.
    transaction: (work) => lite.transaction((tx) => work(asQueryable(tx))),
    async close() {
      await lite.close();
      unlock();
    },
    ...(dataDir === null ? { dumpDataDir: () => lite.dumpDataDir('none') } : {}),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server (a restart, a terminated backend) is dropped by the pool, which then
  // emits 'error': without a listener that would end the process. The next query opens a new connection.
  pool.on('error', () => undefined);
  // Fail at start-up, not at the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const asQueryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    },
    async exec<T extends Row>(sql: string) {
      // A script of several statements yields an array of results (simple query protocol), one a single result.
      const outcome = (await target.query(sql)) as pg.QueryResult<T> | pg.QueryResult<T>[];
      const last = Array.isArray(outcome) ? outcome.at(-1) : outcome;
      const rows = last?.rows ?? [];
      return { rows, rowCount: last?.rowCount ?? rows.length };
    },
  });
  return {
    kind: 'postgres',
    ...asQueryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(asQueryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
