// The one place that loads maplibre: the bundled worker is served from our origin (STACK.md), so the map
// works under the CSP's worker-src 'self' and, precached, with no network.
import * as maplibre from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

maplibre.setWorkerUrl(workerUrl);

export { maplibre };
