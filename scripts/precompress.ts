// Writes a .br and a .gz copy beside every compressible file of the build, so the server sends the
// smallest one the browser accepts (@fastify/static preCompressed) without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
// Below this a compressed copy saves less than the bytes of its own headers.
const MIN_BYTES = 1024;
// Brotli's best takes about a minute per megabytes-large file (the OCR engine's, under dist/ocr) on a
// loaded machine; a level below it compresses those nearly as well in a fraction of the time.
const LARGE_BYTES = 1_000_000;

function* filesIn(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(path);
    else yield path;
  }
}

const root = process.argv[2] ?? 'dist';
let count = 0;
for (const file of filesIn(root)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: content.length > LARGE_BYTES ? 9 : 11 },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files in ${root}`);
