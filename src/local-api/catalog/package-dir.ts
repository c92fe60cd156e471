// Finds an installed package's folder. The icon packages' "exports" hide their package.json and
// metadata files from require.resolve, so the node_modules folders are searched directly.

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);

export function packageDir(name: string): string {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = join(base, name);
    if (existsSync(join(dir, "package.json"))) return dir;
  }
  throw new Error(`Package ${name} is not installed.`);
}
