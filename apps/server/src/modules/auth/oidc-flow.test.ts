import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { isSafeReturnPath, openFlow, returnPathFrom, sealFlow, type OidcFlow } from './oidc-flow.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const flow: OidcFlow = {
  state: 's'.repeat(43),
  nonce: 'n'.repeat(43),
  verifier: 'v'.repeat(43),
  returnTo: '/ai-detector/',
  language: 'es',
  expiresAt: Date.now() + 60_000,
};

describe('the social sign-in flow cookie', () => {
  it('opens what it sealed', () => {
    expect(openFlow(SECRET, sealFlow(SECRET, flow))).toEqual(flow);
  });

  it('refuses a forged, tampered, expired or missing cookie', () => {
    const sealed = sealFlow(SECRET, flow);
    expect(openFlow('another-secret-of-at-least-32-characters', sealed)).toBeNull();
    const [body = '', mac = ''] = sealed.split('.');
    const changed = Buffer.from(JSON.stringify({ ...flow, state: 'mine' })).toString('base64url');
    expect(openFlow(SECRET, `${changed}.${mac}`)).toBeNull();
    expect(openFlow(SECRET, `${body}.`)).toBeNull();
    expect(openFlow(SECRET, sealed, flow.expiresAt + 1)).toBeNull();
    expect(openFlow(SECRET, undefined)).toBeNull();
  });

  it('returns only to paths on this site', () => {
    expect(isSafeReturnPath('/es/ai-detector/')).toBe(true);
    for (const bad of ['//evil.example/', 'https://evil.example/', '/\\evil', '/a?x=1', 'relative', '/a//b']) {
      expect(isSafeReturnPath(bad), bad).toBe(false);
    }
    expect(returnPathFrom('//evil.example')).toBe('/');
    expect(returnPathFrom(undefined)).toBe('/');
  });
});

describe('Google sign-in configuration', () => {
  it('is off unless both the client id and secret are set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).google).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'id' })).toThrow(/set both/);
  });

  it('wants an https issuer, except on this machine', () => {
    const google = { NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(() => loadConfig({ ...google, OIDC_ISSUER: 'http://idp.example.com' })).toThrow(/OIDC_ISSUER/);
    expect(loadConfig({ ...google, OIDC_ISSUER: 'http://127.0.0.1:9000' }).google?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => loadConfig({ ...google, OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER/);
  });
});
