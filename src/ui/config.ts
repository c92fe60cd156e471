// The proxy origin baked in at build time; tests and plain-browser runs fall back to the default.
// `npm start` also bakes the local proxy's access token (scripts/start.mjs), used when the designer
// has set none and requests go to the baked proxy; other builds bake none.

declare const __ASSETPORT_PROXY_URL__: string | undefined;
declare const __ASSETPORT_LOCAL_TOKEN__: string | undefined;

export const BAKED_PROXY_URL: string =
  typeof __ASSETPORT_PROXY_URL__ === "string" ? __ASSETPORT_PROXY_URL__ : "http://localhost:8787";

export const BAKED_ACCESS_TOKEN: string =
  typeof __ASSETPORT_LOCAL_TOKEN__ === "string" ? __ASSETPORT_LOCAL_TOKEN__ : "";
