// Page-view reporting (spec §2 Shell behaviour).
import { type PageViewRequest, RecordPageViewEndpoint } from '../../contract/page-views';
import { callEndpoint } from './client';

/** Fire and forget: keepalive lets it finish while the page unloads; a failure is never the user's problem. */
export function sendPageView(body: PageViewRequest): void {
  callEndpoint(RecordPageViewEndpoint, { json: body, keepalive: true }).catch(() => {});
}
