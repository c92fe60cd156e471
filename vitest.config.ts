import { defineConfig } from "vitest/config";

// One runner for every room. The ui tests opt into happy-dom with a
// `// @vitest-environment happy-dom` line; everything else runs in node.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    setupFiles: ["test/support/property-seed.ts"],
  },
});
