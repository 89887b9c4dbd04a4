import { BlockList, isIP } from 'node:net';

/*
 * Which addresses a page chosen by a stranger may be downloaded from (issue 14 §3). A URL in a search result
 * is attacker-controlled: without this check it could make the server read its own admin port, a database on
 * the private network or the cloud provider's metadata service (169.254.169.254, fd00:ec2::254) and hand the
 * answer back as "a source". Only public unicast addresses are reachable; everything in IANA's special-purpose
 * registries (RFC 6890 and its updates) is refused, and so is every IPv6 form that embeds a refused IPv4
 * address (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96). IPv6 outside the global unicast block 2000::/3 is
 * refused whole, which covers ::, ::1, the deprecated IPv4-compatible ::/96, fc00::/7, fe80::/10, fec0::/10,
 * ff00::/8, 100::/64 and the local-use NAT64 prefix 64:ff9b:1::/48.
 */

type Range = { network: string; prefix: number; name: string };
type NamedSubnet = { name: string; list: BlockList };

function subnets(ranges: readonly Range[], type: 'ipv4' | 'ipv6'): NamedSubnet[] {
  return ranges.map((range) => {
    const list = new BlockList();
    list.addSubnet(range.network, range.prefix, type);
    return { name: range.name, list };
  });
}

const IPV4_SPECIAL = subnets(
  [
    { network: '0.0.0.0', prefix: 8, name: 'unspecified' },
    { network: '10.0.0.0', prefix: 8, name: 'private' },
    { network: '100.64.0.0', prefix: 10, name: 'shared (carrier-grade NAT)' },
    { network: '127.0.0.0', prefix: 8, name: 'loopback' },
    { network: '169.254.0.0', prefix: 16, name: 'link-local (cloud metadata)' },
    { network: '172.16.0.0', prefix: 12, name: 'private' },
    { network: '192.0.0.0', prefix: 24, name: 'IETF protocol assignments' },
    { network: '192.0.2.0', prefix: 24, name: 'documentation' },
    { network: '192.88.99.0', prefix: 24, name: '6to4 relay anycast' },
    { network: '192.168.0.0', prefix: 16, name: 'private' },
    { network: '198.18.0.0', prefix: 15, name: 'benchmarking' },
    { network: '198.51.100.0', prefix: 24, name: 'documentation' },
    { network: '203.0.113.0', prefix: 24, name: 'documentation' },
    { network: '224.0.0.0', prefix: 4, name: 'multicast' },
    { network: '240.0.0.0', prefix: 4, name: 'reserved or broadcast' },
  ],
  'ipv4',
);

const [IPV6_GLOBAL_UNICAST] = subnets([{ network: '2000::', prefix: 3, name: 'global unicast' }], 'ipv6');

/** Special blocks inside 2000::/3. */
const IPV6_GLOBAL_SPECIAL = subnets(
  [
    { network: '2001::', prefix: 23, name: 'IETF protocol assignments (Teredo, ORCHID)' },
    { network: '2001:db8::', prefix: 32, name: 'documentation' },
    { network: '2002::', prefix: 16, name: '6to4' },
    { network: '3fff::', prefix: 20, name: 'documentation' },
  ],
  'ipv6',
);

/** Names for the blocks outside 2000::/3, all refused; what none of them names is "reserved". */
const IPV6_OUTSIDE_GLOBAL = subnets(
  [
    { network: '::', prefix: 128, name: 'unspecified' },
    { network: '::1', prefix: 128, name: 'loopback' },
    { network: 'fc00::', prefix: 7, name: 'private (unique local, cloud metadata)' },
    { network: 'fe80::', prefix: 10, name: 'link-local' },
    { network: 'ff00::', prefix: 8, name: 'multicast' },
  ],
  'ipv6',
);

function nameOf(address: string, type: 'ipv4' | 'ipv6', list: readonly NamedSubnet[]): string | null {
  return list.find((subnet) => subnet.list.check(address, type))?.name ?? null;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  // A trailing dotted quad (::ffff:127.0.0.1) becomes its two hexadecimal groups.
  const text = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_match, a: string, b: string, c: string, d: string) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((group) => group.toString(16)).join(':'),
  );
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head = '', tail] = text.split('::');
  const left = parse(head);
  if (tail === undefined) return left.length === 8 ? left : null;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv6 address stands for (IPv4-mapped, or the well-known NAT64 prefix), else null. */
export function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (groups === null) return null;
  const zeros = (from: number, to: number): boolean => groups.slice(from, to).every((group) => group === 0);
  const mapped = zeros(0, 5) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6);
  if (!mapped && !nat64) return null;
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** An address without its IPv6 zone index ("fe80::1%eth0" → "fe80::1"). */
function withoutZone(address: string): string {
  return address.replace(/%.*$/, '');
}

/**
 * The name of the special-purpose range `address` falls in ("loopback", "private", …), or null for a public
 * unicast address; "not an IP address" for anything else.
 */
export function specialRange(address: string): string | null {
  const bare = withoutZone(address);
  const family = isIP(bare);
  if (family === 4) return nameOf(bare, 'ipv4', IPV4_SPECIAL);
  if (family !== 6) return 'not an IP address';
  const ipv4 = embeddedIpv4(bare);
  if (ipv4 !== null) {
    const inner = specialRange(ipv4);
    return inner === null ? null : `${inner} (IPv4 inside IPv6)`;
  }
  if (IPV6_GLOBAL_UNICAST?.list.check(bare, 'ipv6') !== true) {
    return nameOf(bare, 'ipv6', IPV6_OUTSIDE_GLOBAL) ?? 'reserved';
  }
  return nameOf(bare, 'ipv6', IPV6_GLOBAL_SPECIAL);
}

/**
 * The check of an address before the fetcher connects to it: null when it may (a public address always, a
 * special one only when the policy's allow-list of IPs or CIDRs names it: tests and a local corpus), else the
 * name of the range that refuses it. An IPv4-mapped IPv6 address is matched
 * against the list in both spellings. Throws on an allow-list entry that is not an address or a CIDR, so a
 * typing error in configuration shows at start-up rather than as refused pages.
 */
export function createAddressCheck(allowAddresses: readonly string[]): (address: string) => string | null {
  const allowed = new BlockList();
  for (const entry of allowAddresses) {
    const [network = '', prefixText] = entry.trim().split('/');
    const family = isIP(network);
    const prefix = prefixText === undefined ? (family === 6 ? 128 : 32) : Number(prefixText);
    const max = family === 6 ? 128 : 32;
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
      throw new Error(`Not an IP address or CIDR range in the fetch allow-list: "${entry}"`);
    }
    allowed.addSubnet(network, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  const isAllowed = (address: string): boolean => {
    const family = isIP(address);
    if (family === 0) return false;
    if (allowed.check(address, family === 6 ? 'ipv6' : 'ipv4')) return true;
    const ipv4 = family === 6 ? embeddedIpv4(address) : null;
    return ipv4 !== null && allowed.check(ipv4, 'ipv4');
  };
  return (address: string): string | null => {
    const bare = withoutZone(address);
    const range = specialRange(bare);
    if (range === null || isAllowed(bare)) return null;
    return range;
  };
}
