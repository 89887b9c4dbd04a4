import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SignJWT } from 'jose';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { QueueStatus } from '../../app.ts';
import { sha256 } from '../auth/secrets.ts';
import { issueSession } from '../auth/session-cookie.ts';
import { LTI_SIGNING_ALG, toolJwks, toolSigningKey } from './lti-keys.ts';
import { CLAIM, LTI_VERSION, MESSAGE_DEEP_LINKING, MESSAGE_DEEP_LINKING_RESPONSE, SCOPE } from './lti.claims.ts';
import { ltiRosterJob } from './lti.jobs.ts';
import { autoPostPage, deepLinkConfirmPage, errorPage } from './lti.pages.ts';
import {
  findPlatform,
  findPlatformsByIssuer,
  insertDeepLink,
  insertLaunch,
  insertLoginState,
  setRosterStatus,
  takeDeepLink,
  takeLoginState,
  upsertContext,
  type ContextRecord,
  type PlatformRecord,
} from './lti.repository.ts';
import {
  accountForPerson,
  joinOrganisation,
  LtiLaunchError,
  personName,
  randomToken,
  roleOf,
  verifyIdToken,
  type VerifiedLaunch,
} from './lti.service.ts';

export type LtiRoutesOptions = {
  db: Database;
  queue: QueueStatus;
  appSecret: string;
  publicUrl: string;
  cookieSecure: boolean;
  rateLimitPerMinute: number;
};

export const LTI_PATHS = {
  login: '/lti/login',
  launch: '/lti/launch',
  deepLink: '/lti/deep-link',
  jwks: '/lti/jwks.json',
  config: '/lti/config.json',
} as const;

/** The tool's URLs a platform's administrator copies (the integrations page, the configuration document). */
export function toolUrls(publicUrl: string) {
  return {
    login_url: publicUrl + LTI_PATHS.login,
    launch_url: publicUrl + LTI_PATHS.launch,
    deep_linking_url: publicUrl + LTI_PATHS.launch,
    jwks_url: publicUrl + LTI_PATHS.jwks,
    config_url: publicUrl + LTI_PATHS.config,
  };
}

const STATE_TTL_SECONDS = 600;
const DEEP_LINK_TTL_SECONDS = 1800;
const SESSION_SECONDS = 24 * 60 * 60;
/** A teacher's launch resyncs the course's roster at most this often. */
const ROSTER_RESYNC_MS = 60 * 60 * 1000;
export const DEFAULT_ITEM_TITLE = 'Veritext plagiarism and AI check';

/** The state cookie: named after the state, so launches in several tabs do not overwrite one another. */
export function stateCookieName(state: string): string {
  return `vt_lti_${sha256(state).slice(0, 16)}`;
}

const LoginSchema = z.object({
  iss: z.string().min(1).max(500),
  login_hint: z.string().min(1).max(2000),
  target_link_uri: z.string().min(1).max(2000),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().min(1).max(255).optional(),
  lti_deployment_id: z.string().min(1).max(255).optional(),
});

const LaunchSchema = z.object({
  id_token: z.string().max(20_000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

const DeepLinkSchema = z.object({
  token: z.string().min(1).max(200),
  title: z.string().trim().max(100).optional(),
  action: z.enum(['add', 'cancel']).default('add'),
});

/**
 * The LTI 1.3 tool's public side, outside the API scope (a platform posts cross-site: no session, no CSRF
 * token; the state cookie and the signed id_token are what is trusted): the JWKS, the configuration document,
 * OIDC login initiation, the launch and the deep-linking confirmation.
 */
export const ltiRoutes: FastifyPluginAsyncZod<LtiRoutesOptions> = async (app, options) => {
  const { db, appSecret, publicUrl, cookieSecure } = options;
  const rateLimit = { max: options.rateLimitPerMinute, timeWindow: '1 minute' };
  const urls = toolUrls(publicUrl);

  app.get(
    LTI_PATHS.jwks,
    { schema: { tags: ['lti'], summary: "The LTI tool's public keys (JWKS)" } },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return toolJwks(db, appSecret);
    },
  );

  app.get(
    LTI_PATHS.config,
    { schema: { tags: ['lti'], summary: 'The LTI 1.3 tool configuration (Canvas JSON; the URLs for any platform)' } },
    async () => ({
      title: 'Veritext',
      description: 'Plagiarism and AI-text checking, with the figures posted back to the grade book.',
      oidc_initiation_url: urls.login_url,
      target_link_uri: urls.launch_url,
      public_jwk_url: urls.jwks_url,
      scopes: [SCOPE.lineitem, SCOPE.lineitemReadonly, SCOPE.score, SCOPE.membership],
      extensions: [
        {
          platform: 'canvas.instructure.com',
          domain: new URL(publicUrl).host,
          privacy_level: 'public',
          settings: {
            placements: [
              {
                placement: 'assignment_selection',
                message_type: MESSAGE_DEEP_LINKING,
                target_link_uri: urls.deep_linking_url,
                text: DEFAULT_ITEM_TITLE,
              },
              {
                placement: 'link_selection',
                message_type: MESSAGE_DEEP_LINKING,
                target_link_uri: urls.deep_linking_url,
                text: DEFAULT_ITEM_TITLE,
              },
            ],
          },
        },
      ],
      custom_fields: {},
      veritext: { ...urls, redirect_uris: [urls.launch_url] },
    }),
  );

  /** Third-party initiated login (LTI 1.3 core §5.1.1; OIDC): the platform's auth URL with our state and nonce. */
  async function login(request: FastifyRequest, reply: FastifyReply, params: z.infer<typeof LoginSchema>) {
    if (!sameOrigin(params.target_link_uri, publicUrl)) {
      return errorPage(reply, 400, 'The target link URI is not an address of this tool.');
    }
    let candidates = await findPlatformsByIssuer(db, params.iss, params.client_id ?? null);
    if (params.lti_deployment_id !== undefined && candidates.length > 1) {
      const deploymentId = params.lti_deployment_id;
      candidates = candidates.filter((platform) => platform.deployment_ids.includes(deploymentId));
    }
    const platform = candidates[0];
    if (platform === undefined) {
      request.log.warn({ iss: params.iss, clientId: params.client_id }, 'LTI login from an unknown platform');
      return errorPage(reply, 400, 'This learning platform is not registered with Veritext (unknown issuer).');
    }
    if (candidates.length > 1) {
      return errorPage(reply, 400, 'More than one registration matches this platform: it must send its client_id.');
    }
    const state = randomToken();
    const nonce = randomToken();
    await insertLoginState(db, {
      stateHash: sha256(state),
      platformId: platform.id,
      nonce,
      targetLinkUri: params.target_link_uri,
      ttlSeconds: STATE_TTL_SECONDS,
    });
    void reply.setCookie(stateCookieName(state), state, {
      path: '/lti/',
      httpOnly: true,
      // the launch comes back as a cross-site POST: only SameSite=None (which needs Secure) is sent with it
      sameSite: cookieSecure ? 'none' : 'lax',
      secure: cookieSecure,
      maxAge: STATE_TTL_SECONDS,
    });
    const target = new URL(platform.auth_url);
    const query: Record<string, string> = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.client_id,
      redirect_uri: urls.launch_url,
      login_hint: params.login_hint,
      state,
      nonce,
      ...(params.lti_message_hint === undefined ? {} : { lti_message_hint: params.lti_message_hint }),
    };
    for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
    void reply.header('cache-control', 'no-store');
    return reply.redirect(target.href, 302);
  }

  app.get(
    LTI_PATHS.login,
    {
      config: { rateLimit },
      schema: { tags: ['lti'], summary: 'LTI OIDC login initiation', querystring: LoginSchema },
    },
    async (request, reply) => login(request, reply, request.query),
  );
  app.post(
    LTI_PATHS.login,
    {
      config: { rateLimit },
      schema: {
        tags: ['lti'],
        summary: 'LTI OIDC login initiation (form post)',
        consumes: ['application/x-www-form-urlencoded'],
        body: LoginSchema,
      },
    },
    async (request, reply) => login(request, reply, request.body),
  );

  app.post(
    LTI_PATHS.launch,
    {
      config: { rateLimit },
      schema: {
        tags: ['lti'],
        summary: 'LTI launch: the id_token posted by the platform (resource link or deep linking)',
        consumes: ['application/x-www-form-urlencoded'],
        body: LaunchSchema,
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.error !== undefined) {
        return errorPage(reply, 400, `The platform refused the login: ${body.error_description ?? body.error}.`);
      }
      if (body.id_token === undefined || body.state === undefined) {
        return errorPage(reply, 400, 'The launch is incomplete (id_token and state are required).');
      }
      try {
        const cookieName = stateCookieName(body.state);
        const cookieState = request.cookies[cookieName];
        void reply.clearCookie(cookieName, { path: '/lti/' });
        if (cookieState !== body.state) {
          throw new LtiLaunchError('This launch did not start in this browser (state cookie missing).', 401);
        }
        const state = await takeLoginState(db, sha256(body.state));
        if (state === null) throw new LtiLaunchError('This launch has expired or was used before (state).', 401);
        const platform = await findPlatform(db, state.platform_id);
        if (platform === null) throw new LtiLaunchError('The platform registration was removed.', 400);
        const launch = await verifyIdToken(db, platform, body.id_token, state.nonce);
        if (launch.messageType === MESSAGE_DEEP_LINKING) return await deepLinkRequest(reply, platform, launch);
        return await resourceLinkLaunch(request, reply, platform, launch);
      } catch (error) {
        if (error instanceof LtiLaunchError) {
          request.log.warn({ reason: error.message }, 'LTI launch refused');
          return errorPage(reply, error.status, error.message);
        }
        throw error;
      }
    },
  );

  async function deepLinkRequest(reply: FastifyReply, platform: PlatformRecord, launch: VerifiedLaunch) {
    if (roleOf(launch.roles) !== 2) {
      throw new LtiLaunchError('Only a teacher of the course can add Veritext to an assignment.', 403);
    }
    const settings = launch.payload[CLAIM.deepLinkingSettings] as
      { deep_link_return_url?: unknown; accept_types?: unknown; data?: unknown; title?: unknown } | undefined;
    const returnUrl = typeof settings?.deep_link_return_url === 'string' ? settings.deep_link_return_url : null;
    if (returnUrl === null || !/^https?:\/\//.test(returnUrl)) {
      throw new LtiLaunchError('The deep linking request has no return URL.');
    }
    if (Array.isArray(settings?.accept_types) && !settings.accept_types.includes('ltiResourceLink')) {
      throw new LtiLaunchError('The platform does not accept an LTI resource link here.');
    }
    const token = randomToken();
    await insertDeepLink(db, {
      tokenHash: sha256(token),
      platformId: platform.id,
      deploymentId: launch.deploymentId,
      returnUrl,
      data: typeof settings?.data === 'string' ? settings.data : null,
      ttlSeconds: DEEP_LINK_TTL_SECONDS,
    });
    const title =
      typeof settings?.title === 'string' && settings.title.trim() !== '' ? settings.title : DEFAULT_ITEM_TITLE;
    return deepLinkConfirmPage(reply, token, title.slice(0, 100));
  }

  async function resourceLinkLaunch(
    request: FastifyRequest,
    reply: FastifyReply,
    platform: PlatformRecord,
    launch: VerifiedLaunch,
  ) {
    const claims = launch.payload;
    const link = claims[CLAIM.resourceLink] as { id?: unknown } | undefined;
    if (typeof link?.id !== 'string' || link.id === '') throw new LtiLaunchError('The launch has no resource link id.');
    const { rows } = await db.query<{ is_disabled: boolean }>('SELECT is_disabled FROM groups WHERE id = $1', [
      platform.group_id,
    ]);
    if (rows[0]?.is_disabled !== false) throw new LtiLaunchError('The organisation of this platform is disabled.', 403);

    const locale = (claims[CLAIM.launchPresentation] as { locale?: unknown } | undefined)?.locale;
    const user = await accountForPerson(db, platform.id, {
      subject: launch.subject,
      email: typeof claims.email === 'string' ? claims.email : null,
      name: personName(claims),
      language: typeof locale === 'string' && locale.toLowerCase().startsWith('es') ? 'es' : 'en',
    });
    const role = roleOf(launch.roles);
    if (!(await joinOrganisation(db, platform.group_id, user.id, role))) {
      throw new LtiLaunchError('The organisation has reached its member maximum: ask its administrator.', 403);
    }
    const context = await contextOf(platform, claims);
    const ags = claims[CLAIM.agsEndpoint] as { lineitem?: unknown; lineitems?: unknown; scope?: unknown } | undefined;
    await insertLaunch(db, {
      platformId: platform.id,
      userId: user.id,
      subject: launch.subject,
      contextRowId: context?.id ?? null,
      resourceLinkId: link.id,
      lineitemUrl: typeof ags?.lineitem === 'string' ? ags.lineitem : null,
      lineitemsUrl: typeof ags?.lineitems === 'string' ? ags.lineitems : null,
      agsScopes: Array.isArray(ags?.scope) ? ags.scope.filter((s): s is string => typeof s === 'string') : [],
    });
    if (role === 2 && context !== null) await resyncRoster(request, context);
    await issueSession(db, request, reply, user.id, { persistent: false, ttlSeconds: SESSION_SECONDS, cookieSecure });
    request.log.info({ userId: user.id, platformId: platform.id, role }, 'LTI launch');
    void reply.header('cache-control', 'no-store');
    const destination = role === 2 ? `/profile/my-documents/group/${String(platform.group_id)}` : '/profile/new-check';
    return reply.redirect(destination, 302);
  }

  async function contextOf(platform: PlatformRecord, claims: Record<string, unknown>): Promise<ContextRecord | null> {
    const context = claims[CLAIM.context] as { id?: unknown; title?: unknown; label?: unknown } | undefined;
    if (typeof context?.id !== 'string' || context.id === '' || context.id.length > 255) return null;
    const nrps = claims[CLAIM.nrpsService] as { context_memberships_url?: unknown } | undefined;
    const title =
      typeof context.title === 'string' ? context.title : typeof context.label === 'string' ? context.label : '';
    return upsertContext(db, {
      platformId: platform.id,
      contextId: context.id,
      title,
      membershipsUrl: typeof nrps?.context_memberships_url === 'string' ? nrps.context_memberships_url : null,
    });
  }

  /** A teacher's launch: the course's roster is synced (as a job) when it never was or not within the hour. */
  async function resyncRoster(request: FastifyRequest, context: ContextRecord): Promise<void> {
    // one waiting job per course at most: the queue's singleton key
    if (context.memberships_url === null) return;
    const syncedAt = context.roster_synced_at?.getTime() ?? 0;
    if (context.roster_status === 'done' && Date.now() - syncedAt < ROSTER_RESYNC_MS) return;
    try {
      await setRosterStatus(db, context.id, { status: 'queued' });
      await options.queue.send(
        ltiRosterJob,
        { contextId: context.id },
        { singletonKey: `lti-roster-${String(context.id)}` },
      );
    } catch (error) {
      request.log.warn({ err: error, contextId: context.id }, 'the LTI roster sync could not be queued');
    }
  }

  app.post(
    LTI_PATHS.deepLink,
    {
      config: { rateLimit },
      schema: {
        tags: ['lti'],
        summary: "The teacher's answer to a deep linking request: the signed LtiDeepLinkingResponse, posted back",
        consumes: ['application/x-www-form-urlencoded'],
        body: DeepLinkSchema,
      },
    },
    async (request, reply) => {
      const link = await takeDeepLink(db, sha256(request.body.token));
      if (link === null)
        return errorPage(reply, 400, 'This page has expired or was used before. Start again from your course.');
      const platform = await findPlatform(db, link.platform_id);
      if (platform === null) return errorPage(reply, 400, 'The platform registration was removed.');
      const title =
        request.body.title === undefined || request.body.title === '' ? DEFAULT_ITEM_TITLE : request.body.title;
      const items =
        request.body.action === 'add'
          ? [
              {
                type: 'ltiResourceLink',
                title,
                text: 'Check your text for plagiarism and AI-generated passages.',
                url: urls.launch_url,
                lineItem: { scoreMaximum: 100, label: title, resourceId: 'veritext-check', tag: 'originality' },
              },
            ]
          : [];
      const { kid, key } = await toolSigningKey(db, appSecret);
      const jwt = await new SignJWT({
        nonce: randomToken(),
        [CLAIM.messageType]: MESSAGE_DEEP_LINKING_RESPONSE,
        [CLAIM.version]: LTI_VERSION,
        [CLAIM.deploymentId]: link.deployment_id,
        [CLAIM.deepLinkingContentItems]: items,
        ...(link.data === null ? {} : { [CLAIM.deepLinkingData]: link.data }),
        ...(items.length > 0 ? { [CLAIM.deepLinkingMsg]: `${title} was added.` } : {}),
      })
        .setProtectedHeader({ alg: LTI_SIGNING_ALG, kid, typ: 'JWT' })
        .setIssuer(platform.client_id)
        .setAudience(platform.issuer)
        .setIssuedAt()
        .setExpirationTime('5m')
        .setJti(randomUUID())
        .sign(key);
      return autoPostPage(reply, link.return_url, jwt);
    },
  );
};

function sameOrigin(url: string, publicUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
