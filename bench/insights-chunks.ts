// What the insights screens cost and what they must not cost: the JavaScript each start of the app loads
// (the entry, the signed-in app, the public card page, each with everything it imports statically) and
// what opening an insights route adds on top of the signed-in app. Reads the build's manifest, so run
// `npm run build` first. Sizes are gzip -9 of the files as built, as in bench/public-card.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

const DIST = 'dist';
const manifestPath = join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** A chunk and every chunk it imports statically, as manifest keys. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, into);
  return into;
}

function gzipKb(keys: Iterable<string>): number {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file) bytes += gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
  }
  return bytes / 1024;
}

function row(label: string, keys: Set<string>): void {
  console.log(`${label.padEnd(46)} ${gzipKb(keys).toFixed(1).padStart(7)} KB gzip  (${keys.size} files)`);
}

const entry = staticClosure('index.html');
const signedInApp = staticClosure('src/app/app-entry.tsx', new Set(entry));
const publicCard = staticClosure('src/public-card-entry.tsx', new Set(entry));

console.log('Starting JavaScript');
row('  entry (index.html)', entry);
row('  entry + signed-in app (app-entry)', signedInApp);
row('  entry + public card page', publicCard);

console.log('Added by opening an insights route (beyond the signed-in app)');
const insightsKeys = Object.keys(manifest).filter(
  (key) =>
    manifest[key]?.isDynamicEntry === true &&
    (key.includes('/features/insights/') || key.includes('/sync/insights')),
);
for (const key of insightsKeys.sort()) {
  const added = new Set([...staticClosure(key)].filter((chunk) => !signedInApp.has(chunk)));
  row(`  ${key.replace('src/', '')}`, added);
}
if (insightsKeys.length === 0) console.log('  (no insights chunks in this build)');
