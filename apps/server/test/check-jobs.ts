import { pino } from 'pino';
import { expect } from 'vitest';
import type { JobContext } from '../src/jobs/queue.ts';
import { aiCheckJob } from '../src/modules/ai-checks/ai-checks.jobs.ts';
import { textCheckJob } from '../src/modules/text-checks/text-checks.jobs.ts';
import type { TestApp } from './app.ts';

const logger = pino({ level: process.env.VT_TEST_LOG ?? 'silent' });

/** The context a worker gives a job's handler: the first attempt, never aborted, on the test app's database. */
export function jobContext(t: TestApp, queue: string): JobContext {
  return { jobId: 'test', queue, attempt: 1, signal: new AbortController().signal, db: t.handle.db, logger };
}

/**
 * Runs the plagiarism and AI-check jobs the app sends, as a worker would: `run` takes the jobs sent since its
 * last call (returning their queues), `skip` drops them unrun (a worker that never came). Any other job fails
 * the test.
 */
export function checkJobRunner(t: () => TestApp): { run(): Promise<string[]>; skip(): void } {
  let ran = 0;
  return {
    async run() {
      const app = t();
      const queues: string[] = [];
      while (ran < app.sentJobs.length) {
        const job = app.sentJobs[ran]!;
        ran += 1;
        queues.push(job.queue);
        if (job.queue === textCheckJob.queueName) {
          await textCheckJob.handler(textCheckJob.schema.parse(job.payload), jobContext(app, job.queue));
        } else {
          expect(job.queue).toBe(aiCheckJob.queueName);
          await aiCheckJob.handler(aiCheckJob.schema.parse(job.payload), jobContext(app, job.queue));
        }
      }
      return queues;
    },
    skip() {
      ran = t().sentJobs.length;
    },
  };
}
