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
    // Kept in the order last seen, so that the aged entries come first (see dropAged).
    values.delete(value);
    values.set(value, now);
    this.dropAged(values, now);
    return values.size;
  }

  reset(key: string): void {
    this.seen.delete(key);
  }

  /**
   * Stops at the first value still in the window: the ones after it were seen later. A sweep of every
   * value made each add cost as many steps as the key had values (a day of one address's events: the
   * contact list's 304 bench spent a fifth of its CPU here).
   */
  private dropAged(values: Map<string, number>, now: number): void {
    for (const [old, at] of values) {
      if (now - at <= this.windowMs) return;
      values.delete(old);
    }
  }

  private prune(now: number): void {
    for (const [key, values] of this.seen) {
      this.dropAged(values, now);
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
