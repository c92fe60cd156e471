// ESLint runs only over the sandbox (src/plugin), for two jobs Biome cannot do:
// - Figma's own rules, because they know the Plugin API: they catch deprecated calls and the
//   synchronous getters and setters that throw under documentAccess "dynamic-page";
// - the globals Figma's sandbox lacks. "How plugins run": the sandbox "does not expose browser APIs";
//   it has the language, and @figma/plugin-typings declares the rest (figma, __html__, __uiFiles__,
//   a minimal console, setTimeout/setInterval and their clears, Figma's own fetch). The sandbox
//   typecheck (tsconfig.sandbox.json) fails on these too; the lint says why, in the editor.
// Biome formats and lints everything else, much faster.
import figmaPlugins from "@figma/eslint-plugin-figma-plugins";
import tseslint from "typescript-eslint";

/** Node's and the browser's globals that a plugin could reach for by habit. */
const NOT_IN_SANDBOX = [
  // Node
  "Buffer",
  "process",
  "global",
  "require",
  "module",
  "exports",
  "__dirname",
  "__filename",
  "setImmediate",
  "clearImmediate",
  // the browser and the web platform
  "window",
  "self",
  "document",
  "navigator",
  "location",
  "localStorage",
  "sessionStorage",
  "indexedDB",
  "XMLHttpRequest",
  "WebSocket",
  "Worker",
  "TextEncoder",
  "TextDecoder",
  "atob",
  "btoa",
  "URL",
  "URLSearchParams",
  "structuredClone",
  "queueMicrotask",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "performance",
  "crypto",
  "Blob",
  "File",
  "FileReader",
  "FormData",
  "Headers",
  "Request",
  "Response",
  "AbortController",
  "AbortSignal",
  "Event",
  "EventTarget",
  "CustomEvent",
  "MessageChannel",
  "BroadcastChannel",
  "DOMParser",
  "Image",
  "alert",
  "confirm",
  "prompt",
  // not in Figma's list; the emulator hides it too
  "WebAssembly",
].map((name) => ({
  name,
  message: `Figma's sandbox has no ${name}: only the language, figma, __html__, __uiFiles__, console, the timers and Figma's fetch (docs/plugin.md).`,
}));

export default [
  {
    files: ["src/plugin/**/*.ts"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: "./tsconfig.sandbox.json", tsconfigRootDir: import.meta.dirname },
    },
    ...figmaPlugins.flatConfigs.recommended,
    rules: {
      // Advice rules become errors: a warning nobody reads would let a dynamic-page bug ship.
      ...Object.fromEntries(
        Object.keys(figmaPlugins.flatConfigs.recommended.rules).map((rule) => [rule, "error"]),
      ),
      "no-restricted-globals": ["error", ...NOT_IN_SANDBOX],
    },
  },
];
