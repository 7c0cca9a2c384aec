// Writes what a first build would otherwise make into lib/, after `npm run compile` has bundled the CLI: the schema
// validators' standalone module (src/content/validators.ts) and the bundled templates compiled (src/render/templates.ts).
import { writePackagedValidators } from "../lib/validators.js";
import { writePackagedTemplates } from "../lib/templates.js";

writePackagedValidators();
// Templates being edited may not compile: the install goes on, and `hotelsite build` names the mistake's place.
await writePackagedTemplates().catch((e) => {
  const first = e?.errors?.[0];
  console.warn(`compile: the bundled templates were not compiled into lib/ (${first ? `${first.place?.file ?? ""}: ${first.message}` : e?.message ?? e}); builds compile them instead`);
});
