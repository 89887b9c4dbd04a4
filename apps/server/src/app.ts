import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AppError } from './errors.ts';
import { registerAuthContext } from './http/auth-context.ts';
import { registerCsrfCheck, registerFormGuard } from './http/csrf.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { createMetrics, registerRequestMetrics } from './http/metrics.ts';
import { registerUploads } from './http/uploads.ts';
import { registerWebClient } from './http/web-client.ts';
import type { JobQueue } from './jobs/queue.ts';
import { aiChecksRoutes } from './modules/ai-checks/ai-checks.routes.ts';
import { textChecksRoutes } from './modules/text-checks/text-checks.routes.ts';
import { reportSettingsRoutes } from './modules/text-checks/report-settings.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { socialLoginRoutes } from './modules/auth/social-login.routes.ts';
import { accountEmailRoutes } from './modules/auth/account-email.routes.ts';
import { createMailer, type Mailer } from './modules/mail/mail.service.ts';
import { outboxRoutes } from './modules/mail/mail.routes.ts';
import { collectionsRoutes } from './modules/collections/collections.routes.ts';
import { webSourcesRoutes } from './modules/web-sources/web-sources.routes.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { invitesRoutes } from './modules/invites/invites.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { agreementsRoutes } from './modules/agreements/agreements.routes.ts';
import { portalRoutes } from './modules/portal/portal.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { quickGuideRoutes } from './modules/quick-guide/quick-guide.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { startEmailVerification } from './modules/auth/account-email.service.ts';
import { commerceRoutes, paymentWebhookRoutes } from './modules/commerce/commerce.routes.ts';
import type { CommerceContext } from './modules/commerce/commerce.service.ts';
import {
  createSandboxGateway,
  createStripeGateway,
  httpWebhookPoster,
  originOfAddress,
  type StripeApiOptions,
  type WebhookPoster,
} from './modules/commerce/payment-gateway.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import { refreshCatalogue } from './modules/commerce/catalogue.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { foldersRoutes } from './modules/folders/folders.routes.ts';
import { reportCommentsRoutes } from './modules/report-comments/report-comments.routes.ts';
import { reportSharesRoutes } from './modules/report-shares/report-shares.routes.ts';
import { grammarRoutes } from './modules/grammar/grammar.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { billingAdminRoutes } from './modules/billing/billing-admin.routes.ts';
import { groupSettingsRoutes } from './modules/groups/group-settings.routes.ts';
import { groupsAdminRoutes } from './modules/groups/groups-admin.routes.ts';
import { configureBilling } from './modules/billing/billing.settings.ts';
import { citationsRoutes } from './modules/citations/citations.routes.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { leadsAdminRoutes } from './modules/leads/leads-admin.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { trackingAdminRoutes } from './modules/tracking/tracking-admin.routes.ts';
import { lmsApiRoutes } from './modules/lms-api/lms-api.routes.ts';
import { ltiRoutes } from './modules/lti/lti.routes.ts';
import { ltiPlatformsRoutes } from './modules/lti/lti-platforms.routes.ts';
import { allowPrivatePlatformAddresses } from './modules/lti/lti-outbound.ts';
import { configureLti } from './modules/lti/lti.jobs.ts';

/** How often the server reads an operator's prices (npm run admin -- catalogue:set). */
const CATALOGUE_REFRESH_MS = 60_000;

/** What the HTTP side needs of the job queue: its health, and sending jobs. */
export type QueueStatus = Pick<JobQueue, 'depth' | 'isHealthy' | 'send'>;

export type AppDependencies = {
  config: Config;
  db: Database;
  queue: QueueStatus;
  logger?: FastifyBaseLogger;
  isShuttingDown?: () => boolean;
  /** Outgoing e-mail; by default SMTP when configured, else the local outbox. */
  mailer?: Mailer;
  /** Where the Stripe SDK sends its API calls (a local stand-in in tests); Stripe's API by default. */
  stripeApi?: StripeApiOptions;
  /**
   * How the sandbox card page delivers its signed event to POST /webhooks/stripe; by default over HTTP to
   * the address this server listens on (tests, which do not listen, deliver through inject()).
   */
  webhookPoster?: (app: FastifyInstance) => WebhookPoster;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for the OpenAPI coverage test and operators. */
    registeredRoutes: { method: string; url: string }[];
  }
}

/** Builds the HTTP application without listening, so tests drive it through `inject()`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    ...(deps.logger === undefined ? { logger: false } : { loggerInstance: deps.logger }),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    forceCloseConnections: 'idle',
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  const registeredRoutes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  app.decorate('registeredRoutes', registeredRoutes);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const metrics = createMetrics(() => deps.queue.depth());
  registerRequestMetrics(app, metrics);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Over plain HTTP (development, tests) upgrading would break every asset.
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
        imgSrc: ["'self'", 'data:'],
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await registerUploads(app);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('rate_limited'),
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Veritext API',
        version: '1.0.0',
        description:
          'Plagiarism and AI-text checking. Authenticate with the X-API-TOKEN header (your token is in the API-token modal); browser sessions use a cookie and a _csrf_token form field.',
      },
      components: {
        securitySchemes: { apiToken: { type: 'apiKey', in: 'header', name: 'X-API-TOKEN' } },
      },
      security: [{ apiToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const mailer = deps.mailer ?? createMailer(config, db, app.log);
  app.addHook('onClose', async () => {
    mailer.close();
  });
  const accountEmail = { db, mailer, publicUrl: config.publicUrl, logger: app.log };
  // invoices are issued inside the payment's transaction, where only that transaction is at hand
  configureBilling({
    ...config.billing,
    vatPercent: config.vatPercent,
    publicUrl: config.publicUrl,
    smtp: config.smtp,
  });
  const commerce: CommerceContext = {
    db,
    gateway:
      config.stripe === null
        ? createSandboxGateway(config.appSecret)
        : createStripeGateway(config.stripe, deps.stripeApi),
    vatPercent: config.vatPercent,
    publicUrl: config.publicUrl,
    log: app.log,
  };
  // an operator's prices (npm run admin -- catalogue:set): read now and every minute
  await refreshCatalogue(db);
  const catalogueTimer = setInterval(() => {
    refreshCatalogue(db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'the catalogue prices could not be read; the last ones stay');
    });
  }, CATALOGUE_REFRESH_MS);
  catalogueTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(catalogueTimer);
  });
  const postWebhook = (
    deps.webhookPoster ?? ((self) => httpWebhookPoster(() => originOfAddress(self.server.address())))
  )(app);

  // The API scope: every route in it knows its caller and checks CSRF on form posts.
  await app.register(async (api) => {
    registerAuthContext(api, db);
    registerFormGuard(api);
    registerCsrfCheck(api, config.appSecret);
    await api.register(authRoutes, {
      db,
      appSecret: config.appSecret,
      cookieSecure: config.cookieSecure,
      authRateLimitPerMinute: config.authRateLimitPerMinute,
      botChallengeRateLimitPerMinute: config.botChallengeRateLimitPerMinute,
      botCheckDifficulty: config.botCheckDifficulty,
      guestDailyLimit: config.guestDailyLimit,
      metrics,
      accountEmail,
    });
    await api.register(accountEmailRoutes, {
      ...accountEmail,
      authRateLimitPerMinute: config.authRateLimitPerMinute,
    });
    await api.register(socialLoginRoutes, {
      db,
      appSecret: config.appSecret,
      cookieSecure: config.cookieSecure,
      publicUrl: config.publicUrl,
      authRateLimitPerMinute: config.authRateLimitPerMinute,
      google: config.google,
    });
    await api.register(profileRoutes, {
      db,
      cookieSecure: config.cookieSecure,
      authRateLimitPerMinute: config.authRateLimitPerMinute,
      onEmailChanged: (user) => startEmailVerification(accountEmail, user),
    });
    await api.register(groupsRoutes, { db });
    await api.register(invitesRoutes, { db, appSecret: config.appSecret, publicUrl: config.publicUrl });
    await api.register(membersRoutes, accountEmail);
    await api.register(statisticsRoutes, { db });
    await api.register(invitationsRoutes, { db });
    await api.register(agreementsRoutes, { db });
    await api.register(portalRoutes, {
      db,
      appSecret: config.appSecret,
      authRateLimitPerMinute: config.authRateLimitPerMinute,
    });
    // the check routes' limits per address and per account, and per caller for reading files (issue 13 B4, B6)
    const checkLimits = { rate: config.checkRateLimits, extractMaxPerCaller: config.extractMaxPerCaller };
    await api.register(aiChecksRoutes, { db, queue: deps.queue, limits: checkLimits });
    await api.register(textChecksRoutes, { db, queue: deps.queue, limits: checkLimits });
    await api.register(reportSettingsRoutes, { db });
    await api.register(reportsRoutes, { db });
    await api.register(collectionsRoutes, { db, queue: deps.queue, dataDir: config.dataDir });
    await api.register(webSourcesRoutes, { internet: config.webSearch.provider !== null });
    await api.register(commerceRoutes, { ctx: commerce, postWebhook });
    await api.register(subscriptionsRoutes, { ctx: commerce });
    await api.register(noticesRoutes, accountEmail);
    await api.register(foldersRoutes, { db, appSecret: config.appSecret });
    await api.register(reportCommentsRoutes, { db });
    await api.register(grammarRoutes, { db });
    await api.register(reportSharesRoutes, {
      ...accountEmail,
      authRateLimitPerMinute: config.authRateLimitPerMinute,
    });
    await api.register(billingRoutes, { db });
    await api.register(billingAdminRoutes, { db });
    await api.register(groupSettingsRoutes, { db });
    await api.register(groupsAdminRoutes, { db });
    await api.register(citationsRoutes, {
      db,
      lookup: config.citationLookup,
      publicUrl: config.publicUrl,
      rateLimitPerMinute: config.authRateLimitPerMinute,
    });
    await api.register(leadsRoutes, {
      db,
      mailer,
      salesEmail: config.salesEmail,
      publicUrl: config.publicUrl,
      appSecret: config.appSecret,
      cookieSecure: config.cookieSecure,
    });
    await api.register(leadsAdminRoutes, { db });
    // user-action tracking (issue 18): stored beacons, and the funnel for site administrators
    await api.register(trackingRoutes, {
      db,
      appSecret: config.appSecret,
      publicUrl: config.publicUrl,
      rateLimitPerMinute: config.trackingRateLimitPerMinute,
    });
    await api.register(trackingAdminRoutes, { db });
    // the PlagiarismCheck-compatible LMS API (issue 19 part 1): /lms/… and the integrations page's LMS tokens
    await api.register(lmsApiRoutes, { db, queue: deps.queue, limits: checkLimits, publicUrl: config.publicUrl });
    // the integrations page's LTI platforms (issue 19, part 2)
    await api.register(ltiPlatformsRoutes, {
      db,
      queue: deps.queue,
      publicUrl: config.publicUrl,
      allowLoopbackHttp: config.env !== 'production',
    });
  });
  // The LTI 1.3 tool's protocol routes (issue 19, part 2): a platform posts cross-site, with no session or CSRF token.
  configureLti({ appSecret: config.appSecret, publicUrl: config.publicUrl, queue: deps.queue });
  allowPrivatePlatformAddresses(config.env !== 'production');
  await app.register(ltiRoutes, {
    db,
    queue: deps.queue,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    cookieSecure: config.cookieSecure,
    rateLimitPerMinute: Math.max(60, config.authRateLimitPerMinute * 6),
  });
  // Outside the API scope: no session or CSRF, and a raw body for the signature.
  await app.register(paymentWebhookRoutes, { ctx: commerce });

  await app.register(healthRoutes, {
    db,
    metrics,
    isShuttingDown: deps.isShuttingDown ?? (() => false),
    isQueueHealthy: () => deps.queue.isHealthy(),
    metricsToken: config.metricsToken,
  });

  await app.register(outboxRoutes, { db, isEnabled: config.env === 'development' });
  // The quick guide's PDFs (issue 18), before the client's static files.
  await app.register(quickGuideRoutes);
  await registerWebClient(app, config.webDistDir);
  return app;
}
