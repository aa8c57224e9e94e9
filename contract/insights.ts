// Insights: preferences, personalised events and news with grounded summaries (spec §3, §4, §7 Insights;
// DESIGN.md §4 Insights). `GET /api/insights/analytics-summary` is declared with the member analytics.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { MessageResponseSchema } from './errors';
import {
  ALL_CITIES,
  BUSINESS_STAGES,
  citiesOf,
  EVENT_TYPES,
  INDUSTRIES,
  OVERRIDE_COUNTRIES,
  TECHNOLOGIES,
} from './insight-options';
import { IfMatchHeadersSchema } from './versions';

export const MAX_INDUSTRIES = 3;
export const MAX_TECHNOLOGIES = 5;
export const INDUSTRY_LIMIT_MESSAGE = 'You can select maximum 3 industries. Please deselect one first.';
export const TECHNOLOGY_LIMIT_MESSAGE = 'You can select maximum 5 technologies. Please deselect one first.';

/** Forced refreshes a member may make per calendar day, for events and for news each (spec §9). */
export const DAILY_FORCED_REFRESH_LIMIT = 1;

const MAX_COMPANIES = 20;
const MAX_CUSTOM_INTERESTS_LENGTH = 500;

/** A list of distinct option values: duplicates collapse rather than count twice against a limit. */
function optionList<const T extends readonly [string, ...string[]]>(options: T, label: string) {
  return z
    .array(z.enum(options, { error: `Unknown ${label}` }))
    .max(options.length)
    .transform((values) => [...new Set(values)]);
}

const CompanyNameSchema = z.string().trim().min(1, 'Company names must not be empty').max(100);

export const LocationOverrideSchema = z
  .object({
    /** '' when no country is chosen. */
    country: z.union([z.literal(''), z.enum(OVERRIDE_COUNTRIES, { error: 'Unknown country' })]).default(''),
    /** '' or one of the cities known for `country` (spec §4: changing the country clears the city). */
    city: z.string().default(''),
  })
  .refine((override) => override.city === '' || citiesOf(override.country).includes(override.city), {
    message: 'The city must be one of the cities of the chosen country',
    path: ['city'],
  });

export const LocationPreferencesSchema = z.object({
  useCurrentLocation: z.boolean().default(true),
  preferredCountries: optionList(OVERRIDE_COUNTRIES, 'country').default([]),
  preferredCities: z
    .array(z.string().refine((city) => ALL_CITIES.includes(city), 'Unknown city'))
    .max(ALL_CITIES.length)
    .transform((values) => [...new Set(values)])
    .default([]),
  locationOverride: LocationOverrideSchema.default({ country: '', city: '' }),
});

/**
 * A member's insight preferences (spec §3 InsightPreferences). Missing fields take their defaults, so
 * a POST replaces the whole set; unknown fields (the old `jobRoles`) are dropped before saving.
 */
export const InsightPreferencesSchema = z.object({
  industries: optionList(INDUSTRIES, 'industry')
    .refine((values) => values.length <= MAX_INDUSTRIES, INDUSTRY_LIMIT_MESSAGE)
    .default([]),
  technologies: optionList(TECHNOLOGIES, 'technology')
    .refine((values) => values.length <= MAX_TECHNOLOGIES, TECHNOLOGY_LIMIT_MESSAGE)
    .default([]),
  companies: z
    .array(CompanyNameSchema)
    .max(MAX_COMPANIES, `At most ${MAX_COMPANIES} companies`)
    .transform((values) => [...new Set(values)])
    .default([]),
  eventTypes: optionList(EVENT_TYPES, 'event type').default([]),
  businessStages: optionList(BUSINESS_STAGES, 'business stage').default([]),
  customInterests: z
    .string()
    .trim()
    .max(
      MAX_CUSTOM_INTERESTS_LENGTH,
      `Custom interests must be at most ${MAX_CUSTOM_INTERESTS_LENGTH} characters`,
    )
    .default(''),
  locationPreferences: LocationPreferencesSchema.default({
    useCurrentLocation: true,
    preferredCountries: [],
    preferredCities: [],
    locationOverride: { country: '', city: '' },
  }),
});
/** Preferences as stored and answered (every field present). */
export type InsightPreferences = z.output<typeof InsightPreferencesSchema>;
/** Preferences as a client may send them (fields may be left out). */
export type InsightPreferencesInput = z.input<typeof InsightPreferencesSchema>;

/**
 * Preferences as the server answers them: every field present and already checked. Answers are
 * encoded with their schema, and the request schema's clean-ups (dropping duplicates) only decode.
 */
export const StoredInsightPreferencesSchema = z.object({
  industries: z.array(z.enum(INDUSTRIES)),
  technologies: z.array(z.enum(TECHNOLOGIES)),
  companies: z.array(z.string()),
  eventTypes: z.array(z.enum(EVENT_TYPES)),
  businessStages: z.array(z.enum(BUSINESS_STAGES)),
  customInterests: z.string(),
  locationPreferences: z.object({
    useCurrentLocation: z.boolean(),
    preferredCountries: z.array(z.enum(OVERRIDE_COUNTRIES)),
    preferredCities: z.array(z.string()),
    locationOverride: z.object({
      country: z.union([z.literal(''), z.enum(OVERRIDE_COUNTRIES)]),
      city: z.string(),
    }),
  }),
}) satisfies z.ZodType<InsightPreferences>;

export const InsightPreferencesResponseSchema = z.object({
  preferences: StoredInsightPreferencesSchema,
  /** When the member last saved; null while they never have (the answer then holds the defaults). */
  updatedAt: z.string().nullable(),
});
export type InsightPreferencesResponse = z.infer<typeof InsightPreferencesResponseSchema>;

export const InsightKindSchema = z.enum(['events', 'news']);
export type InsightKind = z.infer<typeof InsightKindSchema>;

/** Which summariser wrote the text: the built-in extractive one, or the configured LLM. */
export const ProducedBySchema = z.enum(['extractive', 'llm']);
export type ProducedBy = z.infer<typeof ProducedBySchema>;

/** A member's forced refreshes of one kind today (the day of the request's time zone). */
export const RefreshAllowanceSchema = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
});
export type RefreshAllowance = z.infer<typeof RefreshAllowanceSchema>;

/** An event (spec §3 Event), with why it was chosen. */
export const InsightEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** ISO date-time of the (occurrence's) start; `date` and `startDate` carry the same value. */
  date: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  isAllDay: z.boolean(),
  location: z.string(),
  /** Slug of an industry option ('real-estate'), or '' when the feed gives none. */
  industry: z.string(),
  category: z.string(),
  categories: z.array(z.string()),
  /** One of the event type options, or '' when the feed gives none. */
  type: z.string(),
  /** The organiser's page from the feed; '' when the feed has none. */
  url: z.string(),
  /** The feed's title. */
  source: z.string(),
  /** Why this event was chosen, in the member's words ('Technology', 'Berlin', 'Conference'). */
  reasons: z.array(z.string()),
});
export type InsightEvent = z.infer<typeof InsightEventSchema>;

/** A news item (spec §3 News item), with why it was chosen. */
export const NewsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** An industry or technology option the item matched, else the feed's own category. */
  category: z.string(),
  /** A few sentences; the dashboard preview cuts it to 100 characters. */
  summary: z.string(),
  location: z.string(),
  /** When this summary was written. */
  generatedAt: z.string(),
  publishedAt: z.string(),
  /** The article on the publisher's site, exactly as the feed gives it. */
  url: z.string(),
  source: z.string(),
  reasons: z.array(z.string()),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

/** One line of the digest, citing the items (by id) it comes from. */
export const DigestPointSchema = z.object({ text: z.string(), itemIds: z.array(z.string()) });
export type DigestPoint = z.infer<typeof DigestPointSchema>;

const DigestFieldsSchema = z.object({
  producedBy: ProducedBySchema,
  generatedAt: z.string(),
  /** True when answered from the member's cache for this preference set, not generated now. */
  fromCache: z.boolean(),
  refresh: RefreshAllowanceSchema,
});

export const EventsSummarySchema = DigestFieldsSchema.extend({
  events: z.array(InsightEventSchema),
  /** A short overview of the events chosen. */
  summary: z.string(),
});
export type EventsSummary = z.infer<typeof EventsSummarySchema>;

export const NewsSummarySchema = DigestFieldsSchema.extend({
  news: z.array(NewsItemSchema),
  /** The day's key points over the items chosen, each citing them. */
  digest: z.array(DigestPointSchema),
  /** The time zone the day was counted in. */
  timezone: z.string(),
});
export type NewsSummary = z.infer<typeof NewsSummarySchema>;

export const TimezoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/** `?force=true` asks for fresh summaries, counted against the daily limit (so does `forceRefresh`). */
export const ForceQuerySchema = z.object({ force: z.enum(['true', 'false']).optional() });

/** The body of events-summary and news-summary (the time zone says which day it is for the member). */
export const DigestRequestSchema = z.object({
  /** Without it the member's saved preferences are used. */
  preferences: InsightPreferencesSchema.optional(),
  forceRefresh: z.boolean().optional(),
  timezone: TimezoneSchema.default('UTC'),
});
export type DigestRequest = z.input<typeof DigestRequestSchema>;

export const NewsDetailRequestSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(500),
  category: z.string().max(200).default(''),
  summary: z.string().max(5000).default(''),
  location: z.string().max(200).default(''),
  /** The item's id from news-summary, when the client has it: the detail then reads the stored article. */
  id: z.string().max(100).optional(),
});
export type NewsDetailRequest = z.input<typeof NewsDetailRequestSchema>;

export const RelatedLinkSchema = z.object({ title: z.string(), source: z.string(), url: z.string() });
export type RelatedLink = z.infer<typeof RelatedLinkSchema>;

export const NewsDetailSchema = z.object({
  /** Paragraphs separated by a blank line (spec §3). */
  detailedSummary: z.string(),
  keyPoints: z.array(z.string()),
  /** Real feed URLs only: the stored article and related stored articles. */
  relatedLinks: z.array(RelatedLinkSchema),
  producedBy: ProducedBySchema,
  generatedAt: z.string(),
});
export type NewsDetail = z.infer<typeof NewsDetailSchema>;

export const PrimeResponseSchema = z.object({ status: z.enum(['priming', 'already_in_flight']) });
export type PrimeResponse = z.infer<typeof PrimeResponseSchema>;

export const CachedRequestSchema = z.object({
  type: InsightKindSchema,
  preferences: InsightPreferencesSchema.optional(),
  timezone: TimezoneSchema.default('UTC'),
});
export type CachedRequest = z.input<typeof CachedRequestSchema>;

/** The member's cached digest for this preference set, or null when there is none still valid. */
export const CachedResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('events'), cached: EventsSummarySchema.nullable() }),
  z.object({ type: z.literal('news'), cached: NewsSummarySchema.nullable() }),
]);
export type CachedResponse = z.infer<typeof CachedResponseSchema>;

export const CacheStatsSchema = z.object({
  /** The member's own cached digests. */
  entries: z.array(
    z.object({
      type: InsightKindSchema,
      producedBy: ProducedBySchema,
      generatedAt: z.string(),
      expiresAt: z.string(),
      itemCount: z.number().int(),
    }),
  ),
  refresh: z.object({ events: RefreshAllowanceSchema, news: RefreshAllowanceSchema }),
  /** What the feeds hold for everyone. */
  store: z.object({
    newsItems: z.number().int(),
    events: z.number().int(),
    feeds: z.number().int(),
    lastFetchedAt: z.string().nullable(),
  }),
  summariser: ProducedBySchema,
});
export type CacheStats = z.infer<typeof CacheStatsSchema>;

// Nullish: a DELETE without a body reaches validation as null.
export const ClearCacheRequestSchema = z.object({ type: InsightKindSchema.optional() }).nullish();

export const ClearCacheResponseSchema = z.object({ message: z.string(), cleared: z.number().int() });

export const TrackClickRequestSchema = z.object({
  type: InsightKindSchema,
  /** An event's or a news item's id. */
  itemId: z.string().min(1).max(100),
  action: z.enum(['open', 'learn_more', 'share', 'detail']),
});
export type TrackClickRequest = z.infer<typeof TrackClickRequestSchema>;

export const GetInsightPreferencesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user/insight-preferences',
  summary: 'The member’s insight preferences (defaults while never saved).',
  auth: 'member',
  responses: { 200: InsightPreferencesResponseSchema },
  errors: [],
});

export const SaveInsightPreferencesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/insight-preferences',
  summary:
    'Replaces the member’s insight preferences. Over 3 industries or 5 technologies is refused with the spec’s message in `errors`, and nothing is stored; `jobRoles` is dropped.',
  auth: 'member',
  body: InsightPreferencesSchema,
  headers: IfMatchHeadersSchema,
  responses: { 200: InsightPreferencesResponseSchema },
  errors: ['VERSION_CONFLICT'],
});

export const PrimeInsightsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/insights/prime',
  summary:
    'Starts preparing the member’s events and news digests in the background (called after login); never blocks.',
  auth: 'member',
  responses: { 202: PrimeResponseSchema },
  errors: [],
});

export const CachedInsightsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/insights/cached',
  summary: 'The member’s cached events or news digest for a preference set, without generating one.',
  auth: 'member',
  body: CachedRequestSchema,
  responses: { 200: CachedResponseSchema },
  errors: [],
});

export const EventsSummaryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/insights/events-summary',
  summary:
    'Upcoming events chosen for the preferences, with an overview. `?force=true` or `forceRefresh` regenerates, once a day.',
  auth: 'member',
  query: ForceQuerySchema,
  body: DigestRequestSchema,
  responses: { 200: EventsSummarySchema },
  errors: ['INSIGHTS_REFRESH_LIMIT'],
});

export const NewsSummaryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/insights/news-summary',
  summary:
    'Today’s news chosen for the preferences, each summarised, with a digest citing them. `?force=true` or `forceRefresh` regenerates, once a day.',
  auth: 'member',
  query: ForceQuerySchema,
  body: DigestRequestSchema,
  responses: { 200: NewsSummarySchema },
  errors: ['INSIGHTS_REFRESH_LIMIT'],
});

export const NewsDetailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/insights/news-detail',
  summary: 'A longer summary of one news item, its key points and related links (real feed URLs).',
  auth: 'member',
  body: NewsDetailRequestSchema,
  responses: { 200: NewsDetailSchema },
  errors: [],
});

export const InsightsCacheStatsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/insights/cache/stats',
  summary: 'The member’s cached digests, today’s refreshes left, and what the feeds hold.',
  auth: 'member',
  responses: { 200: CacheStatsSchema },
  errors: [],
});

export const ClearMyInsightsCacheEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/insights/cache/my',
  summary:
    'Drops the member’s cached digests (of one `type`, or all). Does not reset the daily refresh limit.',
  auth: 'member',
  body: ClearCacheRequestSchema,
  responses: { 200: ClearCacheResponseSchema },
  errors: [],
});

export const TrackInsightClickEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/insights/track/click',
  summary: 'Records that the member opened, shared or expanded an event or news item.',
  auth: 'member',
  body: TrackClickRequestSchema,
  responses: { 200: MessageResponseSchema },
  errors: ['INSIGHT_ITEM_NOT_FOUND'],
});

/** The member-facing refusal of a forced refresh over the daily limit (spec §8). */
export function refreshLimitMessage(kind: InsightKind): string {
  return `You've reached your daily limit of ${DAILY_FORCED_REFRESH_LIMIT} ${kind} refreshes. Try again tomorrow!`;
}

/** Said after a refresh while some remain (spec §8). */
export function refreshesLeftMessage(remaining: number): string {
  return `Daily refresh limit reached. You can refresh ${remaining} more times today.`;
}

export const insightEndpoints = [
  GetInsightPreferencesEndpoint,
  SaveInsightPreferencesEndpoint,
  PrimeInsightsEndpoint,
  CachedInsightsEndpoint,
  EventsSummaryEndpoint,
  NewsSummaryEndpoint,
  NewsDetailEndpoint,
  InsightsCacheStatsEndpoint,
  ClearMyInsightsCacheEndpoint,
  TrackInsightClickEndpoint,
];
