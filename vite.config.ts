// Builds the client into dist/ (served by the server) with the service worker from sw/sw.ts.
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

export default defineConfig({
  plugins: [
    react(),
    emitWebManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // src/app/service-worker.ts registers it with workbox-window, to offer updates in the app.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,png,svg,webmanifest,json}'],
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
