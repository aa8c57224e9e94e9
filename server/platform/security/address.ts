// One spelling per client address, so a block, a count and an allowlist entry all mean the same host:
// IPv4-mapped IPv6 (::ffff:203.0.113.9) becomes the IPv4 address, IPv6 its shortest form.
import ipaddr from 'ipaddr.js';

export function normalizeAddress(address: string): string {
  // A socket's IPv4 peer is already in its one spelling: the common case costs nothing.
  if (!address.includes(':') || !ipaddr.isValid(address)) return address;
  return ipaddr.process(address).toString();
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

export function isInRange(address: string, range: AddressRange): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.kind() === range[0].kind() && parsed.match(range);
}

export function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}
