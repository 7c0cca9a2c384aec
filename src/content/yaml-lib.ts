// The careful YAML parser (the `yaml` package, with source positions), loaded the first time something needs it:
// a content file with a problem, a position for a message, `hotelsite new`. A build of well-formed files parses
// with js-yaml alone, and loading `yaml`'s 84 modules was about 40 ms of every command's start.
import { createRequire } from "node:module";

type YamlLib = typeof import("yaml");
let lib: YamlLib | undefined;

/** The `yaml` package, required on first use. */
export function yamlLib(): YamlLib {
  return (lib ??= createRequire(import.meta.url)("yaml") as YamlLib);
}
