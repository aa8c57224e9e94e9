// A screen's edit of a cached resource (insight preferences, notification settings), through the
// pending-writes queue: based on the copy the member saw (its version goes as If-Match), sent at once when
// online, kept on the device when not. What another device changed meanwhile is merged, not replaced.
import type { CachedResourceDefinition } from '../db/cached-resources';
import { readCachedResource } from '../db/cached-resources';
import { readSignedInUserId } from '../session/signed-in-user';
import { writeNow } from './flush-triggers';
import type { WriteOutcome } from './queue';
import type { ResourceEditWrite } from './writes/resource-edits';

/**
 * `sent`: the server took it and the copy is its answer; `waiting`: no connection (or the server could
 * not take it now), so it waits on this device; `refused`: refused for good, the copy is the server's and
 * the app tells the member why. Rejects only when it could not be kept on this device.
 */
export async function saveResourceEdit<T>(
  kind: ResourceEditWrite,
  resource: CachedResourceDefinition<T>,
  next: Record<string, unknown>,
): Promise<WriteOutcome> {
  const userId = readSignedInUserId();
  if (!userId) throw new Error('Not signed in');
  const copy = await readCachedResource(resource, userId);
  const base = copy ? kind.fieldsOf(copy.value as Record<string, unknown>) : next;
  return writeNow(kind, { next, base, baseTag: copy?.etag ?? null });
}
