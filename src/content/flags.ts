// Flag images for the language menu from the flag-icons package (by the two letters of site.yaml's `flag` emoji), read
// at load, so every system shows the same flag: emoji flags are letter pairs on Windows.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { FlagImage } from "../types.js";

export type { FlagImage } from "../types.js";

/** The ISO 3166 country code a flag emoji spells with regional indicator letters ("🇬🇧" -> "gb"). */
export function countryOfFlag(flag: string): string | undefined {
  const letters = [...flag].map((c) => c.codePointAt(0)! - 0x1f1e6);
  if (letters.length !== 2 || letters.some((n) => n < 0 || n > 25)) return undefined;
  return letters.map((n) => String.fromCharCode(97 + n)).join("");
}

/** The SVG flags the site's languages ask for, when site.yaml's languageMenu.flags is "svg"; none otherwise. */
export async function loadFlags(siteData: unknown): Promise<Map<string, FlagImage>> {
  const site = siteData as { languageMenu?: { flags?: unknown }; languages?: { flag?: unknown }[] } | null;
  const flags = new Map<string, FlagImage>();
  if (site?.languageMenu?.flags !== "svg" || !Array.isArray(site.languages)) return flags;
  const require = createRequire(import.meta.url);
  for (const l of site.languages) {
    const country = typeof l?.flag === "string" ? countryOfFlag(l.flag) : undefined;
    if (!country || flags.has(country)) continue;
    const svg = await readFile(require.resolve(`flag-icons/flags/4x3/${country}.svg`), "utf8").catch(() => undefined);
    if (svg) flags.set(country, { svg, hash: createHash("sha256").update(svg).digest("hex").slice(0, 10) });
  }
  return flags;
}
