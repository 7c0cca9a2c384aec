// Writes the schema validators' standalone module into lib/ (src/content/validators.ts), after `npm run compile`
// has bundled the CLI: a first build then compiles no schema.
import { writePackagedValidators } from "../lib/validators.js";

writePackagedValidators();
