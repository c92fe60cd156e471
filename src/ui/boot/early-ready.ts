// The window's first words to the plugin, said before its main script is even parsed: build.mjs
// inlines early-ready-entry.ts as the first script of ui.html. The `ready` round trip to the sandbox
// (settings, selection, how the plugin was started) then runs while the page parses, starts and
// renders, instead of after; main.tsx hands the kept answer to start().

import { CHANNEL } from "../../messages/envelope";

/** The id the early request travels under; its response echoes it. */
export const EARLY_READY_ID = "assetport-early-ready";

/** What the early script leaves for main.tsx: the plugin's raw response, once it arrives. */
export interface EarlyReady {
  response: Promise<unknown>;
}

declare global {
  var __assetportEarlyReady: EarlyReady | undefined;
}

interface WindowLike {
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** Posts `ready` now and keeps the one response that answers it (every other message is ignored). */
export function askReadyEarly(win: WindowLike = globalThis as unknown as WindowLike): EarlyReady {
  const response = new Promise<unknown>((resolve) => {
    const onMessage = (event: { data: unknown }) => {
      const message = isRecord(event.data) ? event.data.pluginMessage : undefined;
      if (!isRecord(message) || message.channel !== CHANNEL || message.kind !== "response") return;
      if (message.id !== EARLY_READY_ID) return;
      win.removeEventListener("message", onMessage);
      resolve(message);
    };
    win.addEventListener("message", onMessage);
  });
  const request = { channel: CHANNEL, kind: "request", id: EARLY_READY_ID, type: "ready", payload: {} };
  win.parent.postMessage({ pluginMessage: request }, "*");
  return { response };
}
