// Card figures leave out the owner and count repeat openings once only since migration 031: events stored
// before name nobody, so a range that reaches back before it says its older days may count more.
import type { AnalyticsPeriod } from '../../../contract/analytics';
import { formatDate } from '../../ui/format';
import { Notice } from '../../ui/notice';

export function CountingNote({
  countingSince,
  previousPeriod,
}: {
  countingSince: string;
  previousPeriod: AnalyticsPeriod;
}) {
  const since = new Date(countingSince);
  // Local midnight of the period's first day: the screens compare it with the instant the rules began.
  if (new Date(`${previousPeriod.startDate}T00:00:00`) >= since) return null;
  return (
    <Notice tone="info" title={`Counted this way since ${formatDate(since)}`}>
      Earlier days may also include your own views of your card and repeat openings by one visitor: the events
      stored then do not say who opened it.
    </Notice>
  );
}
