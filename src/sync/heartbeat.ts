// While the app is visible and online, a light authenticated call about once a minute, so a member who
// is reading (and sending nothing) still counts as online on the admin dashboard. Hidden or offline, it
// stops: a background tab is not a member present.
import { HEARTBEAT_INTERVAL_MS, HeartbeatEndpoint } from '../../contract/sessions';
import { callEndpoint } from '../api/client';

function beat(): void {
  if (document.visibilityState !== 'visible' || !navigator.onLine) return;
  // A missed beat only makes the member look idle a minute sooner; nothing to tell anyone.
  callEndpoint(HeartbeatEndpoint).catch(() => {});
}

/** Starts the heartbeat for the signed-in member; returns what stops it. */
export function startHeartbeat(): () => void {
  const timer = window.setInterval(beat, HEARTBEAT_INTERVAL_MS);
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') beat();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
