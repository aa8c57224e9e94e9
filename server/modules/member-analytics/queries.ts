// The SQL of member analytics. Every query reads one member's rows only (contacts they saved, events
// on their card's page) and covers a period and the one just before it in a single pass: counts per
// local day over a zero-filled series of dates, or groups with a count for each period.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AnalyticsPeriod } from '../../../contract/analytics';
import { CARD_SOURCES, type CardSource } from '../../../contract/card-paths';
import type { Database } from '../../platform/db/schema';
import { hasWholeHourDays } from './period';

type Db = Kysely<Database>;

/** A period and the one of the same length just before it. */
export interface Periods {
  current: AnalyticsPeriod;
  previous: AnalyticsPeriod;
}

/** The instant the period starts: local midnight of its first day in its time zone. */
function startOf(period: AnalyticsPeriod): RawBuilder<Date> {
  return sql`(${period.startDate}::date::timestamp AT TIME ZONE ${period.timezone})`;
}

/** The instant just after the period: local midnight after its last day. */
function endOf(period: AnalyticsPeriod): RawBuilder<Date> {
  return sql`((${period.endDate}::date + 1)::timestamp AT TIME ZONE ${period.timezone})`;
}

/** Rows from the previous period's start to the current period's end. */
function within(column: string, { current, previous }: Periods): RawBuilder<boolean> {
  return sql`${sql.ref(column)} >= ${startOf(previous)} AND ${sql.ref(column)} < ${endOf(current)}`;
}

/** `count` for the current period and `previous_count` for the one before, of rows passing `also`. */
function periodCounts(column: string, { current }: Periods, also: RawBuilder<boolean> = sql`true`) {
  const isCurrent = sql`${sql.ref(column)} >= ${startOf(current)}`;
  return sql`count(*) FILTER (WHERE ${also} AND ${isCurrent})::int AS count,
    count(*) FILTER (WHERE ${also} AND NOT ${isCurrent})::int AS previous_count`;
}

export type DayRow<Name extends string> = { date: string } & Record<Name, number>;

/**
 * Counts per local day of `period`, every day present (0 where nothing happened), oldest first: the
 * one date-range function every daily figure comes from. `counts` are aggregates over the rows of
 * `table` whose `owner` column is the member and whose `at` falls on that day.
 */
async function countPerDay<Name extends string>(
  db: Db,
  period: AnalyticsPeriod,
  source: {
    table: string;
    owner: string;
    at: string;
    ownerId: string;
    counts: Record<Name, RawBuilder<number>>;
  },
): Promise<DayRow<Name>[]> {
  const names = Object.keys(source.counts) as Name[];
  const at = sql.ref(source.at);
  const aggregates = sql.join(names.map((name) => sql`${source.counts[name]} AS ${sql.ref(name)}`));
  const filled = sql.join(
    names.map((name) => sql`coalesce(counts.${sql.ref(name)}, 0)::int AS ${sql.ref(name)}`),
  );
  const { rows } = await sql<DayRow<Name>>`
    WITH counts AS (
      SELECT (${at} AT TIME ZONE ${period.timezone})::date AS day, ${aggregates}
      FROM ${sql.table(source.table)}
      WHERE ${sql.ref(source.owner)} = ${source.ownerId} AND ${at} >= ${startOf(period)} AND ${at} < ${endOf(period)}
      GROUP BY 1
    )
    SELECT to_char(series.day, 'YYYY-MM-DD') AS date, ${filled}
    FROM generate_series(${period.startDate}::date::timestamp, ${period.endDate}::date::timestamp, interval '1 day')
      AS series (day)
    LEFT JOIN counts ON counts.day = series.day::date
    ORDER BY series.day`.execute(db);
  return rows;
}

/** Contacts saved per local day of `period`. */
export function contactsPerDay(db: Db, ownerId: string, period: AnalyticsPeriod) {
  return countPerDay(db, period, {
    table: 'contacts',
    owner: 'owner_id',
    at: 'connected_at',
    ownerId,
    counts: { count: sql<number>`count(*)` },
  });
}

/**
 * Page events on the member's card per local day of `period`, by kind: from the hourly counts (migration
 * 016) where local days are whole hours, from the events themselves elsewhere.
 */
export function cardEventsPerDay(db: Db, ownerId: string, period: AnalyticsPeriod) {
  if (hasWholeHourDays(period)) {
    return countPerDay(db, period, {
      table: 'card_event_hours',
      owner: 'card_owner_id',
      at: 'hour',
      ownerId,
      counts: {
        profileViews: sql<number>`sum(views_nfc + views_qr + views_link + views_other)`,
        nfcScans: sql<number>`sum(taps)`,
        verifiedTaps: sql<number>`sum(verified_taps)`,
        linkClicks: sql<number>`sum(link_clicks)`,
        contactSaves: sql<number>`sum(saves_nfc + saves_qr + saves_link + saves_other)`,
      },
    });
  }
  const ofType = (type: string) => sql<number>`count(*) FILTER (WHERE type = ${type})`;
  return countPerDay(db, period, {
    table: 'card_events',
    owner: 'card_owner_id',
    at: 'occurred_at',
    ownerId,
    counts: {
      profileViews: ofType('view'),
      nfcScans: ofType('tap'),
      verifiedTaps: sql<number>`count(*) FILTER (WHERE type = 'tap' AND verified_tap)`,
      linkClicks: ofType('link_click'),
      contactSaves: ofType('save'),
    },
  });
}

/** From when card events leave out the owner and repeat openings (migration 031). */
export async function cardCountingSince(db: Db): Promise<Date> {
  const { counting_since } = await db
    .selectFrom('card_counting_rules')
    .select('counting_since')
    .executeTakeFirstOrThrow();
  return counting_since;
}

export interface PeriodCount {
  count: number;
  previous_count: number;
}

/** Contacts per country code (null: no place, or a place in no country) in both periods. */
export async function contactsPerCountry(db: Db, ownerId: string, periods: Periods) {
  const { rows } = await sql<PeriodCount & { country_code: string | null }>`
    SELECT nullif(country_code, '') AS country_code, ${periodCounts('connected_at', periods)}
    FROM contacts
    WHERE owner_id = ${ownerId} AND ${within('connected_at', periods)}
    GROUP BY 1`.execute(db);
  return rows;
}

/**
 * Contacts per company or role in both periods, most contacts first, those without one left out.
 * Spellings that differ only in case or surrounding spaces are one; the commonest spelling names it.
 */
export async function contactsPerLabel(
  db: Db,
  ownerId: string,
  periods: Periods,
  column: 'company' | 'role',
) {
  const label = sql`btrim(${sql.ref(column)})`;
  const { rows } = await sql<PeriodCount & { label: string }>`
    SELECT mode() WITHIN GROUP (ORDER BY ${label}) AS label, ${periodCounts('connected_at', periods)}
    FROM contacts
    WHERE owner_id = ${ownerId} AND ${within('connected_at', periods)} AND ${label} <> ''
    GROUP BY lower(${label})
    HAVING count(*) FILTER (WHERE connected_at >= ${startOf(periods.current)}) > 0
    ORDER BY count DESC, label`.execute(db);
  return rows;
}

export interface PlaceRow extends PeriodCount {
  place: string | null;
  country_code: string | null;
  /** The mean position of the current period's contacts there; null when it has none. */
  lat: number | null;
  lng: number | null;
}

/** Located contacts per place where they were met (words and country) in both periods. */
export async function contactsPerPlace(db: Db, ownerId: string, periods: Periods): Promise<PlaceRow[]> {
  const isCurrent = sql`connected_at >= ${startOf(periods.current)}`;
  const { rows } = await sql<PlaceRow>`
    SELECT where_met AS place, nullif(country_code, '') AS country_code, ${periodCounts('connected_at', periods)},
      avg(lat) FILTER (WHERE ${isCurrent}) AS lat, avg(lng) FILTER (WHERE ${isCurrent}) AS lng
    FROM contacts
    WHERE owner_id = ${ownerId} AND ${within('connected_at', periods)} AND lat IS NOT NULL AND lng IS NOT NULL
    GROUP BY 1, 2
    ORDER BY count DESC, previous_count DESC, place`.execute(db);
  return rows;
}

export interface ContactTotals {
  total: PeriodCount;
  withoutCompany: PeriodCount;
  withoutRole: PeriodCount;
}

/** How many contacts were saved in each period, and how many of them lack a company or a role. */
export async function contactTotals(db: Db, ownerId: string, periods: Periods): Promise<ContactTotals> {
  const counts = (name: string, also: RawBuilder<boolean>) => {
    const isCurrent = sql`connected_at >= ${startOf(periods.current)}`;
    return sql`count(*) FILTER (WHERE ${also} AND ${isCurrent})::int AS ${sql.ref(name)},
      count(*) FILTER (WHERE ${also} AND NOT ${isCurrent})::int AS ${sql.ref(`previous_${name}`)}`;
  };
  const { rows } = await sql<Record<string, number>>`
    SELECT ${counts('total', sql`true`)},
      ${counts('without_company', sql`btrim(company) = ''`)},
      ${counts('without_role', sql`btrim(role) = ''`)}
    FROM contacts
    WHERE owner_id = ${ownerId} AND ${within('connected_at', periods)}`.execute(db);
  const row = rows[0] ?? {};
  const pair = (name: string): PeriodCount => ({
    count: row[name] ?? 0,
    previous_count: row[`previous_${name}`] ?? 0,
  });
  return { total: pair('total'), withoutCompany: pair('without_company'), withoutRole: pair('without_role') };
}

export interface NetworkRow {
  total: number;
  last_week: number;
  /** Distinct companies and contacts naming one, as the network stood at each period's end. */
  companies_now: number;
  with_company_now: number;
  companies_before: number;
  with_company_before: number;
}

/** The member's whole network: its size, the last 7 days, and its companies at each period's end. */
export async function networkTotals(
  db: Db,
  ownerId: string,
  periods: Periods,
  lastWeek: AnalyticsPeriod,
): Promise<NetworkRow> {
  const company = sql`lower(btrim(company))`;
  const hasCompany = sql`btrim(company) <> ''`;
  const byNow = sql`connected_at < ${endOf(periods.current)}`;
  const before = sql`connected_at < ${startOf(periods.current)}`;
  const { rows } = await sql<NetworkRow>`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE connected_at >= ${startOf(lastWeek)} AND connected_at < ${endOf(lastWeek)})::int
        AS last_week,
      count(DISTINCT ${company}) FILTER (WHERE ${hasCompany} AND ${byNow})::int AS companies_now,
      count(*) FILTER (WHERE ${hasCompany} AND ${byNow})::int AS with_company_now,
      count(DISTINCT ${company}) FILTER (WHERE ${hasCompany} AND ${before})::int AS companies_before,
      count(*) FILTER (WHERE ${hasCompany} AND ${before})::int AS with_company_before
    FROM contacts
    WHERE owner_id = ${ownerId}`.execute(db);
  const [row] = rows;
  if (!row) throw new Error('An aggregate without GROUP BY always answers one row');
  return row;
}

export interface SourceRow {
  source: CardSource;
  views: number;
  saves: number;
  scans: number;
  previous_views: number;
  previous_saves: number;
  previous_scans: number;
}

/** Views, saves and NFC scans on the member's card page per source, in both periods. */
export async function cardEventsPerSource(db: Db, ownerId: string, periods: Periods): Promise<SourceRow[]> {
  if (hasWholeHourDays(periods.current) && hasWholeHourDays(periods.previous)) {
    return cardEventHoursPerSource(db, ownerId, periods);
  }
  const isCurrent = sql`occurred_at >= ${startOf(periods.current)}`;
  const counts = (name: string, type: string) =>
    sql`count(*) FILTER (WHERE type = ${type} AND ${isCurrent})::int AS ${sql.ref(name)},
      count(*) FILTER (WHERE type = ${type} AND NOT ${isCurrent})::int AS ${sql.ref(`previous_${name}`)}`;
  const { rows } = await sql<SourceRow>`
    SELECT source, ${counts('views', 'view')}, ${counts('saves', 'save')}, ${counts('scans', 'tap')}
    FROM card_events
    WHERE card_owner_id = ${ownerId} AND ${within('occurred_at', periods)}
    GROUP BY source`.execute(db);
  return rows;
}

const HOUR_COLUMNS = CARD_SOURCES.flatMap((source) => [`views_${source}`, `saves_${source}`]).concat('taps');

/** The same from the hourly counts; taps are all NFC. */
async function cardEventHoursPerSource(db: Db, ownerId: string, periods: Periods): Promise<SourceRow[]> {
  const isCurrent = sql`hour >= ${startOf(periods.current)}`;
  const sums = sql.join(
    HOUR_COLUMNS.map(
      (column) =>
        sql`coalesce(sum(${sql.ref(column)}) FILTER (WHERE ${isCurrent}), 0)::int AS ${sql.ref(column)},
          coalesce(sum(${sql.ref(column)}) FILTER (WHERE NOT ${isCurrent}), 0)::int AS ${sql.ref(`previous_${column}`)}`,
    ),
  );
  const { rows } = await sql<Record<string, number>>`
    SELECT ${sums} FROM card_event_hours WHERE card_owner_id = ${ownerId} AND ${within('hour', periods)}`.execute(
    db,
  );
  const row = rows[0] ?? {};
  const count = (column: string) => row[column] ?? 0;
  return CARD_SOURCES.map((source) => ({
    source,
    views: count(`views_${source}`),
    saves: count(`saves_${source}`),
    scans: source === 'nfc' ? count('taps') : 0,
    previous_views: count(`previous_views_${source}`),
    previous_saves: count(`previous_saves_${source}`),
    previous_scans: source === 'nfc' ? count('previous_taps') : 0,
  }));
}

/** Located contacts of the member whose country has not been looked up yet. */
export function contactsWithoutCountry(db: Db, ownerId: string) {
  return db
    .selectFrom('contacts')
    .select(['id', 'lat', 'lng'])
    .where('owner_id', '=', ownerId)
    .where('country_code', 'is', null)
    .where('lat', 'is not', null)
    .where('lng', 'is not', null)
    .$narrowType<{ lat: number; lng: number }>()
    .execute();
}

/** Stores looked-up countries ('' for none), many rows per statement. */
export async function storeContactCountries(
  db: Db,
  ownerId: string,
  countries: readonly { id: string; countryCode: string }[],
): Promise<void> {
  const BATCH = 1000;
  for (let index = 0; index < countries.length; index += BATCH) {
    const values = sql.join(
      countries.slice(index, index + BATCH).map(({ id, countryCode }) => sql`(${id}::uuid, ${countryCode})`),
    );
    await sql`
      UPDATE contacts SET country_code = found.code
      FROM (VALUES ${values}) AS found (id, code)
      WHERE contacts.id = found.id AND contacts.owner_id = ${ownerId}`.execute(db);
  }
}
