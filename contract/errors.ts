// The shape of every error the API returns, and the closed set of codes clients decide on (DESIGN.md §4 Errors).
// The codes themselves are in error-codes.ts (zod-free); they are exported from here too.
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './error-codes';

export { ERROR_STATUS, type ErrorCode };

// Object.keys loses the key type; ERROR_STATUS is the one list of codes.
export const ErrorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** What each code means, for the API reference. */
export const ERROR_MEANING: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request did not match the contract; its errors list says how.',
  BAD_REQUEST: 'The request could not be read (malformed JSON, for example).',
  UNAUTHORIZED: 'No bearer token was sent.',
  TOKEN_INVALID: 'The access token is invalid, expired or of the wrong role.',
  REFRESH_TOKEN_INVALID: 'The refresh token is invalid or expired.',
  SESSION_ENDED: 'A refresh token was used twice; the session has ended.',
  SECOND_FACTOR_EXPIRED: 'The sign-in waited too long for its second factor; sign in again.',
  INVALID_CREDENTIALS: 'Wrong e-mail or password.',
  ACCOUNT_NOT_FOUND: 'The signed-in account no longer exists.',
  EMAIL_NOT_VERIFIED: 'The e-mail address has not been verified yet.',
  OPERATOR_ACCOUNT: 'An operator account tried to sign in as a member.',
  NOT_FOUND: 'No such API route (or a URL shaped like a probe for files, such as one holding %00).',
  METHOD_NOT_ALLOWED:
    'The path exists but not with this method; the Allow header lists the methods it takes.',
  CONTACT_NOT_FOUND: 'No such contact among the member’s contacts.',
  CARD_NOT_FOUND: 'No card has this Card ID.',
  CARD_UNCLAIMED: 'The card exists but nobody has activated it yet.',
  CARD_REPLACED: 'The card’s owner lost it and an operator moved their card to a replacement.',
  CARD_UNAVAILABLE: 'The card’s owner’s account is disabled.',
  INVITATION_NOT_FOUND: 'No such invitation addressed to the member.',
  EMAIL_TAKEN: 'Another account already uses this e-mail address.',
  CARD_TAKEN: 'The card is linked to another account.',
  CARD_LINK_TAKEN: 'Another member has (or once had) this card link handle.',
  REQUEST_IN_PROGRESS: 'A request with the same Idempotency-Key is still being processed.',
  PAYLOAD_TOO_LARGE: 'The request body is larger than the server accepts.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body is not JSON.',
  ACCOUNT_LOCKED: 'Too many failed sign-ins; the account is locked for a while.',
  ACCOUNT_DISABLED: 'An operator disabled the account (support tools) until they enable it again.',
  MEMBER_NOT_FOUND: 'No member has this e-mail address, Card ID or id (support tools).',
  NO_CARD_LINKED: 'The member has no NFC card linked (support tools).',
  ACCOUNT_ALREADY_DISABLED: 'The account is disabled already (support tools).',
  ACCOUNT_NOT_DISABLED: 'The account is not disabled (support tools).',
  RATE_LIMITED: 'Too many requests from this address (or a code was asked for too soon).',
  INVALID_CODE: 'The verification code is wrong.',
  SECOND_FACTOR_INVALID: 'The authenticator or recovery code is wrong, or was already used.',
  ENROLMENT_NOT_STARTED: 'There is no second factor being set up to confirm; start again.',
  OPERATOR_NOT_FOUND: 'No operator (admin or security) has this e-mail address.',
  NO_SECOND_FACTOR: 'The operator has no second factor to reset.',
  OWN_SECOND_FACTOR:
    'An admin asked the dashboard to reset their own second factor: another admin, or the command line, does that.',
  PASSKEY_INVALID: 'The passkey’s answer did not verify, or its challenge was used, expired or never given.',
  PASSKEY_NOT_FOUND: 'The operator has no passkey with this id.',
  PASSKEY_LIMIT: 'The operator has as many passkeys as an account may have; one must be removed first.',
  SESSION_NOT_FOUND: 'No open session of this account has that id.',
  CODE_EXPIRED: 'The verification code has expired.',
  TOO_MANY_CODE_ATTEMPTS: 'Too many wrong verification codes.',
  ALREADY_VERIFIED: 'The e-mail address is already verified.',
  RESET_LINK_INVALID: 'The password reset link is invalid or has expired.',
  CONTACT_EXISTS: 'The card is already among the member’s contacts.',
  OWN_CARD: 'A member tried to save their own card.',
  CARD_INCOMPLETE: 'The member’s business card lacks a name or an e-mail address.',
  CONTACT_HAS_NO_EMAIL: 'The contact has no e-mail address.',
  INTERNAL_ERROR: 'Something went wrong on the server.',
  CARD_SENT_TODAY: 'The member already e-mailed their card to this address today.',
  CARD_DAILY_LIMIT: 'The member has e-mailed as many cards today as a day allows.',
  SHARE_LIMIT_REACHED: 'The card’s owner has received as many shared details this hour as an hour allows.',
  UNSUBSCRIBE_INVALID: 'The unsubscribe link is not one Tapnet sent.',
  WRONG_PASSWORD: 'The current password given to confirm a sensitive change is wrong.',
  EMAIL_UNCHANGED: 'The new e-mail is already the sign-in e-mail.',
  EMAIL_CHANGE_NEEDS_CONFIRMATION:
    'The sign-in e-mail changes only through /api/user/email-change (password, then a code sent to the new address).',
  NO_EMAIL_CHANGE: 'No e-mail change is waiting for a code.',
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was first used with a different request.',
  VERSION_CONFLICT:
    'If-Match named a version that is no longer the current one; `current` holds the value as it is now, and nothing was changed.',
  DATABASE_UNAVAILABLE:
    'The database cannot be reached (restarting or down); nothing was changed. Retry in a few seconds.',
  INSIGHTS_REFRESH_LIMIT: 'Today’s forced refreshes of this kind (events or news) are used up.',
  INSIGHT_ITEM_NOT_FOUND: 'No event or news item has this id.',
  ADDRESS_BLOCKED: 'The client address is blocked for a while after suspicious requests.',
  ACCOUNT_SUSPENDED:
    'The signed-in account made suspicious requests itself and is suspended for a while, wherever it asks from.',
  SHARED_ADDRESS_UNCONFIRMED:
    'The address is shared by many members (a venue): blocking it needs the operator to confirm, naming who it affects.',
  IP_NOT_BLOCKED: 'The address is not blocked.',
  OWN_ADDRESS: 'An operator tried to block the address their own request comes from.',
  ADDRESS_ALLOWLISTED: 'The address is on the allowlist, so it cannot be blocked.',
  ALLOWLIST_ENTRY_NOT_FOUND: 'No such allowlist entry (built-in entries cannot be removed).',
  RULE_NOT_FOUND: 'No detection rule has this id.',
  RULE_MODE_NOT_ALLOWED: 'The rule cannot take this mode (link unfurlers are never blocked).',
  APP_PASSWORD_LIMIT: 'The member already has as many app passwords as an account may; revoke one first.',
  APP_PASSWORD_NOT_FOUND: 'No such app password among the member’s.',
  WEBHOOK_LIMIT: 'The member already has as many webhooks as an account may; remove one first.',
  WEBHOOK_NOT_FOUND: 'No such webhook among the member’s.',
  WEBHOOK_URL_REFUSED:
    'The webhook address is not one the server may call (not https, or a private, loopback or metadata address).',
  SECURE_CARDS_OFF: 'Secure cards need CARD_KEYS_SECRET in the server’s configuration.',
  CARD_KEYS_NEEDED: 'A secure card needs its two keys, or CARD_ISSUER_KEY set to diversify them.',
  CARD_UID_TAKEN: 'Another secure card already has this tag UID.',
  PHOTO_NOT_AN_IMAGE: 'The uploaded photo is not a JPEG, PNG or WebP image (checked by its content).',
  PHOTO_NOT_FOUND: 'No card has a photo with this id (an older photo of a card is gone once replaced).',
  WALLET_PASSES_OFF:
    'Apple Wallet passes need the pass-signing settings (WALLET_*) in the server’s configuration.',
};

export const ErrorResponseSchema = z.object({
  error: z.string(),
  code: ErrorCodeSchema,
  errors: z.array(z.string()).optional(),
  /** The request's id (also in the X-Request-Id header and on every log line of the request). */
  requestId: z.string().optional(),
  /** VERSION_CONFLICT only: the value as it is now, and when its refused field last changed (contract/versions.ts). */
  current: z.unknown().optional(),
  changedAt: z.string().nullable().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** How clients read an error: a code they do not know yet (a newer server) still leaves the message. */
export const ErrorAnswerSchema = ErrorResponseSchema.extend({
  code: ErrorCodeSchema.optional().catch(undefined),
});

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
