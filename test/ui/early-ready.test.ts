// The early `ready` question (src/ui/boot): posted at once, answered by its own response only, and
// read as the port reads answers (payload, the plugin's refusal, or a timeout).
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANNEL } from "../../src/messages/envelope";
import { PluginRequestError } from "../../src/messages/ui-port";
import { askReadyEarly, EARLY_READY_ID } from "../../src/ui/boot/early-ready";
import { earlyReadyAnswer } from "../../src/ui/boot/early-ready-answer";

function fakeWindow() {
  const listeners = new Set<(event: { data: unknown }) => void>();
  const posted: unknown[] = [];
  return {
    posted,
    deliver: (pluginMessage: unknown) => {
      for (const listener of [...listeners]) listener({ data: { pluginMessage } });
    },
    listening: () => listeners.size,
    win: {
      parent: { postMessage: (message: unknown) => posted.push(message) },
      addEventListener: (_: "message", l: (event: { data: unknown }) => void) => listeners.add(l),
      removeEventListener: (_: "message", l: (event: { data: unknown }) => void) => listeners.delete(l),
    },
  };
}

const response = (extra: Record<string, unknown>) => ({
  channel: CHANNEL,
  kind: "response",
  id: EARLY_READY_ID,
  type: "ready",
  ...extra,
});

afterEach(() => vi.useRealTimers());

describe("askReadyEarly", () => {
  it("posts a ready request at once and keeps only the response that answers it", async () => {
    const page = fakeWindow();
    const early = askReadyEarly(page.win);
    expect(page.posted).toEqual([
      {
        pluginMessage: { channel: CHANNEL, kind: "request", id: EARLY_READY_ID, type: "ready", payload: {} },
      },
    ]);
    page.deliver({ channel: CHANNEL, kind: "event", type: "selection-changed", payload: {} });
    page.deliver({ ...response({ ok: true, payload: { a: 1 } }), id: "someone-else" });
    page.deliver({ ...response({ ok: true, payload: { a: 2 } }), channel: "other" });
    const answer = response({ ok: true, payload: { a: 3 } });
    page.deliver(answer);
    await expect(early.response).resolves.toEqual(answer);
    expect(page.listening()).toBe(0);
  });
});

describe("earlyReadyAnswer", () => {
  it("gives the payload of a good answer", async () => {
    const payload = { launch: {}, selection: { count: 0, nodes: [] }, settings: {}, editorType: "figma" };
    const early = { response: Promise.resolve(response({ ok: true, payload })) };
    await expect(earlyReadyAnswer(early, 5000)).resolves.toEqual(payload);
  });

  it("turns a refusal into the plugin's reason", async () => {
    const early = {
      response: Promise.resolve(response({ ok: false, error: { reason: "figma_error", message: "no" } })),
    };
    const refused = await earlyReadyAnswer(early, 5000).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PluginRequestError);
    expect(refused).toMatchObject({ reason: "figma_error", message: "no" });
  });

  it("times out like the port when nobody answers (a plain browser)", async () => {
    vi.useFakeTimers();
    const answer = earlyReadyAnswer({ response: new Promise(() => undefined) }, 5000);
    const caught = answer.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await caught).toMatchObject({ reason: "timeout" });
  });
});
