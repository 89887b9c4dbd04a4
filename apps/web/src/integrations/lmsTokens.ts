import type { LmsToken, LmsTokenCreated, LmsTokenList } from '@veritext/contracts';
import type { ApiClient } from '../api/client.ts';
import { createCsrfCache, type CsrfCache } from '../api/csrf.ts';
import type * as Schemas from './lmsTokensSchemas.ts';

export const LMS_TOKENS_QUERY_KEY = 'lms-tokens';
export const LMS_TOKENS_PATH = '/api/v1/lms/tokens/';
/** The longest token name the server takes. */
export const LMS_TOKEN_NAME_MAX = 100;

type SchemaName = keyof typeof Schemas;
function schema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./lmsTokensSchemas.ts'))[name];
}

/** The new-token form as typed: '' for a personal token, else an organisation's id. */
export type LmsTokenForm = { name: string; owner: string; checkAi: boolean; autoRegistration: boolean };

export const EMPTY_LMS_TOKEN_FORM: LmsTokenForm = { name: '', owner: '', checkAi: false, autoRegistration: false };

/** What the browser can tell before sending (the server checks again). */
export function lmsTokenFormError(form: LmsTokenForm): 'required' | 'tooLong' | null {
  const name = form.name.trim();
  if (name === '') return 'required';
  return name.length > LMS_TOKEN_NAME_MAX ? 'tooLong' : null;
}

/** The form fields POST /api/v1/lms/tokens/ takes (auto-registration only for an organisation's token). */
export function lmsTokenFields(form: LmsTokenForm, csrfToken: string): Record<string, string> {
  return {
    name: form.name.trim(),
    ...(form.owner === '' ? {} : { group_id: form.owner }),
    check_ai: form.checkAi ? '1' : '0',
    ...(form.owner !== '' && form.autoRegistration ? { auto_registration: '1' } : {}),
    _csrf_token: csrfToken,
  };
}

/** Live tokens first (newest first), then the revoked ones. */
export function sortTokens(tokens: readonly LmsToken[]): LmsToken[] {
  return [...tokens].sort((a, b) => Number(a.revoked_at !== null) - Number(b.revoked_at !== null) || b.id - a.id);
}

const caches = new WeakMap<ApiClient, CsrfCache>();
function csrfOf(client: ApiClient): CsrfCache {
  let cache = caches.get(client);
  if (cache === undefined) {
    cache = createCsrfCache(client);
    caches.set(client, cache);
  }
  return cache;
}

/** The calls of the LMS tokens section. */
export function lmsTokensEndpoints(client: ApiClient) {
  const csrf = csrfOf(client);
  return {
    async load(): Promise<LmsTokenList> {
      return (await client.getJson(LMS_TOKENS_PATH, schema('LmsTokenListResponseSchema'))).data;
    },
    async create(form: LmsTokenForm): Promise<LmsTokenCreated> {
      const { token } = await csrf.get();
      return (
        await client.postForm(LMS_TOKENS_PATH, lmsTokenFields(form, token), schema('LmsTokenCreatedResponseSchema'))
      ).data;
    },
    async revoke(id: number): Promise<LmsToken> {
      const { token } = await csrf.get();
      const answer = await client.postForm(
        `${LMS_TOKENS_PATH}${String(id)}/revoke/`,
        { _csrf_token: token },
        schema('LmsTokenResponseSchema'),
      );
      return answer.data.token;
    },
  };
}
