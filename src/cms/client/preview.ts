// The editor's preview pane shows the built page itself in the language being edited (docs/cms.md says why not a
// render in the browser); under `hotelsite watch` a save rebuilds it.

/** Where each entry's pages are, made by the build from routes.ts (pages.json beside the admin page). */
export interface PageUrls {
  hotels: Record<string, Record<string, string>>;
  home: Record<string, string>;
}

type Entry = { data?: Record<string, unknown>; i18n?: Record<string, { data?: Record<string, unknown> }> };
type Props = { entry: { toJS(): Entry } };
type Element = unknown;
type State = { markup: string; shown: string; lang?: string; dir?: string };
/** What `this` is in a create-react-class component. */
interface Instance {
  props: Props;
  state: State;
  timer?: ReturnType<typeof setTimeout>;
  setState(s: State): void;
  load(): Promise<void>;
}
interface ReactGlobals {
  h(type: string, props: Record<string, unknown>, ...children: unknown[]): Element;
  createClass(spec: Record<string, unknown> & ThisType<Instance>): unknown;
}

/** How long typing must pause before the pane asks the site for the page again. */
const REFETCH_MS = 400;

/** The language the pane shows: the one whose data is the entry's own (the others come under `i18n`). */
function languageOf(entry: Entry, languages: string[]): string {
  return languages.find((l) => !(l in (entry.i18n ?? {}))) ?? languages[0];
}

/** The page's stylesheets and body, and its language and direction. */
function pageParts(html: string) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const links = [...doc.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.outerHTML).join("");
  return { markup: links + doc.body.innerHTML, lang: doc.documentElement.lang, dir: doc.documentElement.dir };
}

/** The preview component for one collection: `urlOf` names the page of an entry in a language, if it is built. */
export function pagePreview(g: ReactGlobals, languages: string[], urlOf: (entry: Entry, lang: string) => string | undefined): unknown {
  return g.createClass({
    getInitialState: () => ({ markup: "", shown: "" }),
    componentDidMount() {
      this.load();
    },
    componentDidUpdate(prev: Props) {
      if (prev.entry !== this.props.entry) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.load(), REFETCH_MS);
      }
    },
    componentWillUnmount() {
      clearTimeout(this.timer);
    },
    async load() {
      const { entry } = this.props;
      const data = entry.toJS();
      const url = urlOf(data, languageOf(data, languages));
      if (!url) return this.setState({ markup: "<p>This page is not built yet: it shows here once the site is built with it.</p>", shown: "" });
      const response = await fetch(url, { cache: "no-store" });
      if (!response.ok) return this.setState({ markup: `<p>${url}: ${response.status}</p>`, shown: url });
      this.setState({ ...pageParts(await response.text()), shown: url });
    },
    render() {
      const { markup, shown, lang, dir } = this.state;
      return g.h("div", { "data-preview-of": shown, lang, dir, dangerouslySetInnerHTML: { __html: markup } });
    },
  });
}

/** The preview templates of the hotels and the home page. */
export function previewTemplates(g: ReactGlobals, languages: string[], urls: PageUrls): Record<string, unknown> {
  const [first] = languages;
  const own = (e: Entry, lang: string) => (lang === first ? e.data : e.i18n?.[first]?.data) ?? {};
  return {
    hotels: pagePreview(g, languages, (e, lang) => urls.hotels[String(own(e, lang).id)]?.[lang]),
    home: pagePreview(g, languages, (_e, lang) => urls.home[lang]),
  };
}
