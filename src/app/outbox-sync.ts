// When the page replays queued contact saves and sends flags changed offline itself, and how it keeps its
// tokens in step with replays.
import { readSignedInUserId } from '../session/signed-in-user';
import { reconcileTokenMirror } from '../session/token-store';
import { requestBackgroundSync } from '../sync/contact-saves';
import { flushOutbox, OUTBOX_CHANNEL_NAME } from '../sync/outbox';

function flush(): void {
  reconcileTokenMirror()
    .then(flushOutbox)
    .then(reconcileTokenMirror)
    .catch(() => {})
    // After the saves: a flag may be on a contact that was saved offline too.
    .then(sendFlags)
    .catch(() => {});
}

/**
 * Flags changed offline go out too, whatever screen is open. Loaded only for a signed-in member, so a
 * visitor's first page does not fetch the contacts code.
 */
async function sendFlags(): Promise<void> {
  if (!readSignedInUserId() || !navigator.onLine) return;
  const { sendQueuedFlags } = await import('../features/contacts/queued-flags');
  await sendQueuedFlags();
}

/** Starts the page's replay triggers; returns what stops them. */
export function startOutboxSync(): () => void {
  // At start everywhere: a save queued before a restart may never get its sync event, and the lock and
  // Idempotency-Key make a replay that races the service worker harmless.
  flush();
  // A sync the browser fired while the connection was only half back fails and backs off for minutes;
  // registering it again on reconnect lets the service worker replay now. Without it the page replays.
  const onOnline = () => {
    requestBackgroundSync().then((isRegistered) => {
      if (!isRegistered) flush();
      else void sendFlags().catch(() => {});
    });
  };
  // Another tab or the service worker may have refreshed the tokens while this one was hidden.
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') reconcileTokenMirror().catch(() => {});
  };
  const channel = new BroadcastChannel(OUTBOX_CHANNEL_NAME);
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
