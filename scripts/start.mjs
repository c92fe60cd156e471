// `npm start`: builds the plugin (build.mjs), then serves the proxy on 127.0.0.1:${PORT:-8787}
// (`npm run proxy` is the second half alone). Without UPSTREAM_URL the proxy runs the local API in
// its own process; with UPSTREAM_URL, CLIENT_ID and CLIENT_SECRET it fronts the real service.
import { execFileSync, spawn } from "node:child_process";

const env = { ...process.env };
const port = env.PORT?.trim() || "8787";
// The ui and the manifest must name the port the proxy listens on.
if (!env.ASSETPORT_PROXY_URL?.trim()) env.ASSETPORT_PROXY_URL = `http://localhost:${port}`;
// The embedded demo needs no token on this machine; a real service never gets open access by default.
const local = !env.UPSTREAM_URL?.trim();
const accessSet = [env.PROXY_TOKENS, env.PROXY_TOKENS_FILE, env.PROXY_OPEN_ACCESS].some((v) => v?.trim());
if (local && !accessSet) env.PROXY_OPEN_ACCESS = "loopback";

execFileSync(process.execPath, ["build.mjs"], { stdio: "inherit", env });
console.log(`
Assetport is built: manifest.json, dist/code.js, dist/ui.html (proxy ${env.ASSETPORT_PROXY_URL}).
Load it in Figma desktop: Plugins > Development > Import plugin from manifest..., then pick manifest.json.
${env.PROXY_OPEN_ACCESS === "loopback" ? "Open access on this machine only: the plugin needs no token.\n" : "Give each team a token from PROXY_TOKENS; it goes into the plugin's settings.\n"}`);

const proxy = spawn(process.execPath, ["--import", "tsx", "src/proxy/node.ts"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => proxy.kill(signal));
proxy.on("exit", (code) => process.exit(code ?? 0));
