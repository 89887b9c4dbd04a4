import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnv, parseRole, type Config, type Role } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { maintenanceJobs, scheduleMaintenance } from './jobs/maintenance.jobs.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createLogger } from './logger.ts';
import { aiCheckJobs, scheduleAiCheckJobs } from './modules/ai-checks/ai-checks.jobs.ts';
import { closeSharedAiDetector } from './modules/ai-checks/detector.ts';
import { closeSharedAiReportRenderer } from './modules/ai-checks/ai-report.ts';
import { collectionJobs } from './modules/collections/collections.jobs.ts';
import { guestRetentionJobs, scheduleGuestRetention } from './modules/profile/guest-retention.jobs.ts';
import { closeSharedReuseChecker } from './modules/text-checks/reuse-checker.ts';
import { closeSharedSimilarityReportRenderer } from './modules/text-checks/similarity-report.ts';
import { closeSharedWebSearch, configureWebSearch, createWebSearch } from './modules/web-sources/web-search.ts';
import {
  configureSubscriptionRenewals,
  scheduleSubscriptionJobs,
  subscriptionJobs,
} from './modules/subscriptions/subscriptions.jobs.ts';
import { scheduleTextCheckJobs, textCheckJobs } from './modules/text-checks/text-checks.jobs.ts';
import { billingJobs, scheduleBillingJobs } from './modules/billing/billing.jobs.ts';
import { configureBilling } from './modules/billing/billing.settings.ts';
import { closeSharedInvoiceRenderer } from './modules/billing/invoice-renderer.ts';
import { scheduleWebSourceJobs, webSourceJobs } from './modules/web-sources/web-sources.jobs.ts';
import { allowPrivatePlatformAddresses } from './modules/lti/lti-outbound.ts';
import { configureLti, ltiJobs } from './modules/lti/lti.jobs.ts';

const ALL_JOBS = [
  ...maintenanceJobs,
  ...aiCheckJobs,
  ...textCheckJobs,
  ...collectionJobs,
  ...guestRetentionJobs,
  ...webSourceJobs,
  ...subscriptionJobs,
  ...billingJobs,
  ...ltiJobs,
];

async function main(): Promise<void> {
  loadDotEnv();
  let config: Config;
  let role: Role;
  try {
    config = loadConfig();
    role = parseRole(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting and its default.\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  const db = await openDatabase(config.database);
  const applied = await migrate(db);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');

  // invoices (issued by the webhook and the renewal job) and receipts take the seller and VAT from here
  configureBilling({
    ...config.billing,
    vatPercent: config.vatPercent,
    publicUrl: config.publicUrl,
    smtp: config.smtp,
  });
  const hasWorkers = role !== 'api';
  const queue = createJobQueue(db, { logger, isMaintaining: hasWorkers, isScheduling: hasWorkers });
  await queue.start();
  if (hasWorkers) {
    configureWebSearch(createWebSearch(config.webSearch, logger));
    configureSubscriptionRenewals({
      appSecret: config.appSecret,
      vatPercent: config.vatPercent,
      publicUrl: config.publicUrl,
      sandbox: config.stripe === null,
    });
    // the LTI jobs sign with the tool's key and link the report; the check's completion queues a score
    configureLti({ appSecret: config.appSecret, publicUrl: config.publicUrl, queue });
    allowPrivatePlatformAddresses(config.env !== 'production');
    await queue.work(ALL_JOBS, { concurrency: config.jobConcurrency });
    await scheduleMaintenance(queue);
    await scheduleAiCheckJobs(queue);
    await scheduleTextCheckJobs(queue);
    await scheduleGuestRetention(queue, config.guestRetentionDays);
    await scheduleWebSourceJobs(queue);
    await scheduleSubscriptionJobs(queue);
    await scheduleBillingJobs(queue);
  }

  let isShuttingDown = false;
  let app: FastifyInstance | null = null;
  let url: string | null = null;
  if (role !== 'worker') {
    app = await buildApp({ config, db, queue, logger, isShuttingDown: () => isShuttingDown });
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    url = typeof address === 'object' && address !== null ? `http://localhost:${address.port}` : null;
  }
  logger.info({ role, database: db.kind, url }, 'Veritext is running');

  /**
   * Graceful shutdown: stop taking requests and let in-flight ones finish, let running jobs finish
   * (or give them back to the queue after the timeout), then close the database.
   */
  async function shutdown(signal: string): Promise<void> {
    if (isShuttingDown) return;
    isShuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    forceExit.unref();
    try {
      if (app !== null) await app.close();
      await queue.stop({ graceful: true, timeoutMs: config.shutdownTimeoutMs });
      await closeSharedAiDetector();
      await closeSharedAiReportRenderer();
      await closeSharedReuseChecker();
      await closeSharedSimilarityReportRenderer();
      await closeSharedInvoiceRenderer();
      await closeSharedWebSearch();
      await db.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Veritext failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
