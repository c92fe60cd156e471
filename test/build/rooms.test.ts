// The rooms of src/ and the one-way arrows between them (DESIGN.md): a file may import only from its
// own room and the rooms its room points at. Read from the source, type-only imports included, so a
// shortcut through a type cannot tie two rooms together either.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");

/** Each room and the other rooms it may import from. */
const ARROWS: Record<string, readonly string[]> = {
  api: [],
  messages: [],
  plugin: ["messages", "api"],
  ui: ["api", "messages"],
  proxy: ["api"],
  "local-api": ["api"],
  // The composition of `npm start` and `npm run proxy`: the proxy in front of the local API.
  server: ["proxy", "local-api", "api"],
};

/**
 * The api's parts by audience, and who outside a part may import it: contract/ is shared by both
 * ends, client/ is for callers of the service, server/ for the servers (it holds Node-only code and
 * the outbound address policy, which the window never needs).
 */
const API_PARTS: Record<string, readonly string[]> = {
  contract: ["api/client", "api/server", "plugin", "ui", "proxy", "local-api", "server"],
  client: ["ui", "server"],
  server: ["proxy", "local-api", "server"],
};

const IMPORT = /(?:^\s*(?:import|export)\b[^"';]*?from\s*|\bimport\s*\(\s*)["']([^"']+)["']/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const roomOf = (file: string) => relative(SRC, file).split("/")[0]!;

/** Every import of a file of `room` that leaves src/<room> for a room it may not reach. */
function wrongArrows(room: string): string[] {
  const allowed = new Set([room, ...(ARROWS[room] ?? [])]);
  return sourceFiles(join(SRC, room)).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(IMPORT)]
      .map((match) => match[1]!)
      .filter((spec) => spec.startsWith("."))
      .map((spec) => resolve(dirname(file), spec))
      .filter((target) => target.startsWith(SRC) && !allowed.has(roomOf(target)))
      .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`),
  );
}

/** What a file is to the api's parts: `api/<part>` inside src/api, its room elsewhere. */
function audienceOf(file: string): string {
  const [room, part] = relative(SRC, file).split("/");
  return room === "api" ? `api/${part}` : room!;
}

/** Every import that reaches a part of src/api its importer is not an audience of. */
function wrongApiImports(): string[] {
  const api = join(SRC, "api");
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(IMPORT)]
      .map((match) => match[1]!)
      .filter((spec) => spec.startsWith("."))
      .map((spec) => resolve(dirname(file), spec))
      .filter((target) => target.startsWith(`${api}/`))
      .filter((target) => {
        const part = relative(api, target).split("/")[0]!;
        const from = audienceOf(file);
        return from !== `api/${part}` && !(API_PARTS[part] ?? []).includes(from);
      })
      .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`),
  );
}

describe("the rooms of src/", () => {
  it("has a rule for every room", () => {
    const rooms = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(rooms.sort()).toEqual(Object.keys(ARROWS).sort());
  });

  for (const room of Object.keys(ARROWS)) {
    it(`${room} imports only from ${[room, ...(ARROWS[room] ?? [])].join(", ")}`, () => {
      expect(wrongArrows(room)).toEqual([]);
    });
  }
});

describe("the parts of src/api", () => {
  it("keeps every file in contract/, client/ or server/", () => {
    const api = join(SRC, "api");
    const outside = sourceFiles(api)
      .map((file) => relative(api, file))
      .filter((file) => !Object.keys(API_PARTS).includes(file.split("/")[0]!) || !file.includes("/"));
    expect(outside).toEqual([]);
  });

  it("is imported only by each part's audience", () => {
    expect(wrongApiImports()).toEqual([]);
  });
});
