// Precomputes catalogue descriptors once and keeps them on disk. Each entry is keyed by uuid and a
// hash of its SVG, so a changed or new icon is recomputed and everything else is reused. The work
// yields to the event loop every few milliseconds, so a server can answer requests meanwhile.
//
// File layout: "APSIM1\n", a uint32 (LE) header length, the JSON header
// {version, dimensions, entries: [[uuid, hash], ...]}, then the descriptors as float32 LE rows.

import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { endianness } from "node:os";
import { dirname } from "node:path";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { describeSvg } from "./describe";
import { DESCRIPTOR_LENGTH } from "./features";
import { SimilarityIndex } from "./rank";

const MAGIC = "APSIM1\n";
const littleEndian = endianness() === "LE";
/** Bump when the descriptor changes meaning: every cached row is then recomputed. */
export const DESCRIPTOR_VERSION = 1;
/** Longest stretch of work between yields to the event loop, in ms. */
const SLICE_MS = 15;

export interface CatalogueIcon {
  uuid: string;
  svg: string;
}

interface CacheHeader {
  version: number;
  dimensions: number;
  entries: Array<[string, string]>;
}

const hashOf = (svg: string) => createHash("sha1").update(svg).digest("base64url");

async function readCache(path: string): Promise<Map<string, { hash: string; descriptor: Float32Array }>> {
  const found = new Map<string, { hash: string; descriptor: Float32Array }>();
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return found; // no cache yet
  }
  try {
    if (bytes.toString("latin1", 0, MAGIC.length) !== MAGIC) return found;
    const headerLength = bytes.readUInt32LE(MAGIC.length);
    const start = MAGIC.length + 4;
    const header = JSON.parse(bytes.toString("utf8", start, start + headerLength)) as CacheHeader;
    if (header.version !== DESCRIPTOR_VERSION || header.dimensions !== DESCRIPTOR_LENGTH) return found;
    const rows = start + headerLength;
    if (bytes.length !== rows + header.entries.length * DESCRIPTOR_LENGTH * 4) return found;
    // One copy into an aligned buffer, then views: reading float by float is ten times slower.
    const floats = littleEndian
      ? new Float32Array(bytes.buffer.slice(bytes.byteOffset + rows, bytes.byteOffset + bytes.length))
      : Float32Array.from({ length: (bytes.length - rows) / 4 }, (_, k) => bytes.readFloatLE(rows + k * 4));
    header.entries.forEach(([uuid, hash], i) => {
      found.set(uuid, {
        hash,
        descriptor: floats.subarray(i * DESCRIPTOR_LENGTH, (i + 1) * DESCRIPTOR_LENGTH),
      });
    });
  } catch {
    found.clear(); // a damaged cache is rebuilt, never trusted
  }
  return found;
}

async function writeCache(
  path: string,
  rows: Array<{ uuid: string; hash: string; descriptor: Float32Array }>,
) {
  const header: CacheHeader = {
    version: DESCRIPTOR_VERSION,
    dimensions: DESCRIPTOR_LENGTH,
    entries: rows.map((r) => [r.uuid, r.hash]),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const body = Buffer.alloc(rows.length * DESCRIPTOR_LENGTH * 4);
  rows.forEach((r, i) => {
    for (let k = 0; k < DESCRIPTOR_LENGTH; k++)
      body.writeFloatLE(r.descriptor[k]!, (i * DESCRIPTOR_LENGTH + k) * 4);
  });
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, Buffer.concat([Buffer.from(MAGIC, "latin1"), length, headerBytes, body]));
  await rename(temporary, path); // readers never see half a file
}

export interface CatalogueBuild {
  index: SimilarityIndex;
  computed: number;
  reused: number;
  /** Icons whose SVG could not be drawn: left out of the index. */
  failed: string[];
}

/**
 * Descriptors for every icon, reusing the cache at cachePath and updating it when anything changed.
 * An aborted `signal` stops the build at its next yield (server shutdown), writing nothing.
 */
export async function buildCatalogueIndex(
  icons: readonly CatalogueIcon[],
  cachePath: string,
  signal?: AbortSignal,
): Promise<CatalogueBuild> {
  const cached = await readCache(cachePath);
  const rows: Array<{ uuid: string; hash: string; descriptor: Float32Array }> = [];
  const failed: string[] = [];
  let computed = 0;
  let sliceStart = performance.now();
  for (const icon of icons) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
    const hash = hashOf(icon.svg);
    const hit = cached.get(icon.uuid);
    if (hit && hit.hash === hash) {
      rows.push({ uuid: icon.uuid, hash, descriptor: hit.descriptor });
      continue;
    }
    try {
      rows.push({ uuid: icon.uuid, hash, descriptor: describeSvg(icon.svg) });
      computed++;
    } catch {
      failed.push(icon.uuid);
    }
  }
  if (computed > 0 || rows.length !== cached.size) await writeCache(cachePath, rows);
  const index = new SimilarityIndex(
    rows.map((r) => ({ id: r.uuid, descriptor: r.descriptor })),
    DESCRIPTOR_LENGTH,
  );
  return { index, computed, reused: rows.length - computed, failed };
}
