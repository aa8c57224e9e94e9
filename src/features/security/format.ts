// How the dashboard writes times, durations and ages.

/** A server timestamp in the reader's locale and time zone, to the second; an unreadable one as sent. */
export { formatTimestamp as formatTime } from '../../ui/format';

/** Spec §2: the uptime as hours and minutes ('26h 5m'). */
export function formatUptime(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** Spec §2: a recent attack's age in minutes ('3 min ago'; 'just now' under a minute). */
export function formatMinutesAgo(timestamp: string, now: number): string {
  const minutes = Math.floor((now - new Date(timestamp).getTime()) / 60_000);
  if (!Number.isFinite(minutes)) return timestamp;
  return minutes < 1 ? 'just now' : `${minutes} min ago`;
}

/** Spec §2: an incident card names the first 30 characters of a user agent. */
export function shortUserAgent(userAgent: string): string {
  return userAgent.length > 30 ? `${userAgent.slice(0, 30)}…` : userAgent;
}
