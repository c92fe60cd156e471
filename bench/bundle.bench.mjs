// Bundle sizes of what Figma loads, raw and gzip, against the targets of the project, and what each
// bundle is made of (esbuild's metafile: minified bytes per library and per folder of src/).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const KB = 1024;
/** How many of a bundle's largest parts are listed. */
const PARTS = 6;

export const name = "bundle";

/** Groups a bundle's inputs: node_modules/<package>, src/<program>/<folder>, or the file itself. */
function partOf(path) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1];
  const folder = /^src\/([^/]+\/[^/]+)\//.exec(path);
  return folder ? `src/${folder[1]}` : path;
}

function largestParts(metafile, bundle) {
  const sizes = new Map();
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const part = partOf(path);
      sizes.set(part, (sizes.get(part) ?? 0) + input.bytesInOutput);
    }
  }
  return [...sizes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, PARTS)
    .map(([part, bytes]) => ({ figure: `${bundle} part: ${part}`, value: bytes / KB, unit: "KB min" }));
}

export async function run() {
  const metaDir = mkdtempSync(join(tmpdir(), "bundle-meta-"));
  try {
    execFileSync(process.execPath, ["build.mjs", `--metafile=${metaDir}`], { stdio: "ignore" });
    const ui = await readFile("dist/ui.html");
    const code = await readFile("dist/code.js");
    const uiMeta = JSON.parse(await readFile(join(metaDir, "ui.meta.json"), "utf8"));
    const codeMeta = JSON.parse(await readFile(join(metaDir, "code.meta.json"), "utf8"));
    const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
    // Sizes are deterministic, so one build is the figure; there is no spread to report.
    return [
      {
        figure: "dist/ui.html raw",
        value: ui.length / KB,
        unit: "KB",
        target: "<= 90 KB",
        met: ui.length <= 90 * KB,
      },
      {
        figure: "dist/ui.html gzip",
        value: gz(ui) / KB,
        unit: "KB",
        target: "<= 35 KB",
        met: gz(ui) <= 35 * KB,
      },
      ...largestParts(uiMeta, "dist/ui.html"),
      {
        figure: "dist/code.js raw",
        value: code.length / KB,
        unit: "KB",
        target: "<= 15 KB",
        met: code.length <= 15 * KB,
      },
      { figure: "dist/code.js gzip", value: gz(code) / KB, unit: "KB" },
      ...largestParts(codeMeta, "dist/code.js"),
    ];
  } finally {
    rmSync(metaDir, { recursive: true, force: true });
  }
}
