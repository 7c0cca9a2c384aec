// esbuild through require(): Node's ESM loader scans a CommonJS package's source for its export names before
// importing it, which for esbuild's large main file cost 34-45 ms of every cold start against 8-9 ms required.
import { createRequire } from "node:module";

/** esbuild's JavaScript API, loaded the cheap way. */
export const esbuildApi = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
