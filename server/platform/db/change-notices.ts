// What a server process may remember of the database between change notices (PostgreSQL's
// LISTEN/NOTIFY, which PGlite speaks too). A trigger sends a notice naming the row that changed; every
// process forgets what it remembered of it. Memory is trusted only while notices are known to arrive:
// before the LISTEN is in place, and from the moment its connection is lost until it is back, nothing
// is remembered and every question goes to the database.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * How much one channel may remember: the sum of its values' weights (bytes, or a count), past which the
 * least recently used are forgotten first.
 */
export interface MemoryBound<V> {
  weigh(value: V): number;
  limit: number;
  /**
   * Whether a value outlives its notice as outdated: `known` no longer answers it, `lastKnown` does, as
   * a start from which the present is brought up to date rather than read whole (a contact list).
   */
  keepsOutdated?: boolean;
}

/** A channel given no bound of its own remembers at most this many rows. */
const ROW_LIMIT: MemoryBound<unknown> = { weigh: () => 1, limit: 50_000 };
const RECONNECT_DELAYS_MS = [250, 1_000, 5_000, 15_000];
/** How the notices' connection shows in pg_stat_activity. */
export const CHANGE_NOTICES_APPLICATION_NAME = 'tapnet change notices';

/**
 * A remembered value, whether it was asked for since it was last passed over for forgetting, and whether
 * it is current (no notice came for it since it was read).
 */
interface Entry<V> {
  value: V;
  isUsed: boolean;
  isCurrent: boolean;
}

/** The remembered values of one channel, keyed by the notice's payload (a row's id). */
export class Remembered<V> {
  /**
   * In order of remembering, oldest first. Forgetting skips (and moves to the back) an entry asked for
   * since it was last passed over, so the least recently used go first without reordering on each ask.
   */
  readonly #values = new Map<string, Entry<V>>();
  readonly #bound: MemoryBound<V>;
  #weight = 0;
  /** Moves at every notice and loss of notices: a read that began before must not be remembered. */
  #epoch = 0;
  #live = false;

  constructor(bound: MemoryBound<V>) {
    this.#bound = bound;
  }

  /** What this process remembers of `key` and no notice has outdated since, if anything. */
  known(key: string): V | undefined {
    const entry = this.#values.get(key);
    if (!entry?.isCurrent) return undefined;
    entry.isUsed = true;
    return entry.value;
  }

  /** What this process last read of `key`, current or outdated (only with `keepsOutdated`). */
  lastKnown(key: string): V | undefined {
    const entry = this.#values.get(key);
    if (entry === undefined) return undefined;
    entry.isUsed = true;
    return entry.value;
  }

  /** The sum of the remembered values' weights (what the bound holds under its limit). */
  get weight(): number {
    return this.#weight;
  }

  /**
   * Reads `key` from the database and remembers the answer, unless a notice (for any key) or the loss
   * of notices came while it was read: that read may predate the change, and is remembered only as
   * outdated (with `keepsOutdated`). `undefined` is not remembered.
   */
  async fresh<R extends V | undefined>(key: string, read: () => Promise<R>): Promise<R> {
    const epoch = this.#epoch;
    const value = await read();
    if (value === undefined || !this.#live) return value;
    const isCurrent = epoch === this.#epoch;
    if (isCurrent || this.#bound.keepsOutdated) this.#remember(key, value, isCurrent);
    return value;
  }

  /** A notice: `key` changed. */
  forget(key: string): void {
    this.#epoch += 1;
    const entry = this.#values.get(key);
    if (entry && this.#bound.keepsOutdated) entry.isCurrent = false;
    else this.#drop(key);
  }

  /** Notices start arriving (`true`) or may have been missed (`false`); either way nothing old is kept. */
  setLive(live: boolean): void {
    this.#epoch += 1;
    this.#values.clear();
    this.#weight = 0;
    this.#live = live;
  }

  #remember(key: string, value: V, isCurrent: boolean): void {
    this.#drop(key);
    const weight = this.#bound.weigh(value);
    if (weight > this.#bound.limit) return;
    while (this.#weight + weight > this.#bound.limit) this.#forgetOldestUnused();
    this.#values.set(key, { value, isUsed: false, isCurrent });
    this.#weight += weight;
  }

  /** Each entry passed over is marked unused, so this ends within two rounds of the entries. */
  #forgetOldestUnused(): void {
    for (const [key, entry] of this.#values) {
      this.#values.delete(key);
      if (!entry.isUsed) {
        this.#weight -= this.#bound.weigh(entry.value);
        return;
      }
      entry.isUsed = false;
      this.#values.set(key, entry);
    }
  }

  #drop(key: string): void {
    const entry = this.#values.get(key);
    if (entry === undefined) return;
    this.#values.delete(key);
    this.#weight -= this.#bound.weigh(entry.value);
  }
}

export interface ChangeNotices {
  /**
   * The one `Remembered` of `channel` in this process; it starts listening on first use, which also
   * sets its bound (the channel's one user passes it; by default 50,000 rows).
   */
  remember<V>(channel: string, bound?: MemoryBound<V>): Remembered<V>;
  /**
   * Whether a commit's notices arrive before the commit itself answers (PGlite: one process, one
   * connection), so that what is remembered is as current as the database for every read that follows.
   * Not on PostgreSQL, where they come on a connection of their own a little after.
   */
  readonly areImmediate: boolean;
  close(): Promise<void>;
}

/** Channels come from this code (the migrations' trigger names), never from input; checked all the same. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

/** PGlite serves one process, and delivers a commit's notices before the commit's own answer. */
export function pgliteChangeNotices(pglite: PGlite): ChangeNotices {
  const channels = new Map<string, Remembered<unknown>>();
  const unlisteners: Array<Promise<() => Promise<void>>> = [];
  return {
    areImmediate: true,
    remember<V>(channel: string, bound?: MemoryBound<V>) {
      let remembered = channels.get(channel);
      if (!remembered) {
        const created = new Remembered<unknown>((bound ?? ROW_LIMIT) as MemoryBound<unknown>);
        remembered = created;
        channels.set(channel, created);
        unlisteners.push(
          pglite
            .listen(checkedChannel(channel), (payload) => created.forget(payload))
            .then((unlisten) => {
              created.setLive(true);
              return unlisten;
            }),
        );
      }
      return remembered as Remembered<V>;
    },
    async close() {
      for (const remembered of channels.values()) remembered.setLive(false);
      // Closing PGlite ends its listeners anyway; a listen that failed leaves nothing to undo.
      await Promise.allSettled(unlisteners);
    },
  };
}

/**
 * PostgreSQL: one connection of its own per process, outside the pool, holding the LISTENs. When it
 * is lost (PostgreSQL restarted, a failover, the network), what was remembered is dropped and it
 * reconnects, with growing delays, until LISTEN is in place again.
 */
export function postgresChangeNotices(databaseUrl: string, log: (message: string) => void): ChangeNotices {
  const channels = new Map<string, Remembered<unknown>>();
  /** The connection being made or in use; events of any earlier one are ignored. */
  let current: pg.Client | undefined;
  /** `current` once connected: a channel first used from then on is listened to at once. */
  let connected: pg.Client | undefined;
  let failures = 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (from: pg.Client, reason: unknown) => {
    if (from !== current) return;
    current = undefined;
    connected = undefined;
    for (const remembered of channels.values()) remembered.setLive(false);
    from.removeAllListeners();
    // An 'error' may still come from a connection being torn down; unheard, it would end the process.
    from.on('error', () => {});
    from.end().catch(() => {});
    if (closed) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 15_000;
    failures += 1;
    log(
      `change notices lost (${reason instanceof Error ? reason.message : String(reason)}); reconnecting in ${delay} ms`,
    );
    retry = setTimeout(connect, delay);
    retry.unref();
  };

  /** LISTENs one after another on one connection (pg runs a client's queries one at a time). */
  let listening: Promise<void> = Promise.resolve();
  const listen = (from: pg.Client, names: string[]) => {
    listening = listening.then(async () => {
      try {
        await from.query(names.map((name) => `LISTEN ${checkedChannel(name)}`).join('; '));
        if (from === current) for (const name of names) channels.get(name)?.setLive(true);
      } catch (error) {
        lost(from, error);
      }
    });
    return listening;
  };

  async function connect(): Promise<void> {
    retry = undefined;
    const next = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      application_name: CHANGE_NOTICES_APPLICATION_NAME,
    });
    current = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('connection ended')));
    next.on('notification', ({ channel, payload }) => {
      if (payload !== undefined) channels.get(channel)?.forget(payload);
    });
    try {
      await next.connect();
    } catch (error) {
      lost(next, error);
      return;
    }
    connected = next;
    await listen(next, [...channels.keys()]);
    if (next === current) failures = 0;
  }

  return {
    areImmediate: false,
    remember<V>(channel: string, bound?: MemoryBound<V>) {
      let remembered = channels.get(channel);
      if (!remembered) {
        remembered = new Remembered<unknown>((bound ?? ROW_LIMIT) as MemoryBound<unknown>);
        channels.set(channel, remembered);
        // The first channel opens the connection, which listens to every channel known once it is open.
        if (connected) void listen(connected, [channel]);
        else if (!current && !retry && !closed) void connect();
      }
      return remembered as Remembered<V>;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      for (const remembered of channels.values()) remembered.setLive(false);
      const last = current;
      current = undefined;
      connected = undefined;
      await last?.end().catch(() => {});
    },
  };
}
