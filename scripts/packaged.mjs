// Writes what a first build would otherwise make into lib/, after `npm run compile` has bundled the CLI: the schema
// validators' standalone module (src/content/validators.ts), the bundled templates compiled (src/render/templates.ts)
// and their assets bundled (src/render/assets.ts).
import { writePackagedValidators } from "../lib/validators.js";
import { writePackagedTemplates } from "../lib/templates.js";
import { writePackagedAssets } from "../lib/assets.js";

writePackagedValidators();
// Templates being edited may not compile: the install goes on, and `hotelsite build` names the mistake's place.
for (const [what, write] of [["templates were not compiled", writePackagedTemplates], ["assets were not bundled", writePackagedAssets]]) {
  await write().catch((e) => {
    const first = e?.errors?.[0];
    console.warn(`compile: the bundled ${what} into lib/ (${first ? `${first.place?.file ?? ""}: ${first.message}` : e?.message ?? e}); builds make them instead`);
  });
}
