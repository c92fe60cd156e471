// Bundle sizes of what Figma loads, raw and gzip, against the targets of the project.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";

const KB = 1024;

export const name = "bundle";

export async function run() {
  execFileSync(process.execPath, ["build.mjs"], { stdio: "ignore" });
  const ui = await readFile("dist/ui.html");
  const code = await readFile("dist/code.js");
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
    {
      figure: "dist/code.js raw",
      value: code.length / KB,
      unit: "KB",
      target: "<= 15 KB",
      met: code.length <= 15 * KB,
    },
    { figure: "dist/code.js gzip", value: gz(code) / KB, unit: "KB" },
  ];
}
