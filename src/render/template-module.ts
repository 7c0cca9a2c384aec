// The types render.ts and templates.ts share (their own module, so neither imports the other).
import type { ComponentType, ReactNode } from "react";
import type { Page } from "../site/pages.js";

/** Where a template set's assets come from and what the Document links. */
export interface AssetLinks {
  css: string;
  js: string;
  /** Files to preload (fonts), root-relative. */
  preload: { href: string; as: string; type: string }[];
}

/** What templates/index.tsx exports. */
export interface TemplateModule {
  Document: ComponentType<{ page: Page; assets: AssetLinks; children: ReactNode; devScript?: string }>;
  pages: Record<string, ComponentType<{ page: Page }>>;
}

