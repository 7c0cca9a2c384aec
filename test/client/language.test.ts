import { describe, expect, it } from "vitest";
import {
  chooseLanguage,
  isSiteLanguage,
  primarySubtag,
  STORED_LANGUAGE_KEY,
  suggestLanguage,
} from "../../templates/client/language.js";

const site = ["en", "zh", "ja"];

// The specification's injection patterns plus junk that is close to, but not exactly, a site language.
const junk: [string, unknown][] = [
  ["script tag", "<script>alert(1)</script>"],
  ["script tag after a valid code", "zh<script>alert(1)</script>"],
  ["event handler", '" onload="alert(1)'],
  ["event handler after a valid code", 'ja" onerror="alert(1)'],
  ["img with onerror", "<img src=x onerror=alert(1)>"],
  ["javascript: scheme", "javascript:alert(1)"],
  ["vbscript: scheme", "vbscript:msgbox(1)"],
  ["css expression", "expression(alert(1))"],
  ["eval call", "eval('1')"],
  ["alert call", "alert(1)"],
  ["cookie access", "document.cookie"],
  ["location access", "location.href='https://evil.example'"],
  ["innerHTML", "innerHTML"],
  ["upper case", "ZH"],
  ["mixed case", "Ja"],
  ["region tag", "zh-CN"],
  ["leading space", " zh"],
  ["trailing space", "zh "],
  ["trailing newline", "en\n"],
  ["empty string", ""],
  ["10,000 characters", "z".repeat(10_000)],
  ["10,000 characters starting with a valid code", "en" + "x".repeat(9_998)],
  ["null", null],
  ["undefined", undefined],
  ["number", 1],
  ["array holding a code", ["zh"]],
  ["object", { toString: () => "zh" }],
];

describe("primarySubtag", () => {
  it("maps a browser tag to its lower-cased primary subtag", () => {
    expect(primarySubtag("zh-CN")).toBe("zh");
    expect(primarySubtag("zh-Hans-CN")).toBe("zh");
    expect(primarySubtag("zh_TW")).toBe("zh");
    expect(primarySubtag("ja-JP")).toBe("ja");
    expect(primarySubtag("en-GB")).toBe("en");
    expect(primarySubtag("EN-us")).toBe("en");
    expect(primarySubtag("JA")).toBe("ja");
    expect(primarySubtag("fr")).toBe("fr");
  });

  it("gives an empty string for anything that is not a string", () => {
    expect(primarySubtag(undefined)).toBe("");
    expect(primarySubtag(null)).toBe("");
    expect(primarySubtag(42)).toBe("");
  });
});

describe("isSiteLanguage", () => {
  it("accepts exactly the site's codes", () => {
    expect(site.map((c) => isSiteLanguage(c, site))).toEqual([true, true, true]);
    expect(isSiteLanguage("fr", site)).toBe(false);
  });

  it.each(junk)("rejects %s", (_name, value) => {
    expect(isSiteLanguage(value, site)).toBe(false);
  });

  it("rejects an empty string even if the page's list held one", () => {
    expect(isSiteLanguage("", ["", "en"])).toBe(false);
  });
});

describe("chooseLanguage", () => {
  it("uses the stored key the original site used", () => {
    expect(STORED_LANGUAGE_KEY).toBe("i18nextLng");
  });

  it("uses a valid stored choice", () => {
    expect(chooseLanguage({ stored: "en", browser: [], site })).toBe("en");
    expect(chooseLanguage({ stored: "zh", browser: [], site })).toBe("zh");
    expect(chooseLanguage({ stored: "ja", browser: [], site })).toBe("ja");
  });

  it("prefers the stored choice over the browser's languages", () => {
    expect(chooseLanguage({ stored: "zh", browser: ["ja-JP", "en-US"], site })).toBe("zh");
    expect(chooseLanguage({ stored: "en", browser: ["ja"], site })).toBe("en");
  });

  it.each(junk)("ignores a stored %s as if absent", (_name, stored) => {
    expect(chooseLanguage({ stored, browser: [], site })).toBeUndefined();
    expect(chooseLanguage({ stored, browser: ["ja-JP"], site })).toBe("ja");
  });

  it("maps browser languages to their base code", () => {
    expect(chooseLanguage({ stored: null, browser: ["zh-CN"], site })).toBe("zh");
    expect(chooseLanguage({ stored: null, browser: ["zh-TW"], site })).toBe("zh");
    expect(chooseLanguage({ stored: null, browser: ["ja-JP"], site })).toBe("ja");
    expect(chooseLanguage({ stored: null, browser: ["en-GB"], site })).toBe("en");
    expect(chooseLanguage({ stored: null, browser: ["JA"], site })).toBe("ja");
  });

  it("takes the first browser language the site has, in the browser's order", () => {
    expect(chooseLanguage({ stored: null, browser: ["fr-FR", "de", "ja-JP", "en-US"], site })).toBe("ja");
    expect(chooseLanguage({ stored: null, browser: ["en-US", "ja-JP"], site })).toBe("en");
  });

  it("finds nothing when no browser language is one of the site's", () => {
    expect(chooseLanguage({ stored: null, browser: ["fr-FR", "de"], site })).toBeUndefined();
    expect(chooseLanguage({ stored: null, browser: [], site })).toBeUndefined();
  });

  it("ignores junk browser values", () => {
    const browser = ["<script>alert(1)</script>", "javascript:alert(1)", "", "x".repeat(10_000), null, 7];
    expect(chooseLanguage({ stored: null, browser, site })).toBeUndefined();
    expect(chooseLanguage({ stored: null, browser: [...browser, "zh-CN"], site })).toBe("zh");
  });

  it("takes the site's languages from its argument, not from a built-in list", () => {
    expect(chooseLanguage({ stored: "zh", browser: [], site: ["en", "ja"] })).toBeUndefined();
    expect(chooseLanguage({ stored: null, browser: ["zh-CN", "ja"], site: ["en", "ja"] })).toBe("ja");
    expect(chooseLanguage({ stored: "fr", browser: [], site: ["en", "fr"] })).toBe("fr");
  });

  it("only ever returns one of the site's codes", () => {
    const inputs = junk.map(([, v]) => v);
    for (const stored of inputs) {
      const chosen = chooseLanguage({ stored, browser: inputs, site });
      expect(chosen === undefined || site.includes(chosen)).toBe(true);
    }
  });
});

describe("suggestLanguage", () => {
  it("suggests the visitor's language when the page is in another", () => {
    expect(suggestLanguage({ stored: "ja", browser: [], site, page: "en" })).toBe("ja");
    expect(suggestLanguage({ stored: null, browser: ["zh-CN"], site, page: "ja" })).toBe("zh");
  });

  it("suggests nothing when the page is already in the visitor's language", () => {
    expect(suggestLanguage({ stored: "en", browser: ["ja"], site, page: "en" })).toBeUndefined();
    expect(suggestLanguage({ stored: null, browser: ["en-GB"], site, page: "en" })).toBeUndefined();
  });

  it("suggests nothing for a junk stored value and an English browser on an English page", () => {
    expect(suggestLanguage({ stored: "<script>alert(1)</script>", browser: ["en-US"], site, page: "en" })).toBeUndefined();
  });

  it("suggests nothing when nothing is known", () => {
    expect(suggestLanguage({ stored: null, browser: [], site, page: "en" })).toBeUndefined();
  });

  it("suggests nothing for a language dismissed this visit, but still another one", () => {
    expect(suggestLanguage({ stored: "ja", browser: [], site, page: "en", dismissed: "ja" })).toBeUndefined();
    expect(suggestLanguage({ stored: "ja", browser: [], site, page: "en", dismissed: "zh" })).toBe("ja");
    expect(suggestLanguage({ stored: "ja", browser: [], site, page: "en", dismissed: null })).toBe("ja");
  });
});
