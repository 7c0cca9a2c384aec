// Markup kept and copied when a list is rendered again: a save under watch renders the home page again for one
// changed card, and at 4,008 pages its 1,333 other cards were most of that render. Under watch (KeepLists) a list's
// items are kept from its first render, so the first save copies them too; in a build, which renders each home page
// once, a list's first render is an ordinary one (keeping the markup there would only cost memory: about 50 MB at
// 12,006 pages) and items are kept from its second on. An item's markup is a function of its props, the page's
// language and names (Phrases.tsx) and which of its texts fell back (T.tsx): a copy is used only when all of them
// equal those it was rendered with, so it is never stale. Kept for the life of the template module (a template
// change loads a new one).
import { createContext, createElement, Fragment, useContext, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Setting } from "./Phrases";
import { Marks } from "./T";

/** An item's last markup, with the data and fallen-back texts it was rendered from. */
interface Kept {
  item: unknown;
  fell: string;
  markup: string;
}

/**
 * By list (its name and its page's language): null once rendered in place; then the page context its items were kept
 * in and their markup by id, only the last render's items (a list holds one markup per item, however long watch runs).
 */
const lists = new Map<string, { context: string; items: Map<string, Kept> } | null>();
/** True where pages are rendered again on every save (watch: Document.tsx): lists keep their items from the first render. */
export const KeepLists = createContext(false);
/** Put between the items rendered together (one render for all the items not kept: a render has a cost of its own). */
const CUT = "hotelsite-cut";
const CUT_MARKUP = `<${CUT}></${CUT}>`;

/** What a list is made of. */
export interface ReusedListProps<T> {
  /** Names the list among those of its page (its region, its heading level): what tells its first render from a later one. */
  name: string;
  /** Plain data (objects, arrays, strings, numbers, booleans, null): an item's markup is kept while its data is equal. */
  items: T[];
  /** What tells an item from the others in its list (a card's link): where its last markup is looked up. */
  id: (item: T) => string;
  /** Every text of an item that can have fallen back to the default language. */
  texts: (item: T) => (string | undefined)[];
  className: string;
  /** What goes inside an item's <li>. It must not call react-dom's resource functions (`preload`): a render apart has no head to put them in. */
  children: (item: T) => ReactNode;
}

/**
 * True when two items hold the same data: plain objects and arrays compared member by member, anything else by
 * identity. Not node:util's isDeepStrictEqual, which took three times as long on 1,334 cards (12-15 against 4 ms).
 */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  // A Map, a Date or a class's instance is not compared by its keys: only the same object is the same.
  if (!plainObject(a) || !plainObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) if (!Object.hasOwn(b, k) || !sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

const plainObject = (x: object) => {
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
};

/** The items, each in a `<li className>`; rendered again in a context, from kept markup where an item is unchanged. */
export function ReusedList<T>({ name, items, id, texts, className, children: render }: ReusedListProps<T>) {
  const setting = useContext(Setting);
  const marks = useContext(Marks);
  const keep = useContext(KeepLists);
  const list = `${name}\u0000${setting.htmlLang}`;
  if (!keep && !lists.has(list)) {
    lists.set(list, null);
    return (
      <>
        {items.map((item, i) => (
          <li key={i} className={className}>
            {render(item)}
          </li>
        ))}
      </>
    );
  }
  const context = `${setting.names.join("\u0001")}\u0000${marks ? `${marks.lang} ${marks.dir}` : ""}`;
  const last = lists.get(list);
  const store = last?.context === context ? last.items : new Map<string, Kept>();
  // Which of an item's texts fell back ("" when none did): part of what its markup shows.
  const fallen = (t: string | undefined) => t !== undefined && !!marks?.texts.has(t);
  const fell = items.map((item) => {
    const own = texts(item);
    return own.some(fallen) ? own.map((t) => (fallen(t) ? 1 : 0)).join("") : "";
  });
  const ids = items.map(id);
  const markups = items.map((item, i) => {
    const kept = store.get(ids[i]);
    return kept && kept.fell === fell[i] && sameData(kept.item, item) ? kept.markup : undefined;
  });
  const missing = markups.flatMap((m, i) => (m === undefined ? [i] : []));
  if (missing.length) {
    const markup = renderToStaticMarkup(
      <Setting.Provider value={setting}>
        <Marks.Provider value={marks}>
          {missing.map((i, n) => (
            <Fragment key={i}>
              {n > 0 && createElement(CUT)}
              {render(items[i])}
            </Fragment>
          ))}
        </Marks.Provider>
      </Setting.Provider>,
    );
    const parts = markup.split(CUT_MARKUP);
    if (parts.length !== missing.length) throw new Error(`an item's markup holds ${CUT_MARKUP}`);
    missing.forEach((i, n) => (markups[i] = parts[n]));
  }
  // Only this render's items are kept: an edited item's old markup goes.
  lists.set(list, { context, items: new Map(items.map((item, i) => [ids[i], { item, fell: fell[i], markup: markups[i]! }])) });
  return (
    <>
      {items.map((_, i) => (
        <li key={i} className={className} dangerouslySetInnerHTML={{ __html: markups[i]! }} />
      ))}
    </>
  );
}
