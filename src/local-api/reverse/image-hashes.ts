// image_hash: the reusable handle of an embedded reference image, so paging and re-filtering never
// upload again. The hash is a digest of the image bytes (one image, one hash, whoever sends it); the
// descriptor behind it is kept per client in memory for the most recent uploads. An unknown or
// evicted hash answers 400 and the client uploads again.

import { createHash } from "node:crypto";

const KEPT = 2000;

export class ImageHashes {
  private readonly descriptors = new Map<string, Float32Array>();

  static hashOf(bytes: Uint8Array): string {
    return createHash("sha256").update(bytes).digest("base64url").slice(0, 32);
  }

  remember(clientId: string, hash: string, descriptor: Float32Array): void {
    const id = `${clientId}\n${hash}`;
    this.descriptors.delete(id); // re-inserted last: the most recently used stays longest
    this.descriptors.set(id, descriptor);
    if (this.descriptors.size > KEPT) {
      const oldest = this.descriptors.keys().next().value;
      if (oldest !== undefined) this.descriptors.delete(oldest);
    }
  }

  recall(clientId: string, hash: string): Float32Array | undefined {
    const id = `${clientId}\n${hash}`;
    const found = this.descriptors.get(id);
    if (found) this.remember(clientId, hash, found);
    return found;
  }
}
