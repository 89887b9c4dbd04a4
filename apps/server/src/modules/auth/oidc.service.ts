import type { SocialLoginError } from '@veritext/contracts';
import * as oidc from 'openid-client';
import { safeEqual } from './secrets.ts';
import { OIDC_FLOW_TTL_SECONDS, type OidcFlow } from './oidc-flow.ts';

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registered at the provider: PUBLIC_URL + /auth/google/callback. */
  redirectUri: string;
};

/** Who the provider says signed in, after every check of the ID token passed. */
export type OidcIdentity = { subject: string; email: string | null; isEmailVerified: boolean; name: string };

/** A social sign-in that cannot go on; `reason` is what the user is told (?login_error=). */
export class SocialLoginFailure extends Error {
  readonly reason: SocialLoginError;
  constructor(reason: SocialLoginError, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'SocialLoginFailure';
    this.reason = reason;
  }
}

function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}

/**
 * An OpenID Connect relying party (authorization code flow with PKCE, state and nonce). The provider's
 * discovery document is fetched on first use and kept; a failed discovery is retried on the next sign-in.
 * ID tokens are checked by openid-client: signature against the provider's JWKS, issuer, audience, nonce,
 * expiry.
 */
export function createOidcClient(settings: OidcSettings) {
  const issuer = new URL(settings.issuer);
  let configuration: Promise<oidc.Configuration> | null = null;

  function discover(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        // Plain http only for a provider on this machine (config.ts refuses any other).
        execute: isLoopback(issuer)
          ? // eslint-disable-next-line @typescript-eslint/no-deprecated -- deliberate, a provider on this machine only
            [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks]
          : [oidc.enableNonRepudiationChecks],
        timeout: 10,
      })
      .catch((error: unknown) => {
        configuration = null;
        throw new SocialLoginFailure('unavailable', 'the identity provider could not be reached', { cause: error });
      });
    return configuration;
  }

  /** A new flow and the provider's authorization URL to send the browser to. */
  async function begin(options: { returnTo: string; language: 'en' | 'es' }): Promise<{ url: URL; flow: OidcFlow }> {
    const config = await discover();
    const flow: OidcFlow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      returnTo: options.returnTo,
      language: options.language,
      expiresAt: Date.now() + OIDC_FLOW_TTL_SECONDS * 1000,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri,
      scope: 'openid email profile',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return { url, flow };
  }

  /** Checks the provider's answer (`callbackUrl`, the full URL it sent the browser to) against the flow. */
  async function complete(callbackUrl: URL, flow: OidcFlow): Promise<OidcIdentity> {
    const error = callbackUrl.searchParams.get('error');
    if (error !== null) {
      const description = callbackUrl.searchParams.get('error_description') ?? '';
      throw new SocialLoginFailure(
        error === 'access_denied' ? 'denied' : 'failed',
        `the provider answered ${error}: ${description}`.slice(0, 300),
      );
    }
    if (!safeEqual(callbackUrl.searchParams.get('state') ?? '', flow.state)) {
      throw new SocialLoginFailure('state', 'the state parameter does not match this browser');
    }
    const config = await discover();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      // The redirect_uri sent with the code is taken from callbackUrl (its query is dropped).
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (cause) {
      throw new SocialLoginFailure('failed', 'the code exchange or the ID token check failed', { cause });
    }
    const claims = tokens.claims();
    if (claims === undefined) throw new SocialLoginFailure('failed', 'no ID token');
    let email = typeof claims.email === 'string' ? claims.email : null;
    let verified = claims.email_verified === true || claims.email_verified === 'true';
    let name = typeof claims.name === 'string' ? claims.name : '';
    if (email === null) {
      // Some providers put the e-mail only in the UserInfo answer; it must be about the same subject.
      try {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : null;
        verified = info.email_verified === true;
        if (name === '' && typeof info.name === 'string') name = info.name;
      } catch (cause) {
        throw new SocialLoginFailure('failed', 'the UserInfo call failed', { cause });
      }
    }
    return { subject: claims.sub, email, isEmailVerified: verified, name };
  }

  return { begin, complete };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
