// Saving a result to disk from the iframe: a Blob URL clicked through an <a download>. The plugin
// sandbox cannot write files, and Figma's iframe allows downloads.

export function saveBytes(bytes: Uint8Array, fileName: string, contentType: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: contentType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL is released once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
