// One spelling per client address, so a block, a count and an allowlist entry all mean the same host:
// IPv4-mapped IPv6 (::ffff:203.0.113.9) becomes the IPv4 address, IPv6 its shortest form.
import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * An address key as the sign-in record keeps it (migration 020): an HMAC under the server's secret,
 * so no client address is stored for members, yet the same address always gives the same value.
 */
export function addressFingerprint(key: string, secret: string): string {
  return createHmac('sha256', secret).update(`sign-in-address:${key}`).digest('hex');
}

export function normalizeAddress(address: string): string {
  // A socket's IPv4 peer is already in its one spelling: the common case costs nothing.
  if (!address.includes(':') || !ipaddr.isValid(address)) return address;
  return ipaddr.process(address).toString();
}

/**
 * What limits, scores and blocks count: the address itself for IPv4, its network for IPv6 (one
 * subscriber holds a whole /64 and can rotate through it at will), written `2001:db8:1:2::/64`.
 * Loopback stays itself.
 */
export function addressKey(address: string, ipv6PrefixLength: number): string {
  const normalized = normalizeAddress(address);
  if (!normalized.includes(':') || !ipaddr.isValid(normalized) || ipv6PrefixLength >= 128) return normalized;
  const parsed = ipaddr.parse(normalized);
  if (parsed.range() === 'loopback') return normalized;
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${normalized}/${ipv6PrefixLength}`);
  return `${network.toString()}/${ipv6PrefixLength}`;
}

export type AddressRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An address or CIDR as a range (an address is its own /32 or /128); undefined when unreadable. */
export function parseRange(range: string): AddressRange | undefined {
  try {
    if (range.includes('/')) {
      const [address, bits] = ipaddr.parseCIDR(range);
      return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
        ? [(address as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96)]
        : [address, bits];
    }
    const address = ipaddr.process(range);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

/** Whether `address` (an address, or an address key such as an IPv6 /64) lies in `range` or overlaps it. */
export function isInRange(address: string, range: AddressRange): boolean {
  const own = address.includes('/') ? parseRange(address) : undefined;
  if (own) {
    if (own[0].kind() !== range[0].kind()) return false;
    // The wider of the two contains the other's first address exactly when they overlap.
    return own[1] <= range[1] ? range[0].match(own) : own[0].match(range);
  }
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.kind() === range[0].kind() && parsed.match(range);
}

export function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}

/** Loopback or a private network: where a reverse proxy on the same host or network connects from. */
export function isLocalNetwork(address: string): boolean {
  const readable = address.split('/')[0] ?? '';
  if (!ipaddr.isValid(readable)) return false;
  return ['loopback', 'private', 'uniqueLocal', 'linkLocal'].includes(ipaddr.process(readable).range());
}
