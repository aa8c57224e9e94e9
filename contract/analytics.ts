// Member analytics: what a member's card and network did (spec §2 /insights/analytics and
// /insights/enhanced-analytics, §3 Analytics summary and User analytics, §7 analytics-summary,
// user-analytics/*, export). Every figure comes with a one-line definition and the same figure for
// the previous period of the same length, so screens can explain and compare it.
import { z } from 'zod';
import { CARD_SOURCES } from './card-paths';
import { defineEndpoint } from './endpoint';

// ---------------------------------------------------------------------------------------------
// Ranges and time zones

/** The simple view's ranges (spec §9), each the last N days ending today, today included. */
export const SUMMARY_RANGE_DAYS = { week: 7, month: 30, quarter: 90, year: 365 } as const;
export type SummaryRange = keyof typeof SUMMARY_RANGE_DAYS;
export const SUMMARY_RANGES = Object.keys(SUMMARY_RANGE_DAYS) as [SummaryRange, ...SummaryRange[]];
export const DEFAULT_SUMMARY_RANGE: SummaryRange = 'week';

/** The enhanced view's ranges (spec §9): the last 7, 30 or 90 days, or 1 January to today. */
export const USER_ANALYTICS_RANGES = ['7', '30', '90', 'ytd'] as const;
export type UserAnalyticsRange = (typeof USER_ANALYTICS_RANGES)[number];
/** Used when a call names neither a range nor dates. */
export const DEFAULT_USER_ANALYTICS_RANGE: UserAnalyticsRange = '30';

/** A custom range spans at most this many days (three years), so a daily series stays small. */
export const MAX_CUSTOM_RANGE_DAYS = 1096;
/** No Tapnet data is older; earlier dates are a typo. */
export const EARLIEST_ANALYTICS_DATE = '2000-01-01';

export const DEFAULT_TIMEZONE = 'UTC';

/** Whether the runtime knows `name` as an IANA time zone (Europe/Paris, UTC, America/New_York). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TIMEZONE_MESSAGE = 'timezone must be an IANA time zone such as Europe/Paris or UTC';

/** The zone whose midnights split the days; the client sends its own so "today" is the member's today. */
export const TimezoneSchema = z
  .string(TIMEZONE_MESSAGE)
  .max(64, TIMEZONE_MESSAGE)
  .refine(isTimeZone, TIMEZONE_MESSAGE)
  .meta({ pattern: '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$', description: 'An IANA time zone.' })
  .default(DEFAULT_TIMEZONE);

export const AnalyticsSummaryQuerySchema = z.object({
  range: z.enum(SUMMARY_RANGES, 'range must be week, month, quarter or year').default(DEFAULT_SUMMARY_RANGE),
  timezone: TimezoneSchema,
});
export type AnalyticsSummaryQuery = z.input<typeof AnalyticsSummaryQuerySchema>;

const dateField = (name: string) =>
  z.iso
    .date(`${name} must be a real date written YYYY-MM-DD`)
    .optional()
    .meta({
      description: `With the other date and without range: from ${EARLIEST_ANALYTICS_DATE}, start on or before end, at most ${MAX_CUSTOM_RANGE_DAYS} days.`,
    });

/** Whole days from `startDate` to `endDate` (both YYYY-MM-DD), both included. */
export function daysBetween(startDate: string, endDate: string): number {
  return Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1;
}

const userAnalyticsRangeFields = {
  range: z.enum(USER_ANALYTICS_RANGES, 'range must be 7, 30, 90 or ytd').optional(),
  startDate: dateField('startDate'),
  endDate: dateField('endDate'),
  timezone: TimezoneSchema,
};

type RangeFields = {
  range?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
};

/** Why a custom range is refused, in words a member reads under the date fields as well. */
export const CUSTOM_RANGE_MESSAGES = {
  tooEarly: `The start date must be on or after ${EARLIEST_ANALYTICS_DATE}.`,
  startAfterEnd: 'The start date must be on or before the end date.',
  tooLong: `The date range must be at most ${MAX_CUSTOM_RANGE_DAYS} days long.`,
} as const;

/** A range or a pair of dates, never both; a pair in order, not before 2000 and at most three years long. */
function checkRange(query: RangeFields, context: z.RefinementCtx): void {
  const hasDates = query.startDate !== undefined || query.endDate !== undefined;
  if (query.range !== undefined && hasDates) {
    context.addIssue({ code: 'custom', message: 'Give either range or startDate and endDate, not both' });
    return;
  }
  if (!hasDates) return;
  if (query.startDate === undefined || query.endDate === undefined) {
    context.addIssue({ code: 'custom', message: 'startDate and endDate must be given together' });
    return;
  }
  if (query.startDate < EARLIEST_ANALYTICS_DATE) {
    context.addIssue({ code: 'custom', message: CUSTOM_RANGE_MESSAGES.tooEarly });
  }
  if (query.startDate > query.endDate) {
    context.addIssue({ code: 'custom', message: CUSTOM_RANGE_MESSAGES.startAfterEnd });
  } else if (daysBetween(query.startDate, query.endDate) > MAX_CUSTOM_RANGE_DAYS) {
    context.addIssue({ code: 'custom', message: CUSTOM_RANGE_MESSAGES.tooLong });
  }
}

/** `range=7|30|90|ytd`, or `startDate` and `endDate` (YYYY-MM-DD, both included); neither means 30 days. */
export const UserAnalyticsQuerySchema = z.object(userAnalyticsRangeFields).superRefine(checkRange);
export type UserAnalyticsQuery = z.input<typeof UserAnalyticsQuerySchema>;

export const GeographicalQuerySchema = z
  .object({
    ...userAnalyticsRangeFields,
    dataType: z.enum(['contacts'], 'dataType must be contacts').default('contacts'),
  })
  .superRefine(checkRange);
export type GeographicalQuery = z.input<typeof GeographicalQuerySchema>;

export const ANALYTICS_EXPORT_TYPES = [
  'countries',
  'companies',
  'industries',
  'engagement',
  'conversion',
  'geographical',
] as const;
export type AnalyticsExportType = (typeof ANALYTICS_EXPORT_TYPES)[number];

export const AnalyticsExportQuerySchema = z
  .object({
    ...userAnalyticsRangeFields,
    type: z.enum(
      ANALYTICS_EXPORT_TYPES,
      'type must be countries, companies, industries, engagement, conversion or geographical',
    ),
  })
  .superRefine(checkRange);
export type AnalyticsExportQuery = z.input<typeof AnalyticsExportQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Shared parts of the answers

const count = z.number().int().nonnegative();
/** A percentage to one decimal; 0 when its denominator is 0, never NaN or Infinity. */
const percent = z.number();

/** A change in percent against the previous period; 'new' when the previous period had none. */
export const TrendSchema = z.union([z.number(), z.literal('new')]);
export type Trend = z.infer<typeof TrendSchema>;

/** The days a figure covers, in the member's time zone, both ends included. */
export const AnalyticsPeriodSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  days: z.number().int().positive(),
  timezone: z.string(),
});
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriodSchema>;

/** The period and the one of the same length just before it, which `previous` figures cover. */
const periods = {
  period: AnalyticsPeriodSchema,
  previousPeriod: AnalyticsPeriodSchema,
};

/** The country of contacts whose meeting place is not known (spec "Unknown"). */
export const UNKNOWN_COUNTRY = 'Unknown';

/** One line per figure, as the screens show it next to the number (issue 14 part 5). */
export const AnalyticsDefinitions = {
  totalConnections: 'Total connections: every contact you have saved, all time.',
  weeklyConnections: 'This week: contacts saved in the last 7 days, today included.',
  rangeConnections: 'Connections in range: contacts saved in the selected range.',
  networkingVelocity: 'Networking velocity: new contacts per week over the range.',
  primaryLocation: 'Primary location: the place where you met the most contacts in the range.',
  peakNetworkingDay: 'Peak networking day: the weekday on which you saved the most contacts in the range.',
  peakDay: 'Peak day: the date on which you saved the most contacts in the range.',
  topCountry: 'Top country: the country where you met the most contacts in the range.',
  trend:
    'Trend: change in contacts saved against the previous period of the same length, in percent ("new" when that period had none).',
  networkDiversity:
    'Network diversity: distinct companies as a share of your contacts who name one (100 means each works somewhere else).',
  uniqueCompanies: 'Unique companies: how many different companies your contacts work for.',
  monthlyActivity:
    'Activity: contacts saved per day (week, month), per week (quarter) or per month (year), empty ones included.',
  countries:
    'Countries: where you met the contacts saved in the range, from the place recorded when saving; Unknown without one.',
  countryPercentage: 'Percentage: a country’s share of the contacts saved in the range.',
  companies:
    'Companies: contacts saved in the range per company on their card (those without one are left out).',
  industries: 'Roles: contacts saved in the range per role on their card (those without one are left out).',
  profileViews:
    'Profile views: visits to your card page by other people (not you; one visitor again within 30 minutes counts once).',
  nfcScans:
    'NFC scans: the profile views that came from a tap of your NFC card (each is also a profile view).',
  verifiedTaps:
    'Verified taps: the NFC scans whose tap your secure card signed and the server checked, so someone held your card (each is also an NFC scan).',
  linkClicks:
    'Link clicks: visitors who used the e-mail, phone, LinkedIn, website, vCard or share button of your card page, once per button in 30 minutes.',
  contactSaves:
    'Contact saves: visitors who pressed Save Contact on your card page, once per visitor in 30 minutes.',
  totalEngagements:
    'Total engagements: profile views, link clicks and contact saves added up (NFC scans are already among the views).',
  avgDailyEngagement: 'Average daily engagement: total engagements divided by the days in the range.',
  scanToView:
    'Scan to view: profile views per 100 NFC scans (views also come from QR codes and links, so it can pass 100%).',
  scanToContact: 'Scan to contact: contact saves per 100 NFC scans.',
  scanSuccess: 'Scan success: contact saves per 100 profile views, that is how often a visit ends in a save.',
  viewSources:
    'View sources: profile views by how the visitor came: NFC tap, QR code, shared link, or other (a typed or old address).',
  geoData: 'Places: where you met the contacts saved in the range, grouped by place.',
  contactsWithLocation: 'With a place: contacts saved in the range whose meeting place was recorded.',
} as const;
export type AnalyticsFigure = keyof typeof AnalyticsDefinitions;

/** Which definitions each answer carries. */
export const SUMMARY_FIGURES = [
  'totalConnections',
  'weeklyConnections',
  'rangeConnections',
  'networkingVelocity',
  'primaryLocation',
  'peakNetworkingDay',
  'peakDay',
  'topCountry',
  'trend',
  'networkDiversity',
  'uniqueCompanies',
  'monthlyActivity',
] as const satisfies readonly AnalyticsFigure[];

export const COUNTRIES_FIGURES = [
  'countries',
  'countryPercentage',
] as const satisfies readonly AnalyticsFigure[];

export const COMPANIES_FIGURES = ['companies'] as const satisfies readonly AnalyticsFigure[];

export const INDUSTRIES_FIGURES = ['industries'] as const satisfies readonly AnalyticsFigure[];

export const ENGAGEMENT_FIGURES = [
  'profileViews',
  'nfcScans',
  'verifiedTaps',
  'linkClicks',
  'contactSaves',
  'totalEngagements',
  'avgDailyEngagement',
] as const satisfies readonly AnalyticsFigure[];

export const CONVERSION_FIGURES = [
  'nfcScans',
  'profileViews',
  'contactSaves',
  'scanSuccess',
  'scanToContact',
  'scanToView',
  'viewSources',
] as const satisfies readonly AnalyticsFigure[];

export const GEOGRAPHICAL_FIGURES = [
  'geoData',
  'contactsWithLocation',
  'countries',
] as const satisfies readonly AnalyticsFigure[];

/** The definitions of `figures`, as an answer carries them. */
function explanations<const Figure extends AnalyticsFigure>(figures: readonly Figure[]) {
  return z.object(
    Object.fromEntries(figures.map((figure) => [figure, z.string()])) as Record<Figure, z.ZodString>,
  );
}

// ---------------------------------------------------------------------------------------------
// GET /api/insights/analytics-summary

export const ACTIVITY_UNITS = ['day', 'week', 'month'] as const;
export type ActivityUnit = (typeof ACTIVITY_UNITS)[number];

/**
 * One bar of the activity chart. `_id` names it as spec §3 does: year and month, plus the ISO week
 * (quarter) or the day of the month (week, month); a year range has monthly bars. `startDate` and
 * `endDate` are the days it covers inside the range; `previousCount` counts the same stretch of days
 * one period earlier.
 */
export const ActivityBucketSchema = z.object({
  _id: z.object({
    year: z.number().int(),
    month: z.number().int().min(1).max(12),
    week: z.number().int().min(1).max(53).optional(),
    day: z.number().int().min(1).max(31).optional(),
  }),
  count,
  startDate: z.string(),
  endDate: z.string(),
  previousCount: count,
});
export type ActivityBucket = z.infer<typeof ActivityBucketSchema>;

export const NetworkDiversitySchema = z.object({
  /** 0–100, one decimal. */
  diversityScore: percent,
  uniqueCompanies: count,
});
export type NetworkDiversity = z.infer<typeof NetworkDiversitySchema>;

export const AnalyticsSummarySchema = z.object({
  totalConnections: count,
  weeklyConnections: count,
  rangeConnections: count,
  range: z.enum(SUMMARY_RANGES),
  timeRangeDays: z.number().int().positive(),
  /** New contacts per week over the range, one decimal. */
  networkingVelocity: z.number(),
  /** Where they met ("near Lyon, France"), the most frequent in the range; null without any. */
  primaryLocation: z.string().nullable(),
  /** An English weekday name ("Tuesday"); null when nothing was saved in the range. */
  peakNetworkingDay: z.string().nullable(),
  /** YYYY-MM-DD; null when nothing was saved in the range. Ties go to the earliest. */
  peakDay: z.string().nullable(),
  peakDayConnections: count,
  /** An English country name; null when no contact in the range has a known country. */
  topCountry: z.string().nullable(),
  trend: TrendSchema,
  networkDiversity: NetworkDiversitySchema,
  monthlyActivity: z.array(ActivityBucketSchema),
  activityUnit: z.enum(ACTIVITY_UNITS),
  ...periods,
  /** The range's figures one period earlier; diversity is the network as it stood at that period's end. */
  previous: z.object({
    rangeConnections: count,
    networkingVelocity: z.number(),
    networkDiversity: NetworkDiversitySchema,
  }),
  explanations: explanations(SUMMARY_FIGURES),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

export const AnalyticsSummaryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/insights/analytics-summary',
  summary:
    'The member’s network over the last week, month, quarter or year: connections, velocity, places, peak days, trend, diversity and activity.',
  auth: 'member',
  query: AnalyticsSummaryQuerySchema,
  responses: { 200: AnalyticsSummarySchema },
  errors: [],
});

// ---------------------------------------------------------------------------------------------
// GET /api/user-analytics/*

export const CountriesAnalyticsSchema = z.object({
  /** Most contacts first; `percentage` of `totalContacts`, one decimal. */
  countries: z.array(
    z.object({
      country: z.string(),
      /** ISO 3166-1 alpha-2; null for Unknown. */
      countryCode: z.string().nullable(),
      count,
      percentage: percent,
      previousCount: count,
    }),
  ),
  totalContacts: count,
  ...periods,
  previous: z.object({ totalContacts: count }),
  explanations: explanations(COUNTRIES_FIGURES),
});
export type CountriesAnalytics = z.infer<typeof CountriesAnalyticsSchema>;

export const CompaniesAnalyticsSchema = z.object({
  /** Most contacts first; names compared without case or surrounding spaces. */
  companies: z.array(z.object({ company: z.string(), count, previousCount: count })),
  totalContacts: count,
  withoutCompany: count,
  ...periods,
  previous: z.object({ totalContacts: count }),
  explanations: explanations(COMPANIES_FIGURES),
});
export type CompaniesAnalytics = z.infer<typeof CompaniesAnalyticsSchema>;

/** Spec §3: the industries are the contacts' roles. */
export const IndustriesAnalyticsSchema = z.object({
  industries: z.array(z.object({ role: z.string(), count, previousCount: count })),
  totalContacts: count,
  withoutRole: count,
  ...periods,
  previous: z.object({ totalContacts: count }),
  explanations: explanations(INDUSTRIES_FIGURES),
});
export type IndustriesAnalytics = z.infer<typeof IndustriesAnalyticsSchema>;

export const EngagementDaySchema = z.object({
  date: z.string(),
  profileViews: count,
  nfcScans: count,
  verifiedTaps: count,
  linkClicks: count,
  contactSaves: count,
});
export type EngagementDay = z.infer<typeof EngagementDaySchema>;

export const EngagementSummarySchema = z.object({
  totalProfileViews: count,
  totalNfcScans: count,
  totalVerifiedTaps: count,
  totalLinkClicks: count,
  totalContactSaves: count,
  totalEngagements: count,
  /** One decimal. */
  avgDailyEngagement: z.number(),
});
export type EngagementSummary = z.infer<typeof EngagementSummarySchema>;

/**
 * From when card figures leave out the owner and count repeat openings once (migration 031); events
 * stored before name nobody, so days before it may include the owner's own views and repeats.
 */
const countingSince = z.string();

export const EngagementAnalyticsSchema = z.object({
  /** Every day of the period, oldest first, days without events included. */
  engagementData: z.array(EngagementDaySchema),
  summary: EngagementSummarySchema,
  /** totalEngagements against the previous period. */
  trend: TrendSchema,
  ...periods,
  /** `engagementData[i]` is the i-th day of the previous period, for a comparison line. */
  previous: z.object({ engagementData: z.array(EngagementDaySchema), summary: EngagementSummarySchema }),
  explanations: explanations(ENGAGEMENT_FIGURES),
  countingSince,
});
export type EngagementAnalytics = z.infer<typeof EngagementAnalyticsSchema>;

export const CardSourceSchema = z.enum(CARD_SOURCES);

export const ConversionFunnelSchema = z.object({ nfcScans: count, profileViews: count, contactSaves: count });
/** Percentages to one decimal, 0 when the denominator is 0. */
export const ConversionRatesSchema = z.object({
  scanSuccess: percent,
  scanToContact: percent,
  scanToView: percent,
});

/** Always the four sources, in the order nfc, qr, link, other; `percentage` of all views. */
export const ViewSourcesSchema = z.array(
  z.object({
    source: CardSourceSchema,
    views: count,
    percentage: percent,
    /** Contact saves made on a page opened this way, and per 100 such views. */
    saves: count,
    saveRate: percent,
  }),
);
export type ViewSources = z.infer<typeof ViewSourcesSchema>;

export const ConversionAnalyticsSchema = z.object({
  conversionFunnel: ConversionFunnelSchema,
  conversionRates: ConversionRatesSchema,
  viewSources: ViewSourcesSchema,
  ...periods,
  previous: z.object({
    conversionFunnel: ConversionFunnelSchema,
    conversionRates: ConversionRatesSchema,
    viewSources: ViewSourcesSchema,
  }),
  explanations: explanations(CONVERSION_FIGURES),
  countingSince,
});
export type ConversionAnalytics = z.infer<typeof ConversionAnalyticsSchema>;

export const GeographicalSummarySchema = z.object({
  totalContacts: count,
  contactsWithLocation: count,
  /** Distinct known countries. */
  countries: count,
  topCountry: z.string().nullable(),
  topPlace: z.string().nullable(),
});

export const GeographicalAnalyticsSchema = z.object({
  /**
   * One entry per place where contacts were met (most contacts first): the words of the place, its
   * country, and the mean of the contacts' coordinates there. `place` is null at sea.
   */
  geoData: z.array(
    z.object({
      place: z.string().nullable(),
      country: z.string(),
      countryCode: z.string().nullable(),
      lat: z.number(),
      lng: z.number(),
      count,
    }),
  ),
  summary: GeographicalSummarySchema,
  ...periods,
  previous: z.object({ summary: GeographicalSummarySchema }),
  explanations: explanations(GEOGRAPHICAL_FIGURES),
});
export type GeographicalAnalytics = z.infer<typeof GeographicalAnalyticsSchema>;

const userAnalytics = { method: 'GET', auth: 'member', errors: [] } as const;

export const UserAnalyticsEndpoints = {
  countries: defineEndpoint({
    ...userAnalytics,
    path: '/api/user-analytics/countries',
    summary:
      'Countries where the member met the contacts saved in the range (offline lookup from coordinates).',
    query: UserAnalyticsQuerySchema,
    responses: { 200: CountriesAnalyticsSchema },
  }),
  companies: defineEndpoint({
    ...userAnalytics,
    path: '/api/user-analytics/companies',
    summary: 'Companies of the contacts saved in the range.',
    query: UserAnalyticsQuerySchema,
    responses: { 200: CompaniesAnalyticsSchema },
  }),
  industries: defineEndpoint({
    ...userAnalytics,
    path: '/api/user-analytics/industries',
    summary: 'Roles of the contacts saved in the range.',
    query: UserAnalyticsQuerySchema,
    responses: { 200: IndustriesAnalyticsSchema },
  }),
  engagement: defineEndpoint({
    ...userAnalytics,
    path: '/api/user-analytics/engagement',
    summary: 'Views, NFC scans, link clicks and saves on the member’s card page, per day of the range.',
    query: UserAnalyticsQuerySchema,
    responses: { 200: EngagementAnalyticsSchema },
  }),
  conversion: defineEndpoint({
    ...userAnalytics,
    path: '/api/user-analytics/conversion',
    summary:
      'The funnel from NFC scan to profile view to contact save, its rates, and where views came from.',
    query: UserAnalyticsQuerySchema,
    responses: { 200: ConversionAnalyticsSchema },
  }),
  geographical: defineEndpoint({
    ...userAnalytics,
    path: '/api/user-analytics/geographical',
    summary: 'Places where the member met the contacts saved in the range.',
    query: GeographicalQuerySchema,
    responses: { 200: GeographicalAnalyticsSchema },
  }),
  export: defineEndpoint({
    ...userAnalytics,
    path: '/api/user-analytics/export',
    summary:
      'One analytics table as a UTF-8 CSV file (formula-safe cells), named after its type and dates, e.g. tapnet-analytics-countries-2026-10-26-to-2026-11-24.csv.',
    query: AnalyticsExportQuerySchema,
    responses: { 200: z.string() },
    produces: 'text/csv',
  }),
};

export const analyticsEndpoints = [AnalyticsSummaryEndpoint, ...Object.values(UserAnalyticsEndpoints)];
