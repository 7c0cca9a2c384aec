// Shared setup for the browser tests: the bundled site built once per test file into a temp folder, served by
// the preview server as a production host would (its `_headers`, CSP included, and each language's 404), and
// one headless Debian chromium. Every page is watched for CSP violations, script errors, broken resources and
// requests leaving the machine; `useSite` fails the test that caused any of them.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page, type Response } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { parse } from "yaml";
import { build } from "../../src/build.js";
import { startServer, type PreviewServer } from "../../src/watch/server.js";
import { REPO } from "../support/fixture.js";

/** The viewports the site is designed for. */
export const MOBILE = { width: 375, height: 812 };
export const TABLET = { width: 768, height: 1024 };
export const DESKTOP = { width: 1280, height: 800 };

/** The site's languages and where their pages live. */
export const LANGS = [
  { code: "en", prefix: "", htmlLang: "en" },
  { code: "zh", prefix: "/zh", htmlLang: "zh-Hans" },
  { code: "ja", prefix: "/ja", htmlLang: "ja" },
] as const;

/** One page of each kind: the home page and one hotel per layout (paths in English). */
export const PAGES = {
  home: "/",
  showcase: "/grand-hyatt-dubai/",
  story: "/grand-hyatt-tokyo/",
  article: "/grand-hyatt-seoul/",
} as const;

/** The only outside host a page may send the visitor to; requests to it are answered here by a stub. */
export const BOOKING_HOST = "www.booking.com";

/** Parses one of the bundled content files (content/<file>). */
export async function contentYaml<T = any>(file: string): Promise<T> {
  return parse(await readFile(path.join(REPO, "content", file), "utf8")) as T;
}

/** What went wrong on the pages of one test; all empty on a healthy site. */
export interface Problems {
  csp: string[];
  scriptErrors: string[];
  brokenResources: string[];
  externalRequests: string[];
}

/** A page opened by {@link Site.open}, with what it logged to the console. */
export interface Opened {
  page: Page;
  context: BrowserContext;
  response: Response | null;
  console: ConsoleMessage[];
}

/** The served site and the browser, for one test file. */
export interface Site {
  /** Base URL of the preview server, without a trailing slash. */
  url: string;
  /** The built output folder. */
  dir: string;
  browser: Browser;
  /** A fresh context (closed after the test) with the watchers and the network fence installed. */
  context(opts: BrowserContextOptions): Promise<BrowserContext>;
  /** A page at the given viewport (and context options), navigated to a site path. */
  open(pathname: string, opts: BrowserContextOptions): Promise<Opened>;
  /** What the watchers have seen since the last take; clears them. */
  takeProblems(): Problems;
  /** What the watchers have seen since the last take, without clearing. */
  peekProblems(): Problems;
}

const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** A stand-in for the booking partner's page, so a followed affiliate link never leaves the machine. */
const BOOKING_STUB = "<!doctype html><title>Booking partner (stub)</title><p>stub</p>";

/** Builds content/ (or the folder `content` makes) into a temp folder, serves it and launches chromium. */
async function startSite(content?: () => Promise<string>): Promise<{ site: Site; closeContexts(): Promise<void>; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "hotelsite-browser-"));
  const out = path.join(dir, "dist");
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  try {
    await build({ contentDir: content ? await content() : path.join(REPO, "content"), outDir: out, cwd: REPO });
    server = await startServer({ root: out, port: 0 });
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS, headless: true });
  } catch (e) {
    await browser?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  const url = server.url;
  const origin = new URL(url).origin;
  const contexts = new Set<BrowserContext>();
  let problems: Problems = { csp: [], scriptErrors: [], brokenResources: [], externalRequests: [] };

  const context = async (opts: BrowserContextOptions) => {
    const ctx = await browser!.newContext({ locale: "en-US", ...opts });
    // Playwright's waits (a navigation, a locator's state) end when the state is reached; their 30 s default is a
    // hang guard that a loaded machine crossed.
    ctx.setDefaultTimeout(120_000);
    contexts.add(ctx);
    // The network is closed: the site's own origin is served, the booking partner is stubbed, anything else
    // is refused and reported.
    await ctx.route("**/*", (route) => {
      const target = new URL(route.request().url());
      if (target.origin === origin) return route.continue();
      if (target.protocol === "https:" && target.host === BOOKING_HOST) return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: BOOKING_STUB });
      problems.externalRequests.push(target.href);
      return route.abort("blockedbyclient");
    });
    await ctx.exposeBinding("__reportCspViolation", (_source, text: string) => problems.csp.push(text));
    await ctx.addInitScript(() => {
      document.addEventListener(
        "securitypolicyviolation",
        (e) => (window as any).__reportCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`),
        true,
      );
    });
    ctx.on("console", (m) => {
      if (/content[ -]security[ -]policy/i.test(m.text())) problems.csp.push(`console: ${m.text()}`);
    });
    ctx.on("weberror", (e) => problems.scriptErrors.push(`${e.page()?.url()}: ${e.error().message}`));
    ctx.on("response", (r) => {
      if (r.status() >= 400 && r.request().resourceType() !== "document") problems.brokenResources.push(`${r.status()} ${r.url()}`);
    });
    ctx.on("requestfailed", (r) => {
      const failure = r.failure()?.errorText ?? "";
      // Our own refusals are reported above; a navigation cut short by the next one is not a fault.
      if (!/ERR_BLOCKED_BY_CLIENT|ERR_ABORTED/.test(failure)) problems.brokenResources.push(`${failure} ${r.url()}`);
    });
    return ctx;
  };

  const site: Site = {
    url,
    dir: out,
    browser,
    context,
    async open(pathname, opts) {
      const ctx = await context(opts);
      const page = await ctx.newPage();
      const messages: ConsoleMessage[] = [];
      page.on("console", (m) => messages.push(m));
      const response = await page.goto(url + pathname, { waitUntil: "load" });
      return { page, context: ctx, response, console: messages };
    },
    peekProblems: () => structuredClone(problems),
    takeProblems() {
      const seen = problems;
      problems = { csp: [], scriptErrors: [], brokenResources: [], externalRequests: [] };
      return seen;
    },
  };
  const closeContexts = async () => {
    await Promise.all([...contexts].map((c) => c.close()));
    contexts.clear();
  };
  return {
    site,
    closeContexts,
    async stop() {
      await closeContexts();
      await browser!.close();
      await server!.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers the hooks of a browser test file: the site and browser start once for the file; after each test
 * its contexts close and the test fails if any page showed a CSP violation, a script error, a broken resource
 * or a request to the outside. Returns a getter for the running site. `content` makes another content folder
 * to build instead of the bundled one (a fixture copy).
 */
export function useSite(content?: () => Promise<string>): () => Site {
  let running: Awaited<ReturnType<typeof startSite>> | undefined;
  beforeAll(async () => {
    running = await startSite(content);
  });
  afterEach(async () => {
    if (!running) return;
    await running.closeContexts();
    expect(running.site.takeProblems(), "problems seen by the browser during this test").toEqual({ csp: [], scriptErrors: [], brokenResources: [], externalRequests: [] });
  });
  afterAll(async () => {
    await running?.stop();
  });
  return () => {
    if (!running) throw new Error("the site is not running (beforeAll failed)");
    return running.site;
  };
}

/** The path of a page in a language ("/grand-hyatt-dubai/" in zh is "/zh/grand-hyatt-dubai/"). */
export function inLanguage(pathname: string, lang: (typeof LANGS)[number]): string {
  return lang.prefix + pathname;
}

const AXE_SOURCE = await readFile(path.join(REPO, "node_modules", "axe-core", "axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe (WCAG 2.x A and AA) on the page as it is and returns its violations, one line each (rule, impact,
 * first targets), so a failure says what to fix. axe is evaluated through the DevTools protocol, which the
 * page's CSP does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (tags) => (window as any).axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }).then((r: any) => r.violations),
    AXE_TAGS,
  );
  return violations.map((v: any) => {
    const targets = v.nodes.slice(0, 3).map((n: any) => n.target.join(" "));
    const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : "";
    return `${v.id} [${v.impact}] ${v.help}: ${targets.join(" | ")}${more}`;
  });
}

/** The bundled site's default programme (content/site.yaml: Booking.com's parameters on its pages), by role. */
export interface BookingSettings {
  link: string;
  partnerParam: string;
  partnerId: string;
  languageParam: string;
  languages: Record<string, string>;
  /** The sub-id's parameter and the placement id template. */
  tracking: { param: string; template: string };
  /** The parameters in the order the build adds them. */
  params: string[];
  allowedHosts: string[];
  search: { action: string; term: string; checkIn: string; checkOut: string; adults: string; rooms: string; children: string; childAge: string };
}

/** Reads content/site.yaml's default programme: the parameter valued {language}, the one valued {subId}, the fixed one. */
export async function bookingSettings(): Promise<BookingSettings> {
  const { affiliate } = await contentYaml("site.yaml");
  const p = affiliate.programmes[affiliate.programme];
  const named = (value: string) => Object.keys(p.params).find((k) => p.params[k] === value)!;
  const partnerParam = Object.keys(p.params).find((k) => !p.params[k].includes("{"))!;
  return {
    link: affiliate.link,
    partnerParam,
    partnerId: p.params[partnerParam],
    languageParam: named("{language}"),
    languages: p.languages,
    tracking: { param: named("{subId}"), template: affiliate.placementIds },
    params: Object.keys(p.params),
    allowedHosts: p.hosts,
    search: p.search,
  };
}

/** The cumulative layout shift a page has had so far (shifts right after input excluded, as the metric does). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as any[]) if (!e.hadRecentInput) total += e.value;
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

/**
 * Follows a link to `target` (the action clicks or presses it) and returns the HTTP status the page arrived with.
 * Read from the page's navigation entry, not the network: a page the speculation rules prerendered on the pointer's
 * intent is shown without a new request.
 */
export async function follow(page: Page, target: string, action: () => Promise<unknown>): Promise<number> {
  await Promise.all([page.waitForURL(target), action()]);
  await page.waitForFunction(() => document.readyState !== "loading");
  return page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStatus);
}
