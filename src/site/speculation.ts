// Instant next pages: speculation rules that prerender a page of this site when the visitor shows intent (a
// pointer resting on its link, a touch starting on it), never an outbound or booking link, a redirect path
// (/go/), the editor (/admin/) or a link to this page's own parts. One constant block in every page's <head>;
// the Content-Security-Policy allows exactly it by its hash (no 'unsafe-inline').
import { createHash } from "node:crypto";

const RULES = {
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/go/*" } },
          { not: { href_matches: "/admin/*" } },
          { not: { selector_matches: "[rel~=sponsored], [target=_blank], [download], [href^='#']" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
};

/** The rules as every page carries them, in <script type="speculationrules">. */
export const SPECULATION_RULES = JSON.stringify(RULES);

/** The CSP source that allows the rules' inline script and nothing else. */
export const SPECULATION_RULES_HASH = `'sha256-${createHash("sha256").update(SPECULATION_RULES).digest("base64")}'`;
