// A file the server answered with (an export): its bytes and the name the server gave it.
import type { Answered } from './transport';

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The name from Content-Disposition, else `fallback`. */
export function readDownloadedFile({ value, headers }: Answered<string>, fallback: string): DownloadedFile {
  const disposition = headers.get('Content-Disposition') ?? '';
  const fileName = disposition.match(/filename="([^"]+)"/)?.[1] ?? fallback;
  return { blob: new Blob([value], { type: headers.get('Content-Type') ?? '' }), fileName };
}
