// Builds the client into dist/ (served by the server) with the service worker from sw/sw.ts.
import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { OCR_BASE_PATH } from './src/db/response-caches';
import { OCR_FILES } from './src/features/add-someone/ocr-files';

const MANIFEST_FILE = 'manifest.webmanifest';

/**
 * The web manifest lives at the top of the repository (DESIGN.md §2), not in public/. In development
 * Vite serves it from the project root; a build emits it unhashed, because browsers re-check it by URL.
 */
function emitWebManifest(): Plugin {
  return {
    name: 'tapnet:web-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: readFileSync(MANIFEST_FILE, 'utf8') });
    },
  };
}

/**
 * The on-device OCR engine's files (src/features/add-someone/ocr-files.ts), served from our own origin
 * under /ocr: copied into the build, and served from node_modules in development. Unhashed, because the
 * engine finds them by name; the service worker leaves them out of its precache.
 */
function serveOcrFiles(): Plugin {
  const require = createRequire(import.meta.url);
  const byUrl = new Map(OCR_FILES.map(([path, module]) => [`${OCR_BASE_PATH}/${path}`, module]));
  return {
    name: 'tapnet:ocr-files',
    // The server-rendering build has no use for them.
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const module = byUrl.get(request.url?.split('?')[0] ?? '');
        if (!module) return next();
        response.setHeader('Content-Type', module.endsWith('.gz') ? 'application/gzip' : 'text/javascript');
        createReadStream(require.resolve(module)).pipe(response);
      });
    },
    generateBundle() {
      for (const [path, module] of OCR_FILES) {
        this.emitFile({
          type: 'asset',
          fileName: `${OCR_BASE_PATH.slice(1)}/${path}`,
          source: readFileSync(require.resolve(module)),
        });
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    emitWebManifest(),
    serveOcrFiles(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // src/app/service-worker.ts registers it with workbox-window, to offer updates in the app.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,png,svg,webmanifest,json}'],
        // Megabytes that only members who scan a paper card need: cached on first use (sw/sw.ts).
        globIgnores: ['ocr/**'],
      },
    }),
  ],
  server: {
    proxy: {
      '/api': 'http://localhost:5001',
    },
  },
  build: {
    outDir: 'dist',
    // The server reads it to link the public card chunk's CSS and modulepreloads into the rendered page.
    manifest: true,
    // maplibre alone is about 1.1 MB minified (300 KB gzip). It is its own chunk, loaded only by the map
    // screens (src/map), never with the entry or the public card; the warning limit is set just above it
    // so that any other chunk growing that large is still reported.
    chunkSizeWarningLimit: 1_200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Otherwise the group would take react along, and with it the entry would depend on the map chunk.
          includeDependenciesRecursively: false,
          groups: [{ name: 'maplibre', test: /node_modules[\\/](maplibre-gl|@vis\.gl|react-map-gl)[\\/]/ }],
        },
      },
    },
  },
});
