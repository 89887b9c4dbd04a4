import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { findAccountOfUser, listEntries } from '../src/modules/ledger/ledger.repository.ts';
import { findUserByEmail } from '../src/modules/auth/users.repository.ts';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from './database.ts';

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const MAIN = path.join(SERVER_DIR, 'src/main.ts');
const ADMIN = path.join(SERVER_DIR, 'src/cli/admin.ts');

type Run = { code: number | null; stdout: string; stderr: string };

function runNode(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts the real server process and resolves once it logs that it is running. */
function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; logs: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_PRETTY: 'false', LOG_LEVEL: 'info', ...env },
    });
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = /"url":"(http:\/\/localhost:\d+)"/.exec(output);
      if (match?.[1] !== undefined)
        resolve({ child, url: match[1].replace('localhost', '127.0.0.1'), logs: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => reject(new Error(`server exited early (${String(code)}):\n${output}`)));
  });
}

describe(`processes: admin CLI, start-up and graceful shutdown (${TEST_DB_KIND})`, () => {
  let handle: TestDatabase | null = null;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vt-process-'));
    if (TEST_DB_KIND === 'postgres') {
      handle = await createTestDatabase({ migrated: false });
      env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: handle.url ?? '' };
    } else {
      env = { NODE_ENV: 'test', DATA_DIR: dataDir };
    }
  });
  afterAll(async () => {
    await handle?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
    if (handle !== null) return work(handle.db);
    const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  }

  it('creates a verified user with pages credited through the ledger and prints one JSON line', async () => {
    const run = await runNode(
      ADMIN,
      [
        'user:create',
        '--email',
        'Operator@Example.com',
        '--password',
        'Op3rator!Pass',
        '--pages',
        '12',
        '--ai-pages',
        '3',
      ],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const printed = JSON.parse(lines[0] ?? '') as { id: number; email: string; api_token: string };
    expect(Object.keys(printed)).toEqual(['id', 'email', 'api_token']);
    expect(printed.email).toBe('Operator@Example.com');

    await withDatabase(async (db) => {
      const user = await findUserByEmail(db, 'operator@example.com');
      expect(user?.id).toBe(printed.id);
      expect(user?.api_token).toBe(printed.api_token);
      expect(user?.email_verified_at).toBeInstanceOf(Date);
      const account = await findAccountOfUser(db, printed.id);
      expect([account?.balance, account?.bonus, account?.ai_balance]).toEqual([12, 1, 3]);
      const entries = await listEntries(db, account?.id ?? -1);
      expect(entries.map((e) => [e.kind, e.bucket, e.available_delta])).toEqual([
        ['bonus', 'bonus', 1],
        ['load_by_service', 'balance', 12],
        ['load_by_service', 'ai_balance', 3],
      ]);
    });
  });

  it('refuses bad CLI input with a message and prints nothing on stdout', async () => {
    const missing = await runNode(ADMIN, ['user:create', '--email', 'x@example.com'], env);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('Usage: npm run --silent admin -- user:create');
    const badPages = await runNode(
      ADMIN,
      ['user:create', '--email', 'y@example.com', '--password', 'Op3rator!Pass', '--pages', 'ten'],
      env,
    );
    expect(badPages.code).toBe(1);
    expect(badPages.stderr).toContain('--pages must be a whole number');
    const taken = await runNode(
      ADMIN,
      ['user:create', '--email', 'operator@example.com', '--password', 'Op3rator!Pass'],
      env,
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('This email is already registered. Please log in');
    expect(taken.stdout).toBe('');
  });

  it('stops with a readable list when the configuration is wrong', async () => {
    const run = await runNode(MAIN, [], { ...env, PORT: 'abc', LOG_LEVEL: 'shout' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Invalid configuration:\n {2}- PORT: .*\n {2}- LOG_LEVEL: /);
    const role = await runNode(MAIN, ['--role=everything'], env);
    expect(role.code).toBe(1);
    expect(role.stderr).toContain('--role: must be api, worker or all');
  });

  it('runs as a worker only: no HTTP, the job queue started, a clean stop', async () => {
    const child = spawn(process.execPath, [MAIN, '--role=worker'], {
      env: { ...process.env, LOG_PRETTY: 'false', LOG_LEVEL: 'info', ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await expect.poll(() => output, { timeout: 20_000 }).toContain('Veritext is running');
    expect(output).toContain('"role":"worker"');
    expect(output).toContain('"url":null');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"stopped"');
  });

  it('serves, finishes an in-flight request after SIGTERM, then exits cleanly', async () => {
    const server = await startServer(env);
    try {
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: TEST_DB_KIND });

      if (TEST_DB_KIND === 'pglite') {
        // a second process may not open the same embedded database
        const second = await runNode(MAIN, [], { ...env, PORT: '0' });
        expect(second.code).toBe(1);
        expect(second.stderr).toContain('is in use by process');
      }

      // A request whose body is still arriving when the signal comes.
      const { port } = new URL(server.url);
      const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      const body = '_username=nobody%40example.com&_password=x';
      socket.write(
        `POST /login_check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n` +
          body.slice(0, 10),
      );
      let response = '';
      socket.on('data', (d: Buffer) => (response += d.toString()));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));

      await new Promise((resolve) => setTimeout(resolve, 200));
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.write(body.slice(10));
      await closed;
      // The in-flight request got its full answer (CSRF is checked: a form post without a token).
      expect(response).toMatch(/^HTTP\/1\.1 403/);
      expect(response).toContain('csrf_invalid');
      expect(await exited).toBe(0);
      expect(server.logs()).toContain('"msg":"stopped"');
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});
