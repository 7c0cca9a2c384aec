// The language dropdown as a WAI-ARIA menu button (APG "menu button"): arrow keys, Home/End, Escape, Tab,
// type-ahead and click outside. The items stay real links, so choosing one is ordinary navigation.
import { createTypeahead, findTypeaheadMatch } from "./typeahead";

/** The text a person reads on an item, without decorative aria-hidden parts such as the flag. */
function label(item: Element): string {
  let text = "";
  item.childNodes.forEach((n) => {
    if (!(n instanceof Element && n.getAttribute("aria-hidden") === "true")) text += n.textContent;
  });
  return text;
}

/** Makes [data-lang-button] open and drive ul[data-lang-list] with mouse and keyboard. */
export function initLanguageMenu(doc: Document): void {
  const button = doc.querySelector<HTMLElement>("[data-lang-button]");
  const list = doc.querySelector<HTMLElement>("[data-lang-list]");
  const items = list ? Array.from(list.querySelectorAll<HTMLElement>("a")) : [];
  if (!button || !list || !items.length) return;
  // Without the script the list is links and tab stops; as a menu, arrow keys move between its items instead.
  list.setAttribute("role", "menu");
  for (const item of items) {
    item.tabIndex = -1;
    item.setAttribute("role", "menuitem");
    item.parentElement!.setAttribute("role", "none");
  }
  const typeahead = createTypeahead(1000);
  const inside = (n: unknown) => n instanceof Node && (button.contains(n) || list.contains(n));
  const focusItem = (i: number) => items[(i + items.length) % items.length].focus();
  const open = (i: number) => {
    list.hidden = false;
    button.setAttribute("aria-expanded", "true");
    focusItem(i);
  };
  const close = (refocus?: boolean) => {
    list.hidden = true;
    button.setAttribute("aria-expanded", "false");
    if (refocus) button.focus();
  };

  // Enter and Space on a button arrive as a click too, so they open the menu here.
  button.addEventListener("click", () => (list.hidden ? open(0) : close()));
  button.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    open(e.key === "ArrowDown" ? 0 : -1);
  });

  list.addEventListener("keydown", (e) => {
    const { key } = e;
    const at = items.indexOf(doc.activeElement as HTMLElement);
    let next =
      key === "ArrowDown" ? at + 1 : key === "ArrowUp" ? at - 1 : key === "Home" ? 0 : key === "End" ? -1 : undefined;
    if (key === "Tab") {
      // Tab goes on from the button (the menu's place in the tab order); Shift+Tab lands on the button.
      if (e.shiftKey) e.preventDefault();
      close(true);
      return;
    }
    if (key === "Escape") {
      e.preventDefault();
      close(true);
      return;
    }
    if (key === " ") {
      e.preventDefault();
      items[at]?.click();
      return;
    }
    if (next === undefined && key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      next = findTypeaheadMatch(items.map(label), at, typeahead(key, Date.now()));
      if (next < 0) next = at;
    }
    if (next === undefined) return;
    e.preventDefault();
    focusItem(next);
  });

  // Choosing an item closes the menu (so it is closed if the visitor comes back); so does leaving it.
  list.addEventListener("click", () => close());
  list.addEventListener("focusout", (e) => {
    if (e.relatedTarget && !inside(e.relatedTarget)) close();
  });
  doc.addEventListener("click", (e) => {
    if (!list.hidden && !inside(e.target)) close();
  });
}
