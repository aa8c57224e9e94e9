// Where to go after signing in: the returnUrl the user was sent away from (spec §2), if it is ours.
export const DEFAULT_SIGNED_IN_PATH = '/contacts';

/** Any origin does: only whether the returnUrl keeps to it matters. */
const OWN_ORIGIN = 'https://tapnet.invalid';
/** Going back to these after signing in would show the sign-in again. */
const SIGN_IN_PATHS = new Set(['/login', '/register']);

/**
 * Accepts only same-origin paths, so a crafted link cannot send a fresh session to another site. Read as
 * the browser reads it: the URL parser drops tabs and line breaks, so `/\t/evil.test` is `//evil.test`,
 * another host (security-review-2 §2.14). Answers the parsed path, which the router can always follow.
 */
export function readReturnUrl(search: string): string | null {
  const returnUrl = new URLSearchParams(search).get('returnUrl');
  if (!returnUrl?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(returnUrl, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== OWN_ORIGIN || SIGN_IN_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function buildLoginPath(returnUrl: string): string {
  return `/login?returnUrl=${encodeURIComponent(returnUrl)}`;
}
