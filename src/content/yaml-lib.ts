// The careful YAML parser (`yaml`, with source positions), loaded the first time something needs it: loading its 84
// modules was about 40 ms of every command's start, and well-formed files parse with js-yaml alone.
import { createRequire } from "node:module";

type YamlLib = typeof import("yaml");
let lib: YamlLib | undefined;

/** The `yaml` package, required on first use. */
export function yamlLib(): YamlLib {
  return (lib ??= createRequire(import.meta.url)("yaml") as YamlLib);
}
