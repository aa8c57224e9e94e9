// The on-device OCR engine's files, served under OCR_BASE_PATH (src/db/response-caches.ts) from our own origin, never a CDN (the app works
// offline). The build copies them there from node_modules (vite.config.ts); the service worker keeps
// them once used (sw/sw.ts), and never precaches them: megabytes only for members who scan a card.
/** What a device downloads once to read cards: the worker, one core build and the model (docs/behaviour/contacts.md). */
export const OCR_DOWNLOAD_SIZE = '7 MB';

/** The files, as the build emits them: [path under /ocr, path under node_modules]. */
export const OCR_FILES: readonly (readonly [string, string])[] = [
  ['worker.min.js', 'tesseract.js/dist/worker.min.js'],
  // The engine picks one by what the device's WebAssembly can do (relaxed SIMD, SIMD, neither).
  [
    'core/tesseract-core-relaxedsimd-lstm.wasm.js',
    'tesseract.js-core/tesseract-core-relaxedsimd-lstm.wasm.js',
  ],
  ['core/tesseract-core-simd-lstm.wasm.js', 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js'],
  ['core/tesseract-core-lstm.wasm.js', 'tesseract.js-core/tesseract-core-lstm.wasm.js'],
  // English, the "best, integer" model: 2.9 MB, about as accurate as the 10.9 MB float one on print.
  ['lang/eng.traineddata.gz', '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz'],
];
