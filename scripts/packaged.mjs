// Writes what a first build would otherwise make into lib/, after `npm run compile` has bundled the CLI: the schema
// validators' standalone module (src/content/validators.ts) and the bundled templates compiled (src/render/templates.ts).
import { writePackagedValidators } from "../lib/validators.js";
import { writePackagedTemplates } from "../lib/templates.js";

writePackagedValidators();
await writePackagedTemplates();
