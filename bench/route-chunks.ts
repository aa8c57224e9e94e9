// What the app's lazy routes cost to load, read from the production build's manifest (run `npm run build`
// first): the JavaScript each start of the app loads before anything lazy (its chunk and every chunk it
// imports statically, so a module that moves between chunks is not mistaken for growth), what opening a
// route of one area adds on top of the signed-in app, and that no chart chunk (nivo) is loaded up front.
// Sizes raw and gzip -9 of the files as built, as in bench/public-card.ts.
//
//   npm run bench:insights-chunks     (node --import tsx bench/route-chunks.ts insights)
//   npm run bench:analytics-chunks    (node --import tsx bench/route-chunks.ts analytics)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Each area's routes: the lazily loaded modules (manifest keys, source paths) that open them. */
const AREAS: Record<string, { routes: string; isRoute(key: string): boolean }> = {
  insights: {
    routes: 'an insights route',
    // The prefetch after sign-in loads the insights data layer ahead of the screens.
    isRoute: (key) => key.startsWith('src/features/insights/') || key.startsWith('src/sync/insights'),
  },
  analytics: {
    routes: 'an analytics route',
    isRoute: (key) => key.startsWith('src/features/analytics/'),
  },
};

const area = AREAS[process.argv[2] ?? ''];
if (!area) {
  console.error(`Usage: node --import tsx bench/route-chunks.ts <${Object.keys(AREAS).join('|')}>`);
  process.exit(2);
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isDynamicEntry?: boolean;
}

const DIST = join(import.meta.dirname, '..', 'dist');
const manifestPath = join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(manifestPath, 'utf8'));
const scripts = Object.keys(manifest).filter((key) => manifest[key]?.file.endsWith('.js'));

/** A chunk and every chunk it imports statically, as manifest keys. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, into);
  return into;
}

function contentOf(key: string): Buffer {
  return readFileSync(join(DIST, manifest[key]?.file ?? ''));
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function row(label: string, keys: Iterable<string>): void {
  let raw = 0;
  let gzip = 0;
  let count = 0;
  for (const key of keys) {
    const content = contentOf(key);
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    count += 1;
  }
  console.log(`  ${label.padEnd(50)} ${kb(raw).padStart(9)} ${kb(gzip).padStart(9)}   ${count} files`);
}

const entry = staticClosure('index.html');
const signedInApp = staticClosure('src/app/app-entry.tsx', new Set(entry));
const publicCard = staticClosure('src/public-card-entry.tsx', new Set(entry));

console.log(`${'Starting JavaScript'.padEnd(52)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)}`);
row('entry (index.html)', entry);
row('entry + signed-in app (app-entry)', signedInApp);
row('entry + public card page', publicCard);

console.log(`Added by opening ${area.routes} (beyond the signed-in app)`);
const routes = scripts.filter((key) => manifest[key]?.isDynamicEntry === true && area.isRoute(key)).sort();
for (const key of routes) {
  row(
    key.replace('src/', ''),
    [...staticClosure(key)].filter((chunk) => !signedInApp.has(chunk)),
  );
}
// A build from before the area's screens has none: its figures are the "before" of the README.
if (routes.length === 0) console.log(`  (no chunks of ${area.routes} in this build)`);

const charts = scripts.filter((key) => contentOf(key).includes('nivo'));
row('chunks that mention nivo', charts);
const leaked = charts.filter((key) => signedInApp.has(key) || publicCard.has(key));
console.log(
  leaked.length === 0
    ? '  no chart chunk is loaded by the entry, the app or the card page'
    : `  LEAK: ${leaked.map((key) => manifest[key]?.file).join(', ')}`,
);
