// The built site under its own Content-Security-Policy, sent by the server from the generated `_headers`:
// the header is on every page, the policy allows no inline script, the watchers do catch a violation, no page
// shows one, and the menus still work under it. (Every other browser test also fails on any violation.)
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DESKTOP, inLanguage, LANGS, MOBILE, PAGES, useSite } from "./support.js";

const site = useSite();

/** The Content-Security-Policy the generated `_headers` gives every path. */
async function policyFromHeaders(): Promise<string> {
  const text = await readFile(path.join(site().dir, "_headers"), "utf8");
  const found = /^\/\*\n(?:[ \t]+.*\n)*?[ \t]+Content-Security-Policy:\s*(.+)$/m.exec(text);
  if (!found) throw new Error("no Content-Security-Policy for /* in _headers");
  return found[1].trim();
}

/** A policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe("Content-Security-Policy", () => {
  it("the policy allows scripts from the site only and the speculation rules by their hash, never inline or eval", async () => {
    const d = directives(await policyFromHeaders());
    const scripts = d.get("script-src") ?? d.get("default-src");
    expect(scripts?.[0]).toBe("'self'");
    expect(scripts?.slice(1)).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/)]);
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("style-src") ?? d.get("default-src")).not.toContain("'unsafe-inline'");
  });

  it("the watchers catch a violation (an injected inline script is refused)", async () => {
    const { page } = await site().open(PAGES.home, { viewport: DESKTOP });
    await page.addScriptTag({ content: "window.__inlineRan = true;" }).catch(() => undefined);
    expect(await page.evaluate(() => (window as any).__inlineRan ?? false)).toBe(false);
    await expect.poll(() => site().peekProblems().csp.length).toBeGreaterThan(0);
    // Closed first, so a second report of the same violation cannot arrive after the problems are taken.
    await page.close();
    const { csp, ...others } = site().takeProblems();
    expect(csp.some((v) => v.includes("script-src"))).toBe(true);
    expect(others).toEqual({ scriptErrors: [], brokenResources: [], externalRequests: [] });
  });

  it("every page of each kind, in each language, is sent with the policy and shows no violation", async () => {
    // At 375 px here; the 1280 px visits of the other browser tests (axe's included) are held to the same rule.
    const policy = await policyFromHeaders();
    const ctx = await site().context({ viewport: MOBILE });
    const page = await ctx.newPage();
    for (const lang of LANGS) {
      for (const pathname of [...Object.values(PAGES).map((p) => inLanguage(p, lang)), `${lang.prefix}/no-such-page`]) {
        const response = await page.goto(site().url + pathname);
        expect(response?.headers()["content-security-policy"], pathname).toBe(policy);
      }
    }
    expect(site().takeProblems()).toEqual({ csp: [], scriptErrors: [], brokenResources: [], externalRequests: [] });
  });

  it("the mobile menu and the language dropdown work under the policy", async () => {
    const mobile = await site().open(inLanguage(PAGES.story, LANGS[1]), { viewport: MOBILE });
    expect(mobile.response?.headers()["content-security-policy"]).toBe(await policyFromHeaders());
    const toggle = mobile.page.locator("header [aria-controls='mobile-menu']");
    await toggle.click();
    await mobile.page.locator("#mobile-menu").waitFor({ state: "visible" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await mobile.page.keyboard.press("Escape");
    await mobile.page.locator("#mobile-menu").waitFor({ state: "hidden" });

    const desktop = await site().open(inLanguage(PAGES.article, LANGS[2]), { viewport: DESKTOP });
    expect(desktop.response?.headers()["content-security-policy"]).toBe(await policyFromHeaders());
    await desktop.page.locator("header button[aria-haspopup='menu']").click();
    await desktop.page.locator("header [role='menu']").waitFor({ state: "visible" });
    await desktop.page.keyboard.press("Escape");
    await desktop.page.locator("header [role='menu']").waitFor({ state: "hidden" });
    expect(site().takeProblems().csp).toEqual([]);
  });
});
