/** Baked in by build.mjs from ASSETPORT_PROXY_URL (an origin such as http://localhost:8787). */
declare const __ASSETPORT_PROXY_URL__: string;
/** Baked in by build.mjs from ASSETPORT_LOCAL_TOKEN (`npm start` only); "" elsewhere. */
declare const __ASSETPORT_LOCAL_TOKEN__: string;
