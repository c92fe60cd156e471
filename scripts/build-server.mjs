// `npm run build:server`: bundles the proxy's production entry on Node (src/proxy/node/main.ts) with
// its few pure-JavaScript dependencies into one file, dist/server/proxy.mjs, which runs with Node 20
// alone: no node_modules, so a container or a host needs no install step. The bundle is refused if it
// pulls in the local API (which carries a demo account's secret) or the plugin's code.
import { mkdir } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { checkedBundle } from "./deployed-bundle.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
export const SERVER_OUTFILE = join(root, "dist/server/proxy.mjs");
/** What the container and the systemd unit run, from the folder that holds dist/server/. */
export const SERVER_COMMAND = ["node", "dist/server/proxy.mjs"];

export async function buildServer(outfile = SERVER_OUTFILE) {
  await mkdir(dirname(outfile), { recursive: true });
  const result = await esbuild.build({
    entryPoints: [join(root, "src/proxy/node/main.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Bundled packages written as CommonJS still call require() for Node's own modules.
    banner: {
      js: 'import { createRequire as __assetportRequire } from "node:module"; const require = __assetportRequire(import.meta.url);',
    },
    minify: false,
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  return checkedBundle(result, outfile, "The server bundle", (input) =>
    /^src\/(local-api|ui|plugin|server)\//.test(input),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { outfile, bytes } = await buildServer();
  console.log(
    `built ${relative(root, outfile)} (${(bytes / 1024).toFixed(1)} KB): run it with ${SERVER_COMMAND.join(" ")}`,
  );
}
