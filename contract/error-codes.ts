// The closed set of error codes and the status each comes with, apart from the answer's zod schema in
// errors.ts: the client's transport (src/api/transport.ts) reads codes on the public card page, which
// must not load zod (docs/budgets.md).

/**
 * Every code the API answers with, and the status it always comes with. `error` carries the spec's
 * wording for people; clients decide on `code` alone, so a reworded message never changes behaviour.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_INVALID: 401,
  REFRESH_TOKEN_INVALID: 401,
  SESSION_ENDED: 401,
  SECOND_FACTOR_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_NOT_FOUND: 401,
  EMAIL_NOT_VERIFIED: 403,
  OPERATOR_ACCOUNT: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONTACT_NOT_FOUND: 404,
  CARD_NOT_FOUND: 404,
  CARD_UNCLAIMED: 404,
  CARD_REPLACED: 410,
  CARD_UNAVAILABLE: 410,
  INVITATION_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CARD_TAKEN: 409,
  CARD_LINK_TAKEN: 409,
  REQUEST_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ACCOUNT_LOCKED: 423,
  ACCOUNT_DISABLED: 403,
  // The admin's support tools.
  MEMBER_NOT_FOUND: 404,
  NO_CARD_LINKED: 409,
  ACCOUNT_ALREADY_DISABLED: 409,
  ACCOUNT_NOT_DISABLED: 409,
  RATE_LIMITED: 429,
  INVALID_CODE: 400,
  SECOND_FACTOR_INVALID: 400,
  ENROLMENT_NOT_STARTED: 409,
  OPERATOR_NOT_FOUND: 404,
  NO_SECOND_FACTOR: 409,
  OWN_SECOND_FACTOR: 409,
  PASSKEY_INVALID: 400,
  PASSKEY_NOT_FOUND: 404,
  PASSKEY_LIMIT: 409,
  SESSION_NOT_FOUND: 404,
  CODE_EXPIRED: 400,
  TOO_MANY_CODE_ATTEMPTS: 400,
  ALREADY_VERIFIED: 400,
  RESET_LINK_INVALID: 400,
  CONTACT_EXISTS: 400,
  OWN_CARD: 400,
  CARD_INCOMPLETE: 400,
  CONTACT_HAS_NO_EMAIL: 400,
  INTERNAL_ERROR: 500,
  DATABASE_UNAVAILABLE: 503,
  // Mail: send-card limits and the "never e-mail me again" link.
  CARD_SENT_TODAY: 429,
  CARD_DAILY_LIMIT: 429,
  SHARE_LIMIT_REACHED: 429,
  UNSUBSCRIBE_INVALID: 404,
  // Account security: e-mail change by code, Idempotency-Keys tied to one request.
  WRONG_PASSWORD: 400,
  EMAIL_UNCHANGED: 400,
  EMAIL_CHANGE_NEEDS_CONFIRMATION: 400,
  NO_EMAIL_CHANGE: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  // Offline writes: an edit based on a version that is no longer the current one (contract/versions.ts).
  VERSION_CONFLICT: 412,
  // Insights: the daily forced refresh, clicks on items the feeds no longer hold.
  INSIGHTS_REFRESH_LIMIT: 429,
  INSIGHT_ITEM_NOT_FOUND: 404,
  // Security monitoring: blocked addresses and the operator's tools.
  ADDRESS_BLOCKED: 403,
  ACCOUNT_SUSPENDED: 403,
  SHARED_ADDRESS_UNCONFIRMED: 409,
  IP_NOT_BLOCKED: 404,
  OWN_ADDRESS: 400,
  ADDRESS_ALLOWLISTED: 409,
  ALLOWLIST_ENTRY_NOT_FOUND: 404,
  RULE_NOT_FOUND: 404,
  RULE_MODE_NOT_ALLOWED: 400,
  // Contacts in other apps: CardDAV app passwords and webhooks.
  APP_PASSWORD_LIMIT: 409,
  APP_PASSWORD_NOT_FOUND: 404,
  WEBHOOK_LIMIT: 409,
  WEBHOOK_NOT_FOUND: 404,
  WEBHOOK_URL_REFUSED: 400,
  // Secure cards: the server holds no key secret, no keys were given and no issuer key is set, a tag
  // UID already on another card.
  SECURE_CARDS_OFF: 409,
  CARD_KEYS_NEEDED: 400,
  CARD_UID_TAKEN: 409,
  // Card photos: an upload that is not a JPEG, PNG or WebP by its content; a photo id no card has.
  PHOTO_NOT_AN_IMAGE: 415,
  PHOTO_NOT_FOUND: 404,
  // Apple Wallet passes: the operator configured no pass-signing certificates, so there is none to have.
  WALLET_PASSES_OFF: 404,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const CODES: ReadonlySet<string> = new Set(Object.keys(ERROR_STATUS));

/** A code this build knows; a newer server's new code is not one, and is read as no code at all. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODES.has(value);
}
