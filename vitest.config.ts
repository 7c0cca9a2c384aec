import { defineConfig } from "vitest/config";

// Three tiers, each a vitest project (`npm run test:unit`, `test:build`, `test:system`; `npm test` runs all three).
// A new test file is a unit test unless it is listed below: keep `unit` to pure modules, quick, and needing
// nothing installed beyond npm's packages.
/** Whole builds of the fixture or a synthetic site, the properties that compare them, image encoding, the import graph. */
const build = [
  "test/{budget,budget-synth,build,cli,content,imports,language-cost,update,pipeline-equivalence,pipeline-threads,summary,seo}.test.ts",
  "test/affiliate/{examples,placements}.test.ts",
  "test/cms/admin.test.ts",
  "test/report/{bookings,clicks,command,kit}.test.ts",
  "test/check/**/*.test.ts",
  "test/scaffold/**/*.test.ts",
  "test/content/editor-files.test.ts",
  "test/images/{first-build,gallery,og,stage}.test.ts",
  "test/render/{facts-panel,package-imports,pool,templates}.test.ts",
  "test/robustness/{bad-input,escaping}.test.ts",
  "test/site/{affiliate,fallback-marks,flags,html-scan,lastmod,rtl-language,site-name}.test.ts",
  "test/translate/{command-io,prefill,rename,roundtrip}.test.ts",
];
/** What needs the machine: Chromium, nginx, Java, openssl, processes and their signals, watchers, servers. */
const system = [
  "test/browser/**/*.test.ts",
  "test/deploy/**/*.test.ts",
  "test/{html-validity,setup}.test.ts",
  "test/outbound/{links,offline,private-forms,wrapped}.test.ts",
  "test/io/cache.test.ts",
  "test/robustness/{atomic-output,cache,committed-output,output-folder,permissions,runaway-templates}.test.ts",
  "test/site/{aliases,host-rules}.test.ts",
  "test/watch/{cli-watch,editor-files,folder-watch,live,parent-gone,server,server-hostile,server-load,signals,storm,watch}.test.ts",
  "test/write/{lock,sink}.test.ts",
  "test/util/paths.test.ts",
];

export default defineConfig({
  test: {
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // Guards against a hang, not speed limits: a loaded machine (other builds beside the suite) runs a build test for a minute.
    testTimeout: 120_000,
    hookTimeout: 600_000,
    // expect.poll waits for a state (a smooth scroll's end, a CSP report): 1 s by default, which a loaded machine
    // misses; the wait ends as soon as the state is reached.
    expect: { poll: { timeout: 30_000 } },
    pool: "forks",
    // The compiled templates live in the user's cache folder: import them as Node does (as in the CLI), not
    // through vitest's module runner, whose wrapper would shift their stack positions.
    server: { deps: { external: [/\/node_modules\//, /\/hotelsite(-[^/]+)?\/templates-[0-9a-f]{16}\.mjs$/] } },
    projects: [
      { extends: true, test: { name: "unit", include: ["test/**/*.test.ts"], exclude: [...build, ...system] } },
      { extends: true, test: { name: "build", include: build } },
      { extends: true, test: { name: "system", include: system } },
    ],
  },
});
