import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SecurityEventTypeSchema } from '../../contract/security';
import { countryName, countryPosition, MAP_CENTRE } from '../../src/features/security/countries';
import { COUNTRY_CENTROIDS } from '../../src/features/security/country-centroids';
import { EventTypeLabel } from '../../src/features/security/event-types';
import { formatMinutesAgo, formatUptime, shortUserAgent } from '../../src/features/security/format';
import { MAP_HEIGHT, MAP_WIDTH, projectPoint } from '../../src/features/security/world-outline';

describe('the attack map positions a country by its code', () => {
  // Natural Earth's 1:110m file has none of these; the table comes from the 1:50m one (wave2.md §0.3).
  it.each([
    ['SG', [103.6, 104.1], [1.2, 1.5]],
    ['HK', [113.8, 114.5], [22.1, 22.6]],
    ['MT', [14.1, 14.6], [35.7, 36.1]],
    ['BH', [50.3, 50.7], [25.8, 26.3]],
  ] as const)('%s sits inside its own borders', (code, [west, east], [south, north]) => {
    const { lonLat, isKnown } = countryPosition(code);
    expect(isKnown).toBe(true);
    expect(lonLat[0]).toBeGreaterThan(west);
    expect(lonLat[0]).toBeLessThan(east);
    expect(lonLat[1]).toBeGreaterThan(south);
    expect(lonLat[1]).toBeLessThan(north);
  });

  it('places a country by its mainland, not its overseas territories', () => {
    const [franceLon, franceLat] = countryPosition('FR').lonLat;
    expect(franceLon).toBeGreaterThan(-5);
    expect(franceLon).toBeLessThan(8);
    expect(franceLat).toBeGreaterThan(42);
    expect(franceLat).toBeLessThan(51);
    const [usLon, usLat] = countryPosition('US').lonLat;
    expect(usLon).toBeGreaterThan(-125);
    expect(usLon).toBeLessThan(-67);
    expect(usLat).toBeGreaterThan(25);
    expect(usLat).toBeLessThan(49);
  });

  it('knows the codes in lower case too, and every country of the world', () => {
    expect(countryPosition('de').isKnown).toBe(true);
    expect(Object.keys(COUNTRY_CENTROIDS).length).toBeGreaterThan(230);
    for (const code of Object.keys(COUNTRY_CENTROIDS)) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('puts an unknown code at the centre of the map', () => {
    for (const code of ['ZZ', 'T1', '', 'not a code']) {
      expect(countryPosition(code)).toEqual({ lonLat: MAP_CENTRE, isKnown: false });
    }
    const { x, y } = projectPoint(MAP_CENTRE);
    expect(x).toBeCloseTo(MAP_WIDTH / 2, 0);
    expect(y).toBeCloseTo(MAP_HEIGHT / 2, 0);
  });

  it('lands every known country inside the map', () => {
    for (const lonLat of Object.values(COUNTRY_CENTROIDS)) {
      const { x, y } = projectPoint(lonLat);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(MAP_WIDTH);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(MAP_HEIGHT);
    }
  });
});

describe('country names', () => {
  it('names a country in full English', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('us')).toBe('United States');
    expect(countryName('SG')).toBe('Singapore');
  });

  it('shows a code it cannot name as the code', () => {
    expect(countryName('XX')).toBe('XX');
    expect(countryName('T1')).toBe('T1');
    expect(countryName('Unknown')).toBe('Unknown');
  });
});

describe('event type labels', () => {
  const markup = (eventType: string) => renderToStaticMarkup(<EventTypeLabel eventType={eventType} />);

  it('gives every event type of the spec an emoji-prefixed label of its own, the emoji hidden from screen readers', () => {
    const labels = SecurityEventTypeSchema.options.map(markup);
    for (const [index, label] of labels.entries()) {
      expect(label).not.toBe(SecurityEventTypeSchema.options[index]);
      expect(label).toMatch(/^<span><span aria-hidden="true">\p{Extended_Pictographic}/u);
    }
    expect(new Set(labels).size).toBe(labels.length);
    expect(markup('SQL_INJECTION_ATTEMPT')).toBe(
      '<span><span aria-hidden="true">🗄️ </span>SQL Injection Attempt</span>',
    );
  });

  it('shows a type this app does not know as its raw code', () => {
    expect(markup('NOT_A_TYPE_YET')).toBe('NOT_A_TYPE_YET');
    expect(markup('toString')).toBe('toString');
  });
});

describe('dashboard formats', () => {
  it('writes the uptime as hours and minutes', () => {
    expect(formatUptime(0)).toBe('0h 0m');
    expect(formatUptime(3_959)).toBe('1h 5m');
    expect(formatUptime(93_600 + 120)).toBe('26h 2m');
  });

  it('writes a recent attack’s age in minutes', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(formatMinutesAgo('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(formatMinutesAgo('2026-11-24T11:47:00Z', now)).toBe('13 min ago');
  });

  it('keeps the first 30 characters of a user agent', () => {
    expect(shortUserAgent('sqlmap/1.8')).toBe('sqlmap/1.8');
    expect(shortUserAgent('Mozilla/5.0 (compatible; Nmap Scripting Engine)')).toBe(
      'Mozilla/5.0 (compatible; Nmap …',
    );
  });
});
