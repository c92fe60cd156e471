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
