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

/**
 * By list (its name and its page's language): null once rendered in place; then the page context its items were kept
 * in and their markup by key, only the last render's items (a list holds one markup per item, however long watch runs).
 */
const lists = new Map<string, { context: string; items: Map<string, string> } | null>();
/** Put between the items rendered together (one render for all the items not kept: a render has a cost of its own). */
const CUT = "hotelsite-cut";
const CUT_MARKUP = `<${CUT}></${CUT}>`;

/** What a list is made of. */
export interface ReusedListProps<T> {
  /** Names the list among those of its page (its region, its heading level): what tells its first render from a later one. */
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
  const list = `${name}\u0000${setting.htmlLang}`;
  if (!lists.has(list)) {
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
  const store = last?.context === context ? last.items : new Map<string, string>();
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
  }
  // Only this render's items are kept: an edited item's old markup goes.
  const kept = new Map(keys.map((key) => [key, store.get(key)!]));
  lists.set(list, { context, items: kept });
  return (
    <>
      {items.map((item, i) => (
        <li key={i} className={className} dangerouslySetInnerHTML={{ __html: kept.get(keys[i])! }} />
      ))}
    </>
  );
}
