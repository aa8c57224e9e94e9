// Secrets that travel in URLs: the reset and unsubscribe tokens in paths, tokens and codes in query
// strings. Log lines and security events write a URL only through redactUrl, so neither keeps them.

/** Path segments that are secrets: a reset token in the link's page and its API call, an unsubscribe token. */
const SECRET_IN_PATH = /(\/(?:reset-password|unsubscribe)\/)[^/?#]+/g;

/**
 * Query parameters whose values are secrets. A secure card's tap data (`p`, `c`, or `picc_data`,
 * `cmac`) is one too: a tap URL nobody opened yet verifies once, for whoever opens it first.
 */
const SECRET_PARAMETERS =
  /([?&](?:token|code|password|access_token|refresh_token|key|secret|signature|p|c|picc_data|cmac)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_IN_PATH, '$1[redacted]').replace(SECRET_PARAMETERS, '$1[redacted]');
}
