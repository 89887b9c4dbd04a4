import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { specialRange } from '../web-sources/ip-ranges.ts';

/**
 * Every call the tool makes to a platform (its JWKS, token URL, AGS and NRPS endpoints) goes through here. Those
 * addresses come from an organisation owner's registration and from the platform's signed claims, so they must not
 * reach this server's own network: a host that resolves to a loopback, private, link-local or other special address
 * is refused, and redirects are not followed. Development and tests (any NODE_ENV but production) run their
 * platforms on loopback, so there the check is off — the same switch that lets them register http:// loopback URLs.
 */
let allowPrivateAddresses = false;

export function allowPrivatePlatformAddresses(allow: boolean): void {
  allowPrivateAddresses = allow;
}

export class PlatformAddressError extends Error {
  constructor(url: string | URL, range: string) {
    super(`${new URL(url).host} is a ${range} address: platforms must be reachable on the public internet`);
    this.name = 'PlatformAddressError';
  }
}

/** Resolves the URL's host and refuses it when any of its addresses is special-purpose (unless allowed). */
export async function assertPublicPlatformUrl(url: string | URL): Promise<void> {
  if (allowPrivateAddresses) return;
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host) !== 0 ? [{ address: host }] : await lookup(host, { all: true, order: 'verbatim' });
  for (const { address } of addresses) {
    const range = specialRange(address);
    if (range !== null) throw new PlatformAddressError(url, range);
  }
}

/** fetch() to a platform: its address checked first, no redirect followed (a redirect is an error). */
export async function platformFetch(url: string | URL, init: RequestInit): Promise<Response> {
  await assertPublicPlatformUrl(url);
  return fetch(url, { ...init, redirect: 'error' });
}
