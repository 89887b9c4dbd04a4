import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../test/database.ts';
import { killedWorkerJob } from '../../test/fixtures/job-definitions.ts';
import type { Database, Queryable } from '../db/database.ts';
import { cleanupExpired, scheduleMaintenance } from './maintenance.jobs.ts';
import {
  createJobQueue,
  defineJob,
  defineSweepJob,
  InvalidJobPayloadError,
  type JobContext,
  type JobDefinition,
  type JobQueue,
  type JobQueueOptions,
} from './queue.ts';

const logger = pino({ level: process.env.VT_TEST_LOG ?? 'silent' });

let testDb: TestDatabase;
let db: Database;
const queues: JobQueue[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await db.exec(`CREATE TABLE job_effects (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    job_id text NOT NULL,
    worker text NOT NULL,
    attempt integer NOT NULL,
    label text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT clock_timestamp()
  )`);
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(queues.splice(0).map((queue) => queue.stop({ graceful: false })));
});

afterAll(async () => {
  await testDb.dispose();
});

async function startQueue(database: Database = db, options: Partial<JobQueueOptions> = {}): Promise<JobQueue> {
  const queue = createJobQueue(database, {
    logger,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    isScheduling: false,
    ...options,
  });
  await queue.start();
  queues.push(queue);
  return queue;
}

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('waitFor timed out');
    await sleep(100);
  }
}

type Effect = { worker: string; attempt: number; label: string; created_at: Date };

async function effectsOf(jobId: string): Promise<Effect[]> {
  const { rows } = await db.query<Effect>(
    'SELECT worker, attempt, label, created_at FROM job_effects WHERE job_id = $1 ORDER BY id',
    [jobId],
  );
  return rows;
}

type JobRow = { state: string; retry_count: number; completed_on: Date | null };

async function jobRow(jobId: string): Promise<JobRow | undefined> {
  const { rows } = await db.query<JobRow>(
    'SELECT state::text, retry_count, completed_on FROM pgboss.job WHERE id = $1',
    [jobId],
  );
  return rows[0];
}

async function waitForState(jobId: string, state: string): Promise<JobRow> {
  return waitFor(async () => {
    const row = await jobRow(jobId);
    return row?.state === state ? row : null;
  });
}

async function recordEffect(context: JobContext, worker: string, label = ''): Promise<void> {
  await context.db.query('INSERT INTO job_effects (job_id, worker, attempt, label) VALUES ($1, $2, $3, $4)', [
    context.jobId,
    worker,
    context.attempt,
    label,
  ]);
}

const labelPayload = z.object({ label: z.string().min(1) });

function testJob(
  name: string,
  handler: JobDefinition<typeof labelPayload>['handler'],
  policy: { retryLimit?: number; expireInSeconds?: number } = {},
): JobDefinition<typeof labelPayload> {
  return defineJob({
    name,
    version: 1,
    schema: labelPayload,
    retryLimit: policy.retryLimit ?? 2,
    retryDelaySeconds: 0,
    expireInSeconds: policy.expireInSeconds ?? 30,
    handler,
  });
}

/** A database whose connection can be cut, as when its process dies: every statement after kill() fails. */
function killable(target: Database): { db: Database; kill(): void } {
  let isDead = false;
  const guard = (): void => {
    if (isDead) throw new Error('process is dead');
  };
  const wrap = (inner: Queryable): Queryable => ({
    async query(sql, params) {
      guard();
      return inner.query(sql, params);
    },
    async exec(sql) {
      guard();
      return inner.exec(sql);
    },
  });
  return {
    db: {
      kind: target.kind,
      ...wrap(target),
      transaction: (work) => target.transaction((tx) => work(wrap(tx))),
      close: async () => undefined,
    },
    kill() {
      isDead = true;
    },
  };
}

describe(`job queue on ${TEST_DB_KIND}`, () => {
  it('runs an enqueued job and its effect is in the database', async () => {
    const job = testJob('basic', async (payload, context) => {
      await recordEffect(context, 'main', payload.label);
    });
    const queue = await startQueue();
    await queue.work([job]);
    const jobId = await queue.send(job, { label: 'hello' });
    expect(jobId).toEqual(expect.any(String));
    await waitForState(jobId ?? '', 'completed');
    expect(await effectsOf(jobId ?? '')).toMatchObject([{ worker: 'main', attempt: 1, label: 'hello' }]);
    expect(await queue.depth()).toContainEqual({ queue: 'basic.v1', state: 'completed', count: 1 });
    expect(queue.isHealthy()).toBe(true);
  });

  it('runs a sweep job: its function gets the database, and a sweep that found work completes too', async () => {
    const seen: number[] = [];
    const sweep = defineSweepJob(
      'sweep-test',
      async (database) => {
        const { rows } = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM job_effects');
        seen.push(rows[0]?.n ?? -1);
        return 2;
      },
      'swept',
    );
    expect(sweep).toMatchObject({ queueName: 'sweep-test.v1', retryLimit: 3, expireInSeconds: 300 });
    const queue = await startQueue();
    await queue.work([sweep]);
    const jobId = await queue.send(sweep, {});
    await waitForState(jobId ?? '', 'completed');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeGreaterThanOrEqual(0);
  });

  it('refuses an invalid payload at send and enqueues nothing', async () => {
    const job = testJob('refused', async () => undefined);
    const queue = await startQueue();
    await expect(queue.send(job, { label: '' })).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(queue.send(job, { label: 5 } as unknown as { label: string })).rejects.toThrow(/label/);
    const { rows } = await db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'refused.v1'",
    );
    expect(rows[0]?.count).toBe(0);
  });

  it('fails a job whose stored payload does not parse, without retrying it', async () => {
    const job = testJob('unparsable', async (_payload, context) => {
      await recordEffect(context, 'main');
    });
    const queue = await startQueue();
    await queue.send(job, { label: 'fine' }); // creates the queue
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO pgboss.job (name, data, retry_limit) VALUES ('unparsable.v1', '{"label": 1}', 5) RETURNING id`,
    );
    const badId = rows[0]?.id ?? '';
    await queue.work([job]);
    const failed = await waitForState(badId, 'failed');
    expect(failed.retry_count).toBe(0);
    expect(await effectsOf(badId)).toEqual([]);
  });

  it('retries a handler that throws once, then completes it', async () => {
    const job = testJob('flaky', async (_payload, context) => {
      await recordEffect(context, 'main');
      if (context.attempt === 1) throw new Error('transient');
    });
    const queue = await startQueue();
    await queue.work([job]);
    const jobId = (await queue.send(job, { label: 'x' })) ?? '';
    const done = await waitForState(jobId, 'completed');
    expect(done.retry_count).toBe(1);
    expect((await effectsOf(jobId)).map((effect) => effect.attempt)).toEqual([1, 2]);
  });

  it('retries and finishes a job whose worker died while running it', async () => {
    const hangingA = testJob(
      'orphaned',
      async (_payload, context) => {
        await recordEffect(context, 'A');
        await new Promise<never>(() => undefined);
      },
      { expireInSeconds: 1 },
    );
    const finishingB = testJob(
      'orphaned',
      async (_payload, context) => {
        await recordEffect(context, 'B');
      },
      { expireInSeconds: 1 },
    );
    const connectionA = killable(db);
    const queueA = await startQueue(connectionA.db);
    await queueA.work([hangingA]);
    const jobId = (await queueA.send(hangingA, { label: 'x' })) ?? '';
    await waitFor(async () => (await effectsOf(jobId)).length > 0);
    connectionA.kill(); // A dies: it never completes nor fails the job.
    expect((await jobRow(jobId))?.state).toBe('active');

    const queueB = await startQueue();
    await queueB.work([finishingB]);
    const done = await waitForState(jobId, 'completed');
    expect(done.retry_count).toBe(1);
    expect(await effectsOf(jobId)).toMatchObject([
      { worker: 'A', attempt: 1 },
      { worker: 'B', attempt: 2 },
    ]);
  });

  // A second process can only share a PostgreSQL server (PGlite is one process's database), so this
  // test exists in the PostgreSQL run only rather than being reported as skipped on PGlite.
  const itOnPostgres = TEST_DB_KIND === 'postgres' ? it : () => undefined;
  itOnPostgres('retries and finishes a job whose worker process was SIGKILLed', async () => {
    const url = testDb.url ?? '';
    const job = killedWorkerJob(async (_payload, context) => {
      await recordEffect(context, 'main');
    });
    const queue = await startQueue();
    const jobId = (await queue.send(job, { label: 'x' })) ?? '';
    const script = fileURLToPath(new URL('../../test/fixtures/job-worker.ts', import.meta.url));
    const child = spawn(process.execPath, [script, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );

    await waitFor(async () => (await effectsOf(jobId)).length > 0).catch((error: unknown) => {
      throw new Error(`child worker never took the job; its output:\n${output}`, { cause: error });
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect((await jobRow(jobId))?.state).toBe('active');

    await queue.work([job]);
    const done = await waitForState(jobId, 'completed');
    expect(done.retry_count).toBe(1);
    expect(await effectsOf(jobId)).toMatchObject([
      { worker: 'child', attempt: 1 },
      { worker: 'main', attempt: 2 },
    ]);
  });

  it('lets a running handler finish before stop() resolves', async () => {
    const job = testJob('graceful', async (_payload, context) => {
      await recordEffect(context, 'main', 'started');
      await sleep(700);
      await recordEffect(context, 'main', 'finished');
    });
    const queue = await startQueue();
    await queue.work([job]);
    const jobId = (await queue.send(job, { label: 'x' })) ?? '';
    await waitFor(async () => (await effectsOf(jobId)).length > 0);
    await queue.stop({ graceful: true, timeoutMs: 10_000 });
    expect((await effectsOf(jobId)).map((effect) => effect.label)).toEqual(['started', 'finished']);
    expect((await jobRow(jobId))?.state).toBe('completed');
    expect(queue.isHealthy()).toBe(false);
  });

  it('fails back a handler that outlasts the stop timeout; another worker completes it', async () => {
    const slow = testJob('outlasting', async (_payload, context) => {
      await recordEffect(context, 'slow', 'started');
      await sleep(2_500); // ignores context.signal on purpose
      await recordEffect(context, 'slow', 'finished late');
    });
    const queue = await startQueue();
    await queue.work([slow]);
    const jobId = (await queue.send(slow, { label: 'x' })) ?? '';
    await waitFor(async () => (await effectsOf(jobId)).length > 0);

    const stopping = Date.now();
    await queue.stop({ graceful: true, timeoutMs: 300 });
    expect(Date.now() - stopping).toBeLessThan(2_000);
    expect((await jobRow(jobId))?.state).toBe('retry');

    // The next worker holds the job until the late handler of the stopped one has ended: that late end
    // must not complete (or fail) the job under it.
    const next = testJob('outlasting', async (_payload, context) => {
      await waitFor(async () => (await effectsOf(context.jobId)).some((effect) => effect.label === 'finished late'));
      await recordEffect(context, 'next', 'done');
    });
    const nextQueue = await startQueue();
    await nextQueue.work([next]);
    const done = await waitForState(jobId, 'completed');
    expect(done.retry_count).toBe(1);
    const effects = await effectsOf(jobId);
    expect(effects.map((effect) => [effect.worker, effect.attempt, effect.label])).toEqual([
      ['slow', 1, 'started'],
      ['slow', 1, 'finished late'],
      ['next', 2, 'done'],
    ]);
    expect(done.completed_on?.getTime()).toBeGreaterThanOrEqual(effects[2]?.created_at.getTime() ?? Infinity);
  });

  it('cleanupExpired deletes expired sessions and bot challenges and keeps live ones', async () => {
    const { rows } = await db.query<{ id: number }>(
      "INSERT INTO users (email, api_token, api_token_hash) VALUES ('a@example.com', 't', 'h') RETURNING id",
    );
    const userId = rows[0]?.id;
    await db.query(
      `INSERT INTO sessions (id_hash, user_id, expires_at) VALUES
        ('expired', $1, now() - interval '1 minute'), ('live', $1, now() + interval '1 hour')`,
      [userId],
    );
    await db.query(
      `INSERT INTO used_bot_challenges (signature, expires_at) VALUES
        ('old', now() - interval '1 second'), ('fresh', now() + interval '5 minutes')`,
    );
    const queue = await startQueue();
    await scheduleMaintenance(queue);
    const schedules = await db.query<{ name: string; cron: string }>('SELECT name, cron FROM pgboss.schedule');
    expect(schedules.rows).toEqual([{ name: cleanupExpired.queueName, cron: '0 * * * *' }]);

    await queue.work([cleanupExpired]);
    const jobId = (await queue.send(cleanupExpired, {})) ?? '';
    await waitForState(jobId, 'completed');
    const sessions = await db.query<{ id_hash: string }>('SELECT id_hash FROM sessions ORDER BY id_hash');
    expect(sessions.rows).toEqual([{ id_hash: 'live' }]);
    const challenges = await db.query<{ signature: string }>('SELECT signature FROM used_bot_challenges');
    expect(challenges.rows).toEqual([{ signature: 'fresh' }]);
  });
});
