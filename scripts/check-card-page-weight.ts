// Fails the build when the public card page's first script grows past its budget or pulls in a library
// it must never load before the first paint (docs/budgets.md, public card page). The page is what a
// tapped phone opens: one shared import (a token check from a zod file, a signed-in check through
// IndexedDB) once took it from 85 KB to 146 KB unnoticed until a bench ran.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ENTRY = 'src/public-card-entry.tsx';
const BUDGET_KB = 90;
/** Text only each library's code contains, minified or not. */
const FORBIDDEN: Record<string, RegExp> = {
  zod: /ZodError/,
  Dexie: /Dexie/,
  maplibre: /maplibre/i,
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const root = process.argv[2] ?? 'dist';
const manifest = JSON.parse(readFileSync(join(root, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** The entry and every chunk it imports statically: what the browser loads before the card is live. */
function firstScript(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) firstScript(imported, seen);
  return seen;
}

const problems: string[] = [];
let totalBytes = 0;
for (const key of firstScript(ENTRY)) {
  const file = manifest[key]?.file ?? '';
  if (!file.endsWith('.js')) continue;
  const code = readFileSync(join(root, file));
  totalBytes += gzipSync(code, { level: 9 }).length;
  const text = code.toString('utf8');
  for (const [library, marker] of Object.entries(FORBIDDEN)) {
    if (marker.test(text))
      problems.push(`${file} contains ${library}: load it on demand, not on the card page's first path`);
  }
}
const totalKb = totalBytes / 1024;
if (totalKb >= BUDGET_KB)
  problems.push(`its first script is ${totalKb.toFixed(1)} KB gzip (budget < ${BUDGET_KB} KB)`);

if (problems.length > 0) {
  console.error(`The public card page is too heavy:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`public card page: first script ${totalKb.toFixed(1)} KB gzip (budget < ${BUDGET_KB} KB)`);
