// The ui's own import graph, read from the source (type-only imports included: a circle of types
// still ties the files together), for the structure tests.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const IMPORT = /^\s*(?:import|export)\b[^"';]*?from\s*["']([^"']+)["']/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

function resolveImport(from: string, spec: string, files: Set<string>): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((f) => files.has(f));
}

/** Each file of `root` (relative to it) and the files of `root` it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const files = new Set(sourceFiles(root));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolveImport(file, m[1] ?? "", files))
      .filter((t): t is string => t !== undefined);
    graph.set(
      relative(root, file),
      targets.map((t) => relative(root, t)),
    );
  }
  return graph;
}

/** Every import circle in the graph, each as the path that closes it (first file repeated last). */
export function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  function visit(file: string) {
    const at = onPath.indexOf(file);
    if (at >= 0) {
      found.push([...onPath.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    onPath.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    onPath.pop();
    done.add(file);
  }
  for (const file of graph.keys()) visit(file);
  return found;
}
