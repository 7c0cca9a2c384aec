// Markup kept and copied when a list is rendered again: a save under watch renders the home page again for one
// changed card, and at 4,008 pages its 1,333 other cards were most of that render. A list's first render in a
// rendering thread is an ordinary one (a build renders each home page once: keeping its markup would only cost);
// from its second on (a save), items are kept and copied. An item's markup is a function of its props, the page's
// language and names (Phrases.tsx) and which of its texts fell back (T.tsx): its key holds all of them, so a copy
// is never stale. Kept for the life of the template module (a template change loads a new one).
import { createElement, Fragment, useContext, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Setting } from "./Phrases";
import { Marks } from "./T";

/** Most markups kept: three languages of 12,000 cards; past it the store starts again. */
const MOST = 40_000;
/** The lists rendered once, by name and page context (language, names, fallback language). */
const seen = new Set<string>();
/** Markups by the page's context, then by item (its id, and which of its texts fell back). */
const kept = new Map<string, Map<string, string>>();
let keptCount = 0;
/** Put between the items rendered together (one render for all the items not kept: a render has a cost of its own). */
const CUT = "hotelsite-cut";
const CUT_MARKUP = `<${CUT}></${CUT}>`;

/** What a list is made of. */
export interface ReusedListProps<T> {
  /** Names the list among those of its page (its region, its heading level): what tells its first render in a page
   * context from a later one, and part of every key. */
  name: string;
  /** Each item's markup is a function of the item (serialised as JSON: its key) and of the contexts it reads. */
  items: T[];
  /** Every text of an item that can have fallen back to the default language. */
  texts: (item: T) => (string | undefined)[];
  className: string;
  /** What goes inside an item's <li>. It must not call react-dom's resource functions (`preload`): a render apart has no head to put them in. */
  children: (item: T) => ReactNode;
}

/** The items, each in a `<li className>`; rendered again in a context, from kept markup where an item is unchanged. */
export function ReusedList<T>({ name, items, texts, className, children: render }: ReusedListProps<T>) {
  const setting = useContext(Setting);
  const marks = useContext(Marks);
  const context = `${name}\u0000${setting.htmlLang}\u0000${setting.names.join("\u0001")}\u0000${marks ? `${marks.lang} ${marks.dir}` : ""}`;
  if (!seen.has(context)) {
    seen.add(context);
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
  if (keptCount + items.length > MOST) (kept.clear(), (keptCount = 0));
  let store = kept.get(context);
  if (!store) kept.set(context, (store = new Map()));
  // A key is the item's own string (hashed once) unless a text of it fell back.
  const fell = (t: string | undefined) => t !== undefined && !!marks?.texts.has(t);
  const keys = items.map((item) => {
    const id = JSON.stringify(item);
    const own = texts(item);
    return own.some(fell) ? `${id}\u0000${own.map((t) => (fell(t) ? 1 : 0)).join("")}` : id;
  });
  const missing = items.flatMap((_, i) => (store.has(keys[i]) ? [] : [i]));
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
    missing.forEach((i, n) => store.set(keys[i], parts[n]));
    keptCount += missing.length;
  }
  return (
    <>
      {items.map((item, i) => (
        <li key={i} className={className} dangerouslySetInnerHTML={{ __html: store.get(keys[i])! }} />
      ))}
    </>
  );
}
