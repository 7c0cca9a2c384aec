// Instant next pages: speculation rules that prerender this site's pages on intent, never outbound, /go/ or /admin/ links.
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
