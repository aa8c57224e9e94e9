// Reads behind the security dashboard and the operator tools (tables of migration 018).
import { type Kysely, sql } from 'kysely';
import type { SecurityEventType, Severity } from '../../../contract/security';
import type { Database } from '../../platform/db/schema';
import { INFORMATIONAL_TYPES } from '../../platform/security/rules';
import { toSecurityEvent } from '../../platform/security/store';

type Db = Kysely<Database>;

const SEVERITY_RANK = sql<number>`max(CASE severity WHEN 'CRITICAL' THEN 4 WHEN 'HIGH' THEN 3 WHEN 'MEDIUM' THEN 2 ELSE 1 END)`;
const RANKED: Severity[] = ['LOW', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];

export function severityOfRank(rank: number): Severity {
  return RANKED[Number(rank)] ?? 'LOW';
}

export async function severityCounts(db: Db, since: Date) {
  const rows = await db
    .selectFrom('security_events')
    .select(['severity', (eb) => eb.fn.countAll<string>().as('count')])
    .where('created_at', '>', since)
    .groupBy('severity')
    .execute();
  const counts: Record<Severity, number> = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0 };
  for (const row of rows) if (row.severity in counts) counts[row.severity as Severity] = Number(row.count);
  return counts;
}

export async function typeCounts(db: Db, since: Date): Promise<Map<SecurityEventType, number>> {
  const rows = await db
    .selectFrom('security_events')
    .select(['event_type', (eb) => eb.fn.countAll<string>().as('count')])
    .where('created_at', '>', since)
    .groupBy('event_type')
    .execute();
  return new Map(rows.map((row) => [row.event_type as SecurityEventType, Number(row.count)]));
}

export async function latestEvents(db: Db, limit: number, types?: readonly SecurityEventType[]) {
  let query = db
    .selectFrom('security_events')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (types) query = query.where('event_type', 'in', types);
  return (await query.execute()).map(toSecurityEvent);
}

export async function eventsBetween(db: Db, from: Date, to: Date, limit: number) {
  const rows = await db
    .selectFrom('security_events')
    .selectAll()
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map(toSecurityEvent);
}

/** Addresses with their threat events (sign-ins and link previews left out) over the window, most first. */
export async function addressCounts(db: Db, since: Date, limit: number) {
  const rows = await db
    .selectFrom('security_events')
    .select([
      'ip_address',
      (eb) => eb.fn.countAll<string>().as('count'),
      (eb) => eb.fn.max('country').as('country'),
      (eb) => eb.fn.max('created_at').as('last_seen'),
      SEVERITY_RANK.as('rank'),
    ])
    .where('created_at', '>', since)
    .where('event_type', 'not in', INFORMATIONAL_TYPES)
    .groupBy('ip_address')
    .orderBy('count', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ipAddress: row.ip_address,
    count: Number(row.count),
    country: row.country,
    lastSeen: new Date(row.last_seen),
    highestSeverity: severityOfRank(row.rank),
  }));
}

export async function highRiskAddressCount(db: Db, since: Date, threshold: number): Promise<number> {
  const rows = await db
    .selectFrom('security_events')
    .select('ip_address')
    .where('created_at', '>', since)
    .where('event_type', 'not in', INFORMATIONAL_TYPES)
    .groupBy('ip_address')
    .having((eb) => eb.fn.countAll(), '>=', threshold)
    .execute();
  return rows.length;
}

/** Attacks per country (null country as `unknown`). */
export async function attacksByCountry(db: Db, since: Date, types: readonly SecurityEventType[]) {
  const rows = await db
    .selectFrom('security_events')
    .select([
      'country',
      (eb) => eb.fn.countAll<string>().as('attacks'),
      (eb) => eb.fn.max('created_at').as('last_attack'),
      SEVERITY_RANK.as('rank'),
    ])
    .where('created_at', '>', since)
    .where('event_type', 'in', types)
    .groupBy('country')
    .orderBy('attacks', 'desc')
    .execute();
  return rows.map((row) => ({
    country: row.country,
    attacks: Number(row.attacks),
    lastAttack: new Date(row.last_attack),
    severity: severityOfRank(row.rank),
  }));
}

export async function countryCounts(db: Db, since: Date, limit: number) {
  const rows = await db
    .selectFrom('security_events')
    .select(['country', (eb) => eb.fn.countAll<string>().as('count')])
    .where('created_at', '>', since)
    .where('country', 'is not', null)
    .groupBy('country')
    .orderBy('count', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ country: row.country ?? '', count: Number(row.count) }));
}

export async function activeBlockRows(db: Db, now: Date) {
  return db
    .selectFrom('security_blocks')
    .selectAll()
    .where('lifted_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function activeBlockRow(db: Db, ipAddress: string, now: Date) {
  return db
    .selectFrom('security_blocks')
    .selectAll()
    .where('ip_address', '=', ipAddress)
    .where('lifted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Per address, the points each rule's events carried in the window, in time order (for previews). */
export async function scoredEventsSince(db: Db, since: Date) {
  return db
    .selectFrom('security_events')
    .select(['ip_address', 'rule_id', 'points', 'created_at'])
    .where('created_at', '>', since)
    .where('points', '>', 0)
    .orderBy('created_at', 'asc')
    .execute();
}

export async function allowlistRows(db: Db) {
  return db.selectFrom('security_allowlist').selectAll().orderBy('created_at', 'asc').execute();
}

export async function insertAllowlistEntry(
  db: Db,
  entry: { range: string; comment: string; expiresAt: Date | null; createdBy: string },
) {
  return db
    .insertInto('security_allowlist')
    .values({
      range: entry.range,
      comment: entry.comment,
      expires_at: entry.expiresAt,
      created_by: entry.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAllowlistEntry(db: Db, id: string) {
  return db.deleteFrom('security_allowlist').where('id', '=', id).returningAll().executeTakeFirst();
}

export async function auditEntries(db: Db, limit: number) {
  return db.selectFrom('security_audit_log').selectAll().orderBy('at', 'desc').limit(limit).execute();
}

export async function operatorEmail(db: Db, operatorId: string): Promise<string> {
  const row = await db.selectFrom('users').select('email').where('id', '=', operatorId).executeTakeFirst();
  return row?.email ?? operatorId;
}
