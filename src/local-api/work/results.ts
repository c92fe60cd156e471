// Finished outputs of jobs and AI tasks, kept as files in the state folder and served under
// /files/results/{id}.{extension} through signed, expiring links (the job or task hands out a fresh
// link on every poll, so a slow client is never stranded with an expired one). How long they are
// kept, and the deletion of files no record names, is work/result-sweep.ts.

import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { UrlSigner } from "../state/signer";

export const RESULT_LINK_TTL_SECONDS = 60 * 60;

const CONTENT_TYPES: Record<string, string> = {
  gif: "image/gif",
  webp: "image/webp",
  mp4: "video/mp4",
  webm: "video/webm",
  png: "image/png",
  jpg: "image/jpeg",
  svg: "image/svg+xml",
  json: "application/json",
  glb: "model/gltf-binary",
  gltf: "model/gltf+json",
  zip: "application/zip",
};

export interface StoredResult {
  name: string;
  contentType: string;
}

export function contentTypeOfExtension(extension: string): string | undefined {
  return CONTENT_TYPES[extension];
}

export class ResultStore {
  private readonly dir: string;

  constructor(
    stateDir: string,
    private readonly signer: UrlSigner,
  ) {
    this.dir = join(stateDir, "results");
  }

  async put(id: string, extension: string, bytes: Uint8Array): Promise<StoredResult> {
    const contentType = CONTENT_TYPES[extension];
    if (!contentType || !/^[\w-]+$/.test(id)) throw new Error(`Cannot store a result ${id}.${extension}.`);
    await mkdir(this.dir, { recursive: true });
    const name = `${id}.${extension}`;
    await writeFile(join(this.dir, name), bytes);
    return { name, contentType };
  }

  /** The stored bytes, or undefined for a name this store never wrote. */
  async read(name: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
    const match = /^([\w-]+)\.(\w+)$/.exec(name);
    const contentType = match ? CONTENT_TYPES[match[2]!] : undefined;
    if (!contentType) return undefined;
    const bytes = await readFile(join(this.dir, name)).catch(() => undefined);
    return bytes && { bytes, contentType };
  }

  /** Every stored result's name and when it was written (for the sweep of old ones). */
  async list(): Promise<Array<{ name: string; writtenAt: number }>> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const found = await Promise.all(
      names.map(async (name) => {
        const info = await stat(join(this.dir, name)).catch(() => undefined);
        return info?.isFile() ? { name, writtenAt: info.mtimeMs } : undefined;
      }),
    );
    return found.filter((file) => file !== undefined);
  }

  /** Deletes a result whose job or task is no longer kept. */
  remove(result: { name: string } | undefined): void {
    if (result && /^[\w-]+\.\w+$/.test(result.name))
      void rm(join(this.dir, result.name), { force: true }).catch(() => {});
  }

  /** A fresh signed link (a path; the route makes it absolute). */
  link(result: StoredResult): string {
    return this.signer.sign(`/files/results/${result.name}`, {}, RESULT_LINK_TTL_SECONDS).url;
  }
}
