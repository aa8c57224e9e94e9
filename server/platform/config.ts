// Every server setting, read once from the environment and validated (DESIGN.md §5).
import { isIP } from 'node:net';
import { z } from 'zod';
import { isOutboundAllowEntry } from './outbound/destinations';

/**
 * Which proxies' X-Forwarded-For entries to believe; the client is the rightmost address not vouched
 * for. `false` (default): none, the socket's peer is the client. A number: that many proxy hops in front
 * of the server. A list of proxy addresses or CIDRs: those, and only those. `true` believes the leftmost
 * entry, which the client writes itself: only safe behind a proxy that overwrites the header.
 */
export type TrustProxy = boolean | number | string[];

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
}

const TrustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((value, context): TrustProxy => {
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrCidr(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be true, false, a hop count or a list of proxy addresses/CIDRs; not ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/**
 * The online basemap with no configuration: OpenFreeMap's Liberty style, free and without a key, its
 * style, tiles, glyphs and sprites all on one host (docs/behaviour/maps.md for its terms).
 */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

/** Map hosts must be https; http only on loopback, for a tile server on the same machine (and tests). */
function isAllowedMapUrl(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * The one place the CSP's map hosts come from: the style's own host (where OpenFreeMap and most hosted
 * styles also serve tiles, glyphs and sprites) plus any MAP_ORIGINS for hosts a style names besides.
 */
function mapOriginsOf(styleUrl: string | null, extraOrigins: readonly string[]): string[] {
  const origins = [...(styleUrl ? [styleUrl] : []), ...extraOrigins].map((url) => new URL(url).origin);
  return [...new Set(origins)];
}

const urlList = z
  .string()
  .default('')
  .transform((list) =>
    list
      .split(/[\s,]+/)
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/, error: 'Feed lists must hold http(s) URLs' })));

/** OUTBOUND_ALLOW_HOSTS: host names, addresses or CIDRs the server may call although they are not public. */
const OutboundAllowHostsSchema = z
  .string()
  .default('')
  .transform((list, context) => {
    const entries = list
      .split(/[\s,]+/)
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isOutboundAllowEntry(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `OUTBOUND_ALLOW_HOSTS must list host names, addresses or CIDRs; not ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** What an Apple Wallet pass needs (docs/configuration.md); the key's passphrase only if it has one. */
const WALLET_SETTINGS = [
  'WALLET_PASS_TYPE_ID',
  'WALLET_TEAM_ID',
  'WALLET_SIGNER_CERT',
  'WALLET_SIGNER_KEY',
  'WALLET_WWDR_CERT',
] as const;

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5001),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalString,
    DATA_DIR: z.string().default('./data'),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    JWT_SECRET: optionalString.pipe(
      z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    ),
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('Tapnet <no-reply@tapnet.local>'),
    ADMIN_EMAIL: optionalString,
    ADMIN_PASSWORD: optionalString,
    SECURITY_EMAIL: optionalString,
    SECURITY_PASSWORD: optionalString,
    NODE_ENV: optionalString,
    OPERATOR_SECOND_FACTOR: z
      .enum(['required', 'optional'], 'OPERATOR_SECOND_FACTOR must be required or optional')
      .optional(),
    WEBAUTHN_RP_ID: optionalString,
    WEBAUTHN_ORIGIN: optionalString.pipe(z.url('WEBAUTHN_ORIGIN must be a URL').optional()),
    TRUST_PROXY: TrustProxySchema,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STATIC_DIR: z.string().default('./dist'),
    SSR_DIR: z.string().default('./dist-ssr'),
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    IPV6_PREFIX_LENGTH: z.coerce.number().int().min(32).max(128).default(64),
    MAP_STYLE_URL: z
      .string()
      .trim()
      .default(DEFAULT_MAP_STYLE_URL)
      .transform((value) => (value === '' || value === 'off' ? null : value))
      .pipe(
        z
          .url({ protocol: /^https?$/, error: 'MAP_STYLE_URL must be an http(s) URL, or off' })
          .refine(isAllowedMapUrl, 'MAP_STYLE_URL must be https:// (http:// only on this machine), or off')
          .nullable(),
      ),
    HEALTH_MIN_FREE_MB: z.coerce.number().nonnegative().default(64),
    WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
    GEOIP_DB: optionalString,
    CARD_KEYS_SECRET: optionalString.pipe(
      z.string().min(32, 'CARD_KEYS_SECRET must be at least 32 characters').optional(),
    ),
    CARD_ISSUER_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[0-9A-Fa-f]{32}$/, 'CARD_ISSUER_KEY must be 32 hex characters (an AES-128 key)')
        .optional(),
    ),
    SECURITY_MONITORING: z.enum(['on', 'off']).default('on'),
    SECURITY_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
    SECURITY_DAILY_COUNT_RETENTION_DAYS: z.coerce.number().int().min(1).default(400),
    SECURITY_EVENT_SAMPLE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    SECURITY_SYNC_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
    SECURITY_ALERT_EMAIL: optionalString.pipe(
      z.email('SECURITY_ALERT_EMAIL must be an e-mail address').optional(),
    ),
    SECURITY_ALERT_THROTTLE_MINUTES: z.coerce.number().int().min(1).default(15),
    SECURITY_TRAFFIC_RECORD: optionalString,
    ANALYTICS_TIMEZONE: z
      .string()
      .trim()
      .default('UTC')
      .refine(isTimeZone, 'ANALYTICS_TIMEZONE must be an IANA time zone such as UTC or Europe/Paris'),
    SESSION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    MAP_ORIGINS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .url({ protocol: /^https?$/, error: 'MAP_ORIGINS must list https:// origins' })
            .refine(isAllowedMapUrl, 'MAP_ORIGINS must list https:// origins'),
        ),
      ),
    // Insights (docs/behaviour/insights.md): where news and events come from, and the optional LLM summariser.
    FEEDS_FILE: optionalString,
    NEWS_FEEDS: urlList,
    EVENT_FEEDS: urlList,
    FEED_REFRESH_MINUTES: z.coerce.number().nonnegative().default(60),
    FEED_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    FEED_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(5 * 1024 * 1024),
    OUTBOUND_ALLOW_HOSTS: OutboundAllowHostsSchema,
    FEED_MAX_ITEMS: z.coerce.number().int().positive().default(2_000),
    FEED_MAX_OCCURRENCES: z.coerce.number().int().positive().default(5_000),
    FEED_MAX_ITEM_CHARS: z.coerce.number().int().positive().default(20_000),
    FEED_PARSE_BUDGET_MS: z.coerce.number().int().positive().default(20_000),
    LLM_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    LLM_API_KEY: optionalString,
    LLM_MODEL: z.string().trim().default('gpt-4o-mini'),
    LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    LLM_TOKEN_PARAM: z.enum(['max_tokens', 'max_completion_tokens']).default('max_tokens'),
    WALLET_PASS_TYPE_ID: optionalString,
    WALLET_TEAM_ID: optionalString,
    WALLET_SIGNER_CERT: optionalString,
    WALLET_SIGNER_KEY: optionalString,
    WALLET_SIGNER_KEY_PASSPHRASE: optionalString,
    WALLET_WWDR_CERT: optionalString,
  })
  .superRefine((env, context) => {
    const missing = WALLET_SETTINGS.filter((name) => env[name] === undefined);
    if (missing.length > 0 && missing.length < WALLET_SETTINGS.length) {
      context.addIssue({
        code: 'custom',
        path: ['WALLET_PASS_TYPE_ID'],
        message: `Apple Wallet passes need all of ${WALLET_SETTINGS.join(', ')}, or none; missing: ${missing.join(', ')}`,
      });
    }
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    operators: {
      admin:
        env.ADMIN_EMAIL && env.ADMIN_PASSWORD
          ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
          : undefined,
      security:
        env.SECURITY_EMAIL && env.SECURITY_PASSWORD
          ? { email: env.SECURITY_EMAIL, password: env.SECURITY_PASSWORD }
          : undefined,
    },
    /**
     * Whether an operator must have a second factor (TOTP) to reach a dashboard: one without is taken
     * to enrolment at sign-in and reaches nothing else. Required by default in production.
     */
    operatorSecondFactor:
      env.OPERATOR_SECOND_FACTOR ?? (env.NODE_ENV === 'production' ? 'required' : 'optional'),
    /**
     * Operators' passkeys (WebAuthn): the relying party's id (a domain; a passkey works only there and
     * on its subdomains) and the origin the browser reports. Both follow PUBLIC_URL unless set.
     */
    webauthn: webauthnOf(
      env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      env.WEBAUTHN_RP_ID,
      env.WEBAUTHN_ORIGIN,
    ),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    staticDir: env.STATIC_DIR,
    ssrDir: env.SSR_DIR,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    /** IPv6 clients are limited, scored and blocked by this network (one subscriber's /64 by default). */
    ipv6PrefixLength: env.IPV6_PREFIX_LENGTH,
    map: {
      styleUrl: env.MAP_STYLE_URL,
      origins: mapOriginsOf(env.MAP_STYLE_URL, env.MAP_ORIGINS),
    },
    /** Server processes (node's cluster); more than one needs PostgreSQL. */
    workers: env.WORKERS,
    /** Prometheus metrics on their own port, never on the public one (unset: not served). */
    metrics: env.METRICS_PORT ? { port: env.METRICS_PORT, host: env.METRICS_HOST } : undefined,
    /** How long a stopping process lets requests in flight finish before it exits anyway. */
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    /** Below this much free space in DATA_DIR, /api/health reports degraded: inserts are about to fail. */
    healthMinFreeBytes: env.HEALTH_MIN_FREE_MB * 1024 * 1024,
    /** A MaxMind-format country database (.mmdb); unset: the built-in IP2Location LITE table (IPv4 only). */
    geoipDb: env.GEOIP_DB,
    /**
     * Secure cards (docs/behaviour/secure-cards.md): the secret their keys are sealed under (unset: no
     * secure cards, and the server refuses to start if some are stored), and the optional issuer key
     * that per-card keys are diversified from.
     */
    secureCards: { keysSecret: env.CARD_KEYS_SECRET, issuerKey: env.CARD_ISSUER_KEY },
    /** Security monitoring (docs/behaviour/security.md); alerts go to the security operator unless set. */
    security: {
      enabled: env.SECURITY_MONITORING === 'on',
      eventRetentionDays: env.SECURITY_EVENT_RETENTION_DAYS,
      dailyCountRetentionDays: env.SECURITY_DAILY_COUNT_RETENTION_DAYS,
      eventSamplePerMinute: env.SECURITY_EVENT_SAMPLE_PER_MINUTE,
      syncIntervalMs: env.SECURITY_SYNC_INTERVAL_MS,
      alertEmail: env.SECURITY_ALERT_EMAIL ?? env.SECURITY_EMAIL,
      alertThrottleMinutes: env.SECURITY_ALERT_THROTTLE_MINUTES,
      /** A file each answered request is appended to as the rules saw it (`npm run record:e2e-traffic`). */
      trafficRecordFile: env.SECURITY_TRAFFIC_RECORD,
    },
    /** Members' webhooks: outbound calls through the same guard as feeds (DESIGN.md "Outbound requests"). */
    webhooks: { outboundAllowHosts: env.OUTBOUND_ALLOW_HOSTS, timeoutMs: env.WEBHOOK_TIMEOUT_MS },
    /** The zone the admin dashboard's "today" and chart days are counted in. */
    analyticsTimeZone: env.ANALYTICS_TIMEZONE,
    /** Member sessions and visits older than this are deleted by housekeeping. */
    sessionRetentionDays: env.SESSION_RETENTION_DAYS,
    // The hosts of VITE_MAP_STYLE_URL's style, tiles, glyphs and sprites, which the CSP must let the map reach.
    mapOrigins: env.MAP_ORIGINS.map((url) => new URL(url).origin),
    /**
     * Apple Wallet passes of members' cards (docs/configuration.md): the pass type and team, and the
     * PEM files that sign a pass; unset, the option is hidden. All or none (checked above).
     */
    wallet:
      env.WALLET_PASS_TYPE_ID &&
      env.WALLET_TEAM_ID &&
      env.WALLET_SIGNER_CERT &&
      env.WALLET_SIGNER_KEY &&
      env.WALLET_WWDR_CERT
        ? {
            passTypeId: env.WALLET_PASS_TYPE_ID,
            teamId: env.WALLET_TEAM_ID,
            signerCertFile: env.WALLET_SIGNER_CERT,
            signerKeyFile: env.WALLET_SIGNER_KEY,
            signerKeyPassphrase: env.WALLET_SIGNER_KEY_PASSPHRASE,
            wwdrCertFile: env.WALLET_WWDR_CERT,
          }
        : undefined,
    insights: {
      feedsFile: env.FEEDS_FILE,
      newsFeeds: env.NEWS_FEEDS,
      eventFeeds: env.EVENT_FEEDS,
      /** 0 stops the schedule (tests fetch on demand). */
      refreshIntervalMs: env.FEED_REFRESH_MINUTES * 60 * 1000,
      fetchLimits: { timeoutMs: env.FEED_TIMEOUT_MS, maxBytes: env.FEED_MAX_BYTES },
      /** Feeds and the LLM endpoint are the server's outbound calls today (DESIGN.md "Outbound requests"). */
      outboundAllowHosts: env.OUTBOUND_ALLOW_HOSTS,
      feedLimits: {
        maxItems: env.FEED_MAX_ITEMS,
        maxOccurrences: env.FEED_MAX_OCCURRENCES,
        maxItemChars: env.FEED_MAX_ITEM_CHARS,
        parseBudgetMs: env.FEED_PARSE_BUDGET_MS,
      },
      llm: env.LLM_BASE_URL
        ? {
            baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
            apiKey: env.LLM_API_KEY,
            model: env.LLM_MODEL,
            timeoutMs: env.LLM_TIMEOUT_MS,
            tokenParam: env.LLM_TOKEN_PARAM,
            outboundAllowHosts: env.OUTBOUND_ALLOW_HOSTS,
          }
        : undefined,
    },
  }));

export type Config = z.output<typeof ConfigSchema>;

function webauthnOf(publicUrl: string, rpId: string | undefined, origin: string | undefined) {
  const url = new URL(publicUrl);
  return { rpId: rpId ?? url.hostname, origin: (origin ?? url.origin).replace(/\/+$/, '') };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}
