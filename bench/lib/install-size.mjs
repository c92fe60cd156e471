// What an operator installs: the packages a lock file puts in node_modules for production
// (`npm ci --omit=dev`), measured on disk as du does (blocks, symlinks not followed). Read from
// the lock rather than from `npm ls`, so the lock of an earlier commit can be measured against the
// packages on this machine.
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Disk use of a folder in bytes, leaving out its nested node_modules (those are entries of their own). */
function diskUse(dir) {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") total += diskUse(path);
    } else {
      total += lstatSync(path).blocks * 512;
    }
  }
  return total;
}

/**
 * The production packages of `lock` (a parsed package-lock.json, version 3) found under `root`:
 * their total disk use and each one's, largest first. `devOnly` is what only development needs.
 * Optional packages not installed here (another platform's binaries) are not counted.
 */
export function installSize(lock, root) {
  const production = [];
  const devOnly = [];
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key.startsWith("node_modules/") || entry.link) continue;
    const bytes = diskUse(join(root, key));
    if (bytes === 0) continue;
    const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
    (entry.dev || entry.devOptional ? devOnly : production).push({ name, bytes });
  }
  const sum = (list) => list.reduce((total, item) => total + item.bytes, 0);
  production.sort((a, b) => b.bytes - a.bytes);
  devOnly.sort((a, b) => b.bytes - a.bytes);
  return { bytes: sum(production), packages: production, devBytes: sum(devOnly), dev: devOnly };
}

/** `names` and every package they depend on (optional ones included), by the lock's top-level entries. */
export function dependencyClosure(lock, names) {
  const seen = new Set();
  const queue = [...names];
  while (queue.length > 0) {
    const name = queue.shift();
    if (seen.has(name)) continue;
    seen.add(name);
    const entry = lock.packages?.[`node_modules/${name}`];
    queue.push(...Object.keys({ ...entry?.dependencies, ...entry?.optionalDependencies }));
  }
  return seen;
}
