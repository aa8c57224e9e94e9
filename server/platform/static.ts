// Serves the built PWA: hashed assets cached for a year, the entry points always revalidated.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// These names never change between releases, so a cached copy would pin users to an old app.
const ALWAYS_REVALIDATE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

function cacheControlFor(filePath: string): string {
  // A precompressed copy (file.js.br) is cached like the file it stands for.
  const urlPath = filePath.replace(/\.(br|gz)$/, '');
  if (ALWAYS_REVALIDATE.has(urlPath) || urlPath.startsWith('/workbox-')) return 'no-cache';
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=86400';
}

/**
 * Dot-folders are build by-products that are nobody's business (Vite's .vite/manifest.json maps every
 * file of the build); .well-known is the one that is meant to be public.
 */
function isPublic(urlPath: string): boolean {
  return !urlPath.split('/').some((segment) => segment.startsWith('.') && segment !== '.well-known');
}

export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<boolean> {
  const root = resolve(staticDir);
  if (!existsSync(resolve(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: true,
    cacheControl: false,
    // scripts/precompress.ts writes .br and .gz copies at build time.
    preCompressed: true,
    // Refused paths fall through to the not-found handler, like any unknown path.
    allowedPath: (pathName) => isPublic(pathName),
    setHeaders(reply, filePath) {
      const urlPath = filePath.slice(root.length).replaceAll('\\', '/');
      reply.header('Cache-Control', cacheControlFor(urlPath));
    },
  });
  // With `index: false` the plugin answers the bare root, a directory, with 403; the root is the app.
  app.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  return true;
}
