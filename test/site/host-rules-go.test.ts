// The /go/ rules as text: nginx's map cannot be turned into variables or broken by a URL, the form's fields go
// on by name only, Netlify gets a rule per placement (the form's by query matching) until its limit, and the
// dead-link check takes /go/ links only when the build writes the rules that answer them.
import { describe, expect, it } from "vitest";
import { goMap, goTarget, NETLIFY_MAX_GO, netlifyGoRules, nginxGoHttp } from "../../src/site/host-rules/go.js";
import { deadLinks } from "../../src/site/links.js";

describe("nginxGoHttp", () => {
  it("writes one map line per id; a $, a quote or a space in a URL is percent-encoded, never a variable", () => {
    const text = nginxGoHttp([
      { id: "en-home-hero", url: "https://book.example.com/s?a=1&b=$x&c=\"q\" ;{}" },
      { id: "en-alpha-form", url: "https://book.example.com/search?aid=42&label=en-alpha-form", fields: ["checkin", "no_rooms", "bad-name", "x$y"] },
    ]);
    const lines = text.split("\n");
    expect(lines.slice(lines.indexOf("map $uri $hotelsite_go {"))).toEqual([
      "map $uri $hotelsite_go {",
      '  default "";',
      '  "/go/en-home-hero" "https://book.example.com/s?a=1&b=%24x&c=%22q%22%20%3B%7B%7D";',
      '  "/go/en-alpha-form" "https://book.example.com/search?aid=42&label=en-alpha-form&checkin=$arg_checkin&no_rooms=$arg_no_rooms";',
      "}",
      "",
    ]);
    expect(lines.slice(2, 4)).toEqual(["map_hash_bucket_size 128;", "map_hash_max_size 2048;"]);
  });

  it("sizes the map's hash for the longest key and the number of placements", () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: `zh-grand-hyatt-a-very-long-hotel-name-number-${i}-${"x".repeat(80)}-hero`, url: "https://b.example.com/" }));
    const text = nginxGoHttp(many);
    expect(text).toContain("map_hash_bucket_size 256;\nmap_hash_max_size 16384;\n");
  });
});

describe("a repeated form field (a child's age)", () => {
  const entry = { id: "en-alpha-form", url: "https://book.example.com/search?aid=42", fields: ["checkin", "group_children", "age[]"] };
  // Ages among other fields, one that is not a number, more than the form's four.
  const query = "checkin=2026-12-01&age=3&group_children=5&age=x&age=10&age=4&age=15&age=16";

  it("goes on with each of its first four values of one or two digits (the preview server and links; the Pages worker in test/deploy)", () => {
    expect(goTarget(goMap([entry]), entry.id, new URLSearchParams(query))).toBe("https://book.example.com/search?aid=42&checkin=2026-12-01&group_children=5&age=3&age=10&age=4&age=15");
  });

  it("is picked out of nginx's query by four maps, the nth value each, appended after the other fields", () => {
    const text = nginxGoHttp([entry]);
    expect(text).toContain('  "/go/en-alpha-form" "https://book.example.com/search?aid=42&checkin=$arg_checkin&group_children=$arg_group_children$hotelsite_age_1$hotelsite_age_2$hotelsite_age_3$hotelsite_age_4";');
    expect(text).toContain('map $args $hotelsite_age_2 {\n  default "";\n  "~^(?:[^&]*&)*?age=\\d{1,2}&(?:[^&]*&)*?age=(?<hotelsite_v2>\\d{1,2})(?:&|$)" "&age=$hotelsite_v2";\n}');
    // The maps come before the map of ids, which ends the file.
    expect(text.indexOf("$hotelsite_age_4 {")).toBeLessThan(text.indexOf("map $uri $hotelsite_go {"));
  });

  it("is left out of Netlify's rules, whose query matching takes one value a name", () => {
    expect(netlifyGoRules([entry])).toEqual([
      "# Booking links (countClicks): Netlify logs no redirect, so clicks are not counted there",
      "/go/en-alpha-form checkin=:checkin group_children=:group_children https://book.example.com/search?aid=42&checkin=:checkin&group_children=:group_children 302!",
      "/go/en-alpha-form https://book.example.com/search?aid=42 302!",
    ]);
  });
});

describe("netlifyGoRules", () => {
  it("forces a 302 per placement, the form's fields first by query matching", () => {
    expect(netlifyGoRules([{ id: "en-home-hero", url: "https://b.example.com/x?aid=1" }, { id: "en-a-form", url: "https://b.example.com/s?aid=1", fields: ["checkin", "group_adults"] }])).toEqual([
      "# Booking links (countClicks): Netlify logs no redirect, so clicks are not counted there",
      "/go/en-home-hero https://b.example.com/x?aid=1 302!",
      "/go/en-a-form checkin=:checkin group_adults=:group_adults https://b.example.com/s?aid=1&checkin=:checkin&group_adults=:group_adults 302!",
      "/go/en-a-form https://b.example.com/s?aid=1 302!",
    ]);
  });

  it("writes none past Netlify's documented limit, and says why", () => {
    const rules = netlifyGoRules(Array.from({ length: NETLIFY_MAX_GO + 1 }, (_, i) => ({ id: `id-${i}`, url: "https://b.example.com/" })));
    expect(rules).toEqual([`# ${NETLIFY_MAX_GO + 1} placements: more than Netlify's redirects can hold; /go/ links need nginx or Cloudflare Pages`]);
  });
});

describe("the dead-link check and /go/", () => {
  const page = { outFile: "index.html", links: ["/go/en-home-hero"] };
  it("takes /go/ links when the build writes the click-counting rules, and refuses them otherwise", () => {
    expect(deadLinks([page], new Set(["index.html", "_nginx_clicks.conf"]), "dist")).toEqual([]);
    expect(deadLinks([page], new Set(["index.html"]), "dist").map((e) => e.message)).toEqual(["links to /go/en-home-hero, which the build does not write"]);
  });
});
