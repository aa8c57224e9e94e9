// A screen's edit of a cached resource (insight preferences, notification settings), through the
// pending-writes queue: based on the copy the member saw (its version goes as If-Match), sent at once when
// online, kept on the device when not. What another device changed meanwhile is merged, not replaced.
import type { CachedResourceDefinition } from '../db/cached-resources';
import { readCachedResource } from '../db/cached-resources';
import { readSignedInUserId } from '../session/signed-in-user';
import { flushNow } from './flush-triggers';
import { enqueueWrite, isWriteWaiting } from './queue';
import type { ResourceEdit } from './writes/resource-edits';
import type { WriteKind } from './writes/write-kind';

type Fields = Record<string, unknown>;

/**
 * `saved`: the server took it and the copy is its answer; `waiting`: no connection (or the server could
 * not take it now), so it waits on this device. Rejects when it could not be kept, or was refused for good
 * (the member then also gets a notice saying why).
 */
export async function saveResourceEdit<T>(
  kind: WriteKind<ResourceEdit>,
  resource: CachedResourceDefinition<T>,
  fieldsOf: (value: T) => Fields,
  next: Fields,
): Promise<'saved' | 'waiting'> {
  const userId = readSignedInUserId();
  if (!userId) throw new Error('Not signed in');
  const copy = await readCachedResource(resource, userId);
  const base = copy ? fieldsOf(copy.value) : next;
  await enqueueWrite(kind, { next, base, baseTag: copy?.etag ?? null }, { ownerUserId: userId });
  await flushNow().catch((error: unknown) => console.warn('Pending writes: flush failed', error));
  if (await isWriteWaiting(userId, kind)) return 'waiting';
  const after = await readCachedResource(resource, userId);
  if (!after || after.fetchedAt === copy?.fetchedAt) throw new Error(`${kind.kind}: refused`);
  return 'saved';
}
