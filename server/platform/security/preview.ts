// "Would have blocked N addresses in the last 24 h": the stored events replayed through the same
// leaky bucket, counting the rule's points as if it were in block mode, beside the rules that block now.
import { LeakyBuckets } from './bucket';
import { BLOCK_THRESHOLD_POINTS, BUCKET_LEAK_PER_SECOND } from './rules';

export interface ScoredEvent {
  ip_address: string;
  rule_id: string;
  points: number;
  created_at: Date;
}

export function addressesBlockedIf(
  events: readonly ScoredEvent[],
  blocking: ReadonlySet<string>,
  exempt: (ipAddress: string) => boolean,
): number {
  const buckets = new LeakyBuckets<null>(BLOCK_THRESHOLD_POINTS, BUCKET_LEAK_PER_SECOND);
  const blocked = new Set<string>();
  for (const event of events) {
    if (!blocking.has(event.rule_id) || blocked.has(event.ip_address) || exempt(event.ip_address)) continue;
    if (buckets.pour(event.ip_address, event.points, null, event.created_at.getTime()))
      blocked.add(event.ip_address);
  }
  return blocked.size;
}
