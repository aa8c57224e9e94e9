// The Refresh button of the events and news screens (spec §4 Daily refresh limit, §8): a forced
// refresh once a day; past it, the spec's limit message; offline, that a connection is needed.
import { useState } from 'react';
import { refreshesLeftMessage, refreshLimitMessage } from '../../../contract/insights';
import type { DigestKind } from '../../api/insights';
import { refreshDigest } from '../../sync/insights-digests';
import { showToast } from '../../ui/toast-store';
import { useAction } from '../../ui/use-action';
import { INSIGHTS_MESSAGES } from './messages';

const REFRESH_FAILED: Record<DigestKind, string> = {
  events: INSIGHTS_MESSAGES.eventsRefreshFailed,
  news: INSIGHTS_MESSAGES.newsRefreshFailed,
};

const REFRESHED: Record<DigestKind, string> = {
  events: 'Events refreshed.',
  news: 'News refreshed.',
};

export const REFRESH_NEEDS_CONNECTION = 'Refreshing needs a connection. Showing your last insights.';

export function useDigestRefresh(kind: DigestKind) {
  const action = useAction(() => refreshDigest(kind));
  /** Stays on screen until dismissed: the member should not miss why nothing changed. */
  const [notice, setNotice] = useState<string | null>(null);

  async function refresh() {
    setNotice(null);
    if (!navigator.onLine) {
      setNotice(REFRESH_NEEDS_CONNECTION);
      return;
    }
    const run = await action.run();
    const outcome = run.ok ? run.result : { status: 'failed' as const };
    if (outcome.status === 'refreshed') {
      const { remaining } = outcome.digest.refresh;
      // Spec §8: with refreshes still left today (a limit above 1), the member is told how many.
      showToast('success', remaining > 0 ? refreshesLeftMessage(remaining) : REFRESHED[kind]);
    } else if (outcome.status === 'limit-reached')
      setNotice(outcome.serverMessage ?? refreshLimitMessage(kind));
    else showToast('error', REFRESH_FAILED[kind]);
  }

  return { refresh, isBusy: action.isBusy, notice, dismissNotice: () => setNotice(null) };
}
