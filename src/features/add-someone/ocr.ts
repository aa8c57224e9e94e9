// Reads the text of a photographed paper card on the device (tesseract.js, Apache-2.0): nothing is sent
// anywhere. Loaded only when the member scans a card, with its files from our own origin (ocr-files.ts).
import { createWorker } from 'tesseract.js';
import { OCR_BASE_PATH } from '../../db/response-caches';

export type OcrProgress = (status: string, progress: number) => void;

function startEngine(onProgress?: OcrProgress) {
  return createWorker('eng', 1, {
    // The worker from its own URL, not a blob: a worker loaded from this origin is the service worker's
    // client, so the files it loads come from the OCR cache with no signal.
    workerBlobURL: false,
    workerPath: `${OCR_BASE_PATH}/worker.min.js`,
    corePath: `${OCR_BASE_PATH}/core`,
    langPath: `${OCR_BASE_PATH}/lang`,
    logger: (message) => onProgress?.(message.status, message.progress),
    // A failure (no network for a file not yet kept) rejects the call, which its caller handles; without
    // a handler the engine also throws it where nobody can catch it.
    errorHandler: () => {},
  });
}

/**
 * Starts the engine once and stops it: what it loads (the worker, the core build this device's
 * WebAssembly takes, the English model) is what reading a card needs, and the service worker keeps it.
 */
export async function loadEngineFiles(): Promise<void> {
  const worker = await startEngine();
  await worker.terminate();
}

export async function readTextOnDevice(image: Blob, onProgress?: OcrProgress): Promise<string> {
  const worker = await startEngine(onProgress);
  try {
    const { data } = await worker.recognize(image);
    return data.text;
  } finally {
    await worker.terminate();
  }
}
