import { describe, expect, it } from 'vitest';
import { CountWithin, DistinctWithin } from '../../server/platform/security/sliding-counts';

describe('counts per address within a time window', () => {
  it('counts distinct values within the window and forgets those seen longer ago', () => {
    const paths = new DistinctWithin(10_000);
    expect(paths.add('203.0.113.7', '/a', 0)).toBe(1);
    expect(paths.add('203.0.113.7', '/b', 4_000)).toBe(2);
    expect(paths.add('203.0.113.7', '/a', 6_000)).toBe(2);
    expect(paths.add('198.51.100.1', '/a', 6_000)).toBe(1);
    // /a was seen again at 6 s, so at 15 s only /b (4 s) has aged out.
    expect(paths.add('203.0.113.7', '/c', 15_000)).toBe(2);
    expect(paths.add('203.0.113.7', '/d', 16_000)).toBe(3);
    expect(paths.add('203.0.113.7', '/e', 26_002)).toBe(1);
  });

  it('counts every occurrence, each aging out on its own', () => {
    const failures = new CountWithin(60_000);
    for (let second = 0; second < 5; second += 1) failures.add('203.0.113.7', second * 1_000);
    expect(failures.add('203.0.113.7', 61_500)).toBe(4);
    failures.reset('203.0.113.7');
    expect(failures.add('203.0.113.7', 62_000)).toBe(1);
  });

  it('keeps each add cheap when one address has a day of occurrences', () => {
    const perDay = new CountWithin(24 * 60 * 60 * 1_000);
    const started = performance.now();
    for (let index = 0; index < 50_000; index += 1) perDay.add('127.0.0.1', index);
    expect(perDay.add('127.0.0.1', 50_000)).toBe(50_001);
    // A sweep of every entry per add is about 1.25 billion steps here (tens of seconds).
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
