// What the analytics screens and their charts cost to load, read from the production build (`dist/`):
// the JavaScript each start point loads before anything lazy (its chunk and every chunk it imports
// statically, so a module that moves between chunks is not mistaken for growth), and what each
// analytics route adds to the signed-in app. Sizes raw and gzip -9. Run `npm run build` first.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ASSETS = join(import.meta.dirname, '..', 'dist', 'assets');
const chunks = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));

// Minified static imports (`import{a as b}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`);
// a dynamic `import("./x.js")` is lazy and left out.
const STATIC_IMPORT = /(?:import|export)\s*(?:[\w${}\s,*]*?from\s*)?["']\.\/([^"']+\.js)["']/g;

function chunkNamed(prefix: string): string {
  const file = chunks.find((name) => name.startsWith(`${prefix}-`));
  if (!file) throw new Error(`No chunk ${prefix}-*.js in dist/assets: run npm run build first`);
  return file;
}

function staticClosure(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const code = readFileSync(join(ASSETS, start), 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) {
    if (match[1] && chunks.includes(match[1])) staticClosure(match[1], seen);
  }
  return seen;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function report(label: string, files: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  let count = 0;
  for (const file of files) {
    const content = readFileSync(join(ASSETS, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    count += 1;
  }
  console.log(`  ${label.padEnd(46)} ${kb(raw).padStart(9)} ${kb(gzip).padStart(9)}   ${count} chunks`);
}

const entry = staticClosure(chunkNamed('index'));
const app = staticClosure(chunkNamed('app-entry'));
const publicCard = staticClosure(chunkNamed('public-card-entry'));
const nivo = chunks.filter((file) => readFileSync(join(ASSETS, file), 'utf8').includes('nivo'));

console.log(`  ${'Loads'.padEnd(46)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)}`);
report('entry (index) and its static imports', entry);
report('signed-in app (app-entry) and its imports', app);
report('public card page (public-card-entry) + imports', publicCard);
for (const screen of ['analytics-screen', 'enhanced-analytics-screen', 'sample-analytics-screen']) {
  // A build from before the analytics screens has none: its figures are the "before" of the README.
  if (!chunks.some((name) => name.startsWith(`${screen}-`))) continue;
  const added = [...staticClosure(chunkNamed(screen))].filter((file) => !app.has(file) && !entry.has(file));
  report(`${screen}: added to the app`, added);
}
report('chunks that mention nivo', nivo);
const leaked = nivo.filter((file) => entry.has(file) || app.has(file) || publicCard.has(file));
console.log(
  leaked.length === 0
    ? '  no chart chunk is loaded by the entry, the app or the card page'
    : `  LEAK: ${leaked.join(', ')}`,
);
