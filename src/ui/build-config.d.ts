/** Baked in by build.mjs from ASSETPORT_PROXY_URLS or ASSETPORT_PROXY_URL: origins, the default first. */
declare const __ASSETPORT_PROXY_URLS__: readonly string[];
/** Baked in by build.mjs from ASSETPORT_LOCAL_TOKEN (`npm start` only); "" elsewhere. */
declare const __ASSETPORT_LOCAL_TOKEN__: string;
