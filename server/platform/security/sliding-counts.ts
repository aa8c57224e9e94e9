// Counts per address within a time window, in memory: distinct missing paths (bot bursts), repeated
// failures, events per day. Bounded: old entries are dropped as they age, and at most `maxKeys` keys.

export class DistinctWithin {
  private readonly seen = new Map<string, Map<string, number>>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Records `value` for `key`; returns how many distinct values `key` had within the window. */
  add(key: string, value: string, now: number): number {
    let values = this.seen.get(key);
    if (!values) {
      if (this.seen.size >= this.maxKeys) this.prune(now);
      values = new Map();
      this.seen.set(key, values);
    }
    values.set(value, now);
    for (const [old, at] of values) if (now - at > this.windowMs) values.delete(old);
    return values.size;
  }

  reset(key: string): void {
    this.seen.delete(key);
  }

  private prune(now: number): void {
    for (const [key, values] of this.seen) {
      for (const [old, at] of values) if (now - at > this.windowMs) values.delete(old);
      if (values.size === 0) this.seen.delete(key);
    }
    const first = this.seen.keys().next();
    if (this.seen.size >= this.maxKeys && !first.done) this.seen.delete(first.value);
  }
}

/** Occurrences per key within the window (each occurrence a distinct entry). */
export class CountWithin {
  private readonly distinct: DistinctWithin;
  private sequence = 0;

  constructor(windowMs: number, maxKeys?: number) {
    this.distinct = new DistinctWithin(windowMs, maxKeys);
  }

  add(key: string, now: number): number {
    this.sequence += 1;
    return this.distinct.add(key, String(this.sequence), now);
  }

  reset(key: string): void {
    this.distinct.reset(key);
  }
}
