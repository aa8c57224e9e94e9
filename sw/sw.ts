/// <reference lib="webworker" />
// Tapnet's service worker: what is cached, for how long, and why.
import '../src/zod-jitless';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { flushOutbox, OUTBOX_SYNC_TAG } from '../src/sync/outbox';

declare const self: ServiceWorkerGlobalScope;

// The whole build (HTML, scripts, styles, icons, manifest), so the app opens with the network off.
// The list and its revision hashes are written in at build time by vite-plugin-pwa.
precacheAndRoute(self.__WB_MANIFEST);

// A new build leaves the previous precache behind; drop it instead of filling the user's storage.
cleanupOutdatedCaches();

// Every page of the app is the same shell; the router picks the screen. The API is never a page, and
// answering an /api/ navigation with HTML would hide the server's real response.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// The first install takes over open pages at once, so the very first visit is already offline-capable.
// Later versions wait until the user accepts the update prompt (SKIP_WAITING below), so a page never
// runs against files of a release it was not built with.
clientsClaim();

// Contact saves made offline wait in the Dexie outbox; saving one registers this Background Sync tag,
// and the browser fires it when the network is back, even with every tab closed. The flush is the
// page's own (src/sync/outbox.ts): the freshest mirrored token, one refresh on a 401, and a decision
// per response. Workbox's background-sync Queue is not used because it drops a request on any answer,
// 401 and 5xx included, and stores the bearer token with it. A flush that leaves saves behind (still
// offline, server trouble) fails the event, so the browser schedules another attempt with back-off.
self.addEventListener('sync', (event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    flushOutbox().then(({ remaining }) => {
      if (remaining > 0) throw new Error(`${remaining} contact saves still waiting`);
    }),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Background Sync is not in TypeScript's WebWorker library yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}
