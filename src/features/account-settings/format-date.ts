const MEMBER_SINCE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** The account's joined date as the reader's locale writes it; an unreadable one is shown as sent. */
export function formatMemberSince(joined: string): string {
  const date = new Date(joined);
  return Number.isNaN(date.getTime()) ? joined : MEMBER_SINCE_FORMAT.format(date);
}
