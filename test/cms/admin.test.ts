// The files of /admin/ and the rules that serve it: made only when site.yaml enables the editor, never indexed, its
// own policy (the import map allowed by its hash) in every host's rules and the page, no request to a CDN, and the
// example settings in docs/ are the bundled ones with the editor enabled.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ADMIN_DIR, adminFiles, adminPolicy } from "../../src/cms/admin.js";
import { headersFile } from "../../src/site/host-rules/headers.js";
import { nginxInclude } from "../../src/site/host-rules/nginx.js";
import { hostPlan } from "../../src/site/host-rules/plan.js";
import { robotsTxt } from "../../src/site/publish.js";
import { makeRoutes } from "../../src/site/routes.js";
import type { Content, Hotel, SiteSettings } from "../../src/types.js";
import { REPO } from "../support/fixture.js";

const bundled = parse(await readFile(path.join(REPO, "content/site.yaml"), "utf8")) as SiteSettings;
const example = parse(await readFile(path.join(REPO, "docs/examples/cms/site.yaml"), "utf8")) as SiteSettings;
const hotels = [{ id: "dubai" }, { id: "tokyo" }] as Hotel[];
const content = (site: SiteSettings) => ({ site, hotels, files: { strings: "content/strings.yaml" } }) as unknown as Content;
const files = (site: SiteSettings) => new Map(adminFiles(content(site), makeRoutes(site)).map((f) => [f.path, f.contents]));
const text = (v: string | Uint8Array | undefined) => (typeof v === "string" ? v : Buffer.from(v ?? "").toString("utf8"));
const resolvedSite = (site: SiteSettings) => ({ routes: makeRoutes(site) }) as any;

describe("the admin files", () => {
  it("docs/examples/cms/site.yaml is the bundled site.yaml with the editor enabled", () => {
    const { editor, ...rest } = example;
    expect(rest).toEqual(bundled);
    expect(editor?.enabled).toBe(true);
    expect(bundled.editor).toBeUndefined();
  });

  it("are none unless site.yaml enables the editor", () => {
    expect(files(bundled).size).toBe(0);
    expect(files({ ...example, editor: { enabled: false } }).size).toBe(0);
    expect(robotsTxt(resolvedSite(bundled), content(bundled))).not.toContain("admin");
    expect(headersFile(hostPlan({ routes: makeRoutes(bundled) } as any, { ...content(bundled), hotels: [] } as Content))).not.toContain("/admin/");
  });

  it("are the page, the configuration, the page URLs, the bundle with its fonts, React's chunk and Immutable", () => {
    const f = files(example);
    expect([...f.keys()].sort()).toEqual(
      [
        "index.html",
        "config.json",
        "pages.json",
        "hotelsite-cms.js",
        "sveltia-cms.js",
        "chunks/react-dom.js",
        "vendor/immutable.es.js",
        ...[...f.keys()].filter((k) => k.startsWith(`${ADMIN_DIR}/fonts/`)).map((k) => k.slice(ADMIN_DIR.length + 1)),
      ]
        .map((k) => `${ADMIN_DIR}/${k}`)
        .sort(),
    );
    expect([...f.keys()].filter((k) => k.endsWith(".woff2")).length).toBe(3);
    const bundle = text(f.get("admin/sveltia-cms.js"));
    expect(bundle).not.toContain("cdn.jsdelivr.net");
    for (const font of [...f.keys()].filter((k) => k.endsWith(".woff2"))) expect(bundle).toContain(`url(${font.slice(ADMIN_DIR.length + 1)})`);
    expect(JSON.parse(text(f.get("admin/pages.json")))).toEqual({
      hotels: { dubai: { en: "/grand-hyatt-dubai/", zh: "/zh/grand-hyatt-dubai/", ja: "/ja/grand-hyatt-dubai/" }, tokyo: { en: "/grand-hyatt-tokyo/", zh: "/zh/grand-hyatt-tokyo/", ja: "/ja/grand-hyatt-tokyo/" } },
      home: { en: "/", zh: "/zh/", ja: "/ja/" },
    });
    expect(JSON.parse(text(f.get("admin/config.json"))).backend).toEqual({ name: "github", repo: "acme/hotel-guide", base_url: "https://sveltia-cms-auth.acme.workers.dev" });
  });

  it("the page is never indexed and carries its policy, whose script hash is its import map's", () => {
    const page = text(files(example).get("admin/index.html"));
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    const policy = adminPolicy(content(example));
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${policy.replaceAll("'", "&apos;")}">`);
    const map = /<script type="importmap">(.*?)<\/script>/.exec(page)![1];
    expect(Object.values(JSON.parse(map).imports)).toEqual(["./vendor/immutable.es.js"]);
    expect(policy).toContain(`script-src 'self' 'sha256-${createHash("sha256").update(map).digest("base64")}';`);
    expect(policy).toContain("connect-src 'self' blob: data: https://api.github.com https://sveltia-cms-auth.acme.workers.dev;");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it("robots.txt disallows it and every host's rules give it its own policy in place of the site's", () => {
    expect(robotsTxt(resolvedSite(example), content(example))).toBe("User-agent: *\nDisallow: /admin/\nAllow: /\n\nSitemap: https://grandhyatt-stays.example.com/sitemap.xml\n");
    const plan = hostPlan(resolvedSite(example), { ...content(example), hotels: [] } as Content);
    const policy = adminPolicy(content(example));
    expect(headersFile(plan).endsWith(`/admin/*\n  ! Content-Security-Policy\n  Content-Security-Policy: ${policy}\n  X-Robots-Tag: noindex\n`)).toBe(true);
    const nginx = nginxInclude(plan);
    const location = nginx.slice(nginx.indexOf("location ^~ /admin/ {"), nginx.indexOf("}", nginx.indexOf("location ^~ /admin/ {")));
    expect(location).toContain(`add_header Content-Security-Policy "${policy}" always;`);
    expect(location).toContain('add_header X-Robots-Tag "noindex" always;');
    expect(location).toContain('add_header X-Content-Type-Options "nosniff" always;');
  });
});
