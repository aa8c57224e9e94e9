/// <reference lib="webworker" />
// Tapnet's service worker: what is cached, for how long, and why.
import '../src/zod-jitless';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { CardPhotoPaths } from '../contract/card-extras';
import { ListMapContactsEndpoint } from '../contract/contacts';
import { type MapStyle, MapStyleEndpoint, MapStyleSchema } from '../contract/map';
import {
  CARD_PHOTOS_CACHE,
  type CachePlaceTilesMessage,
  MAP_CONTACTS_CACHE,
  MAP_PLACE_TILES_CACHE,
  OCR_BASE_PATH,
  OCR_CACHE,
} from '../src/db/response-caches';
import { flushWrites, QUEUE_SYNC_TAG } from '../src/sync/queue';

declare const self: ServiceWorkerGlobalScope;

// The whole build (HTML, scripts, styles, icons, manifest, the maplibre worker and the bundled world
// basemap), so the app, and its map, open with the network off.
// The list and its revision hashes are written in at build time by vite-plugin-pwa.
precacheAndRoute(self.__WB_MANIFEST);

// A new build leaves the previous precache behind; drop it instead of filling the user's storage.
cleanupOutdatedCaches();

// Every page of the app is the same shell; the router picks the screen. The API is never a page, and
// answering an /api/ navigation with HTML would hide the server's real response.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// /map's contacts: always the server's latest when it answers (a contact saved elsewhere shows up), the
// last answer when it does not, so the map still opens offline. Only 200s are kept; it holds member data,
// so ending a session deletes it (src/db/response-caches.ts). The bearer token is not part of the key.
const MAP_CONTACTS_NETWORK_TIMEOUT_S = 5;
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === ListMapContactsEndpoint.path,
  new NetworkFirst({ cacheName: MAP_CONTACTS_CACHE, networkTimeoutSeconds: MAP_CONTACTS_NETWORK_TIMEOUT_S }),
  'GET',
);

// The online map style (MAP_STYLE_URL on the server, docs/behaviour/maps.md). Which style, and the hosts its
// tiles, glyphs and sprites come from, is the server's answer to /api/map/style: network-first into its
// own cache, so the map knows its style offline, and each answer (or, after a restart of this worker,
// the cached one) tells the rules below which hosts to keep. With the style turned off the map draws
// the precached outline and nothing here matches.
const MAP_SETTING_CACHE = 'tapnet-map-setting';
const MAP_SETTING_NETWORK_TIMEOUT_S = 5;
const MAP_TILES_MAX_ENTRIES = 3000;
const MAP_TILES_MAX_AGE_S = 30 * 24 * 60 * 60;
let mapSetting: MapStyle = { styleUrl: null, origins: [] };

async function rememberMapSetting(response: Response | undefined): Promise<void> {
  const parsed = MapStyleSchema.safeParse(
    await response
      ?.clone()
      .json()
      .catch(() => undefined),
  );
  if (parsed.success) mapSetting = parsed.data;
}
const mapSettingKnown = caches
  .open(MAP_SETTING_CACHE)
  .then((cache) => cache.match(MapStyleEndpoint.path))
  .then(rememberMapSetting)
  .catch(() => {});

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === MapStyleEndpoint.path,
  new NetworkFirst({
    cacheName: MAP_SETTING_CACHE,
    networkTimeoutSeconds: MAP_SETTING_NETWORK_TIMEOUT_S,
    // Before the page has the answer, so the style it asks for next is already recognised.
    plugins: [
      {
        fetchDidSucceed: async ({ response }) => {
          await rememberMapSetting(response);
          return response;
        },
      },
    ],
  }),
  'GET',
);
// The style itself: shown from cache at once, refreshed behind, so a changed style arrives on the next visit.
const mapStyleStrategy = new StaleWhileRevalidate({ cacheName: 'tapnet-map-style' });
// Tiles, glyphs and sprites do not change under one URL: from cache first, so places seen once are
// there offline. Capped and expired so that panning round the world cannot fill the user's storage.
const mapTilesStrategy = new CacheFirst({
  cacheName: 'tapnet-map-tiles',
  plugins: [
    new ExpirationPlugin({
      maxEntries: MAP_TILES_MAX_ENTRIES,
      maxAgeSeconds: MAP_TILES_MAX_AGE_S,
      purgeOnQuotaError: true,
    }),
  ],
});
// Card photos (a contact's, the member's own): what one URL serves never changes (a new photo gets a new
// id), so each is served from cache once seen, and the contacts list shows its photos offline. Only 200s
// are kept (Workbox's default: a removed photo's 404 is not); capped, like the tiles, so that a long
// list cannot fill the user's storage.
const CARD_PHOTOS_PATH = CardPhotoPaths.image.replace(':photoId', '');
const CARD_PHOTOS_MAX_ENTRIES = 2000;
const CARD_PHOTOS_MAX_AGE_S = 60 * 24 * 60 * 60;
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(CARD_PHOTOS_PATH),
  new CacheFirst({
    cacheName: CARD_PHOTOS_CACHE,
    plugins: [
      new ExpirationPlugin({
        maxEntries: CARD_PHOTOS_MAX_ENTRIES,
        maxAgeSeconds: CARD_PHOTOS_MAX_AGE_S,
        purgeOnQuotaError: true,
      }),
    ],
  }),
  'GET',
);

// The tiles around the places where the member met people (src/map/place-tiles.ts asks for them while the
// map is online): kept apart from the tiles seen, so panning elsewhere never pushes them out, and only
// up to a number of bytes, in the order asked (the newest places first). The set is replaced with each
// request, so places no longer among the member's go; it says where they met people, so ending the
// session deletes it (src/db/response-caches.ts).
const PLACE_TILES_MAX_BYTES = 25 * 1024 * 1024;
/** A few at a time: quick enough in the background, gentle on the tile server. */
const PLACE_TILES_PARALLEL = 4;

let placeTilesKept = Promise.resolve();

async function sizeOf(response: Response): Promise<number> {
  return (await response.clone().arrayBuffer()).byteLength;
}

async function keepPlaceTiles(urls: readonly string[]): Promise<void> {
  await mapSettingKnown;
  // Only the map's own hosts: the worker fetches nothing else on a page's word.
  const wanted = urls.filter((url) => URL.canParse(url) && mapSetting.origins.includes(new URL(url).origin));
  const cache = await caches.open(MAP_PLACE_TILES_CACHE);
  const kept = new Set<string>();
  let bytes = 0;
  let next = 0;
  const work = async (): Promise<void> => {
    while (next < wanted.length && bytes < PLACE_TILES_MAX_BYTES) {
      const url = wanted[next++] as string;
      const response = (await cache.match(url)) ?? (await fetchTile(cache, url));
      if (!response) continue;
      bytes += await sizeOf(response);
      kept.add(url);
    }
  };
  await Promise.all(Array.from({ length: PLACE_TILES_PARALLEL }, work));
  const stale = (await cache.keys()).filter((request) => !kept.has(request.url));
  await Promise.all(stale.map((request) => cache.delete(request)));
}

/** A tile the server gives (a missing one, at sea or past its edge, is simply not kept). */
async function fetchTile(cache: Cache, url: string): Promise<Response | undefined> {
  const response = await fetch(url, { mode: 'cors' }).catch(() => undefined);
  if (!response?.ok) return undefined;
  await cache.put(url, response.clone());
  return response;
}

// The on-device OCR engine (src/features/add-someone/ocr-files.ts) is not precached: a member who scans
// a paper card fetches it once, and from then on reads cards with no signal.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(`${OCR_BASE_PATH}/`),
  new CacheFirst({ cacheName: OCR_CACHE }),
  'GET',
);

// Route matching cannot wait, but a worker the browser has just restarted has not read its cached
// setting yet: other hosts' requests (the CSP allows only the map's) wait for it, then take their rule.
registerRoute(
  ({ url }) => url.origin !== self.location.origin,
  async (options) => {
    await mapSettingKnown;
    if (options.url.href === mapSetting.styleUrl) return mapStyleStrategy.handle(options);
    if (mapSetting.origins.includes(options.url.origin)) {
      const aroundPlace = await caches.match(options.request, { cacheName: MAP_PLACE_TILES_CACHE });
      return aroundPlace ?? mapTilesStrategy.handle(options);
    }
    return fetch(options.request);
  },
  'GET',
);

// The first install takes over open pages at once, so the very first visit is already offline-capable.
// Later versions wait until the user accepts the update prompt (SKIP_WAITING below), so a page never
// runs against files of a release it was not built with.
clientsClaim();

// Writes made offline wait in the Dexie pending-writes queue; queueing one registers this Background Sync
// tag, and the browser fires it when the network is back, even with every tab closed. The flush is the
// page's own (src/sync/queue.ts): the freshest mirrored token, one refresh on a 401 (the session's one
// refresh, src/session/token-refresh.ts, taken in turn with the open tabs so a rotated refresh token is
// spent once), and a decision per response. Workbox's background-sync Queue is not used because it drops a request on any answer,
// 401 and 5xx included, and stores the bearer token with it. A flush that leaves saves behind (still
// offline, server trouble) fails the event, so the browser schedules another attempt with back-off.
self.addEventListener('sync', (event: SyncEvent) => {
  if (event.tag !== QUEUE_SYNC_TAG) return;
  event.waitUntil(
    flushWrites().then(({ remaining }) => {
      if (remaining > 0) throw new Error(`${remaining} writes still waiting`);
    }),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (isCachePlaceTiles(event.data)) {
    const { urls } = event.data;
    // One set at a time: two maps opened together must not delete what the other has just kept.
    placeTilesKept = placeTilesKept.then(() => keepPlaceTiles(urls)).catch(() => {});
    event.waitUntil(placeTilesKept);
  }
});

function isCachePlaceTiles(data: unknown): data is CachePlaceTilesMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === 'CACHE_PLACE_TILES' &&
    'urls' in data &&
    Array.isArray(data.urls) &&
    data.urls.every((url) => typeof url === 'string')
  );
}

/** Background Sync is not in TypeScript's WebWorker library yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}
