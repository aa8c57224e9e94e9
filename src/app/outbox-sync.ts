// When the page sends the pending-writes queue itself, and how it keeps its tokens in step with flushes
// the service worker ran.
import { reconcileTokenMirror } from '../session/token-store';
import { requestBackgroundSync, requestFlush } from '../sync/flush-triggers';
import { QUEUE_CHANNEL_NAME } from '../sync/queue';

/** Starts the page's flush triggers; returns what stops them. */
export function startOutboxSync(): () => void {
  // At start everywhere: a write queued before a restart may never get its sync event, and the lock and
  // Idempotency-Keys make a flush that races the service worker harmless.
  requestFlush();
  // A sync the browser fired while the connection was only half back fails and backs off for minutes;
  // registering it again on reconnect lets the service worker send now, and the page sends too: the
  // lock lets one of them through at a time, and what one sent is gone for the other.
  const onOnline = () => {
    void requestBackgroundSync();
    requestFlush();
  };
  // Another tab or the service worker may have refreshed the tokens while this one was hidden.
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') reconcileTokenMirror().catch(() => {});
  };
  const channel = new BroadcastChannel(QUEUE_CHANNEL_NAME);
  channel.onmessage = () => {
    reconcileTokenMirror().catch(() => {});
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisibilityChange);
    channel.close();
  };
}
