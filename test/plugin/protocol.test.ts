// The protocol alone (no Figma): ids pair answers with requests, invalid messages are refused whole,
// and events reach only their listeners.
import { describe, expect, it } from "vitest";
import { DRAG_TYPE } from "../../src/messages/drag";
import type { Transport } from "../../src/messages/envelope";
import type { RequestType, Settings } from "../../src/messages/types";
import {
  createUiPort,
  PluginRequestError,
  type UiTransport,
  windowTransport,
} from "../../src/messages/ui-port";
import { emit, type Handlers, serve } from "../../src/plugin/port";

/** Two ends that deliver a structured clone on a later task, as postMessage does. */
function pair(): { ui: UiTransport; plugin: Transport; drops: unknown[] } {
  const toUi = new Set<(m: unknown) => void>();
  const toPlugin = new Set<(m: unknown) => void>();
  const send = (targets: Set<(m: unknown) => void>, m: unknown) => {
    const copy = structuredClone(m);
    setTimeout(() => {
      for (const l of targets) l(copy);
    }, 0);
  };
  const drops: unknown[] = [];
  return {
    drops,
    ui: {
      post: (m) => send(toPlugin, m),
      postDrop: (point, metadata) => drops.push({ point, metadata }),
      listen: (l) => {
        toUi.add(l);
        return () => toUi.delete(l);
      },
    },
    plugin: {
      post: (m) => send(toUi, m),
      listen: (l) => {
        toPlugin.add(l);
        return () => toPlugin.delete(l);
      },
    },
  };
}

const settings = { iconSize: 24 } as Settings;
function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const fail = (): never => {
    throw new Error("not in this test");
  };
  const base = Object.fromEntries(
    [
      "ready",
      "insert",
      "replace-selection",
      "get-selection",
      "export-selection",
      "place-result",
      "storage-get",
      "storage-set",
      "pending-work-put",
      "pending-work-remove",
      "notify",
      "resize",
    ].map((k) => [k, fail]),
  ) as Record<RequestType, typeof fail>; // a handler that never returns fits every request type
  return { ...base, ...overrides };
}
const toError = (e: unknown) => ({
  reason: "internal_error" as const,
  message: String((e as Error).message),
});

describe("ui <-> plugin protocol", () => {
  it("pairs concurrent answers with their requests by id", async () => {
    const t = pair();
    const seen: string[] = [];
    serve(
      t.plugin,
      handlers({
        notify: async ({ message }) => {
          seen.push(message);
          await new Promise((r) => setTimeout(r, message === "slow" ? 20 : 0));
          return {};
        },
        "storage-get": ({ key }) => ({ value: key === "settings" ? settings : [] }),
      }),
      toError,
    );
    const port = createUiPort(t.ui);
    const [slow, fast, stored] = await Promise.all([
      port.request("notify", { message: "slow" }),
      port.request("notify", { message: "fast" }),
      port.request("storage-get", { key: "settings" }),
    ]);
    expect(slow).toEqual({});
    expect(fast).toEqual({});
    expect(stored.value).toEqual(settings);
    expect(seen).toEqual(["slow", "fast"]);
  });

  it("refuses an invalid message whole, naming the field, without calling the handler", async () => {
    const t = pair();
    let called = 0;
    serve(
      t.plugin,
      handlers({
        resize: () => {
          called++;
          return {};
        },
      }),
      toError,
    );
    const port = createUiPort(t.ui);
    const refused = port.request("resize", { width: -5, height: 300 });
    await expect(refused).rejects.toBeInstanceOf(PluginRequestError);
    await expect(refused).rejects.toMatchObject({
      reason: "invalid_message",
      message: expect.stringContaining("width"),
    });
    const badSvg = port.request("insert", {
      asset: { uuid: "a", name: "a", type: "icon" },
      content: { kind: "image", format: "webp", bytes: new Uint8Array([1]) },
      placement: { kind: "auto" },
    } as never);
    await expect(badSvg).rejects.toMatchObject({ reason: "invalid_message" });
    expect(called).toBe(0);
  });

  it("answers an unknown type with unknown_type and ignores foreign messages", async () => {
    const t = pair();
    serve(t.plugin, handlers(), toError);
    const port = createUiPort(t.ui);
    t.ui.post({ hello: "not ours" });
    await expect(port.request("teleport" as never, {} as never)).rejects.toMatchObject({
      reason: "unknown_type",
    });
  });

  it("turns a handler's throw into an error reply", async () => {
    const t = pair();
    serve(t.plugin, handlers(), toError);
    const port = createUiPort(t.ui);
    await expect(port.request("get-selection", {})).rejects.toMatchObject({ message: "not in this test" });
  });

  it("delivers events to their listeners only, until unsubscribed", async () => {
    const t = pair();
    const port = createUiPort(t.ui);
    const got: number[] = [];
    const off = port.on("selection-changed", (s) => got.push(s.count));
    port.on("drop-result", () => got.push(-1));
    const info = {
      count: 2,
      nodes: [],
      kinds: [],
      anyExportable: false,
      anyImageFill: false,
      anyAsset: false,
    };
    emit(t.plugin, "selection-changed", info);
    await new Promise((r) => setTimeout(r, 5));
    off();
    emit(t.plugin, "selection-changed", info);
    await new Promise((r) => setTimeout(r, 5));
    expect(got).toEqual([2]);
  });

  it("times out a request nobody answers", async () => {
    const t = pair();
    const port = createUiPort(t.ui);
    await expect(port.request("get-selection", {}, { timeoutMs: 10 })).rejects.toMatchObject({
      reason: "timeout",
    });
  });

  it("sends drops as pluginDrop metadata marked as ours", () => {
    const t = pair();
    const port = createUiPort(t.ui);
    const asset = { uuid: "u1", name: "Star", type: "icon" as const };
    port.drop({ clientX: 10, clientY: 20 }, { dropId: "d1", asset });
    // Plain data only: the asset's content follows through the message channel (drop-content).
    expect(t.drops).toEqual([
      { point: { clientX: 10, clientY: 20 }, metadata: { assetport: 1, dropId: "d1", asset } },
    ]);
  });

  it("posts a pluginDrop with one item of our own type, as Figma's examples always carry items", () => {
    const posted: unknown[] = [];
    const win = {
      parent: { postMessage: (message: unknown) => posted.push(message) },
      addEventListener() {},
      removeEventListener() {},
    };
    const asset = { uuid: "u1", name: "Star", type: "icon" as const };
    createUiPort(windowTransport(win)).drop({ clientX: 10, clientY: 20 }, { dropId: "d1", asset });
    expect(posted).toEqual([
      {
        pluginDrop: {
          clientX: 10,
          clientY: 20,
          items: [{ type: DRAG_TYPE, data: "d1" }],
          dropMetadata: { assetport: 1, dropId: "d1", asset },
        },
      },
    ]);
  });
});

describe("the ui side checks what enters it too", () => {
  it("ignores unknown or malformed events, and rejects a malformed answer instead of resolving with it", async () => {
    const t = pair();
    const port = createUiPort(t.ui);
    const seen: unknown[] = [];
    port.on("selection-changed", (s) => seen.push(s));
    t.plugin.post({
      channel: "assetport",
      kind: "event",
      type: "selection-changed",
      payload: "not an object",
    });
    t.plugin.post({ channel: "assetport", kind: "event", type: "made-up", payload: {} });
    // Answer the request by its id, but without a payload: the request fails rather than resolving.
    t.plugin.listen((m) => {
      const { id } = m as { id: string };
      t.plugin.post({ channel: "assetport", kind: "response", id, type: "get-selection", ok: true });
    });
    // Room for a loaded machine: the answer comes at once, and a port that ignored it would fail on
    // "timeout", not hang the test.
    const waiting = port.request("get-selection", {}, { timeoutMs: 20_000 });
    await expect(waiting).rejects.toMatchObject({ reason: "internal_error" });
    expect(seen).toEqual([]);
  });
});
