import { afterEach, describe, expect, it } from 'vitest';
import { allowPrivatePlatformAddresses, assertPublicPlatformUrl, platformFetch } from './lti-outbound.ts';

describe('the LTI tool’s calls to platforms', () => {
  afterEach(() => {
    allowPrivatePlatformAddresses(false);
  });

  it('refuses hosts on this server’s own networks in production', async () => {
    allowPrivatePlatformAddresses(false);
    await expect(assertPublicPlatformUrl('https://127.0.0.1/mod/lti/certs.php')).rejects.toThrow(/loopback/i);
    await expect(assertPublicPlatformUrl('https://10.1.2.3/token')).rejects.toThrow(/private/i);
    await expect(assertPublicPlatformUrl('https://169.254.169.254/latest/')).rejects.toThrow(/link/i);
    await expect(assertPublicPlatformUrl('https://[::1]/jwks')).rejects.toThrow(/loopback/i);
    // a name is resolved, and judged by what it resolves to
    await expect(assertPublicPlatformUrl('https://localhost/jwks')).rejects.toThrow(/localhost/);
    await expect(platformFetch('http://127.0.0.1:9/scores', { method: 'POST' })).rejects.toThrow(/loopback/i);
    // a public address passes (no connection is made by the check)
    await expect(assertPublicPlatformUrl('https://93.184.215.14/jwks')).resolves.toBeUndefined();
  });

  it('lets development and tests reach platforms on loopback', async () => {
    allowPrivatePlatformAddresses(true);
    await expect(assertPublicPlatformUrl('http://127.0.0.1:4000/jwks')).resolves.toBeUndefined();
  });
});
