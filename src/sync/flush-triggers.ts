// When the page sends the queue (src/sync/queue.ts): right after a write is queued when online, at start,
// and when the connection returns; the service worker sends it on Background Sync, even with no tab open.
import { readSignedInUserId } from '../session/signed-in-user';
import { reconcileTokenMirror } from '../session/token-store';
import { enqueueWrite, flushWrites, QUEUE_SYNC_TAG, type WriteOutcome, writeOutcome } from './queue';
import type { WriteKind } from './writes/write-kind';

let isFlushing = false;
let isAskedAgain = false;

/**
 * Sends what waits, with the page's freshest tokens copied for the flush first. A call while one runs
 * asks for one more round after it, so a write queued during a flush is not left waiting.
 */
export function requestFlush(): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    void requestBackgroundSync();
    return;
  }
  if (isFlushing) {
    isAskedAgain = true;
    return;
  }
  isFlushing = true;
  flushNow()
    .catch((error: unknown) => console.warn('Pending writes: flush failed', error))
    .finally(() => {
      isFlushing = false;
      if (isAskedAgain) {
        isAskedAgain = false;
        requestFlush();
      }
    });
}

/** Sends what waits now, for a screen that shows the server's answer (the lock orders it with any other). */
export async function flushNow(): Promise<void> {
  await reconcileTokenMirror();
  await flushWrites();
  await reconcileTokenMirror();
}

/**
 * A write for a screen that shows what became of it (a setting, a deletion): kept in the queue first, so
 * nothing is lost, then sent at once when online. A refusal is announced by the app with the spec's
 * message (the write kind's `refused`), so the screen only has to put back what it showed.
 */
export async function writeNow<P>(kind: WriteKind<P>, payload: P): Promise<WriteOutcome> {
  const ownerUserId = readSignedInUserId();
  if (!ownerUserId) throw new Error('Not signed in');
  const writeId = await enqueueWrite(kind, payload, { ownerUserId });
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    void requestBackgroundSync();
    return 'waiting';
  }
  await flushNow().catch((error: unknown) => console.warn('Pending writes: flush failed', error));
  return writeOutcome(ownerUserId, writeId);
}

/**
 * Asks the service worker to send once the network is back, even if the tab is closed by then.
 * Without Background Sync (or without a service worker) the page's own triggers send instead.
 * Returns whether the sync was registered.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  if (
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !navigator.serviceWorker.controller
  )
    return false;
  const registration = await navigator.serviceWorker.ready;
  if (!('sync' in registration)) return false;
  return (registration.sync as SyncManagerLike).register(QUEUE_SYNC_TAG).then(
    () => true,
    () => false,
  );
}

/** Background Sync is not in TypeScript's DOM library yet. */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}
