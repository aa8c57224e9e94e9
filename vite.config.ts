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
  },
});
