import {
  LTI_FIELD_MAX,
  LTI_MAX_DEPLOYMENTS,
  splitDeploymentIds,
  type IntegrationsResponse,
  type LtiPlatform,
} from '@veritext/contracts';
import type { ApiClient } from '../api/client.ts';
import { createCsrfCache, type CsrfCache } from '../api/csrf.ts';
import type * as Schemas from './integrationsSchemas.ts';

import { INTEGRATIONS_PATH } from './integrationsPath.ts';

export { INTEGRATIONS_PATH };
export const INTEGRATIONS_QUERY_KEY = 'integrations';

export type IntegrationsData = IntegrationsResponse['data'];

type SchemaName = keyof typeof Schemas;
function schema<K extends SchemaName>(name: K): () => Promise<(typeof Schemas)[K]> {
  return async () => (await import('./integrationsSchemas.ts'))[name];
}

/** The platform form as typed: every field a string; deployment ids one per line. */
export type PlatformForm = {
  group_id: string;
  name: string;
  issuer: string;
  client_id: string;
  auth_url: string;
  token_url: string;
  jwks_url: string;
  deployment_ids: string;
};
export type PlatformField = keyof PlatformForm;
export type PlatformErrors = Partial<Record<PlatformField, 'required' | 'url' | 'tooLong' | 'deployments'>>;

export const URL_FIELDS = ['auth_url', 'token_url', 'jwks_url'] as const;

export function emptyForm(groupId: number | null): PlatformForm {
  return {
    group_id: groupId === null ? '' : String(groupId),
    name: '',
    issuer: '',
    client_id: '',
    auth_url: '',
    token_url: '',
    jwks_url: '',
    deployment_ids: '',
  };
}

export function formOf(platform: LtiPlatform): PlatformForm {
  return {
    group_id: String(platform.group_id),
    name: platform.name,
    issuer: platform.issuer,
    client_id: platform.client_id,
    auth_url: platform.auth_url,
    token_url: platform.token_url,
    jwks_url: platform.jwks_url,
    deployment_ids: platform.deployment_ids.join('\n'),
  };
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** What the browser can tell before sending (the server checks again, https:// included). */
export function validatePlatform(form: PlatformForm): PlatformErrors {
  const errors: PlatformErrors = {};
  for (const field of ['issuer', 'client_id', ...URL_FIELDS] as const) {
    if (form[field].trim() === '') errors[field] = 'required';
  }
  for (const field of URL_FIELDS) {
    if (errors[field] === undefined && !isWebUrl(form[field].trim())) errors[field] = 'url';
    else if (form[field].length > LTI_FIELD_MAX.url) errors[field] = 'tooLong';
  }
  if (form.name.length > LTI_FIELD_MAX.name) errors.name = 'tooLong';
  if (form.issuer.length > LTI_FIELD_MAX.issuer) errors.issuer = 'tooLong';
  if (form.client_id.length > LTI_FIELD_MAX.clientId) errors.client_id = 'tooLong';
  const deployments = splitDeploymentIds(form.deployment_ids);
  if (deployments.length === 0) errors.deployment_ids = 'required';
  else if (deployments.length > LTI_MAX_DEPLOYMENTS) errors.deployment_ids = 'deployments';
  return errors;
}

const clients = new WeakMap<ApiClient, CsrfCache>();
function csrfOf(client: ApiClient): CsrfCache {
  let cache = clients.get(client);
  if (cache === undefined) {
    cache = createCsrfCache(client);
    clients.set(client, cache);
  }
  return cache;
}

const platformPath = (id: number) => `/api/v1/lti/platforms/${String(id)}/`;

/** The calls of the page's LTI section. */
export function integrationsEndpoints(client: ApiClient) {
  const csrf = csrfOf(client);
  return {
    async load(): Promise<IntegrationsData> {
      return (await client.getJson(INTEGRATIONS_PATH, schema('IntegrationsResponseSchema'))).data;
    },
    async save(platformId: number | null, form: PlatformForm): Promise<number> {
      const { token } = await csrf.get();
      const fields = {
        name: form.name.trim(),
        issuer: form.issuer.trim(),
        client_id: form.client_id.trim(),
        auth_url: form.auth_url.trim(),
        token_url: form.token_url.trim(),
        jwks_url: form.jwks_url.trim(),
        deployment_ids: splitDeploymentIds(form.deployment_ids).join('\n'),
        _csrf_token: token,
      };
      const answer =
        platformId === null
          ? await client.postForm(
              '/api/v1/lti/platforms/',
              { ...fields, group_id: form.group_id },
              schema('LtiPlatformResponseSchema'),
            )
          : await client.postForm(platformPath(platformId), fields, schema('LtiPlatformResponseSchema'));
      return answer.data.id;
    },
    async remove(platformId: number): Promise<void> {
      const { token } = await csrf.get();
      await client.postForm(
        `${platformPath(platformId)}delete/`,
        { _csrf_token: token },
        schema('LtiPlatformResponseSchema'),
      );
    },
    async syncRoster(platformId: number): Promise<number> {
      const { token } = await csrf.get();
      const answer = await client.postForm(
        `${platformPath(platformId)}sync-roster/`,
        { _csrf_token: token },
        schema('LtiRosterSyncResponseSchema'),
      );
      return answer.data.queued;
    },
  };
}

/** The server's field errors of a refused form, by field (anything else is the form's own error). */
export function serverFieldErrors(fields: Record<string, string> | undefined): Partial<Record<PlatformField, string>> {
  const out: Partial<Record<PlatformField, string>> = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    if (name in emptyForm(null)) out[name as PlatformField] = message;
  }
  return out;
}
