// How esbuild finds packages for a template set that may live anywhere (--templates DIR): hotelsite's own as the fallback.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as esbuild from "esbuild";
import { packageRoot } from "../util/paths.js";

/** esbuild options: hotelsite's node_modules as the last place to look, and `external` imported from there. */
export function packageResolution(external?: RegExp): Pick<esbuild.BuildOptions, "nodePaths" | "plugins"> {
  const nodePaths = [path.join(packageRoot(), "node_modules")];
  if (!external) return { nodePaths };
  const require = createRequire(path.join(packageRoot(), "package.json"));
  const plugin: esbuild.Plugin = {
    name: "hotelsite-packages",
    setup(build) {
      build.onResolve({ filter: external }, (args) => {
        const found = require.resolve(args.path);
        // Node's own modules resolve to their names: left as they are.
        return { path: path.isAbsolute(found) ? pathToFileURL(found).href : args.path, external: true };
      });
    },
  };
  return { nodePaths, plugins: [plugin] };
}
