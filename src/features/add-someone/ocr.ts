// Reads the text of a photographed paper card on the device (tesseract.js, Apache-2.0): nothing is sent
// anywhere. Loaded only when the member scans a card, with its files from our own origin (ocr-files.ts).
import { createWorker } from 'tesseract.js';
import { OCR_BASE_PATH } from '../../db/response-caches';

export type OcrProgress = (status: string, progress: number) => void;

export async function readTextOnDevice(image: Blob, onProgress?: OcrProgress): Promise<string> {
  const worker = await createWorker('eng', 1, {
    workerPath: `${OCR_BASE_PATH}/worker.min.js`,
    corePath: `${OCR_BASE_PATH}/core`,
    langPath: `${OCR_BASE_PATH}/lang`,
    logger: (message) => onProgress?.(message.status, message.progress),
  });
  try {
    const { data } = await worker.recognize(image);
    return data.text;
  } finally {
    await worker.terminate();
  }
}
