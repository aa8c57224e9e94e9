// The build-time settings (README "Configuration", the `VITE_` rows), parsed once: the one file that reads
// import.meta.env (a unit test holds it to that). Vite bakes the values in at `npm run build`.
//
// zod/mini, not zod: the public card page imports this (for the API's address) and must stay under its
// JavaScript budget (README Budgets); the mini build brings only the few checks used here.
import * as z from 'zod/mini';

/** An unset or empty setting takes the default, as a blank line in an .env file means "not set". */
function text(fallback: string) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((value) => (value ? value : fallback)),
  );
}

/** A count of milliseconds; anything that is not one (a typo, a negative) keeps the default. */
function milliseconds(fallback: number) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((value) => {
      const parsed = Number(value);
      return value && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
    }),
  );
}

const BuildSettingsSchema = z.object({
  /** Empty: the API is on the app's own origin. */
  VITE_API_BASE: text(''),
  VITE_ADMIN_EMAIL: text('admin@tapnet.app'),
  VITE_SECURITY_EMAIL: text('security@tapnet.app'),
  VITE_SHOP_URL: text('https://shop.tapnet.app'),
  VITE_INSIGHTS_PREFETCH: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value !== 'false'),
  ),
  VITE_INSIGHTS_PREFETCH_TIMEOUT_MS: milliseconds(30_000),
  VITE_INSIGHTS_PREFETCH_RETRY_DELAY_MS: milliseconds(5_000),
  PROD: z.boolean(),
});

const settings = BuildSettingsSchema.parse(import.meta.env);

/** Prefixed to every API path: the server's origin when the app is served from another one. */
export const API_BASE = settings.VITE_API_BASE;

/** The e-mail each operator login form starts with (spec §2 "a default admin email from configuration"). */
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
