// A file the server answered with (an export): its bytes and the name the server gave it.

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The name from Content-Disposition, else `fallback`. */
export async function readDownloadedFile(response: Response, fallback: string): Promise<DownloadedFile> {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = disposition.match(/filename="([^"]+)"/)?.[1] ?? fallback;
  return { blob: await response.blob(), fileName };
}
