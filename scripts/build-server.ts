// Builds what `npm start` runs (docs/budgets.md "Server memory"): the server compiled to one JavaScript
// file, dist-server/main.js, and its feed worker beside it, so that Node runs them without tsx (tsx's
// loader and what it keeps of each file cost the server about 50 MB, and each feed read a worker that
// loaded it again), and the migrated PGlite data directory that a new DATA_DIR starts from
// (server/platform/db/data-dir-template.ts).
//
//   node --liftoff-only --import tsx scripts/build-server.ts
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { build, type Plugin } from 'esbuild';
import { COMPILED_FEED_WORKER } from '../server/modules/insights/feeds/read-feed-off-thread';
import { wrapPglite } from '../server/platform/db/connection';
import { DATA_DIR_TEMPLATE } from '../server/platform/db/data-dir-template';
import { MIGRATIONS_DIR, migrate } from '../server/platform/db/migrate';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_OUT_DIR = join(ROOT, 'dist-server');

/**
 * The bundle lives in dist-server/, but the server's files find what lies beside them in the checkout
 * (migrations, the app icon) through `import.meta`: each file's `import.meta` is
 * rewritten to point at the file's own place in the checkout, relative to the bundle, so the paths
 * stay what they are under tsx and the checkout can move as a whole.
 */
const sourcePlaces = (outDir: string): Plugin => ({
  name: 'source-places',
  setup(builder) {
    builder.onLoad({ filter: /[\\/](server|contract|src)[\\/].*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const fromBundle = (path: string) => relative(outDir, path).split('\\').join('/');
      const contents = source
        .replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${fromBundle(dirname(args.path))}`)})`,
        )
        .replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle(args.path))}, import.meta.url).href`,
        );
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
});

/**
 * The server as one file, `outDir`/main.js, and its feed worker, `outDir`/read-feed-worker.js; `outDir` must
 * lie inside the checkout (node_modules).
 */
export async function buildServerBundle(outDir = SERVER_OUT_DIR): Promise<void> {
  await build({
    entryPoints: {
      main: join(ROOT, 'server/main.ts'),
      [COMPILED_FEED_WORKER]: join(ROOT, 'server/modules/insights/feeds/read-feed-worker.ts'),
    },
    outdir: outDir,
    // The server starts its compiled feed worker, beside it, instead of the source through tsx.
    define: { COMPILED_SERVER_URL: 'import.meta.url' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Packages stay in node_modules, loaded by Node as they are: only the project's own code is compiled.
    packages: 'external',
    plugins: [sourcePlaces(outDir)],
    logLevel: 'warning',
  });
}

/** What the template is made of: PGlite's version and every migration's name and text. */
function templateRecipe(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex');
}

/** A migrated PGlite data directory in `dir` (made afresh). */
export async function makeDataDirTemplate(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const pglite = await PGlite.create({ dataDir: dir });
  await migrate(wrapPglite(pglite));
  await pglite.close();
}

/** Makes the template, unless the one there was made from the same PGlite and migrations. */
async function buildDataDirTemplate(): Promise<void> {
  const recipe = templateRecipe();
  const recipeFile = `${DATA_DIR_TEMPLATE}.recipe`;
  if (existsSync(recipeFile) && readFileSync(recipeFile, 'utf8') === recipe) return;
  rmSync(recipeFile, { force: true });
  await makeDataDirTemplate(DATA_DIR_TEMPLATE);
  writeFileSync(recipeFile, recipe);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServerBundle();
  await buildDataDirTemplate();
}
