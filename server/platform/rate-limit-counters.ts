// Where request limits count: in PostgreSQL when the database is shared, so every process and every
// machine counts against one budget (one row per key, INSERT … ON CONFLICT … RETURNING); in memory on
// embedded PGlite, which only one process ever opens. A key's minute opens at its first request.
import { type Kysely, sql } from 'kysely';
import type { Database } from './db/schema';

export const WINDOW_MS = 60_000;

export interface Count {
  hits: number;
  /** When the key's window opened (ms since the epoch); it ends WINDOW_MS later. */
  windowStart: number;
}

export interface RequestCounters {
  /** Adds one request at `now` to each key; the keys' counts after it. */
  hit(keys: readonly string[], now: number): Promise<Count[]>;
}

export class MemoryCounters implements RequestCounters {
  private readonly counts = new Map<string, Count>();
  private prunedAt = 0;

  async hit(keys: readonly string[], now: number): Promise<Count[]> {
    if (now - this.prunedAt >= WINDOW_MS) {
      this.prunedAt = now;
      for (const [key, count] of this.counts)
        if (now - count.windowStart >= WINDOW_MS) this.counts.delete(key);
    }
    return keys.map((key) => {
      const previous = this.counts.get(key);
      const count =
        previous && now - previous.windowStart < WINDOW_MS
          ? { hits: previous.hits + 1, windowStart: previous.windowStart }
          : { hits: 1, windowStart: now };
      this.counts.set(key, count);
      return count;
    });
  }
}

export class PostgresCounters implements RequestCounters {
  private prunedAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: { warn(object: unknown, message: string): void },
  ) {}

  async hit(keys: readonly string[], now: number): Promise<Count[]> {
    if (now - this.prunedAt >= WINDOW_MS) {
      this.prunedAt = now;
      void this.prune(now);
    }
    const at = new Date(now);
    const isOpen = sql<boolean>`(rate_limit_counters.window_start > ${new Date(now - WINDOW_MS)})`;
    // Always the same order, so two requests counting the same keys never wait on each other in a circle.
    const sorted = [...keys].sort();
    const rows = await this.db
      .insertInto('rate_limit_counters')
      .values(sorted.map((key) => ({ key, window_start: at, hits: 1 })))
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          hits: sql`CASE WHEN ${isOpen} THEN rate_limit_counters.hits + 1 ELSE 1 END`,
          window_start: sql`CASE WHEN ${isOpen} THEN rate_limit_counters.window_start ELSE ${at} END`,
        }),
      )
      .returning(['key', 'hits', 'window_start'])
      .execute();
    const counts = new Map(
      rows.map((row) => [row.key, { hits: row.hits, windowStart: row.window_start.getTime() }]),
    );
    return keys.map((key) => counts.get(key) ?? { hits: 1, windowStart: now });
  }

  /** Each process drops ended windows once a minute: a cheap, idempotent delete. */
  private async prune(now: number): Promise<void> {
    try {
      await this.db
        .deleteFrom('rate_limit_counters')
        .where('window_start', '<', new Date(now - 2 * WINDOW_MS))
        .execute();
    } catch (error) {
      this.log.warn({ err: error }, 'could not prune old request counters');
    }
  }
}
