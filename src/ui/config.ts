// The proxy origin baked in at build time; tests and plain-browser runs fall back to the default.

declare const __ASSETPORT_PROXY_URL__: string | undefined;

export const BAKED_PROXY_URL: string =
  typeof __ASSETPORT_PROXY_URL__ === "string" ? __ASSETPORT_PROXY_URL__ : "http://localhost:8787";
