// Points per client address in a leaky bucket (CrowdSec's model): each event pours in its points, the
// bucket drains at a steady rate, and an overflow is the signal to block. The bucket remembers the
// events that filled it, so a block can show what caused it.

export interface Contribution<Event> {
  event: Event;
  points: number;
}

interface Bucket<Event> {
  level: number;
  updatedAt: number;
  contributions: Contribution<Event>[];
}

const KEPT_CONTRIBUTIONS = 20;

export class LeakyBuckets<Event> {
  private readonly buckets = new Map<string, Bucket<Event>>();

  constructor(
    private readonly capacity: number,
    /** Points that drain away per second. */
    private readonly leakPerSecond: number,
    /** Most addresses tracked at once: a flood from many addresses cannot grow memory without end. */
    private readonly maxAddresses = 100_000,
  ) {}

  /** Adds points; returns the contributions when the bucket overflows (and empties it), else undefined. */
  pour(address: string, points: number, event: Event, now: number): Contribution<Event>[] | undefined {
    const bucket = this.drained(address, now);
    bucket.level += points;
    bucket.contributions.push({ event, points });
    if (bucket.contributions.length > KEPT_CONTRIBUTIONS) bucket.contributions.shift();
    if (bucket.level < this.capacity) return undefined;
    this.buckets.delete(address);
    return bucket.contributions;
  }

  level(address: string, now: number): number {
    return this.buckets.has(address) ? this.drained(address, now).level : 0;
  }

  forget(address: string): void {
    this.buckets.delete(address);
  }

  private drained(address: string, now: number): Bucket<Event> {
    let bucket = this.buckets.get(address);
    if (!bucket) {
      if (this.buckets.size >= this.maxAddresses) this.evictEmpty(now);
      bucket = { level: 0, updatedAt: now, contributions: [] };
      this.buckets.set(address, bucket);
      return bucket;
    }
    const leaked = ((now - bucket.updatedAt) / 1000) * this.leakPerSecond;
    bucket.level = Math.max(0, bucket.level - leaked);
    bucket.updatedAt = now;
    if (bucket.level === 0) bucket.contributions = [];
    return bucket;
  }

  private evictEmpty(now: number): void {
    for (const [address, bucket] of this.buckets) {
      if (bucket.level - ((now - bucket.updatedAt) / 1000) * this.leakPerSecond <= 0)
        this.buckets.delete(address);
    }
    // Still full of live buckets: drop the oldest (Map keeps insertion order).
    const first = this.buckets.keys().next();
    if (this.buckets.size >= this.maxAddresses && !first.done) this.buckets.delete(first.value);
  }
}
