// The ui <-> plugin boundary under fast-check: valid requests of every kind, each with one field made
// hostile (wrong type, out of range, oversize, missing, extra), sent to the real plugin on the Figma
// emulator as raw envelopes. Every request gets its answer; one that src/messages refuses is refused
// by the plugin with invalid_message and changes nothing (canvas, selection, window, storage, undo);
// and any refusal, for whatever reason, leaves nothing half-applied. protocol.test.ts covers the
// port's pairing and a fixed invalid message; this draws the invalid messages.

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { CHANNEL } from "../../src/messages/envelope";
import { parseRequest } from "../../src/messages/schemas";
import { windowTransport } from "../../src/messages/ui-port";
import { ICON_SVG, pngBytes } from "../figma/fixtures";
import { type Booted, bootPlugin, STAR } from "./harness";

let png: Uint8Array;
beforeAll(async () => {
  png = await pngBytes(8, 8);
});

const WORK = {
  idempotencyKey: "fuzz-key-0123456789abcdef",
  family: "ai",
  operation: "vectorize",
  createdAt: 1_700_000_000_000,
  status: "submitted",
  taskIds: ["task-1"],
  target: { nodeId: "SOURCE", mode: "over-source" },
};

/** One valid request of each kind that changes something; SOURCE stands for a layer on the canvas. */
const templates = (): [string, unknown][] => [
  [
    "insert",
    {
      asset: STAR,
      content: { kind: "svg", svg: ICON_SVG },
      options: { size: 32, color: "#112233" },
      placement: { kind: "auto" },
    },
  ],
  ["replace-selection", { asset: STAR, content: { kind: "image", format: "png", bytes: png }, options: {} }],
  [
    "place-result",
    {
      mode: "new-node",
      content: { kind: "image", format: "png", bytes: png },
      sourceNodeId: "SOURCE",
      name: "Result",
      hideSource: true,
    },
  ],
  ["storage-set", { key: "settings", value: { iconSize: 32, iconColor: "#aabbcc", windowWidth: 420 } }],
  [
    "storage-set",
    { key: "recent-searches", value: [{ query: "star", type: "icon", at: 1_700_000_000_000 }] },
  ],
  ["pending-work-put", { work: WORK }],
  ["pending-work-remove", { idempotencyKey: "stored-key-0123456789abcdef" }],
  ["resize", { width: 480, height: 640 }],
  ["export-selection", { format: "PNG", maxSide: 256 }],
  ["layer-thumb", { nodeId: "1:2", maxSide: 48 }],
];

const HOSTILE_VALUES: unknown[] = [
  undefined,
  null,
  -1,
  0,
  1e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  "",
  "x".repeat(5000),
  "#12345g",
  [],
  {},
  true,
  new Uint8Array(0),
  Array.from({ length: 1001 }, () => "x"),
  { kind: "svg" },
];
const hostileValue = fc.oneof(fc.constantFrom(...HOSTILE_VALUES), fc.anything({ maxDepth: 2 }));

/** Paths to every field of a payload (not into byte arrays). */
function paths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== "object" || value instanceof Uint8Array) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key],
    ...paths(child, [...prefix, key]),
  ]);
}

type Mutation = { kind: "replace" | "delete" | "extra" | "whole"; at: number; value: unknown };

function mutated(payload: unknown, mutation: Mutation): unknown {
  if (mutation.kind === "whole") return mutation.value;
  const copy = structuredClone(payload) as Record<string, unknown>;
  const all = paths(copy);
  const path = all[mutation.at % all.length]!;
  let parent: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = path.at(-1)!;
  if (mutation.kind === "delete") delete parent[last];
  else if (mutation.kind === "extra") parent[`${last}Extra`] = mutation.value;
  else parent[last] = mutation.value;
  return copy;
}

const request = fc.record({
  template: fc.nat(),
  mutation: fc.record({
    kind: fc.constantFrom("replace", "replace", "replace", "delete", "extra", "whole"),
    at: fc.nat(),
    value: hostileValue,
  }),
});

/** Everything a request could change, read from the emulator. */
async function state(app: Booted) {
  const storage: Record<string, unknown> = {};
  for (const key of await app.figma.clientStorage.keysAsync())
    storage[key] = await app.figma.clientStorage.getAsync(key);
  return {
    nodes: app.page.findAll().map((n) => [n.id, n.name, n.x, n.y, n.visible, JSON.stringify(n.fills)]),
    selection: app.page.selection.map((node) => node.id),
    window: [app.emu.ui.width, app.emu.ui.height],
    undoCommits: app.emu.state.undoCommits,
    storage: JSON.stringify(storage, (_key, value) => (value instanceof Uint8Array ? [...value] : value)),
  };
}

/** Sends one raw envelope and resolves with the plugin's reply to its id. */
function ask(app: Booted, id: string, type: string, payload: unknown): Promise<Record<string, unknown>> {
  const transport = windowTransport(app.emu.uiWindow);
  return new Promise((resolve, reject) => {
    // A bound on waiting, not a measurement: no answer at all is the failure.
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no answer to ${type}`));
    }, 10_000);
    const stop = transport.listen((message) => {
      const reply = message as Record<string, unknown>;
      if (reply.kind !== "response" || reply.id !== id) return;
      clearTimeout(timer);
      stop();
      resolve(reply);
    });
    transport.post({ channel: CHANNEL, kind: "request", id, type, payload });
  });
}

describe("hostile messages from the ui", () => {
  it("are answered, refused whole when invalid, and never half-applied", async () => {
    let refused = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ template, mutation }) => {
        const app = await bootPlugin();
        try {
          const source = app.figma.createRectangle();
          source.name = "Source";
          app.page.selection = [source];
          await app.figma.clientStorage.setAsync("assetport.pending-work", [
            { ...WORK, idempotencyKey: "stored-key-0123456789abcdef" },
          ]);
          await app.settle();
          const all = templates();
          const [type, valid] = all[template % all.length]!;
          const withSource = JSON.parse(
            JSON.stringify(valid, (_key, value) =>
              value instanceof Uint8Array ? { __bytes: [...value] } : value,
            ),
            (_key, value) =>
              value === "SOURCE" ? source.id : value?.__bytes ? Uint8Array.from(value.__bytes) : value,
          );
          const payload = mutated(withSource, mutation);
          const verdict = parseRequest({ channel: CHANNEL, kind: "request", id: "x", type, payload });

          const before = await state(app);
          const reply = await ask(app, "fuzz-1", type, payload);
          await app.settle();
          const after = await state(app);

          if (!verdict.ok) {
            refused++;
            expect(reply).toMatchObject({ ok: false, error: { reason: "invalid_message" } });
            expect((reply.error as { message: string }).message.length).toBeGreaterThan(0);
          } else {
            accepted++;
            expect((reply.error as { reason?: string } | undefined)?.reason).not.toBe("invalid_message");
          }
          if (reply.ok === false) expect(after).toEqual(before);
        } finally {
          app.stop();
        }
      }),
      { numRuns: 150 },
    );
    // Both sides of the boundary were exercised.
    expect(refused).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);
  }, 120_000);

  it("src/messages never throws on anything, and accepts only what it would accept again unchanged", () => {
    const envelope = fc.record(
      {
        channel: fc.oneof(fc.constant(CHANNEL), fc.string()),
        kind: fc.oneof(fc.constant("request"), fc.string()),
        id: fc.oneof(fc.string({ minLength: 1, maxLength: 100 }), fc.anything()),
        type: fc.oneof(fc.constantFrom(...templates().map(([type]) => type), "ready", "notify"), fc.string()),
        payload: fc.anything({ maxDepth: 3 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(envelope, fc.anything()), (raw) => {
        const verdict = parseRequest(raw);
        if (verdict.ok) {
          expect(parseRequest(verdict.request)).toEqual(verdict);
        } else if (verdict.reply) {
          const { id } = raw as { id: unknown };
          expect(verdict.reply).toMatchObject({ ok: false, id });
          expect(["invalid_message", "unknown_type"]).toContain(
            verdict.reply.ok ? "" : verdict.reply.error.reason,
          );
        }
      }),
      { numRuns: 2000 },
    );
  });
});
