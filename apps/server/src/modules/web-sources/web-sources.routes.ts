import { CheckScopeResponseSchema } from '@veritext/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type WebSourcesRoutesOptions = {
  /** A web search provider is configured (WEB_SEARCH_PROVIDER): the checks of this service search the internet. */
  internet: boolean;
};

/** How long a browser or a proxy may keep the answer: the configuration changes only with a restart. */
const CHECK_SCOPE_MAX_AGE_SECONDS = 300;

/**
 * What a check on this service compares a text with, asked before the check runs: the report's progress view
 * names the internet's stages only where they run (issue 14). The same for every caller, so public and
 * cacheable; it says only whether a provider is configured, never which one or with what key.
 */
export const webSourcesRoutes: FastifyPluginAsyncZod<WebSourcesRoutesOptions> = async (api, { internet }) => {
  api.get(
    '/api/v1/check-scope/',
    {
      schema: {
        tags: ['check'],
        summary: 'Whether a check on this service searches the internet (a web search provider is configured)',
        security: [],
        response: { 200: CheckScopeResponseSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', `public, max-age=${String(CHECK_SCOPE_MAX_AGE_SECONDS)}`);
      return { success: true as const, message: '', data: { internet } };
    },
  );
};
