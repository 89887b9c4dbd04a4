import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, Row } from '../db/database.ts';

/*
 * The job layer: named, versioned job definitions over pg-boss on our own database. Only this folder
 * imports pg-boss. pg-boss reaches the database through our `Database` (one code path for PGlite and
 * PostgreSQL, no second pool), and we run the fetch loop ourselves rather than through `boss.work()`, so
 * that a job we have handed back at shutdown or expiry is never completed or failed later by a handler
 * that outlived it.
 */

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export type JobContext = {
  readonly jobId: string;
  /** The pg-boss queue, `name.vN`. */
  readonly queue: string;
  /** 1 on the first run, 2 on the first retry, ... */
  readonly attempt: number;
  /** Aborted when the worker gives the job up (stop timeout or expiry): stop work, the job will be retried. */
  readonly signal: AbortSignal;
  readonly db: Database;
  readonly logger: Logger;
};

export type JobDefinitionSpec<S extends z.ZodType> = {
  /** A stable name: letters, digits, `_` and `-`. */
  name: string;
  /** Bumped when the payload changes shape incompatibly; a new version is a new queue. */
  version: number;
  schema: S;
  /** Retries after the first attempt (0: run once). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff?: boolean;
  /** A run longer than this is failed (and retried); also how long a dead worker holds the job. At least 1. */
  expireInSeconds: number;
  handler(payload: z.output<S>, context: JobContext): Promise<void>;
};

export type JobDefinition<S extends z.ZodType = z.ZodType> = Readonly<
  Omit<JobDefinitionSpec<S>, 'retryBackoff'> & { retryBackoff: boolean; queueName: string }
>;

export type SendOptions = {
  /** Do not run before this many seconds from now. */
  startAfterSeconds?: number;
  /** With a key, a second job with the same key is not enqueued while one waits (send returns null). */
  singletonKey?: string;
  priority?: number;
};

export type WorkOptions = { concurrency?: number };

export type StopOptions = {
  /** false: give running jobs back at once. */
  graceful?: boolean;
  /** How long running handlers may take to finish before their jobs are failed back to the queue. */
  timeoutMs?: number;
};

export type QueueDepth = { queue: string; state: JobState; count: number };

export interface JobQueue {
  /** Installs or migrates pg-boss's schema, starts maintenance (expiry) and, if enabled, the scheduler. */
  start(): Promise<void>;
  /** Validates the payload, then enqueues it; resolves with the job id (null when deduplicated by singletonKey). */
  send<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.input<S>,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Starts `concurrency` fetch loops for each definition. */
  work(definitions: readonly JobDefinition[], options?: WorkOptions): Promise<void>;
  /** Runs the job on a cron (UTC by default); replaces this definition's schedules of other versions. */
  schedule<S extends z.ZodType>(
    definition: JobDefinition<S>,
    cron: string,
    payload: z.input<S>,
    options?: { tz?: string },
  ): Promise<void>;
  /** Job counts per queue and state (archived jobs excluded). */
  depth(): Promise<QueueDepth[]>;
  /** Stops fetching, lets running handlers finish for up to timeoutMs, fails the rest back to the queue. */
  stop(options?: StopOptions): Promise<void>;
  /** Started, not stopping, and no database error in the last few polls. */
  isHealthy(): boolean;
}

export type JobQueueOptions = {
  logger: Logger;
  /** The PostgreSQL schema of pg-boss's tables. */
  schema?: string;
  /** How often an idle worker looks for jobs (pg-boss minimum: 0.5). */
  pollingIntervalSeconds?: number;
  /** How often expired active jobs are failed back for retry (pg-boss minimum: 1; one instance per interval). */
  maintenanceIntervalSeconds?: number;
  /** Run pg-boss maintenance (expiry, archiving) from this process. */
  isMaintaining?: boolean;
  /** Run the cron scheduler from this process (needed for `schedule` to produce jobs). */
  isScheduling?: boolean;
};

export class InvalidJobPayloadError extends Error {
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(queue: string, issues: readonly z.core.$ZodIssue[]) {
    super(
      `Invalid payload for job ${queue}: ${issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
    );
    this.name = 'InvalidJobPayloadError';
    this.issues = issues;
  }
}

const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export function defineJob<S extends z.ZodType>(spec: JobDefinitionSpec<S>): JobDefinition<S> {
  if (!NAME_PATTERN.test(spec.name)) throw new Error(`Job name ${spec.name} may use only letters, digits, _ and -`);
  if (!Number.isInteger(spec.version) || spec.version < 1) throw new Error(`Job ${spec.name}: version must be >= 1`);
  if (!Number.isInteger(spec.retryLimit) || spec.retryLimit < 0) throw new Error(`Job ${spec.name}: bad retryLimit`);
  if (!Number.isInteger(spec.retryDelaySeconds) || spec.retryDelaySeconds < 0) {
    throw new Error(`Job ${spec.name}: bad retryDelaySeconds`);
  }
  if (!Number.isInteger(spec.expireInSeconds) || spec.expireInSeconds < 1) {
    throw new Error(`Job ${spec.name}: expireInSeconds must be an integer >= 1`);
  }
  return Object.freeze({
    ...spec,
    retryBackoff: spec.retryBackoff ?? false,
    queueName: `${spec.name}.v${spec.version}`,
  });
}

/** The empty payload of a periodic sweep. */
const SweepPayload = z.object({});

/**
 * A periodic sweep (every 15 minutes, see `scheduleSweep`): `sweep` fails the work a dead process abandoned and
 * says how many it found; more than none is logged as a warning with `message`.
 */
export function defineSweepJob(
  name: string,
  sweep: (db: Database) => Promise<number>,
  message: string,
): JobDefinition<typeof SweepPayload> {
  return defineJob({
    name,
    version: 1,
    schema: SweepPayload,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 300,
    async handler(_payload, { db, logger }) {
      const failed = await sweep(db);
      if (failed > 0) logger.warn({ failed }, message);
    },
  });
}

/** Schedules a sweep every 15 minutes (called when the worker role starts). */
export async function scheduleSweep(queue: JobQueue, sweep: JobDefinition<typeof SweepPayload>): Promise<void> {
  await queue.schedule(sweep, '*/15 * * * *', {});
}

/** What pg-boss's fetch returns with includeMetadata. */
type FetchedJob = { id: string; name: string; data: unknown; retryCount: number };

type RunningJob = { id: string; queue: string; controller: AbortController; isAbandoned: boolean };

const UNHEALTHY_AFTER_ERRORS = 3;

export function createJobQueue(db: Database, options: JobQueueOptions): JobQueue {
  const {
    logger,
    schema = 'pgboss',
    pollingIntervalSeconds = 2,
    maintenanceIntervalSeconds = 60,
    isMaintaining = true,
    isScheduling = true,
  } = options;

  // Statements with parameters are single statements; parameterless SQL may be a script (pg-boss's own
  // schema creation, migrations, locked maintenance) and must take the simple protocol through `exec`.
  // It also keeps the health signal: pg-boss swallows some query errors (fetch) but not from us.
  let consecutiveErrors = 0;
  const adapter = {
    async executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }> {
      try {
        const result = values === undefined || values.length === 0 ? await db.exec(text) : await db.query(text, values);
        consecutiveErrors = 0;
        return { rows: result.rows };
      } catch (error) {
        consecutiveErrors += 1;
        throw error;
      }
    },
  };

  const boss = new PgBoss({
    db: adapter,
    schema,
    supervise: isMaintaining,
    schedule: isScheduling,
    maintenanceIntervalSeconds,
    migrate: true,
  });

  let isStarted = false;
  // running -> draining (stop() called: no new fetches, running handlers may finish) -> stopped.
  let phase: 'running' | 'draining' | 'stopped' = 'running';
  let stopPromise: Promise<void> | null = null;
  const ensuredQueues = new Map<string, Promise<void>>();
  const running = new Set<RunningJob>();
  const loops: Promise<void>[] = [];
  const wakers = new Map<string, Set<() => void>>();
  const stopController = new AbortController();

  boss.on('error', (error: unknown) => {
    logger.error({ err: error }, 'pg-boss error');
  });

  function ensureQueue(definition: JobDefinition): Promise<void> {
    let ensured = ensuredQueues.get(definition.queueName);
    if (ensured === undefined) {
      const policy = {
        name: definition.queueName,
        policy: 'standard' as const,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: definition.retryBackoff,
        expireInSeconds: definition.expireInSeconds,
      };
      ensured = (async () => {
        await boss.createQueue(definition.queueName, policy);
        // createQueue leaves an existing queue as it was: the definition in the code is the policy.
        await boss.updateQueue(definition.queueName, policy);
      })();
      ensured.catch(() => ensuredQueues.delete(definition.queueName));
      ensuredQueues.set(definition.queueName, ensured);
    }
    return ensured;
  }

  function parsePayload<S extends z.ZodType>(definition: JobDefinition<S>, payload: unknown): z.output<S> {
    const parsed = definition.schema.safeParse(payload);
    if (!parsed.success) throw new InvalidJobPayloadError(definition.queueName, parsed.error.issues);
    return parsed.data;
  }

  function wake(queue: string): void {
    for (const waker of wakers.get(queue) ?? []) waker();
  }

  /** Sleeps for the polling interval, or less when a job is sent from this process or stop() is called. */
  async function idle(queue: string): Promise<void> {
    const controller = new AbortController();
    const onWake = (): void => {
      controller.abort();
    };
    let set = wakers.get(queue);
    if (set === undefined) {
      set = new Set();
      wakers.set(queue, set);
    }
    set.add(onWake);
    try {
      await sleep(pollingIntervalSeconds * 1000, undefined, {
        signal: AbortSignal.any([controller.signal, stopController.signal]),
      });
    } catch {
      // woken up
    } finally {
      set.delete(onWake);
    }
  }

  async function giveBack(job: RunningJob, reason: string): Promise<void> {
    job.isAbandoned = true;
    job.controller.abort(new Error(reason));
    try {
      await boss.fail(job.queue, job.id, { message: reason });
    } catch (error) {
      // The job stays active; pg-boss's expiry hands it to another worker.
      logger.error({ err: error, jobId: job.id, queue: job.queue }, 'could not fail job back to the queue');
    }
  }

  async function runJob(definition: JobDefinition, fetched: FetchedJob): Promise<void> {
    const job: RunningJob = {
      id: fetched.id,
      queue: definition.queueName,
      controller: new AbortController(),
      isAbandoned: false,
    };
    const log = logger.child({ jobId: job.id, queue: job.queue, attempt: fetched.retryCount + 1 });
    if (phase === 'stopped') {
      // Fetched after stop() gave up on running jobs: nobody would wait for it.
      await giveBack(job, 'worker stopped before the job started');
      return;
    }
    const parsed = definition.schema.safeParse(fetched.data);
    if (!parsed.success) {
      log.error({ issues: parsed.error.issues }, 'invalid job payload; failing without retry');
      try {
        await db.query(
          `UPDATE ${schema}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2 AND state = 'active'`,
          [job.queue, job.id],
        );
        await boss.fail(job.queue, job.id, { message: 'invalid payload', issues: parsed.error.issues });
      } catch (error) {
        log.error({ err: error }, 'could not fail job with invalid payload');
      }
      return;
    }
    running.add(job);
    const started = Date.now();
    const expiry = setTimeout(() => {
      void giveBack(job, `handler exceeded ${String(definition.expireInSeconds)}s`);
    }, definition.expireInSeconds * 1000);
    try {
      await definition.handler(parsed.data, {
        jobId: job.id,
        queue: job.queue,
        attempt: fetched.retryCount + 1,
        signal: job.controller.signal,
        db,
        logger: log,
      });
      if (!job.isAbandoned) {
        await boss.complete(job.queue, job.id);
        log.info({ ms: Date.now() - started }, 'job completed');
      }
    } catch (error) {
      if (!job.isAbandoned) {
        log.warn({ err: error, ms: Date.now() - started }, 'job failed');
        try {
          await boss.fail(job.queue, job.id, error instanceof Error ? error : { message: String(error) });
        } catch (failError) {
          log.error({ err: failError }, 'could not record job failure; expiry will retry it');
        }
      }
    } finally {
      clearTimeout(expiry);
      running.delete(job);
    }
  }

  async function loop(definition: JobDefinition): Promise<void> {
    while (phase === 'running') {
      let jobs: FetchedJob[];
      try {
        jobs = await boss.fetch<unknown>(definition.queueName, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        logger.error({ err: error, queue: definition.queueName }, 'job fetch failed');
        jobs = [];
      }
      const [fetched] = jobs;
      if (fetched === undefined) {
        await idle(definition.queueName);
        continue;
      }
      await runJob(definition, fetched);
    }
  }

  async function stop(stopOptions: StopOptions = {}): Promise<void> {
    const { graceful = true, timeoutMs = 30_000 } = stopOptions;
    phase = 'draining';
    stopController.abort();
    if (graceful) {
      const timeout = new AbortController();
      await Promise.race([
        Promise.allSettled(loops),
        sleep(timeoutMs, undefined, { signal: timeout.signal }).catch(() => undefined),
      ]);
      timeout.abort();
    }
    phase = 'stopped';
    const leftovers = [...running];
    running.clear();
    for (const job of leftovers) {
      logger.warn({ jobId: job.id, queue: job.queue }, 'job still running at shutdown; failing it back for retry');
    }
    await Promise.all(leftovers.map((job) => giveBack(job, 'worker stopped while the job was running')));
    if (isStarted) await boss.stop({ graceful: false, close: false });
    isStarted = false;
  }

  return {
    async start() {
      if (stopPromise !== null) throw new Error('A stopped job queue cannot be restarted');
      await boss.start();
      isStarted = true;
    },

    async send(definition, payload, sendOptions = {}) {
      const data = parsePayload(definition, payload);
      await ensureQueue(definition);
      const id = await boss.send(definition.queueName, data as object, {
        ...(sendOptions.startAfterSeconds === undefined ? {} : { startAfter: sendOptions.startAfterSeconds }),
        ...(sendOptions.singletonKey === undefined ? {} : { singletonKey: sendOptions.singletonKey }),
        ...(sendOptions.priority === undefined ? {} : { priority: sendOptions.priority }),
      });
      if (id !== null) wake(definition.queueName);
      return id;
    },

    async work(definitions, workOptions = {}) {
      if (!isStarted || stopPromise !== null) throw new Error('Start the job queue before work()');
      const concurrency = workOptions.concurrency ?? 1;
      for (const definition of definitions) await ensureQueue(definition);
      for (const definition of definitions) {
        for (let index = 0; index < concurrency; index += 1) {
          loops.push(
            loop(definition).catch((error: unknown) => {
              logger.error({ err: error, queue: definition.queueName }, 'job loop crashed');
            }),
          );
        }
      }
    },

    async schedule(definition, cron, payload, scheduleOptions = {}) {
      const data = parsePayload(definition, payload);
      await ensureQueue(definition);
      await boss.schedule(definition.queueName, cron, data as object, { tz: scheduleOptions.tz ?? 'UTC' });
      for (const existing of await boss.getSchedules()) {
        if (existing.name.startsWith(`${definition.name}.v`) && existing.name !== definition.queueName) {
          await boss.unschedule(existing.name);
        }
      }
    },

    async depth() {
      const { rows } = await db.query<{ queue: string; state: JobState; count: number }>(
        `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM ${schema}.job GROUP BY name, state ORDER BY name, state`,
      );
      return rows;
    },

    stop(stopOptions) {
      stopPromise ??= stop(stopOptions);
      return stopPromise;
    },

    isHealthy() {
      return isStarted && stopPromise === null && consecutiveErrors < UNHEALTHY_AFTER_ERRORS;
    },
  };
}
