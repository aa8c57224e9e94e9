// Registers the service worker in production builds and offers a waiting new version to the user.
import { Workbox } from 'workbox-window';
import { create } from 'zustand';
import { IS_PRODUCTION_BUILD } from '../config/env';

interface UpdateState {
  /** Set when a new version is installed and waiting; activates it and reloads. */
  applyUpdate: (() => void) | null;
}

export const useUpdateStore = create<UpdateState>()(() => ({ applyUpdate: null }));

export function registerServiceWorker(): void {
  // In development Vite serves modules straight from source; a precache would only serve stale ones.
  if (!IS_PRODUCTION_BUILD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    useUpdateStore.setState({
      applyUpdate: () => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      },
    });
  });
  // Without a service worker the app still works online; there is nothing to tell the user.
  workbox.register().catch(() => {});
}
