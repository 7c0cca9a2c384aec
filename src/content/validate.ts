// Stage 2: checks every loaded file against its JSON Schema and the rules that span files, collecting every
// mistake before failing once. Pure: works on what load returned.
import type { ValidateFunction } from "ajv";
import { ContentError, ContentErrors, type Warning } from "../errors.js";
import { affiliateErrors, looseHosts } from "../affiliate/content-rules.js";
import { comparableLink, portProblem, spaceProblem } from "./booking-link.js";
import type { Content, Hotel, LoadedContent, SiteSettings, SourceFile } from "../types.js";
import { withSiteName } from "../site/i18n.js";
import { aliasErrors } from "./aliases.js";
import { factAndGalleryProblems } from "./facts-gallery.js";
import { withFocus, type FocusClaim } from "./image-focus.js";
import { regionErrors } from "./regions.js";
import { duplicateNames } from "./unique.js";
import { sourceTimes } from "./git-times.js";
import { schemaErrors } from "./schema-errors.js";
import { childPointer } from "../util/json-pointer.js";
import { loadValidators, type Validators } from "./validators.js";
import { didYouMean } from "../util/closest.js";
import { Memo, table } from "../util/memo.js";
import { unfinishedHotels } from "./placeholders.js";

/** The compiled validators, loaded once per process (standalone code cached by content: validators.ts). */
let compiled: Validators | undefined;

/** What validation returns: typed content, and findings that are not errors. */
export interface Validated {
  content: Content;
  warnings: Warning[];
}

/** A file's own rules, run once per parsed file (`key`: what else they read), so a save validates only the files it changed. */
const OWN_RULES = table<SourceFile, Map<string, { ok: boolean; errors: ContentError[] }>>("own rules");
function once(memo: Memo, source: SourceFile, key: string, errors: ContentError[], rules: (errors: ContentError[]) => boolean): boolean {
  const byKey = memo.get(OWN_RULES, source, () => new Map());
  let done = byKey.get(key);
  if (!done) {
    const found: ContentError[] = [];
    byKey.set(key, (done = { ok: rules(found), errors: found }));
  }
  errors.push(...done.errors);
  return done.ok;
}

/** Ajv run for one file; returns whether the data was valid, pushing located errors. */
function check(fn: ValidateFunction, source: SourceFile, data: unknown, errors: ContentError[], base = ""): boolean {
  if (fn(data)) return true;
  errors.push(...schemaErrors(source, fn.errors, base));
  return false;
}

/** One located error at a pointer of a file. */
function errorAt(source: SourceFile, pointer: string, message: string, hint?: string, key = false): ContentError {
  const { line, column } = source.locate(pointer, { key });
  return new ContentError({ file: source.file, line, column, pointer: pointer || "/" }, message, hint);
}

/** Checks the per-language blocks of a text file: known language keys, default language complete. */
function checkLanguages(source: SourceFile, blocks: Record<string, unknown>, base: string, site: SiteSettings | undefined, complete: ValidateFunction | undefined, errors: ContentError[]): void {
  if (!site) return;
  const codes = site.languages.map((l) => l.code);
  for (const key of Object.keys(blocks)) {
    // A key not even shaped like a language code is reported by the schema's propertyNames rule already.
    if (!codes.includes(key) && LANGUAGE_KEY.test(key)) {
      // One letter off only (jp for ja): every two-letter code is within two edits of every other.
      errors.push(
        errorAt(source, childPointer(base, key), `"${key}" is not one of the site's languages`, `${didYouMean(key, codes, 1)}languages in site.yaml: ${codes.join(", ")}`, true),
      );
    }
  }
  const def = codes[0];
  const block = blocks[def];
  if (block === undefined) {
    errors.push(errorAt(source, base, `has no "${def}" block`, `the default language (${def}) must hold every field; translations may leave fields out`));
  } else if (complete) {
    check(complete, source, block, errors, childPointer(base, def));
  }
}

/** The shape of a text block's language key, as the schemas' propertyNames have it. */
const LANGUAGE_KEY = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Why a booking link is refused (the hint), or undefined when it is https on an allowed host (`where` names the hosts' setting). */
export function linkProblem(link: string, hosts: string[] | undefined, where: string): string | undefined {
  const space = spaceProblem(link);
  if (space) return space;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return `it is not a full URL; write it as https://${hosts?.[0] ?? "partner.example"}/...`;
  }
  const allowed = hosts ? ` on ${hosts.join(", ")} (${where})` : "";
  if (url.protocol !== "https:") return `${url.protocol} links are refused: booking links are https:// URLs${allowed}`;
  if (url.username || url.password) return `a user name or password before "@" is refused: this link would go to ${url.hostname}`;
  if (hosts && !hosts.includes(url.hostname)) return `${url.hostname} is not an allowed host; allowed hosts (${where}): ${hosts.join(", ")}`;
  return portProblem(url);
}

/** A hotel link's problem and compared form (two URL parses), kept per file while the link and allowed hosts are the same. */
const LINKS = table<SourceFile, { link: string; hosts: string[] | undefined; strip: string[]; problem: string | undefined; comparable: string }>("link facts");
function linkFacts(memo: Memo, source: SourceFile, link: string, o: { hosts: string[] | undefined; where: string; strip: string[] }): { problem: string | undefined; comparable: string } {
  const kept = memo.map(LINKS);
  let facts = kept.get(source);
  if (!facts || facts.link !== link || !sameList(facts.hosts, o.hosts) || !sameList(facts.strip, o.strip)) {
    kept.set(source, (facts = { link, hosts: o.hosts, strip: o.strip, problem: linkProblem(link, o.hosts, o.where), comparable: comparableLink(link, o.strip) }));
  }
  return facts;
}

const sameList = (a: string[] | undefined, b: string[] | undefined) => a === b || (!!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]));

/** The file name of a hotel source without its extension: the id the file promises. */
const STEMS = table<SourceFile, string>("file stems");
function stemOf(memo: Memo, source: SourceFile): string {
  return memo.get(STEMS, source, () => source.file.replace(/^.*[\\/]/, "").replace(/\.ya?ml$/, ""));
}

/** Drops repeated errors (same file, place and message), keeping the last one's hint at the first one's position. */
function distinct(errors: ContentError[]): ContentError[] {
  const at = new Map<string, number>();
  const out: ContentError[] = [];
  for (const e of errors) {
    const key = `${e.place.file}\u0000${e.place.pointer}\u0000${e.message}`;
    const i = at.get(key);
    if (i === undefined) at.set(key, out.push(e) - 1);
    else out[i] = e;
  }
  return out;
}

/** Stage 2 of the pipeline: the loaded files as typed content, or every content error at once (`memo`: the last run's findings). */
export function validateContent(loaded: LoadedContent, memo: Memo = new Memo()): Validated {
  compiled ??= loadValidators();
  const v = compiled;
  const errors: ContentError[] = [];
  // Files the load passed over say so (a folder or a stray file among the hotels).
  const warnings: Warning[] = [...(loaded.skipped ?? [])];

  const siteOk = check(v.site, loaded.site, loaded.site.data, errors);
  const names = siteOk ? duplicateNames(loaded.site, loaded.site.data as SiteSettings) : { errors: [], languages: false };
  errors.push(...names.errors);
  const site = names.languages ? (loaded.site.data as SiteSettings) : undefined;
  const affiliate = looseHosts(loaded.site.data);
  const imageHint = (ref: string) => loaded.imageProblems?.get(ref) ?? "check the path: it is relative to the content folder";

  for (const [source, whole, complete] of [
    [loaded.strings, v.strings, v.stringsComplete],
    [loaded.home, v.home, v.homeComplete],
  ] as const) {
    if (check(whole, source, source.data, errors)) checkLanguages(source, source.data as Record<string, unknown>, "", site, complete, errors);
  }

  const hotels: Hotel[] = [];
  const sourced: { source: SourceFile; hotel: Hotel }[] = [];
  const focusClaims: FocusClaim[] = [];
  const byId = new Map<string, SourceFile>();
  const byLink = new Map<string, SourceFile>();
  for (const source of loaded.hotels) {
    // Known ids first, a file whose id cannot be read standing for the hotel its name promises: rules naming it still hold.
    const rawId = (source.data as { id?: unknown } | null)?.id;
    for (const id of [rawId, stemOf(memo, source)]) if (typeof id === "string" && !byId.has(id)) byId.set(id, source);
  }
  const siteLink = comparableLink(affiliate.link ?? "", affiliate.strip);
  // The key of a hotel's language rules, made once per layout: 1,334 hotels share a few.
  const codes = JSON.stringify(site?.languages.map((l) => l.code) ?? null);
  const languageKeys = new Map<string, string>();
  const languageKey = (layout: string) => languageKeys.get(layout) ?? languageKeys.set(layout, `languages ${layout} ${codes}`).get(layout)!;
  for (const source of loaded.hotels) {
    const valid = once(memo, source, "schema", errors, (found) => check(v.hotel, source, source.data, found));
    const languages = (layout: ValidateFunction | undefined, text: Record<string, unknown>) =>
      once(memo, source, languageKey(layout ? hotel.layout : ""), errors, (found) => {
        checkLanguages(source, text, "/text", site, layout, found);
        return true;
      });
    const hotel = source.data as Hotel;
    // Links are checked whatever else is wrong with the file: a refused link is the mistake to see first.
    const link = typeof hotel?.affiliateLink === "string" ? hotel.affiliateLink : undefined;
    if (link !== undefined) {
      const { problem, comparable } = linkFacts(memo, source, link, affiliate.of(hotel.programme));
      if (problem) errors.push(errorAt(source, "/affiliateLink", "must be an https URL on an allowed host", problem));
      const other = byLink.get(comparable);
      if (other) errors.push(errorAt(source, "/affiliateLink", `is the same link as in ${other.file}`, "each hotel's booking link must be its own"));
      else byLink.set(comparable, source);
      if (comparable === siteLink) errors.push(errorAt(source, "/affiliateLink", "is the site's general booking link", "link to this hotel's own booking page"));
    }
    // A hotel whose shape is wrong is still checked for completeness, so one run shows every mistake.
    if (!valid) {
      const layout = typeof hotel?.layout === "string" ? v.layout(hotel.layout) : undefined;
      if (hotel?.text && typeof hotel.text === "object" && !Array.isArray(hotel.text)) languages(layout, hotel.text);
      continue;
    }
    const stem = stemOf(memo, source);
    if (hotel.id !== stem) {
      errors.push(errorAt(source, "/id", `"${hotel.id}" does not match the file name "${stem}"`, `rename the file to ${hotel.id}.yaml or set id: ${stem}`));
    }
    const twin = byId.get(hotel.id);
    if (twin && twin !== source) errors.push(errorAt(source, "/id", `"${hotel.id}" is already the id of ${twin.file}`, "every hotel needs its own id: the id makes the page's address, so both files would be published at the same one"));
    byId.set(hotel.id, source);
    languages(v.layout(hotel.layout), hotel.text);
    if (hotel.image !== undefined && !loaded.images.has(hotel.image)) {
      errors.push(errorAt(source, "/image", `"${hotel.image}" is not an image file in the content folder`, imageHint(hotel.image)));
    }
    const def = site?.languages[0].code ?? "en";
    const imageProblem = (ref: string) => (loaded.images.has(ref) ? undefined : imageHint(ref));
    for (const p of factAndGalleryProblems(hotel, def, imageProblem)) errors.push(errorAt(source, p.pointer, p.message, p.hint));
    if (hotel.image !== undefined) focusClaims.push({ ref: hotel.image, focus: hotel.imageFocus, source, pointer: "/imageFocus" });
    else if (hotel.imageFocus !== undefined) {
      errors.push(errorAt(source, "/imageFocus", "is the focal point of an image this hotel does not name", "add the hotel's image: beside it, or remove imageFocus (the default image's focal point is site.yaml's defaultImageFocus)"));
    }
    if (hotel.image === undefined) {
      warnings.push({ place: { file: source.file, pointer: "/image" }, message: "has no image of its own; the site's default image is used" });
    }
    hotels.push(hotel);
    sourced.push({ source, hotel });
  }
  const unfinished = unfinishedHotels(memo, sourced, { file: loaded.site, popular: site?.popularDestinations });
  errors.push(...aliasErrors(sourced), ...unfinished.errors);
  warnings.push(...unfinished.warnings);

  if (affiliate.link !== undefined) {
    const { hosts, where } = affiliate.of(undefined);
    const problem = linkProblem(affiliate.link, hosts, where);
    if (problem) errors.push(errorAt(loaded.site, "/affiliate/link", "must be an https URL on an allowed host", problem));
  }
  if (site) {
    // After a rename the old id is the usual slip: say which hotel it is now.
    const renamed = new Map(hotels.flatMap((h) => (h.aliases ?? []).map((a) => [a, h.id] as const)));
    site.popularDestinations.forEach((id, i) => {
      if (!byId.has(id)) {
        const now = renamed.get(id);
        const hint = now ? `"${id}" is an old id (an alias) of the hotel now called ${now}: write ${now}` : `${didYouMean(id, [...byId.keys()])}hotel ids are the file names in hotels/: ${[...byId.keys()].slice(0, 6).join(", ")}, ...`;
        errors.push(errorAt(loaded.site, `/popularDestinations/${i}`, `"${id}" names no hotel`, hint));
      }
    });
    const found = affiliateErrors(loaded.site, site, byId, memo);
    errors.push(...found.errors);
    warnings.push(...found.warnings);
    errors.push(...regionErrors(site, loaded.site, sourced));
    for (const key of ["defaultImage", "homeImage"] as const) {
      if (!loaded.images.has(site[key])) {
        errors.push(errorAt(loaded.site, `/${key}`, `"${site[key]}" is not an image file in the content folder`, imageHint(site[key])));
      }
    }
    // The site's own images first: a hotel that shows the default image with another focal point is the one told.
    focusClaims.unshift(
      { ref: site.homeImage, focus: site.homeImageFocus, source: loaded.site, pointer: "/homeImageFocus" },
      { ref: site.defaultImage, focus: site.defaultImageFocus, source: loaded.site, pointer: "/defaultImageFocus" },
    );
  }

  const focused = withFocus(loaded.images, focusClaims, memo);
  errors.push(...focused.errors);
  if (errors.length) throw new ContentErrors(distinct(errors));
  hotels.sort((a, b) => a.id.localeCompare(b.id));
  const files: Record<string, string> = { strings: loaded.strings.file, home: loaded.home.file };
  for (const [id, source] of byId) if (!unfinished.ids.has(id)) files[`hotel:${id}`] = source.file;
  return {
    content: {
      site: site!,
      strings: withSiteName(loaded.strings.data as Content["strings"], site!.siteName, site!.languages[0].code),
      home: loaded.home.data as Content["home"],
      hotels: unfinished.ids.size ? hotels.filter((h) => !unfinished.ids.has(h.id)) : hotels,
      images: focused.images,
      files,
      changedAt: sourceTimes(loaded, files),
      flags: loaded.flags,
    },
    warnings,
  };
}
