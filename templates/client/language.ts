// Pure language choice for the suggestion banner and the language memory: no DOM, so it is unit-tested in Node.
// Only an exact site language code is ever trusted; everything else is treated as absent.

/** The localStorage key the original site (i18next) used for an explicit language choice. */
export const STORED_LANGUAGE_KEY = "i18nextLng";

/** The localStorage key prefix that remembers a dismissed suggestion, one key per suggested language. */
export const DISMISSED_KEY = "langBannerDismissed";

/** The localStorage key remembering that the banner offering `code` was dismissed ("langBannerDismissed.ja"). */
export const dismissedKey = (code: string) => `${DISMISSED_KEY}.${code}`;

/** The primary subtag of a language tag, lower-cased ("zh-CN" -> "zh"); "" for a non-string. */
export function primarySubtag(tag: unknown): string {
  return typeof tag === "string" ? tag.split(/[-_]/)[0].toLowerCase() : "";
}

/** True only for a string that is exactly one of the site's language codes (case-sensitive, untrimmed). */
export function isSiteLanguage(value: unknown, site: readonly string[]): value is string {
  return typeof value === "string" && value !== "" && site.includes(value);
}

/** The visitor's language: a valid stored choice beats the first browser language whose base the site has. */
export function chooseLanguage(opts: { stored: unknown; browser: readonly unknown[]; site: readonly string[] }): string | undefined {
  if (isSiteLanguage(opts.stored, opts.site)) return opts.stored;
  for (const tag of opts.browser) {
    const base = primarySubtag(tag);
    if (isSiteLanguage(base, opts.site)) return base;
  }
  return undefined;
}

/** The language the banner should offer: the visitor's, unless it is the page's own or was dismissed this visit. */
export function suggestLanguage(opts: {
  stored: unknown;
  browser: readonly unknown[];
  site: readonly string[];
  page: string;
  dismissed?: unknown;
}): string | undefined {
  const code = chooseLanguage(opts);
  return code === undefined || code === opts.page || code === opts.dismissed ? undefined : code;
}
