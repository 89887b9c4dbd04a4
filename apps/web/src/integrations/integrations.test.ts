import type { IntegrationsResponse } from '@veritext/contracts';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import {
  emptyForm,
  formOf,
  integrationsEndpoints,
  INTEGRATIONS_PATH,
  serverFieldErrors,
  validatePlatform,
  type PlatformForm,
} from './integrations.ts';
import { PLATFORM } from './testPlatform.ts';

const VALID: PlatformForm = { ...formOf(PLATFORM) };

describe('the platform form', () => {
  it('takes a platform as its fields, deployment ids one per line', () => {
    expect(formOf(PLATFORM)).toEqual({
      group_id: '4',
      name: 'School Moodle',
      issuer: 'https://moodle.fjord.example',
      client_id: 'abc123',
      auth_url: 'https://moodle.fjord.example/mod/lti/auth.php',
      token_url: 'https://moodle.fjord.example/mod/lti/token.php',
      jwks_url: 'https://moodle.fjord.example/mod/lti/certs.php',
      deployment_ids: '1\n2',
    });
    expect(emptyForm(7).group_id).toBe('7');
  });

  it('asks for the issuer, client id, the three URLs and at least one deployment id', () => {
    expect(validatePlatform(VALID)).toEqual({});
    expect(validatePlatform(emptyForm(4))).toEqual({
      issuer: 'required',
      client_id: 'required',
      auth_url: 'required',
      token_url: 'required',
      jwks_url: 'required',
      deployment_ids: 'required',
    });
    expect(validatePlatform({ ...VALID, jwks_url: 'moodle.fjord.example/certs' })).toEqual({ jwks_url: 'url' });
    expect(validatePlatform({ ...VALID, deployment_ids: ' , \n ' })).toEqual({ deployment_ids: 'required' });
    const many = Array.from({ length: 51 }, (_, index) => String(index)).join('\n');
    expect(validatePlatform({ ...VALID, deployment_ids: many })).toEqual({ deployment_ids: 'deployments' });
    expect(validatePlatform({ ...VALID, name: 'x'.repeat(101) })).toEqual({ name: 'tooLong' });
  });

  it('keeps the server’s field errors of the form’s own fields', () => {
    expect(serverFieldErrors({ client_id: 'registered already', other: 'x' })).toEqual({
      client_id: 'registered already',
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});

describe('the integrations calls', () => {
  function fakeServer() {
    const calls: { method: string; path: string; body: Record<string, string> }[] = [];
    const response = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const body = Object.fromEntries(new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : ''));
      calls.push({ method: init?.method ?? 'GET', path, body });
      if (path === '/csrf_tokens') return response({ token: 'csrf-1', guest_csrf: 'g' });
      if (path === INTEGRATIONS_PATH) {
        const answer: IntegrationsResponse = {
          success: true,
          data: {
            lti: {
              tool: {
                login_url: 'https://veritext.example/lti/login',
                launch_url: 'https://veritext.example/lti/launch',
                deep_linking_url: 'https://veritext.example/lti/launch',
                jwks_url: 'https://veritext.example/lti/jwks.json',
                config_url: 'https://veritext.example/lti/config.json',
              },
              groups: [{ id: 4, name: 'Fjord School' }],
              platforms: [PLATFORM],
            },
          },
        };
        return response(answer);
      }
      if (path.endsWith('/sync-roster/')) return response({ success: true, data: { queued: 2 } });
      return response({ success: true, data: { id: 3 } });
    };
    return { calls, client: createApiClient({ getToken: () => null, fetch }) };
  }

  it('reads the page’s data and posts the form with its CSRF token', async () => {
    const { calls, client } = fakeServer();
    const endpoints = integrationsEndpoints(client);
    const data = await endpoints.load();
    expect(data.lti.platforms[0]?.client_id).toBe('abc123');

    await endpoints.save(null, { ...VALID, deployment_ids: '1, 2\n\n3 ', name: ' School Moodle ' });
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/v1/lti/platforms/',
      body: {
        group_id: '4',
        name: 'School Moodle',
        issuer: PLATFORM.issuer,
        client_id: 'abc123',
        auth_url: PLATFORM.auth_url,
        token_url: PLATFORM.token_url,
        jwks_url: PLATFORM.jwks_url,
        deployment_ids: '1\n2\n3',
        _csrf_token: 'csrf-1',
      },
    });
    await endpoints.save(3, VALID);
    expect(calls.at(-1)?.path).toBe('/api/v1/lti/platforms/3/');
    expect(calls.at(-1)?.body).not.toHaveProperty('group_id');
    await endpoints.remove(3);
    expect(calls.at(-1)).toMatchObject({ path: '/api/v1/lti/platforms/3/delete/', body: { _csrf_token: 'csrf-1' } });
    expect(await endpoints.syncRoster(3)).toBe(2);
    expect(calls.at(-1)?.path).toBe('/api/v1/lti/platforms/3/sync-roster/');
    // the CSRF tokens were fetched once
    expect(calls.filter((call) => call.path === '/csrf_tokens')).toHaveLength(1);
  });
});
