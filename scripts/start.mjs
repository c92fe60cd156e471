// `npm start`: builds the plugin (build.mjs), then serves the proxy on 127.0.0.1:${PORT:-8787}
// (`npm run proxy` is the second half alone). Without UPSTREAM_URL the proxy runs the local API in
// its own process; with UPSTREAM_URL, CLIENT_ID and CLIENT_SECRET it fronts the real service.
//
// The proxy always requires a token. For the local API, when none is configured, a local token
// (scripts/local-token.mjs) is given to the proxy and baked into the ui it builds, so the plugin
// works without setup while a web page the developer visits, which cannot read dist/ui.html, gets
// 401: CORS answers Origin: null, which any sandboxed iframe has, so no token was no protection.
import { execFileSync, spawn } from "node:child_process";
import { LOCAL_TOKEN_FILE, localToken } from "./local-token.mjs";
import { startBuildEnv } from "./start-env.mjs";

const port = process.env.PORT?.trim() || "8787";
// The ui and the manifest must make the proxy started here their default.
let env;
try {
  env = startBuildEnv(process.env, port);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const local = !env.UPSTREAM_URL?.trim();
const accessSet = [env.PROXY_TOKENS, env.PROXY_TOKENS_FILE, env.PROXY_OPEN_ACCESS].some((v) => v?.trim());
const baked = local && !accessSet;
if (baked) {
  const token = localToken();
  env.PROXY_TOKENS = `local:${token}`;
  env.ASSETPORT_LOCAL_TOKEN = token;
}

execFileSync(process.execPath, ["build.mjs"], { stdio: "inherit", env });
// The build alone needs the token; the proxy reads it from PROXY_TOKENS.
delete env.ASSETPORT_LOCAL_TOKEN;
console.log(`
Assetport is built: manifest.json, dist/code.js, dist/ui.html (proxy ${env.ASSETPORT_PROXY_URLS?.trim() || env.ASSETPORT_PROXY_URL}).
Load it in Figma desktop: Plugins > Development > Import plugin from manifest..., then pick manifest.json.
${baked ? `This build carries a local access token (kept in ${LOCAL_TOKEN_FILE}); the plugin needs no setup.\n` : "Give each team a token from PROXY_TOKENS; it goes into the plugin's settings.\n"}`);

const proxy = spawn(process.execPath, ["--import", "tsx", "src/server/serve-proxy.ts"], {
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => proxy.kill(signal));
proxy.on("exit", (code) => process.exit(code ?? 0));
