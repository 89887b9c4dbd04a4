import { describe, expect, it } from 'vitest';
import { createAddressCheck, embeddedIpv4, specialRange } from './ip-ranges.ts';

describe('the addresses a stranger’s page may come from', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.20.30.40', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['192.0.0.192', 'IETF protocol assignments'],
    ['198.18.0.1', 'benchmarking'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved or broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'private (unique local, cloud metadata)'],
    ['fd00:ec2::254', 'private (unique local, cloud metadata)'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback (IPv4 inside IPv6)'],
    ['::ffff:a9fe:a9fe', 'link-local (cloud metadata) (IPv4 inside IPv6)'],
    ['64:ff9b::10.0.0.1', 'private (IPv4 inside IPv6)'],
    ['::127.0.0.1', 'reserved'],
    ['64:ff9b:1::1', 'reserved'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4'],
    ['2001:0:4136:e378::1', 'IETF protocol assignments (Teredo, ORCHID)'],
    ['localhost', 'not an IP address'],
  ])('refuses %s (%s)', (address, range) => {
    expect(specialRange(address)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('accepts the public address %s', (address) => {
    expect(specialRange(address)).toBeNull();
  });

  it('reads the IPv4 address inside mapped and NAT64 IPv6 addresses', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::FFFF:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIpv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('2001:db8::1')).toBeNull();
    expect(embeddedIpv4('10.0.0.1')).toBeNull();
  });

  it('lets through exactly what the allow-list names, in either spelling', () => {
    const check = createAddressCheck(['127.0.0.1', '10.1.0.0/16', 'fd00::/8']);
    expect(check('127.0.0.1')).toBeNull();
    expect(check('::ffff:127.0.0.1')).toBeNull();
    expect(check('10.1.200.3')).toBeNull();
    expect(check('fd12::1')).toBeNull();
    expect(check('127.0.0.2')).toBe('loopback');
    expect(check('10.2.0.1')).toBe('private');
    expect(check('169.254.169.254')).toBe('link-local (cloud metadata)');
    expect(check('8.8.8.8')).toBeNull();
    expect(createAddressCheck([])('127.0.0.1')).toBe('loopback');
  });

  it('rejects an allow-list entry that is not an address or a CIDR range', () => {
    expect(() => createAddressCheck(['localhost'])).toThrow('localhost');
    expect(() => createAddressCheck(['10.0.0.0/33'])).toThrow('10.0.0.0/33');
  });
});
