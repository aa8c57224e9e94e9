// Reports each navigation as a page view (spec §2 Shell behaviour); never in the user's way.
import { sendPageView } from '../api/page-views';

/** A reset link's token is a password in all but name: it never leaves the page. */
function withoutSecrets(pathname: string): string {
  return pathname.replace(/^\/reset-password\/.*/, '/reset-password');
}

export function reportPageView(pathname: string): void {
  // Offline there is nobody to tell; a view is not worth queueing.
  if (!navigator.onLine) return;
  sendPageView({ path: withoutSecrets(pathname) });
}
