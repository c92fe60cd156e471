// What the build baked in: the organisation's proxy origins (ASSETPORT_PROXY_URLS, the default first)
// and, from `npm start` only, the local proxy's access token. Figma lets the iframe reach only the
// origins in the manifest's networkAccess, which the build writes from the same list, so the ui never
// talks to any other. Tests and plain-browser runs fall back to the local default.

declare const __ASSETPORT_PROXY_URLS__: readonly string[] | undefined;
declare const __ASSETPORT_LOCAL_TOKEN__: string | undefined;

export const BAKED_PROXY_URLS: readonly string[] =
  typeof __ASSETPORT_PROXY_URLS__ === "object" && __ASSETPORT_PROXY_URLS__.length > 0
    ? __ASSETPORT_PROXY_URLS__
    : ["http://localhost:8787"];

export const BAKED_ACCESS_TOKEN: string =
  typeof __ASSETPORT_LOCAL_TOKEN__ === "string" ? __ASSETPORT_LOCAL_TOKEN__ : "";
