// Where request limits count: in PostgreSQL when the database is shared, so every process and every
// machine counts against one budget (one row per key, INSERT … ON CONFLICT … RETURNING); in memory on
// embedded PGlite, which only one process ever opens. A key's window opens at its first request and
// lasts the window length its limit asks for: a minute for a route, 15 for one inbox's mail.
import { type Kysely, sql } from 'kysely';
import type { Database } from './db/schema';

/** A route's limit counts requests a minute. */
export const WINDOW_MS = 60_000;

export interface Count {
  hits: number;
  /** When the key's window ends (ms since the epoch). */
  endsAt: number;
}

export interface RequestCounters {
  /** Adds one request at `now` to each key, in windows of `windowMs`; the keys' counts after it. */
  hit(keys: readonly string[], now: number, windowMs?: number): Promise<Count[]>;
  /** The key's count in its window still open at `now`, without adding to it; null when none is open. */
  peek(key: string, now: number): Promise<Count | null>;
}

export class MemoryCounters implements RequestCounters {
  private readonly counts = new Map<string, Count>();
  private prunedAt = 0;

  async hit(keys: readonly string[], now: number, windowMs = WINDOW_MS): Promise<Count[]> {
    if (now - this.prunedAt >= WINDOW_MS) {
      this.prunedAt = now;
      for (const [key, count] of this.counts) if (count.endsAt <= now) this.counts.delete(key);
    }
    return keys.map((key) => {
      const previous = this.counts.get(key);
      const count =
        previous && previous.endsAt > now
          ? { hits: previous.hits + 1, endsAt: previous.endsAt }
          : { hits: 1, endsAt: now + windowMs };
      this.counts.set(key, count);
      return count;
    });
  }

  async peek(key: string, now: number): Promise<Count | null> {
    const count = this.counts.get(key);
    return count && count.endsAt > now ? count : null;
  }
}

export class PostgresCounters implements RequestCounters {
  private prunedAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: { warn(object: unknown, message: string): void },
  ) {}

  async hit(keys: readonly string[], now: number, windowMs = WINDOW_MS): Promise<Count[]> {
    if (now - this.prunedAt >= WINDOW_MS) {
      this.prunedAt = now;
      void this.prune(now);
    }
    const at = new Date(now);
    const isOpen = sql<boolean>`(rate_limit_counters.ends_at > ${at})`;
    // Always the same order, so two requests counting the same keys never wait on each other in a circle.
    const sorted = [...keys].sort();
    const rows = await this.db
      .insertInto('rate_limit_counters')
      .values(sorted.map((key) => ({ key, ends_at: new Date(now + windowMs), hits: 1 })))
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          hits: sql`CASE WHEN ${isOpen} THEN rate_limit_counters.hits + 1 ELSE 1 END`,
          ends_at: sql`CASE WHEN ${isOpen} THEN rate_limit_counters.ends_at ELSE excluded.ends_at END`,
        }),
      )
      .returning(['key', 'hits', 'ends_at'])
      .execute();
    const counts = new Map(rows.map((row) => [row.key, { hits: row.hits, endsAt: row.ends_at.getTime() }]));
    return keys.map((key) => counts.get(key) ?? { hits: 1, endsAt: now + windowMs });
  }

  async peek(key: string, now: number): Promise<Count | null> {
    const row = await this.db
      .selectFrom('rate_limit_counters')
      .select(['hits', 'ends_at'])
      .where('key', '=', key)
      .where('ends_at', '>', new Date(now))
      .executeTakeFirst();
    return row ? { hits: row.hits, endsAt: row.ends_at.getTime() } : null;
  }

  /** Each process drops ended windows once a minute: a cheap, idempotent delete. */
  private async prune(now: number): Promise<void> {
    try {
      await this.db.deleteFrom('rate_limit_counters').where('ends_at', '<', new Date(now)).execute();
    } catch (error) {
      this.log.warn({ err: error }, 'could not prune old request counters');
    }
  }
}
