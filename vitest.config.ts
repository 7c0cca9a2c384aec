import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Loaded content is frozen once validated (src/util/deep-freeze.ts): a stage that mutates it fails here.
    env: { HOTELSITE_FREEZE: "1" },
    // The compiled templates live in the user's cache folder: import them as Node does (as in the CLI), not
    // through vitest's module runner, whose wrapper would shift their stack positions.
    server: { deps: { external: [/\/node_modules\//, /\/hotelsite(-[^/]+)?\/templates-[0-9a-f]{16}\.mjs$/] } },
  },
});
