// What the app shows in place of a screen that failed to open, under the app's own frame. Most often the
// screen's code could not be fetched: offline before this device kept a copy of it, or a new version
// replaced it on the server. Without this, React Router shows its page for developers instead.
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { LoadFailed } from '../ui/load-failed';
import { Screen } from '../ui/screen';

const SCREEN_NOT_OPENED = 'This screen could not be opened';
const OFFLINE_SCREEN_MISSING = 'You are offline, and this screen is not on this device yet.';
const SCREEN_FAILED = 'Tapnet could not open this screen.';

export function RouteError() {
  const error = useRouteError();
  const isOffline = !navigator.onLine;
  useEffect(() => console.error(error), [error]);
  return (
    <Screen title={SCREEN_NOT_OPENED} backTo="/contacts">
      <LoadFailed
        message={isOffline ? OFFLINE_SCREEN_MISSING : SCREEN_FAILED}
        failure={isOffline ? 'unreachable' : 'server'}
        // A fresh load fetches the screen anew, and the app's newest version with it.
        onRetry={() => window.location.reload()}
      />
    </Screen>
  );
}
