// The build-time settings (docs/configuration.md, the `VITE_` rows), parsed once: the one file that reads
// import.meta.env (a unit test holds it to that). Vite bakes the values in at `npm run build`.
//
// Parsed by hand, not with zod: the public card page imports this (for the API's address) and must stay
// under its JavaScript budget (docs/budgets.md); zod/mini put 12 KB (gzip) on it.

type RawSettings = Partial<Record<string, string | boolean>>;

/** An unset or empty setting takes the default, as a blank line in an .env file means "not set". */
function text(value: string | boolean | undefined, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** A count of milliseconds; anything that is not one (a typo, a negative) keeps the default. */
function milliseconds(value: string | boolean | undefined, fallback: number): number {
  const parsed = Number(value);
  return typeof value === 'string' && value !== '' && Number.isFinite(parsed) && parsed >= 0
    ? parsed
    : fallback;
}

function parseSettings(raw: RawSettings) {
  return {
    /** Empty: the API is on the app's own origin. */
    VITE_API_BASE: text(raw.VITE_API_BASE, ''),
    // Empty unless the build names one: a made-up default sent operators to sign in as nobody (issue 30).
    VITE_ADMIN_EMAIL: text(raw.VITE_ADMIN_EMAIL, ''),
    VITE_SECURITY_EMAIL: text(raw.VITE_SECURITY_EMAIL, ''),
    VITE_SHOP_URL: text(raw.VITE_SHOP_URL, 'https://shop.tapnet.app'),
    VITE_INSIGHTS_PREFETCH: raw.VITE_INSIGHTS_PREFETCH !== 'false',
    VITE_INSIGHTS_PREFETCH_TIMEOUT_MS: milliseconds(raw.VITE_INSIGHTS_PREFETCH_TIMEOUT_MS, 30_000),
    VITE_INSIGHTS_PREFETCH_RETRY_DELAY_MS: milliseconds(raw.VITE_INSIGHTS_PREFETCH_RETRY_DELAY_MS, 5_000),
    PROD: raw.PROD === true,
  };
}

const settings = parseSettings(import.meta.env);

/** Prefixed to every API path: the server's origin when the app is served from another one. */
export const API_BASE = settings.VITE_API_BASE;

/**
 * The e-mail each operator login form starts with (spec §2 "a default admin email from configuration"):
 * empty unless the build sets one.
 */
export const OPERATOR_DEFAULT_EMAILS = {
  admin: settings.VITE_ADMIN_EMAIL,
  security: settings.VITE_SECURITY_EMAIL,
} as const;

/** Where 'Order Now' on /my-card sends members without a card. */
export const SHOP_URL = settings.VITE_SHOP_URL;

/** Insights prefetch (insights-and-operators.md §7): on unless turned off, its timeout and retry delay. */
export const INSIGHTS_PREFETCH = {
  enabled: settings.VITE_INSIGHTS_PREFETCH,
  timeoutMs: settings.VITE_INSIGHTS_PREFETCH_TIMEOUT_MS,
  retryDelayMs: settings.VITE_INSIGHTS_PREFETCH_RETRY_DELAY_MS,
} as const;

/** A production build (`npm run build`), not Vite's development server or a test run. */
export const IS_PRODUCTION_BUILD = settings.PROD;
