import { configDefaults, defineConfig } from "vitest/config";

// One runner for every room. The ui tests opt into happy-dom with a
// `// @vitest-environment happy-dom` line; everything else runs in node.
// `vitest run --mode reliability` (`npm run test:reliability`) runs test/reliability/ instead: load,
// upstream faults and hostile input against running servers, apart because they hold the cores a while.
export default defineConfig(({ mode }) => ({
  test: {
    include:
      mode === "reliability"
        ? ["test/reliability/**/*.test.ts"]
        : ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude:
      mode === "reliability" ? configDefaults.exclude : [...configDefaults.exclude, "test/reliability/**"],
    // One file at a time there: the load test holds the cores, and the fault tests' short upstream
    // deadline must not be spent waiting for them.
    fileParallelism: mode !== "reliability",
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    setupFiles: ["test/support/property-seed.ts"],
  },
}));
