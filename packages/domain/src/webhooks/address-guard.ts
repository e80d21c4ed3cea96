import ipaddr from 'ipaddr.js';

/** Why an address may not receive outgoing requests (webhooks, later imports). */
export type RefusedAddress = 'not_http' | 'credentials' | 'local_name' | 'private_address';

/** Names that are this machine or a cloud's metadata service, whatever they resolve to. */
const LOCAL_NAMES = ['localhost', 'metadata.google.internal', 'metadata.goog', 'instance-data'];
const LOCAL_SUFFIXES = ['.localhost', '.internal', '.local', '.localdomain', '.home.arpa'];

/**
 * Whether a URL may be called from the server, judged from the URL alone (docs/webhooks.md,
 * "Where requests may go"): http(s), no credentials, not a local name, and, when the host is an
 * address, a public unicast one. The WHATWG parser reads every IPv4 notation (decimal, octal, hex,
 * short forms) into the dotted form and compresses IPv6; an IPv4-mapped IPv6 address is judged as
 * its IPv4 address. A name is judged again where it resolves, at connect time (the SSRF agent).
 * Null: allowed.
 */
export function refusedAddress(url: string): RefusedAddress | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not_http';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'not_http';
  if (parsed.username !== '' || parsed.password !== '') return 'credentials';
  const host = parsed.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (LOCAL_NAMES.includes(host) || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix)))
    return 'local_name';
  if (!ipaddr.isValid(host)) return null;
  return publicUnicast(ipaddr.parse(host)) ? null : 'private_address';
}

/**
 * A public unicast address: IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible (::a.b.c.d)
 * IPv6 addresses are judged as the IPv4 address they hold; every other range ipaddr.js names
 * (private, loopback, link-local, CGNAT, multicast, reserved, 6to4, NAT64...) is refused.
 */
function publicUnicast(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return publicUnicast(v6.toIPv4Address());
    const [a, b, c, d, e, f, g, h] = v6.parts;
    if ([a, b, c, d, e, f].every((part) => part === 0) && (g !== 0 || (h ?? 0) > 1))
      return publicUnicast(ipaddr.IPv4.parse(`${g! >> 8}.${g! & 255}.${h! >> 8}.${h! & 255}`));
  }
  return address.range() === 'unicast';
}
