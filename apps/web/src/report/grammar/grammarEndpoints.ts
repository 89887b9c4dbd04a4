import type { GrammarResult } from '@veritext/contracts';
import type { ApiClient } from '../../api/client.ts';
import type { CsrfCache } from '../../api/csrf.ts';
import type * as Schemas from './grammarSchemas.ts';

type SchemaName = keyof typeof Schemas;

/** A loader of one schema of grammarSchemas.ts (fetched with the first call that needs it). */
function schema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./grammarSchemas.ts'))[name];
}

const grammarPath = (checkId: number) => `/api/v1/grammar/${String(checkId)}/`;

/** The grammar checker of a document (issue 18): its state and findings, and running it (free). */
export function createGrammarEndpoints(client: ApiClient, csrf: CsrfCache) {
  return {
    async grammar(checkId: number): Promise<GrammarResult> {
      return (await client.getJson(grammarPath(checkId), schema('GrammarResponseSchema'))).data;
    },

    async runGrammar(checkId: number): Promise<GrammarResult> {
      const { token } = await csrf.get();
      return (await client.postForm(grammarPath(checkId), { _csrf_token: token }, schema('GrammarResponseSchema')))
        .data;
    },
  };
}
