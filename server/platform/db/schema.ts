// Kysely's view of the tables created by migrations/*.sql; keep the two in step.
import type { ColumnType, Generated } from 'kysely';
import type { Role } from '../../../contract/auth';
import type { CardLink } from '../../../contract/card-extras';
import type { CardSource } from '../../../contract/card-paths';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface SettingsTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: Generated<string>;
  name: string;
  email: string;
  password_hash: string;
  date_of_birth: ColumnType<Date | null, string | null | undefined, string | null>;
  role: ColumnType<Role, Role | undefined, Role>;
  is_verified: Generated<boolean>;
  failed_login_count: Generated<number>;
  failed_login_window_start: NullableTimestamp;
  locked_until: NullableTimestamp;
  created_at: Generated<Date>;
  last_login_at: NullableTimestamp;
  email_opt_out: Generated<boolean>;
  login_throttled_until: NullableTimestamp;
  login_alert_sent_at: NullableTimestamp;
  /** Kept by the sign-in trigger of migration 019 for the admin dashboard's countries. */
  last_sign_in_country: ColumnType<string | null, never, never>;
  last_sign_in_at: ColumnType<Date | null, never, never>;
  /** Set while an operator has the account disabled (support tools, migration 038_b). */
  disabled_at: NullableTimestamp;
}

export interface EmailVerificationsTable {
  user_id: string;
  code_hash: string;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  hour_failures: Generated<number>;
  hour_started_at: NullableTimestamp;
  sent_at: Timestamp;
}

/** A pending change of the sign-in e-mail: a code like a sign-up's, for `new_email`. */
export interface EmailChangesTable extends EmailVerificationsTable {
  new_email: string;
}

export interface LoginFailuresTable {
  user_id: string;
  address: string;
  failed_count: Generated<number>;
  window_start: Timestamp;
  locked_until: NullableTimestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface RefreshTokensTable {
  id_hash: string;
  family_id: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: Generated<Date>;
  replaced_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  headers: ColumnType<Record<string, string>, string | undefined, never>;
  attachments: ColumnType<MailAttachmentColumn[], string | undefined, string>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  sent_at: Date | null;
  given_up_at: Date | null;
  created_at: Generated<Date>;
}

export interface MailAttachmentColumn {
  filename: string;
  content: string;
  contentType: string;
}

export interface EmailUnsubscribesTable {
  email: string;
  token_hash: string;
  unsubscribed_at: Date | null;
}

export interface CardSendsTable {
  id: Generated<string>;
  sender_id: string;
  recipient_email: string;
  sent_at: Generated<Date>;
  /** A copy a visitor asked for on the sender's card page (migration 029), not one the sender sent. */
  is_copy: Generated<boolean>;
}

export interface PageViewsTable {
  id: Generated<string>;
  path: string;
  viewed_at: Generated<Date>;
}

export interface CardsTable {
  nfc_uid: string;
  issued_at: Generated<Date>;
  user_id: string | null;
  claimed_at: NullableTimestamp;
  /** The card this lost one was moved to (support tools, migration 038_b). */
  replaced_by: ColumnType<string | null, string | null | undefined, string | null>;
  replaced_at: NullableTimestamp;
}

/** A member's card links (migration 029): the current one, and the ones they replaced. */
export interface CardLinksTable {
  handle: string;
  user_id: string;
  is_current: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface BusinessCardsTable {
  user_id: string;
  pronouns: string;
  name: string;
  company: string;
  role: string;
  email: string;
  phone: string;
  linkedin_url: string;
  additional_url: string;
  /** '' for the house colour (migration 035). */
  accent: Generated<string>;
  /** The card's labelled links, as contract/card-extras.ts CardLink[] (migration 035). */
  links: ColumnType<CardLink[], string | undefined, string>;
  /** The card's current photo in card_photos; null without one (migration 035). */
  photo_id: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Generated<Date>;
}

/** A card's photo or logo, resized and stripped of metadata, both sizes as JPEG (migration 035). */
export interface CardPhotosTable {
  photo_id: string;
  user_id: string;
  image: Buffer;
  thumbnail: Buffer;
  created_at: Generated<Date>;
}

export interface ContactsTable {
  id: Generated<string>;
  owner_id: string;
  card_owner_id: string | null;
  nfc_uid: string | null;
  name: string;
  company: Generated<string>;
  role: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  linkedin_url: Generated<string>;
  additional_url: Generated<string>;
  pronouns: Generated<string>;
  notes: Generated<string>;
  lat: number | null;
  lng: number | null;
  /** Where they met as words ("near Lyon, France"), from lat/lng at save time; null without a place. */
  where_met: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO alpha-2 of where they met, '' in no country, null until looked up (migration 016). */
  country_code: ColumnType<string | null, string | null | undefined, string | null>;
  is_flagged: Generated<boolean>;
  connected_at: Generated<Date>;
  contact_details_sent: Generated<boolean>;
  invite_sent_by_email: Generated<boolean>;
  from_invitation: Generated<boolean>;
  /** Sent by the outbox's replay: saved while offline, synced later (migration 017). */
  saved_offline: Generated<boolean>;
  /** The event where they met ("Web Summit 2026"), 1–100 characters; null without one (migration 030). */
  event: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a visitor shared their details on the owner's card page, with their consent (migration 029). */
  shared_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** How that visitor came to the card. */
  shared_source: ColumnType<CardSource | null, CardSource | null | undefined, CardSource | null>;
  /** The list version at which the row last changed, stamped by a trigger (migration 021): the change feed's cursor. */
  list_version: ColumnType<string | bigint | number, never, never>;
  /** When the notes last changed, stamped by the same trigger; null for notes never edited since migration 021. */
  notes_changed_at: ColumnType<Date | null, never, never>;
  /** Saved from a verified tap of a secure card, with that tap's counter (migration 024). */
  met_in_person: Generated<boolean>;
  tap_counter: ColumnType<number | null, number | null | undefined, number | null>;
  /** Typed in by the member, or read from a paper card: no card behind it (migration 034). */
  added_by_hand: Generated<boolean>;
  /** The card's labelled links when it was saved (migration 042); [] for a contact with no card. */
  links: ColumnType<CardLink[], string | undefined, string>;
  /** The card's current photo (card_photos), followed by a trigger on business_cards (migration 042). */
  photo_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A deleted contact, kept so that the change feed can tell clients to drop it (migration 021). */
export interface ContactTombstonesTable {
  owner_id: string;
  contact_id: string;
  list_version: ColumnType<string | bigint | number, never, never>;
  deleted_at: ColumnType<Date, never, never>;
}

/** The event a member's saves are tagged with until they clear it; no row when none (migration 030). */
export interface MemberCurrentEventsTable {
  user_id: string;
  event: string;
  set_at: Generated<Date>;
}

/** A secure (NTAG 424 DNA) card's keys and counter (migration 024, server/modules/cards/secure-cards.ts). */
export interface SecureCardsTable {
  nfc_uid: string;
  /** The tag's 7-byte UID as 14 upper-case hex, null until it is registered or first tapped. */
  tag_uid: string | null;
  /** Both SDM keys sealed under CARD_KEYS_SECRET (card-key-vault.ts). */
  sealed_keys: string;
  /** The keys before the last rotation, until a tap verifies under the new ones. */
  previous_sealed_keys: string | null;
  last_counter: Generated<number>;
  last_tap_at: NullableTimestamp;
  last_tap_country: string | null;
  registered_at: Generated<Date>;
}

/**
 * Raised by a trigger on contacts (migration 003). The application only inserts a member's row at 0
 * (what an absent row stands for) to lock it around a write; it never changes a version itself.
 */
export interface ContactListVersionsTable {
  user_id: string;
  version: ColumnType<string | bigint, 0, never>;
  /** Tombstones before this version were pruned: an older change-feed cursor gets the whole list. */
  oldest_cursor: ColumnType<string | bigint | number, never, string | number>;
}

/** A copy of a member's whole contact list, read by a process that remembers none (migration 044). */
export interface ContactListSnapshotsTable {
  user_id: string;
  version: ColumnType<string, string, string>;
  shape: string;
  json: string;
  index: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  status_code: number | null;
  response_body: ColumnType<unknown, string | null, string | null>;
  request_hash: string | null;
  created_at: Generated<Date>;
}

export interface CardEventsTable {
  id: Generated<string>;
  nfc_uid: string;
  card_owner_id: string | null;
  type: 'view' | 'tap' | 'link_click' | 'save';
  link: string | null;
  referrer: string;
  is_mobile: boolean;
  /** How the visitor came: nfc, qr, link or other (migration 016). */
  source: ColumnType<CardSource, CardSource | undefined, CardSource>;
  /** A tap event whose signed tap data was the card's last verified tap (migration 037). */
  verified_tap: Generated<boolean>;
  occurred_at: Generated<Date>;
}

/** Page events per member and UTC hour, kept by a trigger on card_events (migration 016). */
export interface CardEventHoursTable {
  card_owner_id: string;
  hour: Date;
  taps: number;
  /** Of `taps`, those of a verified tap (migration 037). */
  verified_taps: number;
  link_clicks: number;
  views_nfc: number;
  views_qr: number;
  views_link: number;
  views_other: number;
  saves_nfc: number;
  saves_qr: number;
  saves_link: number;
  saves_other: number;
}

/** The day's random salt of visitor hashes, deleted when the day is over (migration 031). */
export interface CardVisitSaltsTable {
  day: string;
  /** PGlite reads bytea as Uint8Array, node-postgres as Buffer (a Uint8Array too). */
  salt: Uint8Array;
}

/** A visitor's latest opening of a card, by salted hash (migration 031). */
export interface CardVisitsTable {
  visit: Uint8Array;
  last_at: Date;
  counted_at: Date;
}

/** From when card figures leave out the owner and repeat openings (migration 031); one row. */
export interface CardCountingRulesTable {
  only_row: Generated<boolean>;
  counting_since: Date;
}

export interface InvitationsTable {
  id: Generated<string>;
  inviter_id: string;
  invitee_id: string;
  created_at: Generated<Date>;
}

export type InsightKindColumn = 'news' | 'events';

export interface InsightPreferencesTable {
  user_id: string;
  preferences: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface InsightFeedsTable {
  url: string;
  kind: InsightKindColumn;
  title: ColumnType<string, string | undefined, string>;
  etag: string | null;
  last_modified: string | null;
  last_fetched_at: NullableTimestamp;
  last_success_at: NullableTimestamp;
  failure_count: Generated<number>;
  next_fetch_at: Timestamp;
  last_error: string | null;
}

export interface InsightItemsTable {
  id: string;
  kind: InsightKindColumn;
  dedupe_key: string;
  title_key: string;
  feed_url: string;
  source: string;
  url: string;
  title: string;
  body: string;
  categories: ColumnType<string[], string, string>;
  location: string;
  starts_at: Timestamp;
  ends_at: NullableTimestamp;
  is_all_day: boolean;
  match_text: string;
  fetched_at: Timestamp;
}

export interface InsightDigestsTable {
  user_id: string;
  kind: InsightKindColumn;
  preference_key: string;
  day: string;
  digest: ColumnType<unknown, string, string>;
  produced_by: 'extractive' | 'llm';
  generated_at: Timestamp;
  expires_at: Timestamp;
}

export interface InsightRefreshesTable {
  user_id: string;
  kind: InsightKindColumn;
  day: string;
  used: number;
}

export interface InsightClicksTable {
  id: Generated<string>;
  user_id: string;
  kind: InsightKindColumn;
  item_id: string;
  url: string;
  action: string;
  clicked_at: Generated<Date>;
}

// Security monitoring (migration 018).
export interface SecurityEventsTable {
  id: Generated<string>;
  event_type: string;
  severity: string;
  created_at: Timestamp;
  ip_address: string;
  country: string | null;
  endpoint: string | null;
  email: string | null;
  user_agent: string | null;
  rule_id: string;
  matched: string | null;
  points: number;
  status: number | null;
  outcome: string | null;
}

export interface SecurityEventDailyTable {
  day: ColumnType<string, string, string>;
  event_type: string;
  severity: string;
  count: number;
  suppressed: number;
}

export interface SecurityBlocksTable {
  id: Generated<string>;
  ip_address: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  source: 'automatic' | 'manual';
  reason: string;
  created_by: string | null;
  offence: number;
  points: number;
  country: string | null;
  causes: ColumnType<unknown, string, string>;
  lifted_at: NullableTimestamp;
  lifted_by: string | null;
}

export interface SecurityAllowlistTable {
  id: Generated<string>;
  range: string;
  comment: string;
  expires_at: NullableTimestamp;
  created_at: Generated<Date>;
  created_by: string;
}

export interface SecurityRuleModesTable {
  rule_id: string;
  mode: string;
  updated_at: Timestamp;
  updated_by: string;
}

export interface SecurityAuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor: string;
  action: string;
  target: string | null;
  detail: string;
  ip_address: string | null;
}

export interface SecurityAlertsSentTable {
  kind: string;
  sent_at: Timestamp;
}

/** Migration 020: request counters shared by every process, one row per key and its open minute. */
export interface RateLimitCountersTable {
  key: string;
  /** When the key's window ends (migration 037). */
  ends_at: Timestamp;
  hits: number;
}

/** Migration 020: the members who signed in from an address key lately (shared addresses). */
export interface SignInAddressesTable {
  address: string;
  user_id: string;
  last_at: Timestamp;
}

/** Migration 025: a member's app passwords for CardDAV, by the SHA-256 of the password. */
export interface AppPasswordsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  password_hash: string;
  created_at: Generated<Date>;
  last_used_at: NullableTimestamp;
}

/** Migration 025: a member's webhook endpoints. */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  user_id: string;
  url: string;
  events: string[];
  secret: string;
  created_at: Generated<Date>;
  failures_in_a_row: Generated<number>;
  disabled_at: NullableTimestamp;
}

/** Migration 025: one event to one endpoint, with its fixed body, until delivered or given up. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  body: string;
  created_at: Generated<Date>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_attempt_at: NullableTimestamp;
  last_status: number | null;
  last_error: string | null;
  delivered_at: NullableTimestamp;
  given_up_at: NullableTimestamp;
}

/** Sign-ins per UTC day and device class, kept by a trigger on member_sessions (migration 019). */
export interface SessionDeviceDaysTable {
  day: ColumnType<string, never, never>;
  device: string;
  sign_ins: ColumnType<string, never, never>;
}

/** Visits and their seconds per UTC day of their start, kept by triggers on session_visits (migration 019). */
export interface SessionVisitDaysTable {
  day: ColumnType<string, never, never>;
  visits: ColumnType<string, never, never>;
  seconds: ColumnType<number, never, never>;
}

type SessionEndReason = 'logout' | 'expired' | 'revoked';

/** One sign-in and its refresh chain; `id` is the refresh-token family (migration 017). */
export interface MemberSessionsTable {
  id: string;
  user_id: string;
  started_at: Timestamp;
  last_seen_at: Timestamp;
  ended_at: NullableTimestamp;
  end_reason: ColumnType<
    SessionEndReason | null,
    SessionEndReason | null | undefined,
    SessionEndReason | null
  >;
  device: Generated<'mobile' | 'tablet' | 'desktop' | 'Unknown'>;
  os: Generated<string>;
  browser: Generated<string>;
  country: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A run of a session's activity with no gap over 30 minutes. */
export interface SessionVisitsTable {
  id: Generated<string>;
  session_id: string;
  user_id: string;
  started_at: Timestamp;
  last_seen_at: Timestamp;
}

/** An operator sign-in (migration 039): the same columns as a member session. */
export type OperatorSessionsTable = MemberSessionsTable;

/** An operator's TOTP, secrets encrypted (migration 039). */
export interface OperatorFactorsTable {
  user_id: string;
  totp_secret: string | null;
  pending_secret: string | null;
  last_used_step: ColumnType<string | null, number | null | undefined, number | null>;
  confirmed_at: NullableTimestamp;
}

export interface OperatorRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
}

export interface OperatorPasskeysTable {
  id: Generated<string>;
  credential_id: string;
  user_id: string;
  name: string;
  public_key: Uint8Array;
  /** bigint: read as a string. */
  counter: ColumnType<string, string | number | undefined, string | number>;
  /** The authenticator's transports, comma-separated ('internal,hybrid'). */
  transports: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface OperatorPasskeyChallengesTable {
  challenge: string;
  user_id: string;
  purpose: 'register' | 'sign-in';
  expires_at: Timestamp;
}

export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  email_verifications: EmailVerificationsTable;
  email_changes: EmailChangesTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  refresh_tokens: RefreshTokensTable;
  mail_outbox: MailOutboxTable;
  email_unsubscribes: EmailUnsubscribesTable;
  card_sends: CardSendsTable;
  page_views: PageViewsTable;
  cards: CardsTable;
  secure_cards: SecureCardsTable;
  business_cards: BusinessCardsTable;
  card_photos: CardPhotosTable;
  card_links: CardLinksTable;
  contacts: ContactsTable;
  contact_list_versions: ContactListVersionsTable;
  contact_tombstones: ContactTombstonesTable;
  contact_list_snapshots: ContactListSnapshotsTable;
  idempotency_keys: IdempotencyKeysTable;
  card_events: CardEventsTable;
  card_event_hours: CardEventHoursTable;
  card_visit_salts: CardVisitSaltsTable;
  card_visits: CardVisitsTable;
  card_counting_rules: CardCountingRulesTable;
  invitations: InvitationsTable;
  insight_preferences: InsightPreferencesTable;
  insight_feeds: InsightFeedsTable;
  insight_items: InsightItemsTable;
  insight_digests: InsightDigestsTable;
  insight_refreshes: InsightRefreshesTable;
  insight_clicks: InsightClicksTable;
  security_events: SecurityEventsTable;
  security_event_daily: SecurityEventDailyTable;
  security_blocks: SecurityBlocksTable;
  security_allowlist: SecurityAllowlistTable;
  security_rule_modes: SecurityRuleModesTable;
  security_audit_log: SecurityAuditLogTable;
  security_alerts_sent: SecurityAlertsSentTable;
  member_sessions: MemberSessionsTable;
  member_current_events: MemberCurrentEventsTable;
  session_visits: SessionVisitsTable;
  session_device_days: SessionDeviceDaysTable;
  session_visit_days: SessionVisitDaysTable;
  rate_limit_counters: RateLimitCountersTable;
  sign_in_addresses: SignInAddressesTable;
  app_passwords: AppPasswordsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  operator_sessions: OperatorSessionsTable;
  operator_factors: OperatorFactorsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_passkeys: OperatorPasskeysTable;
  operator_passkey_challenges: OperatorPasskeyChallengesTable;
}
