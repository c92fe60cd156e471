// The sandbox the built plugin runs in (sandbox.ts): Figma's globals and the language, nothing else.
import { afterEach, describe, expect, it, vi } from "vitest";
import { runInSandbox } from "./sandbox";

/** Runs `code` in the sandbox; the script hands back a value through `figma.report`. */
function evaluate(code: string): unknown {
  let reported: unknown;
  runInSandbox(code, { figma: { report: (value: unknown) => (reported = value) }, html: "<p>ui</p>" });
  return reported;
}

afterEach(() => vi.useRealTimers());

// Node's and the browser's globals a plugin might reach for by habit; Figma's sandbox has none.
const ABSENT = [
  "Buffer",
  "process",
  "global",
  "require",
  "setImmediate",
  "TextEncoder",
  "TextDecoder",
  "URL",
  "URLSearchParams",
  "atob",
  "btoa",
  "structuredClone",
  "queueMicrotask",
  "performance",
  "crypto",
  "Blob",
  "Request",
  "Response",
  "Headers",
  "AbortController",
  "EventTarget",
  "window",
  "self",
  "document",
  "navigator",
  "WebAssembly",
];

describe("the sandbox's globals", () => {
  it("has none of Node's or the browser's", () => {
    const seen = evaluate(`figma.report({ ${ABSENT.map((n) => `${n}: typeof ${n}`).join(", ")} })`);
    expect(seen).toEqual(Object.fromEntries(ABSENT.map((n) => [n, "undefined"])));
  });

  it("has none of them on globalThis or the script's `this` either", () => {
    const names = JSON.stringify(ABSENT);
    const seen = evaluate(`figma.report(${names}.filter((n) => n in globalThis || this[n] !== undefined))`);
    expect(seen).toEqual([]);
  });

  it("fails a plugin that uses one", () => {
    // Figma throws a ReferenceError; here the name is bound to undefined, so a TypeError. Either way
    // the use fails, and `typeof` answers "undefined" as in Figma.
    expect(() => evaluate("new TextEncoder().encode('é')")).toThrow(/TextEncoder/);
    expect(() => evaluate("Buffer.byteLength('é')")).toThrow(TypeError);
    expect(() => evaluate("figma.report(Buffer.byteLength('é'))")).toThrow(/byteLength/);
  });

  it("has Figma's: figma, __html__, __uiFiles__, the minimal console and fetch", () => {
    const seen = evaluate(`figma.report({
      figma: typeof figma, html: __html__, uiFiles: typeof __uiFiles__, fetch: typeof fetch,
      console: Object.keys(console).sort(),
    })`);
    expect(seen).toEqual({
      figma: "object",
      html: "<p>ui</p>",
      uiFiles: "object",
      fetch: "function",
      console: ["assert", "clear", "error", "info", "log", "warn"],
    });
  });

  it("has the language, in this realm: a Uint8Array made there is one here", () => {
    const bytes = evaluate("figma.report(new Uint8Array([1, 2]))");
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(evaluate("figma.report([typeof Map, typeof Promise, typeof JSON, typeof Intl])")).toEqual([
      "function",
      "function",
      "object",
      "object",
    ]);
  });

  it("gives timers numbers as handles, and clears them", async () => {
    vi.useFakeTimers();
    const fired: string[] = [];
    runInSandbox(
      `const kept = setTimeout(() => figma.fired.push("kept"), 10);
       const dropped = setTimeout(() => figma.fired.push("dropped"), 10);
       clearTimeout(dropped);
       const tick = setInterval(() => { figma.fired.push("tick"); clearInterval(tick); }, 5);
       figma.fired.push(typeof kept);`,
      { figma: { fired }, html: "" },
    );
    await vi.advanceTimersByTimeAsync(50);
    expect(fired).toEqual(["number", "tick", "kept"]);
  });
});
