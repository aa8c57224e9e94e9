/// <reference lib="webworker" />
// Tapnet's service worker: what is cached, for how long, and why.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

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

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
