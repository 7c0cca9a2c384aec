// The template set: the document shell and one body component per page kind and hotel layout.
// A hotel's `layout` field picks its entry in `pages`.
export { Document } from "./Document";
import { Home } from "./pages/Home";
import { NotFound } from "./pages/NotFound";
import { Showcase } from "./pages/Showcase";
import { Story } from "./pages/Story";
import { Article } from "./pages/Article";

export const pages = { home: Home, notFound: NotFound, showcase: Showcase, story: Story, article: Article };
