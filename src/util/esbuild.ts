// esbuild through require(): Node's ESM loader scans a CommonJS package's source for its export names before
// importing it, which for esbuild's large main file cost 34-45 ms of every cold start against 8-9 ms required.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** esbuild's JavaScript API, loaded the cheap way and only by a run that compiles (a kept compile needs its version alone). */
export const esbuildApi = (): typeof import("esbuild") => require("esbuild");

/** The version of esbuild, part of what a kept compile is keyed by: from its package.json, without loading the API. */
export const esbuildVersion = (): string => (require("esbuild/package.json") as { version: string }).version;
