// The wordmark, linking to the home page of the current language.
import type { Chrome } from "../../src/site/pages";

export function Logo({ chrome }: { chrome: Chrome }) {
  return (
    <a className="logo" href={chrome.homeHref}>
      <span className="logo__mark" aria-hidden="true">
        GH
      </span>
      <span className="logo__name">{chrome.brandName}</span>
    </a>
  );
}
