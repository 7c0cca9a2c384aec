// The recording layer: every read of content a page or a route file makes goes through these accessors, which record it.
import type { Content, Hotel, HotelText, ImageInfo, UiStrings } from "../types.js";
import { imagePlan } from "../images/plan.js";
import type { ImageView } from "./pages.js";
import { hotelSource, input, type Input } from "./inputs.js";
import { Memo, table } from "../util/memo.js";
import { fieldRead, Recorder, textEntry, type Coverage, type Shown, type TextEntry } from "./reads.js";
import type { Routes } from "./routes.js";
import { resolveTextOnce } from "./text-cache.js";

/** An image's views (routes.image makes its URLs from the ref and its facts alone), by ref and then by alt text. */
const IMAGE_VIEWS = table<ImageInfo, Map<string, { view: Omit<ImageView, "alt">; withAlt: Map<string, ImageView> }>>("image views");

/** What one page read: its inputs in the order first read, and the texts it showed (for its fallback marks). */
export interface PageReads {
  inputs: Input[];
  shown: Shown[];
}

/** The accessors over `content`, recording for the page between `begin()` and `end()`; what they work out from its objects is kept in `memo` for the next run. */
export function contentReader(content: Content, o: { memo?: Memo; routes: Routes }) {
  const memo = o.memo ?? new Memo();
  const def = content.site.languages[0].code;
  const recorder = new Recorder();
  const use = (i: Input) => recorder.use(i);
  let shown = new Set<Shown>();
  const coverage: Coverage[] = [];

  // Each (source, language) resolved once, found by the text's blocks object (a home page reads 1,334 hotels' texts).
  const cache = new Map<object, Map<string, { entry: TextEntry; view?: object }>>();
  function resolved(source: string, blocks: Record<string, unknown>, lang: string) {
    let byLang = cache.get(blocks);
    if (!byLang) cache.set(blocks, (byLang = new Map()));
    let r = byLang.get(lang);
    if (!r) {
      r = { entry: textEntry(memo, resolveTextOnce(memo, blocks, lang, def), resolveTextOnce(memo, blocks, def, def), source, lang, def, content.files[source]) };
      byLang.set(lang, r);
      coverage.push(r.entry.coverage);
    }
    return r;
  }
  /** A text read whole (the UI strings and the home copy go to the templates whole; a hotel's own page shows nearly all of its text). */
  function text<T>(source: string, blocks: Record<string, unknown>, lang: string): T {
    const { entry } = resolved(source, blocks, lang);
    for (const i of entry.reads) use(i);
    shown.add(entry);
    return entry.value as T;
  }
  /** A text read field by field (hotels' texts: their own pages, the home page's cards, the footers' names): each field as it is read. */
  function textFields<T extends object>(source: string, blocks: Record<string, unknown>, lang: string): T {
    const r = resolved(source, blocks, lang);
    const { entry } = r;
    r.view ??= new Proxy(entry.value as object, {
      get(target, key) {
        if (typeof key === "string") {
          const read = fieldRead(entry, key);
          use(read.input);
          if (read.fellBackTo) use(read.fellBackTo);
          if (read.shown) shown.add(read.shown);
        }
        return (target as Record<string | symbol, unknown>)[key];
      },
    });
    return r.view as T;
  }

  // An image's view from the image stage's plan, one object per image and alt text for every page that shows it, and
  // for every run while the image is unchanged (a save at 4,008 pages planned its 1,334 cards' images again).
  const image = (ref: string, alt: string): ImageView => {
    const info = content.images.get(ref) as ImageInfo;
    const byRef = memo.get(IMAGE_VIEWS, info, () => new Map());
    let plan = byRef.get(ref);
    if (!plan) byRef.set(ref, (plan = { view: imagePlan(ref, info, o.routes).view, withAlt: new Map() }));
    use(input.image(ref));
    let view = plan.withAlt.get(alt);
    if (!view) plan.withAlt.set(alt, (view = { ...plan.view, alt }));
    return view;
  };

  return {
    coverage,
    /** Starts recording a page: every page reads the site's settings. */
    begin(): void {
      recorder.page();
      shown = new Set();
      use(input.site);
    },
    /** What the page read since `begin`. */
    end(): PageReads {
      return { inputs: recorder.inputs(), shown: [...shown] };
    },
    /** Records an input read without an accessor (the hotel list a home page shows). */
    use,
    text,
    strings: (lang: string) => text<UiStrings>("strings", content.strings, lang),
    /** A hotel's text read field by field (its own page too, which shows no description: a description's save leaves it be). */
    hotelText: (h: Hotel, lang: string) => textFields<HotelText>(hotelSource(h.id), h.text, lang),
    /** One of a hotel's own fields apart from its text (layout, image, region...), recorded as it is read. */
    own: <K extends keyof Hotel>(h: Hotel, key: K): Hotel[K] => {
      use(input.hotelField(h.id, key));
      return h[key];
    },
    image,
  };
}

/** A view of `target` whose property reads go through `get` (a Proxy over a new object: a frozen target's invariants do not bind). */
function view<T extends object>(target: T, get: (key: string) => unknown): T {
  const read = (key: string | symbol) => (typeof key === "string" ? get(key) : (target as Record<symbol, unknown>)[key]);
  return new Proxy({} as T, {
    get: (_t, key) => read(key),
    has: (_t, key) => key in target,
    ownKeys: () => Reflect.ownKeys(target),
    getOwnPropertyDescriptor: (_t, key) => (key in target ? { value: read(key), enumerable: true, configurable: true, writable: false } : undefined),
  });
}

/** `content` as the files beside the pages read it (publish.ts), each read recorded. */
export function recordedContent(content: Content, use: (i: Input) => void): Content {
  const blocks = (source: string, byLang: Record<string, unknown>) => {
    for (const lang of Object.keys(byLang)) use(input.text(source, lang));
    return byLang;
  };
  const hotel = (h: Hotel) =>
    view(h, (key) => {
      if (key === "text") return blocks(hotelSource(h.id), h.text);
      if (key !== "id") use(input.hotelField(h.id, key));
      return h[key as keyof Hotel];
    });
  let hotels: Hotel[] | undefined;
  return view(content, (key) => {
    switch (key) {
      case "hotels":
        use(input.hotelList);
        return (hotels ??= content.hotels.map(hotel));
      case "strings":
      case "home":
        return blocks(key, content[key]);
      case "images":
        for (const ref of content.images.keys()) use(input.image(ref));
        return content.images;
      case "files":
        use(input.hotelList);
        return content.files;
      // Commit times are read once a watch session (content/load.ts): no save changes them.
      case "changedAt":
        return content.changedAt;
      default:
        use(input.site);
        return content[key as keyof Content];
    }
  });
}
