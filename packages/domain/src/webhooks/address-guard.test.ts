import { describe, expect, test } from 'vitest';
import { refusedAddress } from './address-guard';

const refused = (host: string, scheme = 'https') => refusedAddress(`${scheme}://${host}/hook`);

describe('addresses that reach this machine or its network are refused, in every notation', () => {
  test.each([
    // Loopback, dotted and every other IPv4 notation the URL parser reads.
    '127.0.0.1',
    '127.1',
    '127.0.1',
    '127.255.255.254',
    '2130706433',
    '0x7f000001',
    '0x7f.0.0.1',
    '0x7f.1',
    '0177.0.0.1',
    '0177.1',
    '017700000001',
    '0x7F.0x0.0x0.0x1',
    '00000177.0.0.1',
    '127.0.0.1.',
    '0',
    '0.0.0.0',
    '0x0',
    // Private ranges.
    '10.0.0.1',
    '10.255.255.255',
    '012.0.0.1',
    '0xa.0.0.1',
    '167772161',
    '172.16.0.1',
    '172.31.255.255',
    '0xac100001',
    '192.168.0.1',
    '192.168.1.1',
    '3232235777',
    '0xc0a80101',
    '0300.0250.1.1',
    // Link-local and cloud metadata.
    '169.254.169.254',
    '169.254.0.1',
    '2852039166',
    '0xa9fea9fe',
    '0251.0376.0251.0376',
    '169.254.43518',
    // Carrier-grade NAT, multicast, broadcast, reserved, documentation, benchmarking.
    '100.64.0.1',
    '100.127.255.254',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
    '192.0.0.8',
    // IPv6: loopback, unspecified, unique local, link-local, multicast, documentation.
    '[::1]',
    '[0:0:0:0:0:0:0:1]',
    '[0000:0000:0000:0000:0000:0000:0000:0001]',
    '[::]',
    '[fd00::1]',
    '[fc00::1]',
    '[fdff:ffff::1]',
    '[fe80::1]',
    '[fe80::1%25eth0]',
    '[febf::1]',
    '[ff02::1]',
    '[ff05::2]',
    '[2001:db8::1]',
    // IPv4-mapped and -embedded IPv6 of inside addresses.
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:7f00:1]',
    '[::ffff:10.0.0.1]',
    '[::ffff:169.254.169.254]',
    '[::ffff:a9fe:a9fe]',
    '[::ffff:192.168.0.1]',
    '[64:ff9b::7f00:1]',
    '[2002:7f00:1::]',
    '[::127.0.0.1]',
    // Names of this machine and of metadata services.
    'localhost',
    'LOCALHOST',
    'localhost.',
    'api.localhost',
    'metadata.google.internal',
    'metadata.goog',
    'instance-data',
    'service.internal',
    'printer.local',
    'router.home.arpa',
    'box.localdomain',
  ])('%s', (host) => {
    expect(refused(host)).not.toBeNull();
  });
});

describe('public addresses and names are allowed (a name is checked again where it resolves)', () => {
  test.each([
    'example.com',
    'hooks.example.com',
    'example.com:8443',
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '0x08080808',
    '134744072',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.0.1',
    '[2606:4700:4700::1111]',
    '[2001:4860:4860::8888]',
    '[::ffff:8.8.8.8]',
    'xn--bcher-kva.example',
    'localhost.example.com',
  ])('%s', (host) => {
    expect(refused(host)).toBeNull();
  });
});

describe('what is not an outgoing address at all', () => {
  test.each([
    ['ftp://example.com/x', 'not_http'],
    ['file:///etc/passwd', 'not_http'],
    ['gopher://example.com/', 'not_http'],
    ['javascript:alert(1)', 'not_http'],
    ['not a url', 'not_http'],
    ['https://user:secret@example.com/', 'credentials'],
    ['https://user@example.com/', 'credentials'],
  ])('%s: %s', (url, reason) => {
    expect(refusedAddress(url)).toBe(reason);
  });
});
