// `npm run build:worker`: bundles the proxy's Workers entry (src/proxy/worker.ts) into one ES module,
// dist/worker/proxy.js, for `wrangler deploy` or any workerd host. The bundle is refused if it pulls
// in the local API or anything of Node's: the local API carries a demo account's secret, and nothing
// that is deployed may hold a secret that is not the operator's.
import { mkdir } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { checkedBundle } from "./deployed-bundle.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
export const WORKER_OUTFILE = join(root, "dist/worker/proxy.js");

export async function buildWorker(outfile = WORKER_OUTFILE) {
  await mkdir(dirname(outfile), { recursive: true });
  const result = await esbuild.build({
    entryPoints: [join(root, "src/proxy/worker.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "browser"],
    minify: false,
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  return checkedBundle(
    result,
    outfile,
    "The Workers bundle",
    (input) => input.startsWith("src/local-api/") || input.startsWith("node:"),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { outfile, bytes } = await buildWorker();
  console.log(`built ${relative(root, outfile)} (${(bytes / 1024).toFixed(1)} KB)`);
}
