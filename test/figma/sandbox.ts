// Runs a built sandbox script (dist/code.js) with only the globals Figma's sandbox offers, so a plugin
// that reaches for a Node or browser global fails a test here instead of in Figma.
//
// What the script sees: the language's own globals (the set a fresh V8 context has) and what
// @figma/plugin-typings declares for the main thread: figma, __html__, __uiFiles__, a minimal console
// (log, error, assert, info, warn, clear), setTimeout/setInterval and their clears (numbers as handles),
// and fetch (Figma's own; not emulated: it rejects). Every other name in this process's global scope
// (Buffer, process, TextEncoder, URL, atob, structuredClone, fetch's Request/Response...) is shadowed
// by `undefined`, and `globalThis` and `this` are a sandbox global holding only the above.
//
// Why not vm.createContext: a new context is a new realm, and every value the emulator hands the
// plugin (messages from the ui, arrays of nodes, errors) would come from another realm than the
// plugin's own Uint8Array, Array and Error. In Figma they arrive in the plugin's realm, so the realm
// split would make `instanceof Uint8Array` fail where Figma passes. Shadowing keeps one realm and
// still removes the globals. A script that digs the real global out (`Function("return this")()`)
// would escape; the sandbox typecheck and the lint catch those uses by name.
import { runInNewContext } from "node:vm";

export interface SandboxHost {
  figma: unknown;
  /** The ui's html, as manifest.json's `ui` names it. */
  html: string;
  uiFiles?: Record<string, string>;
}

/** The language's globals: what V8 gives a context before any host adds to it. */
const LANGUAGE = new Set<string>(runInNewContext("Object.getOwnPropertyNames(globalThis)") as string[]);
// V8 adds these to every context, but Figma's sandbox documents none of them: hidden (a guess, and the
// stricter one; the plugin's console is the minimal one below).
for (const name of ["console", "WebAssembly", "SharedArrayBuffer", "Atomics"]) LANGUAGE.delete(name);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The globals Figma's sandbox adds to the language, built over this process's own. */
export function figmaGlobals(host: SandboxHost): Record<string, unknown> {
  return {
    figma: host.figma,
    __html__: host.html,
    __uiFiles__: host.uiFiles ?? {},
    console: {
      log: console.log.bind(console),
      error: console.error.bind(console),
      assert: console.assert.bind(console),
      info: console.info.bind(console),
      warn: console.warn.bind(console),
      clear: () => undefined,
    },
    ...timers(),
    fetch: (url: string) =>
      Promise.reject(
        new Error(`fetch(${url}): the sandbox's fetch is not emulated; the ui does the network`),
      ),
  };
}

/** Figma's timers: a callback and a delay, a number as the handle. */
function timers() {
  let next = 1;
  const live = new Map<number, ReturnType<typeof setTimeout>>();
  const clear = (id: number) => {
    const timer = live.get(id);
    if (timer === undefined) return;
    // Looked up at call time, so a test's fake timers apply to the plugin too.
    globalThis.clearTimeout(timer);
    live.delete(id);
  };
  return {
    setTimeout(callback: () => void, timeout: number): number {
      const id = next++;
      live.set(
        id,
        globalThis.setTimeout(() => {
          live.delete(id);
          callback();
        }, timeout),
      );
      return id;
    },
    setInterval(callback: () => void, timeout: number): number {
      const id = next++;
      live.set(id, globalThis.setInterval(callback, timeout));
      return id;
    },
    clearTimeout: clear,
    clearInterval: clear,
  };
}

/** Runs `code` as Figma's sandbox would: only the language and Figma's globals in scope. */
export function runInSandbox(code: string, host: SandboxHost): void {
  const given = figmaGlobals(host);
  const sandboxGlobal: Record<string, unknown> = Object.create(null);
  const real = globalThis as unknown as Record<string, unknown>;
  for (const name of LANGUAGE) sandboxGlobal[name] = real[name];
  Object.assign(sandboxGlobal, given);
  sandboxGlobal.globalThis = sandboxGlobal;

  const hidden = Object.getOwnPropertyNames(globalThis).filter(
    (name) => IDENTIFIER.test(name) && !LANGUAGE.has(name) && !(name in given),
  );
  const names = [...Object.keys(given), "globalThis", ...hidden];
  const values = [...Object.values(given), sandboxGlobal, ...hidden.map(() => undefined)];
  // The script's top level sees `this` as the sandbox global, like a classic script's.
  new Function(...names, code).apply(sandboxGlobal, values);
}
