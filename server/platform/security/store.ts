// The security tables (migration 018): events with their daily counts, blocks, allowlist, rule modes,
// audit log and the alert throttle. The same SQL on PostgreSQL and PGlite.
import { type Kysely, sql } from 'kysely';
import type {
  EventOutcome,
  RuleMode,
  SecurityEvent,
  SecurityEventType,
  Severity,
} from '../../../contract/security';
import type { Database } from '../db/schema';

export interface StoredEvent {
  eventType: SecurityEventType;
  severity: Severity;
  at: Date;
  ipAddress: string;
  country: string | null;
  endpoint: string | null;
  email: string | null;
  userAgent: string | null;
  ruleId: string;
  matched: string | null;
  points: number;
  /** Set when the request is answered (hooks.ts); null for what no request caused. */
  status: number | null;
  outcome: EventOutcome | null;
}

export interface ActiveBlock {
  ipAddress: string;
  expiresAt: Date;
}

type Db = Kysely<Database>;

export const TEXT_LENGTH = 300;

/**
 * PostgreSQL refuses NUL in text and JSON, and an attacker's bytes must never cost the batch they
 * arrive in: control characters are spelled out, and the text cut to a bounded length.
 */
export function clean(text: string | null, length = TEXT_LENGTH): string | null {
  if (text === null) return null;
  const spelled = Array.from(text.slice(0, length), (character) => {
    const code = character.charCodeAt(0);
    const isControl = (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127;
    return isControl ? `\\x${code.toString(16).padStart(2, '0')}` : character;
  });
  return spelled.join('').slice(0, length);
}

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Inserts events (the ones `stored`) and adds every one to its day's count. */
export async function saveEvents(db: Db, stored: StoredEvent[], suppressed: StoredEvent[]): Promise<void> {
  if (stored.length > 0) {
    await db
      .insertInto('security_events')
      .values(
        stored.map((event) => ({
          event_type: event.eventType,
          severity: event.severity,
          created_at: event.at,
          ip_address: event.ipAddress,
          country: event.country,
          endpoint: event.endpoint,
          email: event.email,
          user_agent: event.userAgent,
          rule_id: event.ruleId,
          matched: event.matched,
          points: event.points,
          status: event.status,
          outcome: event.outcome,
        })),
      )
      .execute();
  }
  const counts = new Map<
    string,
    { day: string; event_type: string; severity: string; count: number; suppressed: number }
  >();
  for (const [list, isSuppressed] of [
    [stored, false],
    [suppressed, true],
  ] as const) {
    for (const event of list) {
      const key = `${utcDay(event.at)}|${event.eventType}|${event.severity}`;
      const row = counts.get(key) ?? {
        day: utcDay(event.at),
        event_type: event.eventType,
        severity: event.severity,
        count: 0,
        suppressed: 0,
      };
      row.count += 1;
      if (isSuppressed) row.suppressed += 1;
      counts.set(key, row);
    }
  }
  if (counts.size === 0) return;
  await db
    .insertInto('security_event_daily')
    .values([...counts.values()])
    .onConflict((conflict) =>
      conflict.columns(['day', 'event_type', 'severity']).doUpdateSet({
        count: sql`security_event_daily.count + excluded.count`,
        suppressed: sql`security_event_daily.suppressed + excluded.suppressed`,
      }),
    )
    .execute();
}

export function toSecurityEvent(row: {
  event_type: string;
  severity: string;
  created_at: Date;
  ip_address: string;
  endpoint: string | null;
  email: string | null;
  user_agent: string | null;
  country: string | null;
  rule_id: string;
  matched: string | null;
  points: number;
  status: number | null;
  outcome: string | null;
}): SecurityEvent {
  return storedToSecurityEvent({
    eventType: row.event_type as SecurityEventType,
    severity: row.severity as Severity,
    at: row.created_at,
    ipAddress: row.ip_address,
    endpoint: row.endpoint,
    email: row.email,
    userAgent: row.user_agent,
    country: row.country,
    ruleId: row.rule_id,
    matched: row.matched,
    points: row.points,
    status: row.status,
    outcome: row.outcome as EventOutcome | null,
  });
}

export function storedToSecurityEvent(event: StoredEvent): SecurityEvent {
  return {
    eventType: event.eventType,
    severity: event.severity,
    timestamp: event.at.toISOString(),
    ipAddress: event.ipAddress,
    endpoint: event.endpoint,
    email: event.email,
    userAgent: event.userAgent,
    country: event.country,
    ruleId: event.ruleId,
    matched: event.matched,
    points: event.points,
    status: event.status,
    outcome: event.outcome,
  };
}

export async function activeBlocks(db: Db, now: Date): Promise<ActiveBlock[]> {
  const rows = await db
    .selectFrom('security_blocks')
    .select(['ip_address', 'expires_at'])
    .where('lifted_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  return rows.map((row) => ({ ipAddress: row.ip_address, expiresAt: row.expires_at }));
}

/** Blocks of the address that started in the last 30 days: the escalation step of the next one. */
export async function recentBlockCount(db: Db, ipAddress: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const row = await db
    .selectFrom('security_blocks')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('ip_address', '=', ipAddress)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertBlock(
  db: Db,
  block: {
    ipAddress: string;
    createdAt: Date;
    expiresAt: Date;
    source: 'automatic' | 'manual';
    reason: string;
    createdBy: string | null;
    offence: number;
    points: number;
    country: string | null;
    causes: SecurityEvent[];
  },
): Promise<void> {
  // One active block per address: a new one replaces what is left of the old.
  await liftBlock(db, block.ipAddress, block.createdBy ?? 'system', block.createdAt);
  await db
    .insertInto('security_blocks')
    .values({
      ip_address: block.ipAddress,
      created_at: block.createdAt,
      expires_at: block.expiresAt,
      source: block.source,
      reason: block.reason,
      created_by: block.createdBy,
      offence: block.offence,
      points: block.points,
      country: block.country,
      causes: JSON.stringify(block.causes),
    })
    .execute();
}

/** Lifts the address's active block; returns whether there was one. */
export async function liftBlock(db: Db, ipAddress: string, liftedBy: string, now: Date): Promise<boolean> {
  const lifted = await db
    .updateTable('security_blocks')
    .set({ lifted_at: now, lifted_by: liftedBy })
    .where('ip_address', '=', ipAddress)
    .where('lifted_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .execute();
  return lifted.length > 0;
}

export async function allowlistRanges(db: Db) {
  return db.selectFrom('security_allowlist').selectAll().orderBy('created_at', 'asc').execute();
}

export async function ruleModes(db: Db): Promise<Map<string, RuleMode>> {
  const rows = await db.selectFrom('security_rule_modes').select(['rule_id', 'mode']).execute();
  return new Map(rows.map((row) => [row.rule_id, row.mode as RuleMode]));
}

export async function setRuleMode(
  db: Db,
  ruleId: string,
  mode: RuleMode,
  by: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('security_rule_modes')
    .values({ rule_id: ruleId, mode, updated_at: now, updated_by: by })
    .onConflict((conflict) =>
      conflict.column('rule_id').doUpdateSet({ mode, updated_at: now, updated_by: by }),
    )
    .execute();
}

export async function appendAudit(
  db: Db,
  entry: { actor: string; action: string; target: string | null; detail: string; ipAddress: string | null },
): Promise<void> {
  await db
    .insertInto('security_audit_log')
    .values({
      actor: entry.actor,
      action: entry.action,
      target: entry.target,
      detail: entry.detail,
      ip_address: entry.ipAddress,
    })
    .execute();
}

/** Claims the right to send an alert of `kind` if none went out within `throttleMs`: one process wins. */
export async function claimAlert(db: Db, kind: string, now: Date, throttleMs: number): Promise<boolean> {
  const before = new Date(now.getTime() - throttleMs);
  const claimed = await db
    .insertInto('security_alerts_sent')
    .values({ kind, sent_at: now })
    .onConflict((conflict) =>
      conflict
        .column('kind')
        .doUpdateSet({ sent_at: now })
        .where('security_alerts_sent.sent_at', '<=', before),
    )
    .returning('kind')
    .execute();
  return claimed.length > 0;
}

/** Drops events older than the retention and daily counts older than their own; returns the events dropped. */
export async function pruneEvents(db: Db, now: Date, eventDays: number, dailyDays: number): Promise<number> {
  const eventsBefore = new Date(now.getTime() - eventDays * 24 * 60 * 60 * 1000);
  const dailyBefore = utcDay(new Date(now.getTime() - dailyDays * 24 * 60 * 60 * 1000));
  const dropped = await db
    .deleteFrom('security_events')
    .where('created_at', '<', eventsBefore)
    .executeTakeFirst();
  await db.deleteFrom('security_event_daily').where('day', '<', dailyBefore).execute();
  await db
    .deleteFrom('security_blocks')
    .where('expires_at', '<', new Date(now.getTime() - 90 * 24 * 60 * 60 * 1000))
    .execute();
  return Number(dropped.numDeletedRows);
}
