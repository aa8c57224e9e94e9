// Where to go after signing in: the returnUrl the user was sent away from (spec §2), if it is ours.
export const DEFAULT_SIGNED_IN_PATH = '/contacts';

/** Accepts only same-origin paths, so a crafted link cannot send a fresh session to another site. */
export function readReturnUrl(search: string): string | null {
  const returnUrl = new URLSearchParams(search).get('returnUrl');
  if (!returnUrl?.startsWith('/') || returnUrl.startsWith('//') || returnUrl.startsWith('/\\')) return null;
  return returnUrl;
}

export function buildLoginPath(returnUrl: string): string {
  return `/login?returnUrl=${encodeURIComponent(returnUrl)}`;
}
