// The site's one small script (bundled as an IIFE, loaded with defer): progressive enhancement only. Each
// part runs on its own, so a missing element or a throwing storage never stops the others.
import { initAvailability } from "./availability";
import { initLanguageBanner } from "./language-banner";
import { initLanguageMemory } from "./language-memory";
import { initLanguageMenu } from "./language-menu";
import { initMobileMenu } from "./mobile-menu";
import { pageLanguage, siteLanguages } from "./page-languages";
import { initYear } from "./year";

/** Runs one enhancement, keeping its failure to itself. */
function run(enhance: () => void): void {
  try {
    enhance();
  } catch {
    // The page is complete without this enhancement.
  }
}

/** The browser's preferred languages, most preferred first. */
function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

const doc = document;
let site: string[] = [];
run(() => (site = siteLanguages(doc)));
run(() => initMobileMenu(doc));
run(() => initLanguageMenu(doc));
run(() => initLanguageMemory(doc, site));
run(() => initAvailability(doc));
run(() => initYear(doc));
run(() => initLanguageBanner(doc, { site, page: pageLanguage(doc), browser: browserLanguages() }));
run(() => {
  // The specification's error catalogue: an unknown path is logged to the console.
  if (doc.body.dataset.page === "notFound") console.error("404 Error: User attempted to access non-existent route:", location.pathname);
});
