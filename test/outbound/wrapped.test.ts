// `hotelsite links` on a site whose links go through a network (Awin's link shape): each link is followed from
// the network to the destination it wraps (both hosts mapped to local servers with --resolve), and a chain that
// drops the sub-id inside the network, ends away from its destination, or drops the destination's language is
// reported with what was lost.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { fixtureCopy, runCli } from "../support/fixture.js";

const AWIN = `affiliate:
  link: https://book.example.com/search
  placementIds: "{lang}_{page}_{placement}"
  programmes:
    awin:
      link: "https://www.awin1.com/cread.php?awinmid={merchant}&awinaffid={publisher}&clickref={subId}&ued={destination}"
      ids: { publisher: "123456", merchant: "1234" }
      params: { lang: "{language}" }
      languages: { en: en-gb, zh: zh-cn, ja: ja }
      subId: { characters: a-z0-9_, maxLength: 50 }
      hosts: [www.awin1.com, book.example.com]
`;

/** The network: sends each click to its destination, but loses the sub-id for gamma and strays for 404 pages. */
function network(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url!, "https://www.awin1.com");
  const redirect = (to: string) => void res.writeHead(302, { location: to }).end();
  const ued = url.searchParams.get("ued") ?? "";
  const clickref = url.searchParams.get("clickref") ?? "";
  if (url.pathname === "/cread.php" && clickref.includes("_gamma_")) return redirect(`/cread.php?awinmid=1234&ued=${encodeURIComponent(ued)}&lost=1`);
  if (url.pathname === "/cread.php" && url.searchParams.has("lost")) return redirect(ued);
  if (url.pathname === "/cread.php" && clickref.includes("_404_")) return redirect("/no-such-merchant");
  if (url.pathname === "/cread.php") return redirect(ued);
  res.writeHead(200).end("network page");
}

/** The booking site: beta's page moved, and its redirect forgets the language. */
function partner(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url!, "https://book.example.com");
  if (url.pathname === "/hotel/beta") return void res.writeHead(301, { location: "/hotel/beta-2026" }).end();
  res.writeHead(200).end("partner page");
}

const servers: http.Server[] = [];
const listen = async (handler: http.RequestListener) => {
  const s = http.createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
let networkBase: string;
let partnerBase: string;
beforeAll(async () => {
  fx = await fixtureCopy({ "site.yaml": (s) => s.replace(/^affiliate:\n(  .*\n)+/m, AWIN) });
  await build({ contentDir: "content", outDir: "dist", cwd: fx.dir });
  networkBase = await listen(network);
  partnerBase = await listen(partner);
});
afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  await fx.cleanup();
});

describe("hotelsite links through a network", () => {
  it("follows each network link to its destination, and reports a redirect that drops the sub-id, strays, or drops the language", async () => {
    const r = await runCli(["links", "--json", "--resolve", `www.awin1.com=${networkBase}`, "--resolve", `book.example.com=${partnerBase}`], fx.dir);
    const report = JSON.parse(r.out) as { links: { url: string; ok: boolean; error?: string; final: string; chain: unknown[] }[] };
    const of = (clickref: string) => report.links.find((l) => new URL(l.url).searchParams.get("clickref") === clickref)!;
    const alpha = of("zh_test_brand_alpha_hero");
    expect(alpha).toMatchObject({ ok: true, final: "https://book.example.com/hotel/alpha?lang=zh-cn" });
    expect(alpha.chain).toHaveLength(2);
    expect(of("en_home_header")).toMatchObject({ ok: true, final: "https://book.example.com/search?lang=en-gb" });
    const gamma = of("ja_test_brand_gamma_top");
    expect(gamma.ok).toBe(false);
    expect(gamma.error).toBe(`the redirects dropped the sub-id ja_test_brand_gamma_top (clickref) at https://www.awin1.com/cread.php?awinmid=1234&ued=${encodeURIComponent("https://book.example.com/hotel/gamma?lang=ja")}&lost=1`);
    expect(of("en_404_footer")).toMatchObject({ ok: false, error: "the redirects end at www.awin1.com, not at the destination book.example.com", final: "https://www.awin1.com/no-such-merchant" });
    expect(of("en_test_brand_beta_hero")).toMatchObject({ ok: false, error: "the redirects dropped lang from the destination", final: "https://book.example.com/hotel/beta-2026" });
    expect(r.code).toBe(1);
    // Every link of every other page reached its destination.
    const broken = report.links.filter((l) => !l.ok).map((l) => new URL(l.url).searchParams.get("clickref")!);
    expect(broken.every((c) => /_(gamma|404|beta)_/.test(c))).toBe(true);
    expect(report.links.filter((l) => l.ok).length).toBeGreaterThan(20);
  });
});
