// Where devices find the address book: the server the app talks to (its own origin unless built for
// another), which answers /.well-known/carddav.
import { API_BASE } from '../../config/env';

export function serverAddress(): string {
  return API_BASE || window.location.origin;
}

/** The host name alone, as iPhone and macOS ask for it. */
export function serverHost(): string {
  return new URL(serverAddress()).host;
}

/**
 * What the QR code holds: the address book as a carddav(s):// link with the user name and password,
 * which DAVx⁵ on Android opens with every field filled in.
 */
export function accountLink(userName: string, password: string): string {
  const server = new URL(serverAddress());
  const scheme = server.protocol === 'https:' ? 'carddavs' : 'carddav';
  return `${scheme}://${encodeURIComponent(userName)}:${encodeURIComponent(password)}@${server.host}/`;
}
