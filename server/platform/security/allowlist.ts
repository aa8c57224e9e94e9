// Addresses that are never blocked: loopback and the configured proxies always (blocking a proxy cuts
// off everyone behind it), plus the operators' entries with their comment and expiry.
import type { TrustProxy } from '../config';
import { type AddressRange, isInRange, parseRange } from './address';

export interface AllowlistRange {
  range: string;
  expiresAt: Date | null;
}

export const LOOPBACK_RANGES = ['127.0.0.0/8', '::1/128'];

/** The ranges that are on the list whatever the operators do. */
export function builtInRanges(trustProxy: TrustProxy): string[] {
  return [...LOOPBACK_RANGES, ...(Array.isArray(trustProxy) ? trustProxy : [])];
}

export class Allowlist {
  private builtIn: AddressRange[];
  private entries: { range: AddressRange; expiresAt: Date | null }[] = [];

  constructor(builtInList: readonly string[]) {
    this.builtIn = builtInList.map(parseRange).filter((range) => range !== undefined);
  }

  replaceEntries(entries: readonly AllowlistRange[]): void {
    this.entries = entries
      .map(({ range, expiresAt }) => ({ range: parseRange(range), expiresAt }))
      .filter((entry): entry is { range: AddressRange; expiresAt: Date | null } => entry.range !== undefined);
  }

  covers(address: string, now: number): boolean {
    if (this.builtIn.some((range) => isInRange(address, range))) return true;
    return this.entries.some(
      ({ range, expiresAt }) =>
        (expiresAt === null || expiresAt.getTime() > now) && isInRange(address, range),
    );
  }
}
