// Reads behind the security dashboard and the operator tools (tables of migration 018).
import { type Kysely, sql } from 'kysely';
import type { EventOutcome, SecurityEventType, Severity } from '../../../contract/security';
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

/** The event log's filters, resolved: a range always, an address as its key. */
export interface EventFilters {
  from: Date;
  to: Date;
  type?: SecurityEventType | undefined;
  severity?: Severity | undefined;
  address?: string | undefined;
  path?: string | undefined;
  outcome?: EventOutcome | undefined;
}

/** `%` and `_` in what the operator typed are letters, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function filtered(db: Db, filters: EventFilters) {
  let query = db
    .selectFrom('security_events')
    .where('created_at', '>=', filters.from)
    .where('created_at', '<', filters.to);
  if (filters.type) query = query.where('event_type', '=', filters.type);
  if (filters.severity) query = query.where('severity', '=', filters.severity);
  if (filters.address) query = query.where('ip_address', '=', filters.address);
  if (filters.path) query = query.where('endpoint', 'ilike', likeText(filters.path));
  if (filters.outcome) query = query.where('outcome', '=', filters.outcome);
  return query;
}

const toLoggedEvent = (row: Parameters<typeof toSecurityEvent>[0] & { id: string }) => ({
  ...toSecurityEvent(row),
  id: String(row.id),
});

/** One page of the log, newest first, and how many match in all. */
export async function eventLogPage(db: Db, filters: EventFilters, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    filtered(db, filters)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, filters)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { events: rows.map(toLoggedEvent), total: Number(total.count) };
}

/** What the export writes: the filtered events, oldest first, at most `limit`. */
export async function filteredEvents(db: Db, filters: EventFilters, limit: number) {
  const rows = await filtered(db, filters)
    .selectAll()
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map(toSecurityEvent);
}

/** An address's own figures for its page: events, rules hit and country over 24 h, latest events. */
export async function addressActivity(db: Db, ipAddress: string, since: Date, latest: number) {
  const [rules, latestRows] = await Promise.all([
    db
      .selectFrom('security_events')
      .select([
        'rule_id',
        'event_type',
        (eb) => eb.fn.countAll<string>().as('count'),
        (eb) => eb.fn.max('country').as('country'),
      ])
      .where('ip_address', '=', ipAddress)
      .where('created_at', '>', since)
      .groupBy(['rule_id', 'event_type'])
      .orderBy('count', 'desc')
      .execute(),
    db
      .selectFrom('security_events')
      .selectAll()
      .where('ip_address', '=', ipAddress)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(latest)
      .execute(),
  ]);
  const country =
    rules.find((row) => row.country !== null)?.country ?? latestRows.find((row) => row.country)?.country;
  return {
    country: country ?? null,
    events24h: rules.reduce((total, row) => total + Number(row.count), 0),
    rulesHit: rules.map((row) => ({
      ruleId: row.rule_id,
      eventType: row.event_type,
      count: Number(row.count),
    })),
    latestEvents: latestRows.map(toLoggedEvent),
  };
}

/** An address's blocks since `since`, newest first, lifted and expired ones included. */
export async function blockHistory(db: Db, ipAddress: string, since: Date) {
  return db
    .selectFrom('security_blocks')
    .selectAll()
    .where('ip_address', '=', ipAddress)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
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

/** How many events the window holds, from how many addresses, and one of them. */
export async function addressSpread(db: Db, since: Date) {
  const row = await db
    .selectFrom('security_events')
    .select([
      (eb) => eb.fn.countAll<string>().as('events'),
      (eb) => eb.fn.count<string>('ip_address').distinct().as('addresses'),
      (eb) => eb.fn.min('ip_address').as('address'),
    ])
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { events: Number(row.events), addresses: Number(row.addresses), address: row.address };
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

/**
 * Different members who signed in from each of `addresses` (address keys) since `since`; the record
 * keeps fingerprints only (migration 020), so each address is looked up by its own.
 */
export async function membersSignedInFrom(
  db: Db,
  addresses: readonly string[],
  since: Date,
  fingerprintOf: (address: string) => string,
): Promise<Map<string, number>> {
  if (addresses.length === 0) return new Map();
  const byFingerprint = new Map(addresses.map((address) => [fingerprintOf(address), address]));
  const rows = await db
    .selectFrom('sign_in_addresses')
    .select(['address', (eb) => eb.fn.countAll<string>().as('members')])
    .where('address', 'in', [...byFingerprint.keys()])
    .where('last_at', '>', since)
    .groupBy('address')
    .execute();
  return new Map(rows.map((row) => [byFingerprint.get(row.address) ?? row.address, Number(row.members)]));
}

/** The e-mails of members who signed in from the address with `fingerprint` since `since`, latest first. */
export async function memberEmailsFrom(db: Db, fingerprint: string, since: Date, limit: number) {
  const rows = await db
    .selectFrom('sign_in_addresses')
    .innerJoin('users', 'users.id', 'sign_in_addresses.user_id')
    .select('users.email')
    .where('sign_in_addresses.address', '=', fingerprint)
    .where('sign_in_addresses.last_at', '>', since)
    .orderBy('sign_in_addresses.last_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.email);
}
