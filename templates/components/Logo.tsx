// The site's own name and mark, linking to the home page of the current language, with what the guide is about
// under the name: an independent guide, the brand its subject and never its logo.
import type { Chrome, Page } from "../../src/site/pages";
import { Phrases } from "./Phrases";
import { T } from "./T";

export function Logo({ chrome, t }: { chrome: Chrome; t: Page["t"] }) {
  return (
    <a className="logo" href={chrome.homeHref}>
      {chrome.mark && (
        <span className="logo__mark" aria-hidden="true">
          {chrome.mark}
        </span>
      )}
      <span className="logo__text">
        <span className="logo__name"><T>{chrome.siteName}</T></span>
        <span className="logo__subject"><Phrases>{t.guideSubject}</Phrases></span>
      </span>
    </a>
  );
}
