// ReusedList: a list rendered again in the same page context copies the markup of its unchanged items and renders
// only the changed ones; every render equals the plain list (each item in its <li>, rendered in place).
import { describe, expect, it } from "vitest";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { KeepLists, ReusedList } from "../../templates/components/Reused.js";
import { Names, Phrases } from "../../templates/components/Phrases.js";
import { FallbackMarks, T } from "../../templates/components/T.js";
import type { Page } from "../../src/site/pages.js";

interface Item {
  id: string;
  name: string;
  text: string;
  /** Nested data, as a card's image is. */
  image?: { alt: string; sizes: number[] };
}

/** What an item shows: its name set in phrases (reads the page's language and names) and its text (reads the fallback marks). */
const show = (item: Item) => h("p", null, h(Phrases, null, item.name), " ", h(T, null, item.text), item.image && h("img", { alt: item.image.alt, "data-sizes": item.image.sizes.join(" ") }));

/** A page around `list`: its language, its names and the texts that fell back to English. */
function page(lang: string, fellBack: string[], list: ReactNode): string {
  const marks = { fallback: fellBack.length ? { lang: "en", dir: "ltr", texts: fellBack } : undefined } as unknown as Page;
  return renderToStaticMarkup(h(FallbackMarks, { page: marks, children: h(Names, { htmlLang: lang, names: ["Grand Hyatt"], children: h("ul", null, list) }) }));
}

/** The list as the plain loop would render it: the reference every ReusedList render must equal. */
const plain = (items: Item[]) => items.map((item) => h("li", { key: item.id, className: "card" }, show(item)));

/** A ReusedList of `items` named `name`, counting the items it renders (not copied). */
function reused(name: string, items: Item[], counter: { rendered: number }) {
  return h(ReusedList<Item>, {
    name,
    items,
    id: (item) => item.id,
    texts: (item) => [item.name, item.text],
    className: "card",
    children: (item: Item) => {
      counter.rendered++;
      return show(item);
    },
  });
}

/** Renders each list in turn as list `name` in page language `lang` (under KeepLists when `keep`), checking each against the plain list; how many items each rendered. */
function renderedEach(name: string, lang: string, lists: Item[][], counter: { rendered: number }, keep = false): number[] {
  return lists.map((list) => {
    const before = counter.rendered;
    const shown = reused(name, list, counter);
    expect(page(lang, [], keep ? h(KeepLists.Provider, { value: true }, shown) : shown)).toBe(page(lang, [], plain(list)));
    return counter.rendered - before;
  });
}

const items: Item[] = ["a", "b", "c", "d"].map((id) => ({ id, name: `Grand Hyatt ${id.toUpperCase()}`, text: `Text ${id} <&>` }));
const edit = (list: Item[], id: string, text: string) => list.map((item) => (item.id === id ? { ...item, text } : item));

describe("ReusedList", () => {
  it("renders a list in place the first time, then copies unchanged items and renders changed ones, equal to the plain list each time", () => {
    const counter = { rendered: 0 };
    const renders = [items, edit(items, "b", "Changed b"), edit(items, "c", "Changed c"), edit(items, "c", "Changed c")];
    const counts = renderedEach("first", "ja", renders, counter);
    // In place (4), all apart to be kept (4), the edited and the one edited back (2), nothing changed (0).
    expect(counts).toEqual([4, 4, 2, 0]);
  });

  it("under KeepLists (watch) keeps the items of a list's first render, so its second copies the unchanged ones", () => {
    const counter = { rendered: 0 };
    const counts = renderedEach("kept", "ja", [items, edit(items, "b", "Changed b"), edit(items, "b", "Changed b")], counter, true);
    // All apart to be kept (4), the edited one (1), nothing changed (0).
    expect(counts).toEqual([4, 1, 0]);
  });

  it("keeps markup apart by list name and language, and anew when the page's names or fallback marks change", () => {
    const counter = { rendered: 0 };
    page("en", [], reused("second", items, counter));
    page("en", [], reused("second", items, counter));
    const before = counter.rendered;
    // The same items in Chinese, with one text fallen back, and in a list of another name: none copied.
    expect(page("zh", [], reused("second", items, counter))).toBe(page("zh", [], plain(items)));
    expect(page("zh", [], reused("second", items, counter))).toBe(page("zh", [], plain(items)));
    const a = ["Text a <&>"];
    const ab = ["Text a <&>", "Text b <&>"];
    expect(page("en", a, reused("second", items, counter))).toBe(page("en", a, plain(items)));
    expect(page("en", a, reused("second", items, counter))).toBe(page("en", a, plain(items)));
    expect(page("en", ab, reused("second", items, counter))).toBe(page("en", ab, plain(items)));
    expect(page("en", ab, plain(items))).toContain('<span lang="en" dir="ltr">Text b &lt;&amp;&gt;</span>');
    expect(page("en", ["Text a <&>"], reused("other", items, counter))).toBe(page("en", a, plain(items)));
    // zh: in place, then all four apart; with a's text fallen back (a new context): all apart, then all copied;
    // b's text fallen back too: b's key changed, the other three copied; a list of another name: in place.
    expect(counter.rendered - before).toBe(4 + 4 + 4 + 0 + 1 + 4);
  });

  it("keeps only the last render's items", () => {
    const counter = { rendered: 0 };
    page("en", [], reused("fourth", items, counter));
    page("en", [], reused("fourth", items, counter));
    page("en", [], reused("fourth", edit(items, "a", "Changed a"), counter));
    const before = counter.rendered;
    // a's first text was dropped when it changed: going back to it renders a again.
    expect(page("en", [], reused("fourth", items, counter))).toBe(page("en", [], plain(items)));
    expect(counter.rendered - before).toBe(1);
  });

  it("renders an item again when nested data changes, and copies items that only moved", () => {
    const counter = { rendered: 0 };
    const pictured = items.map((item) => ({ ...item, image: { alt: `Alt ${item.id}`, sizes: [480, 960] } }));
    page("en", [], reused("fifth", pictured, counter));
    page("en", [], reused("fifth", pictured, counter));
    const renders = [
      // A copy of the same data (as each save's message brings): all copied.
      structuredClone(pictured),
      // One number deep in b's image, then c's alt: each renders that item alone.
      pictured.map((item) => (item.id === "b" ? { ...item, image: { ...item.image, sizes: [480, 961] } } : item)),
      pictured.map((item) => (item.id === "c" ? { ...item, image: { ...item.image, alt: "Other" } } : item)),
      // Back to the original order and data but reversed: only c comes back changed, the rest moved.
      [...pictured].reverse(),
    ];
    const counts = renderedEach("fifth", "en", renders, counter);
    // b came back (its sizes were changed, so it is rendered again), and c: 2.
    expect(counts).toEqual([0, 1, 2, 1]);
  });

  it("gives each of two items with the same id its own markup", () => {
    const counter = { rendered: 0 };
    const twins = [items[0], { ...items[1], id: "a" }, items[2]];
    page("en", [], reused("sixth", twins, counter));
    expect(page("en", [], reused("sixth", twins, counter))).toBe(page("en", [], plain(twins)));
    expect(page("en", [], reused("sixth", twins, counter))).toBe(page("en", [], plain(twins)));
    expect(page("en", [], reused("sixth", [...twins].reverse(), counter))).toBe(page("en", [], plain([...twins].reverse())));
  });

  it("refuses an item whose markup holds the separator it renders between items", () => {
    const cut = { id: "x", name: "X", text: "" };
    const list = [cut, { ...cut, id: "y" }];
    const odd = (name: string) =>
      h(ReusedList<Item>, { name, items: list, id: (item) => item.id, texts: () => [], className: "card", children: (item: Item) => (item.id === "x" ? h("hotelsite-cut") : item.id) });
    page("en", [], odd("third"));
    expect(() => page("en", [], odd("third"))).toThrow("an item's markup holds <hotelsite-cut></hotelsite-cut>");
  });
});
