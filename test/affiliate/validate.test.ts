// The affiliate settings' mistakes as content errors with file, line, column and hint (and nothing built): an
// unknown placeholder, a network link that does not wrap the destination where networks read it, a host not
// allowed, a programme that does not exist, parameter names that clash, placement ids a programme would refuse
// or cut, and hotel links that differ only in the parameters the build sets.
import { access } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadContent } from "../../src/content/load.js";
import { validateContent } from "../../src/content/validate.js";
import { ContentErrors } from "../../src/errors.js";
import { fixtureCopy, runCli, type Edit } from "../support/fixture.js";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

/** The fixture's affiliate block in the programmes form: a network by default, and a direct programme. */
const PROGRAMMES = `affiliate:
  link: https://book.example.com/search
  placementIds: "{lang}_{page}_{placement}"
  programme: net
  programmes:
    net:
      link: "https://click.example.net/c?pub={publisher}&sid={subId}&u={destination}"
      ids: { publisher: p1 }
      params: { lang: "{language}" }
      languages: { en: en-gb, zh: zh-cn, ja: ja }
      subId: { characters: a-z0-9_, maxLength: 50 }
      hosts: [click.example.net, book.example.com]
      search: { action: "https://book.example.com/search", term: ss, checkIn: checkin, checkOut: checkout, adults: adults, rooms: rooms }
    direct:
      params: { aid: "42", label: "{subId}" }
      hosts: [book.example.com]
`;

/** The fixture's site.yaml with the programmes block, edited by `edit`. */
const site = (edit: (block: string) => string = (b) => b) => (s: string) => s.replace(/^affiliate:\n(  .*\n)+/m, edit(PROGRAMMES));

/** Validates the fixture with edits; the errors' first lines and the warnings, as printed. */
async function findings(edits: Record<string, Edit>): Promise<{ errors: string[]; warnings: string[] }> {
  const fx = await fixtureCopy(edits);
  cleanups.push(fx.cleanup);
  try {
    const { warnings } = validateContent(await loadContent({ contentDir: fx.content, cwd: fx.dir }));
    return { errors: [], warnings: warnings.map((w) => `${w.place.file}:${w.place.line}:${w.place.column} ${w.message}`) };
  } catch (e) {
    if (e instanceof ContentErrors) return { errors: e.errors.map((x) => x.format().replace("\n    hint: ", " | hint: ")), warnings: [] };
    throw e;
  }
}
const errorsWith = async (edits: Record<string, Edit>) => (await findings(edits)).errors;
const swap = (from: string, to: string) => (block: string) => {
  if (!block.includes(from)) throw new Error(`edit did not apply: ${from}`);
  return block.replace(from, to);
};

describe("affiliate settings", () => {
  it("accepts the programmes form, a hotel naming another programme, and the short form", async () => {
    expect(await findings({ "site.yaml": site(), "hotels/beta.yaml": (s) => s.replace("layout: story\n", "layout: story\nprogramme: direct\n") })).toEqual({
      errors: [],
      warnings: ["content/hotels/beta.yaml:undefined:undefined has no image of its own; the site's default image is used"],
    });
    expect(await errorsWith({})).toEqual([]);
  });

  it("refuses an unknown placeholder, naming the programme's own", async () => {
    expect(await errorsWith({ "site.yaml": site(swap("pub={publisher}", "pub={publsher}")) })).toEqual([
      "content/site.yaml:17:13 /affiliate/programmes/net/link uses {publsher}, which is not a placeholder of the programme net | hint: its placeholders are {destination}, {subId}, {language}, {publisher} (add publsher to its ids to use it)",
    ]);
  });

  it("names the placeholder meant when only its case differs", async () => {
    expect(await errorsWith({ "site.yaml": site(swap("sid={subId}", "sid={subid}")) })).toEqual([
      "content/site.yaml:17:13 /affiliate/programmes/net/link uses {subid}, which is not a placeholder of the programme net | hint: write {subId}: placeholders are case-sensitive",
      "content/site.yaml:17:13 /affiliate/programmes/net/link carries no {subId}, so the programme net's report could not tell placements apart | hint: add the network's sub-id parameter with {subId}, e.g. clickref={subId}",
    ]);
  });

  it("refuses a network link that does not carry the destination as one query value", async () => {
    for (const link of ["https://click.example.net/c/{destination}?sid={subId}", "https://click.example.net/c?sid={subId}&u=x{destination}", "https://click.example.net/c?sid={subId}"]) {
      expect(await errorsWith({ "site.yaml": site(swap("https://click.example.net/c?pub={publisher}&sid={subId}&u={destination}", link)) }), link).toEqual([
        'content/site.yaml:17:13 /affiliate/programmes/net/link must hold {destination} once, as the whole value of one query parameter | hint: write it as the network documents it, e.g. "...&ued={destination}" (Awin)',
      ]);
    }
  });

  it("refuses a link, form or hotel link on a host the programme does not list", async () => {
    expect(await errorsWith({ "site.yaml": site(swap("hosts: [click.example.net, book.example.com]", "hosts: [book.example.com]")) })).toEqual([
      "content/site.yaml:17:13 /affiliate/programmes/net/link goes to click.example.net, which is not one of site.yaml affiliate.programmes.net.hosts | hint: add click.example.net to its hosts (book.example.com) if the programme really sends visitors there",
    ]);
    expect(await errorsWith({ "site.yaml": site(swap('action: "https://book.example.com/search"', 'action: "https://search.example.org/s"')) })).toEqual([
      "content/site.yaml:23:25 /affiliate/programmes/net/search/action goes to search.example.org, which is not one of site.yaml affiliate.programmes.net.hosts | hint: add search.example.org to its hosts (click.example.net, book.example.com) if the programme really sends visitors there",
    ]);
    // A hotel's link is checked against the hosts of the programme it names.
    expect(await errorsWith({ "site.yaml": site(swap("hosts: [book.example.com]\n", "hosts: [other.example.com]\n")), "hotels/beta.yaml": (s) => s.replace("layout: story\n", "layout: story\nprogramme: direct\n") })).toEqual([
      "content/hotels/beta.yaml:4:16 /affiliateLink must be an https URL on an allowed host | hint: book.example.com is not an allowed host; allowed hosts (site.yaml affiliate.programmes.direct.hosts): other.example.com",
    ]);
  });

  it("refuses a programme that does not exist, named by a hotel or as the default", async () => {
    expect(await errorsWith({ "site.yaml": site(), "hotels/beta.yaml": (s) => s.replace("layout: story\n", "layout: story\nprogramme: awin\n") })).toEqual([
      'content/hotels/beta.yaml:3:12 /programme "awin" is not a programme of site.yaml\'s affiliate.programmes | hint: declared: net, direct',
    ]);
    expect(await errorsWith({ "site.yaml": site(swap("programme: net", "programme: awin")) })).toEqual([
      'content/site.yaml:14:14 /affiliate/programme "awin" is not a programme of affiliate.programmes | hint: declared: net, direct',
    ]);
  });

  it("refuses parameter names that clash, which lost attribution without a word", async () => {
    expect(await errorsWith({ "site.yaml": site(swap("adults: adults", "adults: lang")) })).toEqual([
      'content/site.yaml:23:116 /affiliate/programmes/net/search/adults names "lang", which is already the parameter params.lang | hint: each parameter of a booking link needs its own name: the partner would read one value for both and attribution is lost',
    ]);
    expect(await errorsWith({ "site.yaml": site(swap("&u={destination}", "&sid=x&u={destination}")) })).toEqual([
      'content/site.yaml:17:13 /affiliate/programmes/net/link has the parameter "sid" twice | hint: each parameter of the network\'s link needs its own name',
    ]);
    // The short form: the language parameter named like the partner id's.
    expect(await errorsWith({ "site.yaml": (s) => s.replace("  partnerId: \"42\"\n", '  partnerId: "42"\n  languageParam: aid\n  languages: { en: en-gb }\n') })).toEqual([
      'content/site.yaml:15:18 /affiliate/languageParam names "aid", which is already the partner id\'s parameter (partnerParam) | hint: each parameter of a booking link needs its own name: the partner would read one value for both and attribution is lost',
    ]);
  });

  it("says which programme would refuse or cut a placement id, and where its rule is", async () => {
    expect(await errorsWith({ "site.yaml": site(swap('placementIds: "{lang}_{page}_{placement}"', 'placementIds: "{lang}-{page}-{placement}"')) })).toEqual([
      'content/site.yaml:13:17 /affiliate/placementIds holds "-", which the programme net refuses in its sub-id (it takes a-z0-9_, site.yaml:21:14) | hint: separate the placeholders with a character every programme takes, e.g. "{lang}_{page}_{placement}"',
    ]);
    expect(await errorsWith({ "site.yaml": site((b) => swap('placementIds: "{lang}_{page}_{placement}"', 'placementIds: "guide_{lang}_{page}_{placement}"')(swap("maxLength: 50", "maxLength: 12")(b))) })).toEqual([
      'content/site.yaml:13:17 /affiliate/placementIds leaves {page} 0 characters: the programme net takes at most 12 (site.yaml:21:14), and the rest takes 17 with the longest language and placement | hint: shorten the template\'s fixed text: a page needs at least 4 characters for its short code',
    ]);
    // A programme without a sub-id while the site gives placement ids: its report could not tell them apart.
    expect(await errorsWith({ "site.yaml": site(swap('params: { aid: "42", label: "{subId}" }', 'params: { aid: "42" }')) })).toEqual([
      "content/site.yaml:25:7 /affiliate/programmes/direct carries no {subId}, so the programme direct's report could not tell placements apart | hint: add a parameter with the value \"{subId}\", e.g. label: \"{subId}\"",
    ]);
  });

  it("gives a page a short code where a programme's length leaves no room for its slug, and says so", async () => {
    const { errors, warnings } = await findings({ "site.yaml": site(swap("maxLength: 50", "maxLength: 24")), "hotels/alpha.yaml": (s) => s });
    expect(errors).toEqual([]);
    // 24 leaves a page 13 characters beside the longest language and placement (3 + 6) and two "_": the fixture's
    // slugs (test-brand-alpha...) take the start of the slug, "_" and a code of the whole.
    expect(warnings.filter((w) => w.includes("short code"))).toEqual([
      'content/hotels/alpha.yaml:1:5 its page\'s placement ids use a short code ("en_test_bra_fpxo_header"): the programme net takes at most 24 characters (site.yaml:21:14)',
      'content/hotels/beta.yaml:1:5 its page\'s placement ids use a short code ("en_test_bra_ji22_header"): the programme net takes at most 24 characters (site.yaml:21:14)',
      'content/hotels/gamma.yaml:1:5 its page\'s placement ids use a short code ("en_test_bra_t261_header"): the programme net takes at most 24 characters (site.yaml:21:14)',
    ]);
  });

  it("takes hotel links that differ only in the partner id or the label for the same link", async () => {
    expect(await errorsWith({ "site.yaml": site(), "hotels/beta.yaml": (s) => s.replace("https://book.example.com/hotel/beta", "https://book.example.com/hotel/alpha?aid=7&label=x") })).toEqual([
      "content/hotels/beta.yaml:3:16 /affiliateLink is the same link as in content/hotels/alpha.yaml | hint: each hotel's booking link must be its own",
    ]);
  });

  it("refuses mixing the two forms, and writes nothing when the settings are wrong", async () => {
    expect(await errorsWith({ "site.yaml": site((b) => b.replace("  link: https://book.example.com/search\n", "  link: https://book.example.com/search\n  partnerParam: aid\n")) })).toEqual([
      "content/site.yaml:13:17 /affiliate/partnerParam belongs to the short form of one programme, but programmes are declared | hint: move it into a programme of affiliate.programmes (see docs/affiliate.md), or remove it",
    ]);
    const fx = await fixtureCopy({ "site.yaml": site(swap("pub={publisher}", "pub={publsher}")) });
    cleanups.push(fx.cleanup);
    const r = await runCli(["build", "--content", fx.content, "--out", "dist"], fx.dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain("/affiliate/programmes/net/link uses {publsher}");
    await expect(access(path.join(fx.dir, "dist"))).rejects.toThrow();
  });
});
