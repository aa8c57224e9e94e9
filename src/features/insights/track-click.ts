// Spec §7 track/click: which items members open, share or expand. Never in the member's way: a failed
// record is dropped.
import type { TrackClickRequest } from '../../../contract/insights';
import { trackInsightClick } from '../../api/insights';

export function trackClick(click: TrackClickRequest): void {
  trackInsightClick(click).catch(() => {});
}
