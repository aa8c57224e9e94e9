// Scanning with no signal: the OCR engine's files are fetched once while the member is online, and the
// service worker keeps them (cache tapnet-ocr, sw/sw.ts). A member who opens "Add someone" online gets
// them then, without asking, unless their browser asks to save data (Save-Data): then they choose.
import { OCR_BASE_PATH, OCR_CACHE } from '../../db/response-caches';
import { OCR_FILES } from './ocr-files';

const WORKER = 'worker.min.js';
const MODEL = 'lang/eng.traineddata.gz';
const CORES = OCR_FILES.map(([path]) => path).filter((path) => path.startsWith('core/'));

/** The worker, the model and a core build are all in the cache: reading a card needs no network. */
export async function isScanningReadyOffline(): Promise<boolean> {
  if (!('caches' in globalThis) || !(await caches.has(OCR_CACHE))) return false;
  const cache = await caches.open(OCR_CACHE);
  const cached = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  const has = (path: string) => cached.has(`${OCR_BASE_PATH}/${path}`);
  return has(WORKER) && has(MODEL) && CORES.some(has);
}

/** Whether the browser asks sites to save data (Chromium's Network Information API; absent elsewhere). */
export function isSavingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** How long a first visit waits for the service worker to take the page (it claims it once installed). */
const CONTROL_WAIT_MS = 30_000;

/** Whether the service worker controls the page, waiting for it on a first visit: only then is a fetch kept. */
async function isControlled(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const { serviceWorker } = navigator;
  if (serviceWorker.controller) return true;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(serviceWorker.controller !== null), CONTROL_WAIT_MS);
    serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
  });
}

/** Fetches the files through the engine itself, so they are exactly the ones this device will use. */
export async function getScanningReadyOffline(): Promise<boolean> {
  if (!(await isControlled())) return false;
  const { loadEngineFiles } = await import('./ocr');
  await loadEngineFiles();
  return isScanningReadyOffline();
}
