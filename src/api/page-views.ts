// Page-view reporting (spec §2 Shell behaviour).
import type { PageViewRequest } from '../../contract/page-views';
import { request } from './client';

/** Fire and forget: keepalive lets it finish while the page unloads; a failure is never the user's problem. */
export function sendPageView(body: PageViewRequest): void {
  request('/api/analytics/page-view', { method: 'post', json: body, keepalive: true }).catch(() => {});
}
