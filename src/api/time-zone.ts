// The member's time zone, sent with the calls whose answers depend on the member's days (analytics
// ranges, the insights digests): "today" starts at the member's midnight.

/** The browser's time zone; UTC when the browser cannot say (spec §7). */
export function memberTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
