// The browser side of watch mode, served as files (the site's CSP allows no inline script): the live-reload script,
// which reloads after a good rebuild and shows an overlay naming file and line after a bad one, and its stylesheet.

/** Where the preview serves watch mode's own files; the site never uses this folder. */
export const DEV_BASE = "/__hotelsite/";
/** The live-reload script every page loads in watch mode (the Document's devScript). */
export const LIVE_SCRIPT_URL = `${DEV_BASE}live.js`;
export const OVERLAY_CSS_URL = `${DEV_BASE}overlay.css`;
export const EVENTS_URL = `${DEV_BASE}events`;

/** The live-reload client. Everything from the server is shown with textContent, never parsed as HTML. */
export const LIVE_SCRIPT = `(() => {
  "use strict";
  let build = null;
  let box = null;
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  };
  const css = el("link");
  css.rel = "stylesheet";
  css.href = ${JSON.stringify(OVERLAY_CSS_URL)};
  document.head.appendChild(css);
  const hide = () => {
    if (box) box.remove();
    box = null;
  };
  const show = (report) => {
    hide();
    box = el("div", "hotelsite-overlay");
    box.id = "hotelsite-overlay";
    box.setAttribute("role", "alert");
    const panel = el("div", "hotelsite-overlay__panel");
    panel.appendChild(el("h2", "hotelsite-overlay__title", report.title));
    const list = el("ol", "hotelsite-overlay__list");
    for (const e of report.errors) {
      const item = el("li", "hotelsite-overlay__error");
      const at = e.line ? e.file + ":" + e.line + ":" + (e.column || 1) : e.file;
      item.appendChild(el("code", "hotelsite-overlay__place", at + (e.pointer ? " " + e.pointer : "")));
      item.appendChild(el("p", "hotelsite-overlay__message", e.message));
      if (e.hint) item.appendChild(el("p", "hotelsite-overlay__hint", "hint: " + e.hint));
      list.appendChild(item);
    }
    panel.appendChild(list);
    panel.appendChild(el("p", "hotelsite-overlay__note", report.note));
    const close = el("button", "hotelsite-overlay__close", "Close");
    close.type = "button";
    close.addEventListener("click", hide);
    panel.appendChild(close);
    box.appendChild(panel);
    document.body.appendChild(box);
  };
  // The path says which page this is: watch renders and writes it first, and reloads it once it is on disk.
  const events = new EventSource(${JSON.stringify(EVENTS_URL)} + "?path=" + encodeURIComponent(location.pathname));
  events.addEventListener("hello", (e) => {
    const state = JSON.parse(e.data);
    // A rebuild happened while this page was not listening (or watch restarted): show the new pages.
    if (build !== null && state.build !== build) return location.reload();
    build = state.build;
    // Tells tests (and the curious) that this page is listening.
    document.documentElement.setAttribute("data-hotelsite-live", build);
    if (state.error) show(state.error);
    else hide();
  });
  events.addEventListener("reload", () => location.reload());
  events.addEventListener("build-error", (e) => show(JSON.parse(e.data)));
})();
`;

/** The overlay's look: above everything, readable, and still usable with a keyboard. */
export const OVERLAY_CSS = `.hotelsite-overlay{position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,28,.82);overflow:auto;padding:4vh 4vw;font:15px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.hotelsite-overlay__panel{max-width:960px;margin:0 auto;background:#fff;color:#1b1b1f;border-top:6px solid #c62828;border-radius:6px;padding:20px 24px;box-shadow:0 10px 40px rgba(0,0,0,.4)}
.hotelsite-overlay__title{margin:0 0 12px;font-size:18px;font-weight:700;font-family:inherit;color:#b71c1c}
.hotelsite-overlay__list{margin:0;padding-left:20px}
.hotelsite-overlay__error{margin:0 0 12px}
.hotelsite-overlay__place{font-weight:700;color:#0d47a1;word-break:break-all}
.hotelsite-overlay__message{margin:2px 0 0;white-space:pre-wrap}
.hotelsite-overlay__hint{margin:2px 0 0;color:#555}
.hotelsite-overlay__note{margin:12px 0;color:#555}
.hotelsite-overlay__close{font:inherit;padding:4px 14px;cursor:pointer}
.hotelsite-overlay__close:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
`;
