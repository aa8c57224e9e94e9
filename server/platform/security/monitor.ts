// The security state of one server process: blocks and the allowlist in memory (checked before any
// parsing or database work), points per address, events waiting to be written, and the sync that
// shares blocks, allowlist and rule modes with every other process through the database.
import type { Kysely } from 'kysely';
import type {
  EventOutcome,
  RuleMode,
  SecurityEvent,
  SecurityEventType,
  Severity,
} from '../../../contract/security';
import type { Database } from '../db/schema';
import { DAY_MS, MINUTE_MS } from '../time';
import { Allowlist } from './allowlist';
import { blockLengthMs } from './block-length';
import { LeakyBuckets } from './bucket';
import {
  BLOCK_THRESHOLD_POINTS,
  BUCKET_LEAK_PER_SECOND,
  INFORMATIONAL_TYPES,
  pointsOf,
  type Rule,
  ruleFor,
} from './rules';
import { CountWithin } from './sliding-counts';
import * as store from './store';

export interface SecuritySettings {
  enabled: boolean;
  eventRetentionDays: number;
  dailyCountRetentionDays: number;
  /** Events of one type from one address stored one by one per minute; the rest only counted (bounded storage). */
  eventSamplePerMinute: number;
  /** How often blocks, allowlist and rule modes are re-read (0: never, a single process). */
  syncIntervalMs: number;
  alertEmail: string | undefined;
  alertThrottleMinutes: number;
}

export interface EventContext {
  ipAddress: string;
  endpoint: string | null;
  email?: string | null;
  userAgent: string | null;
}

export interface Detected {
  eventType: SecurityEventType;
  severity: Severity;
  matched: string | null;
}

export interface MonitorDependencies {
  db: Kysely<Database>;
  settings: SecuritySettings;
  builtInAllowlist: readonly string[];
  countryOf?: (ipAddress: string) => string | null;
  sendAlert?: (subject: string, text: string) => Promise<void>;
  log: { warn(object: unknown, message: string): void };
  now?: () => number;
  random?: () => number;
}

const FLUSH_INTERVAL_MS = 1_000;
const MAX_PENDING = 5_000;
/** insights-and-operators.md §9: an address with this many events in 24 h is high risk. */
export const HIGH_RISK_EVENTS = 5;
const OPERATOR_ADDRESS_MS = 12 * 60 * MINUTE_MS;
const BLOCK_TIMES_KEPT = 1_000;
/** An event whose request was never answered (the client went away) is written without an outcome. */
const OUTCOME_WAIT_MS = 30_000;

/** A block (its expiry) or a lift (null) made in this process, and the tick its database write ended at. */
interface LocalBlockChange {
  ipAddress: string;
  expiresAt: number | null;
  doneAt?: number;
}

export class SecurityMonitor {
  readonly startedAt: number;
  readonly allowlist: Allowlist;
  private blocks = new Map<string, number>();
  /**
   * Blocks (an expiry) and lifts (null) made here, each with the tick its database write finished at: a
   * re-read of the shared state that began before then read the database without it, and must not undo
   * it (`refresh`). Kept while a re-read under way may still need them.
   */
  private localChanges: LocalBlockChange[] = [];
  /** Orders the re-reads' starts and the local writes' ends. */
  private tick = 0;
  private readonly readsUnderWay = new Set<number>();
  private modes = new Map<string, RuleMode>();
  private readonly buckets = new LeakyBuckets<store.StoredEvent>(
    BLOCK_THRESHOLD_POINTS,
    BUCKET_LEAK_PER_SECOND,
  );
  private readonly storedPerMinute: CountWithin;
  private readonly eventsPerDay = new CountWithin(DAY_MS);
  private readonly operatorAddresses = new Map<string, number>();
  private pending: store.StoredEvent[] = [];
  private suppressed: store.StoredEvent[] = [];
  /** Events waiting for their request's answer before they are written (`conclude`). */
  private readonly awaitingOutcome = new WeakSet<store.StoredEvent>();
  private readonly blockTimesMs: number[] = [];
  private timers: NodeJS.Timeout[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly now: () => number;

  constructor(private readonly deps: MonitorDependencies) {
    this.now = deps.now ?? Date.now;
    this.startedAt = this.now();
    this.allowlist = new Allowlist(deps.builtInAllowlist);
    this.storedPerMinute = new CountWithin(MINUTE_MS);
  }

  get settings(): SecuritySettings {
    return this.deps.settings;
  }

  /** Loads the shared state, then keeps writing events and (on a shared database) re-reading it. */
  async start(): Promise<void> {
    await this.refresh();
    this.timers.push(setInterval(() => void this.flush(), FLUSH_INTERVAL_MS));
    if (this.settings.syncIntervalMs > 0) {
      this.timers.push(setInterval(() => void this.refreshQuietly(), this.settings.syncIntervalMs));
    }
    for (const timer of this.timers) timer.unref();
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.settle();
    await this.flush({ unanswered: true });
  }

  /** The check before everything else: a map lookup. */
  isBlocked(ipAddress: string): boolean {
    const expiresAt = this.blocks.get(ipAddress);
    if (expiresAt === undefined) return false;
    if (expiresAt > this.now()) return true;
    this.blocks.delete(ipAddress);
    return false;
  }

  blockedAddresses(): string[] {
    const now = this.now();
    return [...this.blocks].filter(([, expiresAt]) => expiresAt > now).map(([address]) => address);
  }

  modeOf(rule: Rule): RuleMode {
    return this.modes.get(rule.id) ?? rule.defaultMode;
  }

  /** The security operator's address, for a while after they sign in: never blocked automatically. */
  rememberOperatorAddress(ipAddress: string): void {
    this.operatorAddresses.set(ipAddress, this.now() + OPERATOR_ADDRESS_MS);
  }

  isOperatorAddress(ipAddress: string): boolean {
    const until = this.operatorAddresses.get(ipAddress);
    return until !== undefined && until > this.now();
  }

  /**
   * Records what a rule found; in block mode its points go into the address's bucket at once.
   * `subject`: whose bucket the points fill, the address unless a signed-in account made the request
   * (server/security/identity.ts `accountSubject`). `awaitsOutcome`: the event is written once its
   * request is answered (`conclude`), with the answer's status. Returns the event, if one was recorded.
   */
  record(
    detected: Detected,
    context: EventContext,
    options: { mayBlock?: boolean; subject?: string; awaitsOutcome?: boolean } = {},
  ): store.StoredEvent | undefined {
    if (!this.settings.enabled) return undefined;
    const rule = ruleFor(detected.eventType);
    const mode = this.modeOf(rule);
    if (mode === 'off') return undefined;
    const now = this.now();
    const event: store.StoredEvent = {
      eventType: detected.eventType,
      severity: detected.severity,
      at: new Date(now),
      ipAddress: context.ipAddress,
      country: this.countryOf(context.ipAddress),
      endpoint: store.clean(context.endpoint),
      email: store.clean(context.email ?? null),
      userAgent: store.clean(context.userAgent),
      ruleId: rule.id,
      matched: store.clean(detected.matched),
      points: pointsOf(rule, detected.severity),
      status: null,
      outcome: null,
    };
    if (options.awaitsOutcome === true) this.awaitingOutcome.add(event);
    this.keep(event, now);
    if (detected.severity === 'CRITICAL') this.track(this.alert('critical', event));
    // Loopback, proxies and allowlisted ranges front many clients: counts per address mean nothing there.
    const countsAsThreat =
      !INFORMATIONAL_TYPES.includes(detected.eventType) && detected.eventType !== 'SUSPICIOUS_IP_MARKED';
    if (
      countsAsThreat &&
      !this.isExempt(context.ipAddress, now) &&
      this.eventsPerDay.add(context.ipAddress, now) === HIGH_RISK_EVENTS
    ) {
      this.record(
        {
          eventType: 'SUSPICIOUS_IP_MARKED',
          severity: 'MEDIUM',
          matched: `${HIGH_RISK_EVENTS} events in 24 h`,
        },
        context,
      );
    }
    const mayBlock = options.mayBlock !== false && mode === 'block' && !rule.neverBlocks && event.points > 0;
    // An account answers for what it does itself; only anonymous requests score their address.
    // An allowlisted address (loopback, the proxies, the operators' entries) is exempt whoever asks there.
    const subject = options.subject ?? context.ipAddress;
    const isExempt = this.isExempt(context.ipAddress, now);
    if (!mayBlock || this.isBlocked(subject) || isExempt) return event;
    const overflow = this.buckets.pour(subject, event.points, event, now);
    if (overflow) {
      const causes = overflow.map(({ event: cause }) => store.storedToSecurityEvent(cause));
      this.track(
        this.block(subject, {
          source: 'automatic',
          reason: `${overflow.reduce((sum, { points }) => sum + points, 0)} points from ${[
            ...new Set(overflow.map(({ event: cause }) => cause.eventType)),
          ].join(', ')}`,
          createdBy: null,
          causes,
          userAgent: context.userAgent,
        }).catch((error: unknown) => this.deps.log.warn({ err: error }, 'could not store a security block')),
      );
    }
    return event;
  }

  /** The request of these events was answered: they are written with its status and outcome. */
  conclude(events: readonly store.StoredEvent[], status: number, outcome: EventOutcome): void {
    for (const event of events) {
      event.status = status;
      event.outcome = outcome;
      this.awaitingOutcome.delete(event);
    }
  }

  /** An IPv6 network's country is its first address's; an account has none. */
  private countryOf(subject: string): string | null {
    return this.deps.countryOf?.(subject.split('/')[0] ?? subject) ?? null;
  }

  private isExempt(ipAddress: string, now: number): boolean {
    return this.allowlist.covers(ipAddress, now) || this.isOperatorAddress(ipAddress);
  }

  isAllowlisted(ipAddress: string): boolean {
    return this.allowlist.covers(ipAddress, this.now());
  }

  /** Blocks the address here at once, then in the database for every process. */
  async block(
    ipAddress: string,
    details: {
      source: 'automatic' | 'manual';
      reason: string;
      createdBy: string | null;
      causes: SecurityEvent[];
      durationMs?: number;
      userAgent?: string | null;
    },
  ): Promise<{ expiresAt: Date; offence: number; createdAt: Date; country: string | null }> {
    const now = this.now();
    const provisional = now + (details.durationMs ?? blockLengthMs(1, this.deps.random));
    this.blocks.set(ipAddress, Math.max(this.blocks.get(ipAddress) ?? 0, provisional));
    const change: LocalBlockChange = { ipAddress, expiresAt: provisional };
    this.buckets.forget(ipAddress);
    const country = this.countryOf(ipAddress);
    const points = details.causes.reduce((sum, cause) => sum + cause.points, 0);
    const { offence, expiresAt } = await this.writeKeptLocally(change, async () => {
      const offence = (await store.recentBlockCount(this.deps.db, ipAddress, new Date(now))) + 1;
      const expiresAt = now + (details.durationMs ?? blockLengthMs(offence, this.deps.random));
      this.blocks.set(ipAddress, expiresAt);
      change.expiresAt = expiresAt;
      await store.insertBlock(this.deps.db, {
        ipAddress,
        createdAt: new Date(now),
        expiresAt: new Date(expiresAt),
        source: details.source,
        reason: details.reason,
        createdBy: details.createdBy,
        offence,
        points,
        country,
        causes: details.causes,
      });
      return { offence, expiresAt };
    });
    const hours = Math.round(((expiresAt - now) / (60 * MINUTE_MS)) * 10) / 10;
    this.record(
      {
        eventType: 'IP_BLOCKED',
        severity: 'HIGH',
        matched: `${details.source} block for ${hours} h: ${details.reason}`,
      },
      { ipAddress, endpoint: null, userAgent: details.userAgent ?? null },
      { mayBlock: false },
    );
    this.track(
      this.alert('block', {
        eventType: 'IP_BLOCKED',
        severity: 'HIGH',
        at: new Date(now),
        ipAddress,
        country,
        endpoint: null,
        email: null,
        userAgent: null,
        ruleId: 'ip-blocked',
        matched: details.reason,
        points: 0,
        status: null,
        outcome: null,
      }),
    );
    return { expiresAt: new Date(expiresAt), offence, createdAt: new Date(now), country };
  }

  /** Lifts the block here and in the database; false when the address was not blocked. */
  async unblock(ipAddress: string, by: string): Promise<boolean> {
    const wasHere = this.isBlocked(ipAddress);
    this.blocks.delete(ipAddress);
    this.buckets.forget(ipAddress);
    const wasStored = await this.writeKeptLocally({ ipAddress, expiresAt: null }, () =>
      store.liftBlock(this.deps.db, ipAddress, by, new Date(this.now())),
    );
    return wasHere || wasStored;
  }

  /** Runs a block's or a lift's database `write`, keeping `change` for the re-reads it may race (`refresh`). */
  private async writeKeptLocally<T>(change: LocalBlockChange, write: () => Promise<T>): Promise<T> {
    this.localChanges.push(change);
    try {
      return await write();
    } finally {
      change.doneAt = ++this.tick;
    }
  }

  /**
   * Re-reads blocks, allowlist and rule modes (what another process may have changed). A block or lift
   * made here whose write had not finished when the read began stays as made here.
   */
  async refresh(): Promise<void> {
    const startedAt = ++this.tick;
    this.readsUnderWay.add(startedAt);
    try {
      const now = this.now();
      const [stored, entries, modes] = await Promise.all([
        store.activeBlocks(this.deps.db, new Date(now)),
        store.allowlistRanges(this.deps.db),
        store.ruleModes(this.deps.db),
      ]);
      const blocks = new Map(stored.map(({ ipAddress, expiresAt }) => [ipAddress, expiresAt.getTime()]));
      for (const { ipAddress, expiresAt, doneAt } of this.localChanges) {
        if (doneAt !== undefined && doneAt < startedAt) continue;
        if (expiresAt === null) blocks.delete(ipAddress);
        else blocks.set(ipAddress, Math.max(blocks.get(ipAddress) ?? 0, expiresAt));
      }
      this.blocks = blocks;
      this.allowlist.replaceEntries(
        entries.map((entry) => ({ range: entry.range, expiresAt: entry.expires_at })),
      );
      this.modes = modes;
    } finally {
      this.readsUnderWay.delete(startedAt);
      const oldest = Math.min(...this.readsUnderWay);
      this.localChanges = this.localChanges.filter(({ doneAt }) => doneAt === undefined || doneAt > oldest);
    }
  }

  private async refreshQuietly(): Promise<void> {
    try {
      await this.refresh();
    } catch (error) {
      this.deps.log.warn(
        { err: error },
        'could not re-read the security state; the last copy stays in force',
      );
    }
  }

  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Waits for the blocks and alerts under way, then writes the waiting events. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
    await this.flush();
  }

  /**
   * Writes the waiting events whose request was answered (dashboards call it so they show what just
   * happened); `unanswered` writes the others too, as do 30 s without an answer.
   */
  async flush({ unanswered = false } = {}): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.length === 0 && this.suppressed.length === 0) return;
      const oldest = this.now() - OUTCOME_WAIT_MS;
      const isReady = (event: store.StoredEvent) =>
        unanswered || !this.awaitingOutcome.has(event) || event.at.getTime() < oldest;
      const stored = this.pending.filter(isReady);
      const suppressed = this.suppressed;
      this.pending = this.pending.filter((event) => !isReady(event));
      this.suppressed = [];
      try {
        await store.saveEvents(this.deps.db, stored, suppressed);
      } catch (error) {
        this.deps.log.warn(
          { err: error, lost: stored.length + suppressed.length },
          'could not store security events',
        );
      }
    });
    return this.flushing;
  }

  private keep(event: store.StoredEvent, now: number): void {
    // Per address and type: a flood of one kind never hides the other kinds of the same address.
    const sample = this.storedPerMinute.add(`${event.ipAddress}|${event.eventType}`, now);
    const isWithinShare = sample <= this.settings.eventSamplePerMinute;
    if (isWithinShare && this.pending.length < MAX_PENDING) this.pending.push(event);
    else if (this.suppressed.length < MAX_PENDING) this.suppressed.push(event);
    if (this.pending.length >= MAX_PENDING / 10) void this.flush();
  }

  recordBlockTime(milliseconds: number): void {
    this.blockTimesMs.push(milliseconds);
    if (this.blockTimesMs.length > BLOCK_TIMES_KEPT) this.blockTimesMs.shift();
  }

  /** The last times to refuse a blocked request, in milliseconds (benchmarks read their spread). */
  recentBlockTimesMs(): readonly number[] {
    return [...this.blockTimesMs];
  }

  /** Mean time to refuse a blocked request over the last ones, or null before any. */
  averageBlockTimeMs(): number | null {
    if (this.blockTimesMs.length === 0) return null;
    return this.blockTimesMs.reduce((sum, ms) => sum + ms, 0) / this.blockTimesMs.length;
  }

  private async alert(kind: 'critical' | 'block', event: store.StoredEvent): Promise<void> {
    const { sendAlert, db } = this.deps;
    if (!sendAlert || !this.settings.alertEmail) return;
    try {
      const now = new Date(this.now());
      if (!(await store.claimAlert(db, kind, now, this.settings.alertThrottleMinutes * MINUTE_MS))) return;
      const subject =
        kind === 'critical'
          ? `Tapnet security: critical ${event.eventType} from ${event.ipAddress}`
          : `Tapnet security: ${event.ipAddress} blocked`;
      const text = [
        `${event.eventType} (${event.severity}) at ${event.at.toISOString()}`,
        `Address: ${event.ipAddress}${event.country ? ` (${event.country})` : ''}`,
        `Endpoint: ${event.endpoint ?? '-'}`,
        `Matched: ${event.matched ?? '-'}`,
        '',
        `Further alerts of this kind are held back for ${this.settings.alertThrottleMinutes} minutes; the dashboard at /security lists every event.`,
      ].join('\n');
      await sendAlert(subject, text);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not send a security alert');
    }
  }
}
