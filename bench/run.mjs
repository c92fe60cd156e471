// `npm run bench`: runs every suite in bench/*.bench.mjs (or only those named on the command line),
// prints one table and writes it, with the machine it ran on, to bench/results/latest.json. A run of
// named suites replaces only their rows there: the other suites keep their last figures, each row
// stamped with when and on what it was measured, so a partial run never erases the table.
import { readdir, readFile, writeFile } from "node:fs/promises";
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

const at = new Date().toISOString();
const measured = rows.map((row) => ({ ...row, at }));
console.log(`machine: ${JSON.stringify(machine())}\n`);
console.log(formatTable(rows));

const latestUrl = new URL("results/latest.json", import.meta.url);
const kept = only.length > 0 ? await earlierRows(latestUrl, new Set(measured.map((row) => row.suite))) : [];
const result = { at, machine: machine(), rows: [...kept, ...measured] };
await writeFile(latestUrl, `${JSON.stringify(result, null, 2)}\n`);

/** The last full table's rows of the suites this run did not measure, each stamped with its own run. */
async function earlierRows(url, measuredSuites) {
  let earlier;
  try {
    earlier = JSON.parse(await readFile(url, "utf8"));
  } catch {
    return [];
  }
  return (earlier.rows ?? [])
    .filter((row) => !measuredSuites.has(row.suite))
    .map((row) => ({ at: earlier.at, machine: earlier.machine, ...row }));
}
