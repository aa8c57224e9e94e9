// Where the server may send its own requests (feeds, the LLM endpoint, later webhooks): public addresses
// only, unless the operator lists a host, an address or a range in OUTBOUND_ALLOW_HOSTS. A feed's host
// or a redirect must not make the server call loopback, the private network or a cloud metadata
// address (security-review-2 §2.9).
import ipaddr from 'ipaddr.js';
import { isInRange, parseRange } from '../security/address';

export interface OutboundDestinations {
  /**
   * Answers why `hostname`, connecting to `address`, may not be called, or undefined when it may. A host
   * the operator listed by name is not checked, whatever its address.
   */
  refusalOf(hostname: string, address: string): string | undefined;
  /** Whether the operator listed `hostname`: by name, or as an address in a listed range. */
  isListed(hostname: string): boolean;
}

/** One OUTBOUND_ALLOW_HOSTS entry is an address, a CIDR range or a host name. */
export function isOutboundAllowEntry(entry: string): boolean {
  return (
    parseRange(entry) !== undefined ||
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(entry)
  );
}

export function outboundDestinations(allowHosts: readonly string[]): OutboundDestinations {
  const ranges = allowHosts.map(parseRange).filter((range) => range !== undefined);
  const names = new Set(
    allowHosts.filter((entry) => parseRange(entry) === undefined).map((entry) => entry.toLowerCase()),
  );
  return {
    isListed(hostname) {
      return (
        names.has(hostname.toLowerCase()) ||
        (ipaddr.isValid(hostname) && ranges.some((range) => isInRange(hostname, range)))
      );
    },
    refusalOf(hostname, address) {
      if (names.has(hostname.toLowerCase())) return undefined;
      if (!ipaddr.isValid(address)) return `${hostname} has no address the server can check`;
      if (ranges.some((range) => isInRange(address, range))) return undefined;
      const parsed = ipaddr.process(address);
      // ipaddr.js names every special-purpose range; only 'unicast' is the public internet.
      const range = parsed.range();
      if (range === 'unicast') return undefined;
      const what = hostname === address ? address : `${hostname} is ${parsed.toString()},`;
      return `${what} a ${range} address: list it in OUTBOUND_ALLOW_HOSTS to allow it`;
    },
  };
}
