// The admin analytics dashboard's data (insights-and-operators.md §3 "Admin analytics response", §7
// Operators), its CSV exports, and what the dashboard shows beyond the spec: one-line definitions, the
// time zone "today" is counted in, the card funnel, retention and the share of saves made offline.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** §9: recent registrations and logins (10 in Users and Sessions, 5 on Overview), countries up to 20, 30-day charts. */
export const ADMIN_LIST_LIMIT = 10;
export const ADMIN_OVERVIEW_LIST_LIMIT = 5;
export const ADMIN_COUNTRY_LIMIT = 20;
export const ADMIN_CHART_DAYS = 30;
/** research/wave2.md §1.2: the anchors' windows (Umami, Plausible, PostHog, Matomo). */
export const VISIT_IDLE_MINUTES = 30;
export const ONLINE_NOW_MINUTES = 5;
/** The funnel's "tapped" step looks back this far. */
export const CARD_TAP_WINDOW_DAYS = 30;

/** The device class a session is counted under; null or undetectable shows as 'Unknown' (§2 Devices). */
export const DeviceClassSchema = z.enum(['mobile', 'tablet', 'desktop', 'Unknown']);
export type DeviceClass = z.infer<typeof DeviceClassSchema>;

const CountSchema = z.number().int().nonnegative();
/** Instants on the wire are ISO 8601 in UTC; the dashboard shows them in the viewer's locale. */
const InstantSchema = z.string();

export const AdminUsersFiguresSchema = z.object({
  total: CountSchema,
  newToday: CountSchema,
  activeToday: CountSchema,
  /** verified / total × 100, rounded to one decimal; 0 with no members. */
  verificationRate: z.number(),
  verified: CountSchema,
});

export const AdminSessionFiguresSchema = z.object({
  onlineNow: CountSchema,
  /** Mean visit length in minutes, one decimal. */
  avgDurationMinutes: z.number(),
  todayCount: CountSchema,
  totalSessions: CountSchema,
});

/** One day of the chart: `_id` is the calendar date (YYYY-MM-DD) in the analytics time zone. */
export const DailyCountSchema = z.object({ _id: z.string(), count: CountSchema });
export const DeviceCountSchema = z.object({ _id: z.string(), count: CountSchema });
/** `_id`: ISO 3166-1 alpha-2 code; the dashboard names it with Intl.DisplayNames. */
export const CountryCountSchema = z.object({ _id: z.string(), count: CountSchema });

export const RecentLoginSchema = z.object({
  user: z.object({ email: z.string() }),
  loginAt: InstantSchema,
  device: DeviceClassSchema,
  country: z.string().nullable(),
});
export const RecentRegistrationSchema = z.object({
  email: z.string(),
  isVerified: z.boolean(),
  createdAt: InstantSchema,
});
export type RecentLogin = z.infer<typeof RecentLoginSchema>;
export type RecentRegistration = z.infer<typeof RecentRegistrationSchema>;

/** The activation funnel of issued NFC cards (beyond the spec). */
export const CardFunnelSchema = z.object({
  issued: CountSchema,
  claimed: CountSchema,
  /** Claimed cards tapped at least once in the last CARD_TAP_WINDOW_DAYS days. */
  tappedLast30Days: CountSchema,
});

/** Contact saves that were queued offline and sent later by the outbox (the product's own promise, measured). */
export const OfflineSavesSchema = z.object({
  total: CountSchema,
  offline: CountSchema,
  /** offline / total × 100, one decimal; 0 with no saves. */
  percentage: z.number(),
  /** The saves counted: those of the last `days` days. */
  days: CountSchema,
});

export const RetentionSchema = z.object({
  sessionDays: CountSchema,
  /** The "what we keep and for how long" line, shown as is. */
  line: z.string(),
});

/** Every figure's rule in one line, keyed like the figure ("users.activeToday"). */
export const DefinitionsSchema = z.record(z.string(), z.string());

export const AdminAnalyticsDataSchema = z.object({
  users: AdminUsersFiguresSchema,
  sessions: AdminSessionFiguresSchema,
  growth: z.object({ daily: z.array(DailyCountSchema) }),
  devices: z.object({ devices: z.array(DeviceCountSchema) }),
  geography: z.object({ countries: z.array(CountryCountSchema) }),
  recentActivity: z.object({
    recentLogins: z.array(RecentLoginSchema),
    recentRegistrations: z.array(RecentRegistrationSchema),
  }),
  cards: CardFunnelSchema,
  offlineSaves: OfflineSavesSchema,
  retention: RetentionSchema,
  /** The IANA zone "today" and the chart's days are counted in (ANALYTICS_TIMEZONE). */
  timeZone: z.string(),
  definitions: DefinitionsSchema,
  generatedAt: InstantSchema,
});
export type AdminAnalyticsData = z.infer<typeof AdminAnalyticsDataSchema>;

export const AdminAnalyticsResponseSchema = z.object({ data: AdminAnalyticsDataSchema });
export type AdminAnalyticsResponse = z.infer<typeof AdminAnalyticsResponseSchema>;

export const AdminAnalyticsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/analytics',
  summary:
    'Members, sessions, growth, devices, countries, recent activity and the card funnel, for the admin dashboard.',
  auth: 'admin',
  responses: { 200: AdminAnalyticsResponseSchema },
  errors: [],
});

/** The tables the dashboard shows, each downloadable as CSV. */
export const AdminExportTableSchema = z.enum(['growth', 'devices', 'countries', 'registrations', 'logins'], {
  error: 'table must be growth, devices, countries, registrations or logins',
});
export type AdminExportTable = z.infer<typeof AdminExportTableSchema>;

export const AdminAnalyticsExportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/analytics/export/:table',
  summary:
    'One dashboard table as CSV: growth (30 days), devices, countries, registrations or logins (last 10).',
  auth: 'admin',
  params: z.object({ table: AdminExportTableSchema }),
  responses: { 200: z.string() },
  produces: 'text/csv',
  errors: [],
});

export const adminAnalyticsEndpoints = [AdminAnalyticsEndpoint, AdminAnalyticsExportEndpoint];
