import type { CsrfTokensResponse } from '@veritext/contracts';
import type { ApiClient } from './client.ts';
import { lazySchema } from './lazySchema.ts';

/**
 * The CSRF tokens of this page load. Fetched once, and again after login or logout because the
 * session (and with it the token) changes.
 */
export function createCsrfCache(client: ApiClient) {
  let pending: Promise<CsrfTokensResponse> | null = null;
  return {
    get(): Promise<CsrfTokensResponse> {
      if (pending === null) {
        pending = client.getJson('/csrf_tokens', lazySchema('CsrfTokensResponseSchema'));
        // A failed fetch must not poison the cache: the next form post tries again.
        pending.catch(() => {
          pending = null;
        });
      }
      return pending;
    },
    reset(): void {
      pending = null;
    },
  };
}
export type CsrfCache = ReturnType<typeof createCsrfCache>;
