// Types for the parts of locize's `xliff` package the round-trip test uses (the package ships none).
declare module "xliff/xliff2js" {
  /** Parses XLIFF (1.2 or 2.0) into { sourceLanguage, targetLanguage, resources: { file: { unit: { source, target?, note? } } } }. */
  export default function xliff2js(xml: string): Promise<unknown>;
}
declare module "xliff/js2xliff" {
  /** Writes the same shape as XLIFF 2.0. */
  export default function js2xliff(js: unknown): Promise<string>;
}
