// Hands a downloaded file to the browser's own download, as if the member had clicked a file link.
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; a later revoke keeps slow browsers from losing the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
