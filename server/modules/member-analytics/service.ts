// Member analytics answers (spec §3 Analytics summary, User analytics): the SQL counts of queries.ts
// turned into the figures, each beside the same figure one period earlier and its definition.
import type { Kysely } from 'kysely';
import type {
  AnalyticsPeriod,
  AnalyticsSummary,
  AnalyticsSummaryQuery,
  CompaniesAnalytics,
  ConversionAnalytics,
  CountriesAnalytics,
  EngagementAnalytics,
  EngagementDay,
  EngagementSummary,
  GeographicalAnalytics,
  IndustriesAnalytics,
  SummaryRange,
} from '../../../contract/analytics';
import {
  COMPANIES_FIGURES,
  CONVERSION_FIGURES,
  COUNTRIES_FIGURES,
  ENGAGEMENT_FIGURES,
  GEOGRAPHICAL_FIGURES,
  INDUSTRIES_FIGURES,
  SUMMARY_FIGURES,
  UNKNOWN_COUNTRY,
} from '../../../contract/analytics';
import { CARD_SOURCES } from '../../../contract/card-paths';
import type { Database } from '../../platform/db/schema';
import { contactCountryCode, countryName } from '../../platform/geo/contact-country';
import {
  activityBuckets,
  definitionsOf,
  peakDayOf,
  peakWeekdayOf,
  percentOf,
  perWeek,
  roundToOneDecimal,
  trendOf,
} from './figures';
import { previousPeriod, summaryPeriod } from './period';
import {
  cardCountingSince,
  cardEventsPerDay,
  cardEventsPerSource,
  contactsPerCountry,
  contactsPerDay,
  contactsPerLabel,
  contactsPerPlace,
  contactsWithoutCountry,
  contactTotals,
  networkTotals,
  type Periods,
  storeContactCountries,
} from './queries';

type Db = Kysely<Database>;

/** How the activity chart of each simple-view range is cut. */
const ACTIVITY_UNIT_OF = {
  week: 'day',
  month: 'day',
  quarter: 'week',
  year: 'month',
} as const satisfies Record<SummaryRange, AnalyticsSummary['activityUnit']>;

export function periodsOf(current: AnalyticsPeriod): Periods {
  return { current, previous: previousPeriod(current) };
}

/** From the previous period's first day to the current period's last. */
function spanOf({ current, previous }: Periods): AnalyticsPeriod {
  return { ...current, startDate: previous.startDate, days: previous.days + current.days };
}

/** Daily rows of a span split into the previous period's and the current period's. */
function splitSpan<Row>(rows: readonly Row[], { previous }: Periods): { previous: Row[]; current: Row[] } {
  return { previous: rows.slice(0, previous.days), current: rows.slice(previous.days) };
}

/**
 * Looks up the country of the member's located contacts that have none yet. The borders are in
 * memory, so this is about 10 µs a contact, and each contact is looked up once.
 */
async function fillContactCountries(db: Db, ownerId: string): Promise<void> {
  const pending = await contactsWithoutCountry(db, ownerId);
  if (pending.length === 0) return;
  const found = pending.map((contact) => ({
    id: contact.id,
    countryCode: contactCountryCode(contact.lat, contact.lng) ?? '',
  }));
  await storeContactCountries(db, ownerId, found);
}

const countryOf = (code: string | null) => (code === null ? UNKNOWN_COUNTRY : countryName(code));

/** The entry with the highest `pick`, the first on a tie, among those above 0. */
function topOf<Row>(rows: readonly Row[], pick: (row: Row) => number): Row | undefined {
  let top: Row | undefined;
  for (const row of rows) if (pick(row) > 0 && pick(row) > (top ? pick(top) : 0)) top = row;
  return top;
}

function diversity(companies: number, withCompany: number) {
  return { diversityScore: percentOf(companies, withCompany), uniqueCompanies: companies };
}

function sumOf<Row>(rows: readonly Row[], pick: (row: Row) => number): number {
  return rows.reduce((total, row) => total + pick(row), 0);
}

export async function analyticsSummary(
  db: Db,
  ownerId: string,
  query: Required<AnalyticsSummaryQuery>,
  now: Date,
): Promise<AnalyticsSummary> {
  const { range, timezone } = query;
  const periods = periodsOf(summaryPeriod(range, timezone, now));
  await fillContactCountries(db, ownerId);
  const [days, network, places] = await Promise.all([
    contactsPerDay(db, ownerId, spanOf(periods)),
    networkTotals(db, ownerId, periods, summaryPeriod('week', timezone, now)),
    contactsPerPlace(db, ownerId, periods),
  ]);
  const daily = splitSpan(days, periods);
  const rangeConnections = sumOf(daily.current, (day) => day.count);
  const previousConnections = sumOf(daily.previous, (day) => day.count);
  const peakDay = peakDayOf(daily.current);
  // A country is only known from a place, so the places answer both.
  const { topCountry, topPlace } = geographicalSummary(places, rangeConnections, (row) => row.count);
  return {
    totalConnections: network.total,
    weeklyConnections: network.last_week,
    rangeConnections,
    range,
    timeRangeDays: periods.current.days,
    networkingVelocity: perWeek(rangeConnections, periods.current.days),
    primaryLocation: topPlace,
    peakNetworkingDay: peakWeekdayOf(daily.current),
    peakDay: peakDay?.date ?? null,
    peakDayConnections: peakDay?.count ?? 0,
    topCountry,
    trend: trendOf(rangeConnections, previousConnections),
    networkDiversity: diversity(network.companies_now, network.with_company_now),
    monthlyActivity: activityBuckets(daily.current, daily.previous, ACTIVITY_UNIT_OF[range]),
    activityUnit: ACTIVITY_UNIT_OF[range],
    period: periods.current,
    previousPeriod: periods.previous,
    previous: {
      rangeConnections: previousConnections,
      networkingVelocity: perWeek(previousConnections, periods.previous.days),
      networkDiversity: diversity(network.companies_before, network.with_company_before),
    },
    explanations: definitionsOf(SUMMARY_FIGURES),
  };
}

const periodFields = (periods: Periods) => ({ period: periods.current, previousPeriod: periods.previous });

export async function countriesAnalytics(
  db: Db,
  ownerId: string,
  periods: Periods,
): Promise<CountriesAnalytics> {
  await fillContactCountries(db, ownerId);
  const rows = await contactsPerCountry(db, ownerId, periods);
  const totalContacts = sumOf(rows, (row) => row.count);
  const countries = rows
    .filter((row) => row.count > 0)
    .map((row) => ({
      country: countryOf(row.country_code),
      countryCode: row.country_code,
      count: row.count,
      percentage: percentOf(row.count, totalContacts),
      previousCount: row.previous_count,
    }))
    .sort((a, b) => b.count - a.count || a.country.localeCompare(b.country, 'en'));
  return {
    countries,
    totalContacts,
    ...periodFields(periods),
    previous: { totalContacts: sumOf(rows, (row) => row.previous_count) },
    explanations: definitionsOf(COUNTRIES_FIGURES),
  };
}

async function labelAnalytics(db: Db, ownerId: string, periods: Periods, column: 'company' | 'role') {
  const [rows, totals] = await Promise.all([
    contactsPerLabel(db, ownerId, periods, column),
    contactTotals(db, ownerId, periods),
  ]);
  const entries = rows.map((row) => ({
    label: row.label,
    count: row.count,
    previousCount: row.previous_count,
  }));
  const without = column === 'company' ? totals.withoutCompany : totals.withoutRole;
  return {
    entries,
    totalContacts: totals.total.count,
    without: without.count,
    ...periodFields(periods),
    previous: { totalContacts: totals.total.previous_count },
  };
}

export async function companiesAnalytics(
  db: Db,
  ownerId: string,
  periods: Periods,
): Promise<CompaniesAnalytics> {
  const { entries, without, ...rest } = await labelAnalytics(db, ownerId, periods, 'company');
  return {
    companies: entries.map(({ label, ...counts }) => ({ company: label, ...counts })),
    withoutCompany: without,
    ...rest,
    explanations: definitionsOf(COMPANIES_FIGURES),
  };
}

/** Spec §3: the industries are the contacts' roles. */
export async function industriesAnalytics(
  db: Db,
  ownerId: string,
  periods: Periods,
): Promise<IndustriesAnalytics> {
  const { entries, without, ...rest } = await labelAnalytics(db, ownerId, periods, 'role');
  return {
    industries: entries.map(({ label, ...counts }) => ({ role: label, ...counts })),
    withoutRole: without,
    ...rest,
    explanations: definitionsOf(INDUSTRIES_FIGURES),
  };
}

function engagementSummary(days: readonly EngagementDay[]): EngagementSummary {
  const totalProfileViews = sumOf(days, (day) => day.profileViews);
  const totalNfcScans = sumOf(days, (day) => day.nfcScans);
  const totalVerifiedTaps = sumOf(days, (day) => day.verifiedTaps);
  const totalLinkClicks = sumOf(days, (day) => day.linkClicks);
  const totalContactSaves = sumOf(days, (day) => day.contactSaves);
  // A tap is how a view came, not a second engagement: adding both counted one page opening twice.
  const totalEngagements = totalProfileViews + totalLinkClicks + totalContactSaves;
  return {
    totalProfileViews,
    totalNfcScans,
    totalVerifiedTaps,
    totalLinkClicks,
    totalContactSaves,
    totalEngagements,
    avgDailyEngagement: days.length === 0 ? 0 : roundToOneDecimal(totalEngagements / days.length),
  };
}

export async function engagementAnalytics(
  db: Db,
  ownerId: string,
  periods: Periods,
): Promise<EngagementAnalytics> {
  const [days, since] = await Promise.all([
    cardEventsPerDay(db, ownerId, spanOf(periods)),
    cardCountingSince(db),
  ]);
  const daily = splitSpan(days, periods);
  const summary = engagementSummary(daily.current);
  const previousSummary = engagementSummary(daily.previous);
  return {
    engagementData: daily.current,
    summary,
    trend: trendOf(summary.totalEngagements, previousSummary.totalEngagements),
    ...periodFields(periods),
    previous: { engagementData: daily.previous, summary: previousSummary },
    explanations: definitionsOf(ENGAGEMENT_FIGURES),
    countingSince: since.toISOString(),
  };
}

type Funnel = ConversionAnalytics['conversionFunnel'];

function conversionOf(funnel: Funnel) {
  return {
    conversionFunnel: funnel,
    conversionRates: {
      scanSuccess: percentOf(funnel.contactSaves, funnel.profileViews),
      scanToContact: percentOf(funnel.contactSaves, funnel.nfcScans),
      scanToView: percentOf(funnel.profileViews, funnel.nfcScans),
    },
  };
}

type SourceRow = Awaited<ReturnType<typeof cardEventsPerSource>>[number];

/** One period's funnel, rates and view sources, its counts picked from the rows of both periods. */
function periodConversion(
  rows: readonly SourceRow[],
  pick: (row: SourceRow) => { views: number; saves: number; scans: number },
) {
  const counts = CARD_SOURCES.map((source) => {
    const row = rows.find((one) => one.source === source);
    return { source, ...(row ? pick(row) : { views: 0, saves: 0, scans: 0 }) };
  });
  const conversion = conversionOf({
    nfcScans: sumOf(counts, (one) => one.scans),
    profileViews: sumOf(counts, (one) => one.views),
    contactSaves: sumOf(counts, (one) => one.saves),
  });
  const viewSources = counts.map(({ source, views, saves }) => ({
    source,
    views,
    percentage: percentOf(views, conversion.conversionFunnel.profileViews),
    saves,
    saveRate: percentOf(saves, views),
  }));
  return { ...conversion, viewSources };
}

export async function conversionAnalytics(
  db: Db,
  ownerId: string,
  periods: Periods,
): Promise<ConversionAnalytics> {
  const [rows, since] = await Promise.all([cardEventsPerSource(db, ownerId, periods), cardCountingSince(db)]);
  return {
    ...periodConversion(rows, ({ views, saves, scans }) => ({ views, saves, scans })),
    ...periodFields(periods),
    previous: periodConversion(rows, (row) => ({
      views: row.previous_views,
      saves: row.previous_saves,
      scans: row.previous_scans,
    })),
    explanations: definitionsOf(CONVERSION_FIGURES),
    countingSince: since.toISOString(),
  };
}

/** Five decimals of a degree: about a metre, as close as a phone's fix is worth. */
const toMetre = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

type PlaceRow = Awaited<ReturnType<typeof contactsPerPlace>>[number];

function geographicalSummary(
  rows: readonly PlaceRow[],
  totalContacts: number,
  pick: (row: PlaceRow) => number,
) {
  const located = rows.filter((row) => pick(row) > 0);
  const perCountry = new Map<string, number>();
  for (const row of located) {
    if (row.country_code !== null) {
      perCountry.set(row.country_code, (perCountry.get(row.country_code) ?? 0) + pick(row));
    }
  }
  const topCountry = topOf([...perCountry], ([, count]) => count);
  const topPlace = topOf(
    located.filter((row) => row.place !== null),
    pick,
  );
  return {
    totalContacts,
    contactsWithLocation: sumOf(located, pick),
    countries: perCountry.size,
    topCountry: topCountry ? countryName(topCountry[0]) : null,
    topPlace: topPlace?.place ?? null,
  };
}

export async function geographicalAnalytics(
  db: Db,
  ownerId: string,
  periods: Periods,
): Promise<GeographicalAnalytics> {
  await fillContactCountries(db, ownerId);
  const [rows, totals] = await Promise.all([
    contactsPerPlace(db, ownerId, periods),
    contactTotals(db, ownerId, periods),
  ]);
  const geoData = rows.flatMap((row) =>
    row.count > 0 && row.lat !== null && row.lng !== null
      ? [
          {
            place: row.place,
            country: countryOf(row.country_code),
            countryCode: row.country_code,
            lat: toMetre(row.lat),
            lng: toMetre(row.lng),
            count: row.count,
          },
        ]
      : [],
  );
  return {
    geoData,
    summary: geographicalSummary(rows, totals.total.count, (row) => row.count),
    ...periodFields(periods),
    previous: {
      summary: geographicalSummary(rows, totals.total.previous_count, (row) => row.previous_count),
    },
    explanations: definitionsOf(GEOGRAPHICAL_FIGURES),
  };
}
