// GET /api/user-analytics/export: one analytics answer as a table, for a CSV file named after it.
import type { AnalyticsExportType, AnalyticsPeriod } from '../../../contract/analytics';
import type { Periods } from './queries';
import {
  companiesAnalytics,
  conversionAnalytics,
  countriesAnalytics,
  engagementAnalytics,
  geographicalAnalytics,
  industriesAnalytics,
} from './service';

type Db = Parameters<typeof countriesAnalytics>[0];

export interface AnalyticsTable {
  header: string[];
  rows: string[][];
}

const text = (value: string | number | null) => (value === null ? '' : String(value));

type TableOf = (db: Db, ownerId: string, periods: Periods) => Promise<AnalyticsTable>;

/** Every row the screen's chart draws from, not only its top entries, with the previous period's counts. */
const TABLES: Record<AnalyticsExportType, TableOf> = {
  async countries(db, ownerId, periods) {
    const { countries } = await countriesAnalytics(db, ownerId, periods);
    return {
      header: ['country', 'countryCode', 'count', 'percentage', 'previousCount'],
      rows: countries.map((row) =>
        [row.country, row.countryCode, row.count, row.percentage, row.previousCount].map(text),
      ),
    };
  },
  async companies(db, ownerId, periods) {
    const { companies } = await companiesAnalytics(db, ownerId, periods);
    return {
      header: ['company', 'count', 'previousCount'],
      rows: companies.map((row) => [row.company, row.count, row.previousCount].map(text)),
    };
  },
  async industries(db, ownerId, periods) {
    const { industries } = await industriesAnalytics(db, ownerId, periods);
    return {
      header: ['role', 'count', 'previousCount'],
      rows: industries.map((row) => [row.role, row.count, row.previousCount].map(text)),
    };
  },
  async engagement(db, ownerId, periods) {
    const { engagementData } = await engagementAnalytics(db, ownerId, periods);
    return {
      header: ['date', 'profileViews', 'nfcScans', 'verifiedTaps', 'linkClicks', 'contactSaves'],
      rows: engagementData.map((day) =>
        [day.date, day.profileViews, day.nfcScans, day.verifiedTaps, day.linkClicks, day.contactSaves].map(
          text,
        ),
      ),
    };
  },
  async conversion(db, ownerId, periods) {
    const { conversionFunnel, conversionRates, viewSources, previous } = await conversionAnalytics(
      db,
      ownerId,
      periods,
    );
    const figures: [string, number, number | null][] = [
      ['nfcScans', conversionFunnel.nfcScans, previous.conversionFunnel.nfcScans],
      ['profileViews', conversionFunnel.profileViews, previous.conversionFunnel.profileViews],
      ['contactSaves', conversionFunnel.contactSaves, previous.conversionFunnel.contactSaves],
      ['scanSuccess (%)', conversionRates.scanSuccess, previous.conversionRates.scanSuccess],
      ['scanToContact (%)', conversionRates.scanToContact, previous.conversionRates.scanToContact],
      ['scanToView (%)', conversionRates.scanToView, previous.conversionRates.scanToView],
      ...viewSources.flatMap(({ source, views, saves }, index): [string, number, number | null][] => {
        const before = previous.viewSources[index];
        return [
          [`views from ${source}`, views, before?.views ?? null],
          [`saves from ${source}`, saves, before?.saves ?? null],
        ];
      }),
    ];
    return { header: ['figure', 'value', 'previousValue'], rows: figures.map((row) => row.map(text)) };
  },
  async geographical(db, ownerId, periods) {
    const { geoData } = await geographicalAnalytics(db, ownerId, periods);
    return {
      header: ['place', 'country', 'countryCode', 'lat', 'lng', 'count'],
      rows: geoData.map((row) =>
        [row.place, row.country, row.countryCode, row.lat, row.lng, row.count].map(text),
      ),
    };
  },
};

export function analyticsTable(db: Db, ownerId: string, type: AnalyticsExportType, periods: Periods) {
  return TABLES[type](db, ownerId, periods);
}

/** tapnet-analytics-countries-2026-10-26-to-2026-11-24.csv */
export function analyticsFileName(type: AnalyticsExportType, period: AnalyticsPeriod): string {
  return `tapnet-analytics-${type}-${period.startDate}-to-${period.endDate}.csv`;
}
