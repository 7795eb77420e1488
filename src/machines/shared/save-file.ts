/** Hands a fetched file to the browser's save dialog. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has started by then; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
