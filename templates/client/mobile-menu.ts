// The header's mobile menu: the toggle shows and hides it, a chosen link or Escape closes it.

/** Wires [data-menu-toggle] to [data-mobile-menu], keeping aria-expanded in step with the `hidden` attribute. */
export function initMobileMenu(doc: Document): void {
  const toggle = doc.querySelector<HTMLElement>("[data-menu-toggle]");
  const menu = doc.querySelector<HTMLElement>("[data-mobile-menu]");
  if (!toggle || !menu) return;
  const set = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
  };
  set(!menu.hidden);
  toggle.addEventListener("click", () => set(!!menu.hidden));
  menu.addEventListener("click", (e) => {
    if ((e.target as Element).closest?.("a")) set(false);
  });
  doc.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || menu.hidden || e.defaultPrevented) return;
    set(false);
    toggle.focus();
  });
}
