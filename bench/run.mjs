// `npm run bench`: runs every suite in bench/*.bench.mjs (or only those named on the command line),
// prints one table and writes it, with the machine it ran on, to bench/results/latest.json.
import { readdir, writeFile } from "node:fs/promises";
import { machine } from "./lib/machine.mjs";
import { formatTable } from "./lib/table.mjs";

const only = process.argv.slice(2);
const files = (await readdir(new URL(".", import.meta.url))).filter((f) => f.endsWith(".bench.mjs")).sort();
const rows = [];
for (const file of files) {
  const suite = await import(new URL(file, import.meta.url));
  if (only.length > 0 && !only.includes(suite.name)) continue;
  process.stderr.write(`bench: ${suite.name}...\n`);
  for (const row of await suite.run()) rows.push({ suite: suite.name, ...row });
}

const result = { at: new Date().toISOString(), machine: machine(), rows };
console.log(`machine: ${JSON.stringify(result.machine)}\n`);
console.log(formatTable(rows));
await writeFile(new URL("results/latest.json", import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
