// Types of weight.mjs, for the budget test.
export interface Size {
  raw: number;
  gz: number;
}
export interface PageWeight {
  file: string;
  kind: string;
  html: Size;
  css: Size;
  js: Size;
  total: Size;
}
export function htmlFiles(dir: string): Promise<string[]>;
export function linkedAssets(html: string): { css: string[]; js: string[] };
export function pageKind(html: string): string;
export function pageWeights(outDir: string): Promise<{ pages: PageWeight[]; largest: Record<string, PageWeight> }>;
