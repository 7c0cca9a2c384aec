// JSON Schema nodes -> the browser editor's fields, one rule per kind of node and nothing per field name, so a property
// added to a schema appears in the editor with no other edit (a schema's `default` is not passed on: the build applies it).
import { segmentKey } from "../util/json-pointer.js";

/** A JSON Schema node as the content schemas write them (the parts the editor uses). */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  pattern?: string;
  patternErrorMessage?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  $defs?: Record<string, SchemaNode>;
}

/** A field of the editor's configuration (Sveltia/Decap field options). */
export type CmsField = Record<string, unknown> & { name: string; widget: string };

/** What turns a schema into fields: the schema its `$ref`s point into, the site's languages, the images folder. */
export interface FieldContext {
  root: SchemaNode;
  /** The site's language codes, default first: a map keyed by language gets a field per language. */
  languages: string[];
  /** Where image fields pick files from and what they write: the content folder's images, content-relative. */
  media: { folder: string; publicFolder: string };
}

/** Strings that may be longer than a line and hold line breaks (the schemas' prose) get a text area. */
const LINE_MAX = 300;
/** An image path: a string whose pattern names image extensions. */
const IMAGE_PATTERN = /png\|jpe\?g/;

/** The node a `$ref` points at (a JSON pointer within the same schema), merged with the referring node's own keys. */
export function resolveNode(node: SchemaNode, root: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  const steps = node.$ref.startsWith("#/") ? node.$ref.slice(2).split("/").map((s) => segmentKey(decodeURIComponent(s))) : undefined;
  const target = steps?.reduce<unknown>((at, step) => (at as Record<string, unknown> | undefined)?.[step], root) as SchemaNode | undefined;
  if (!target || typeof target !== "object") throw new Error(`schema $ref ${node.$ref} points at nothing in this schema`);
  const { $ref: _ref, ...own } = node;
  return { ...resolveNode(target, root), ...own };
}

/** "affiliateLink" -> "Affiliate link". */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function stringField(node: SchemaNode, ctx: FieldContext): Record<string, unknown> {
  if (node.pattern && IMAGE_PATTERN.test(node.pattern)) return { widget: "image", media_folder: ctx.media.folder, public_folder: ctx.media.publicFolder };
  const multiline = (node.maxLength ?? 0) > LINE_MAX && (!node.pattern || new RegExp(node.pattern, "u").test("a\nb"));
  const out: Record<string, unknown> = { widget: multiline ? "text" : "string" };
  if (node.minLength !== undefined && node.minLength > 1) out.minlength = node.minLength;
  if (node.maxLength !== undefined) out.maxlength = node.maxLength;
  if (node.pattern) out.pattern = [node.pattern, node.patternErrorMessage ?? `must match ${node.pattern}`];
  return out;
}

/** A map whose keys the schema does not name: a field per language when keyed by language, key-value pairs, or hidden. */
function mapWidget(node: SchemaNode, valueNode: SchemaNode, ctx: FieldContext): Record<string, unknown> {
  const value = resolveNode(valueNode, ctx.root);
  if (/language code/i.test(node.description ?? "")) {
    return { widget: "object", fields: ctx.languages.map((code, i) => ({ name: code, label: code, ...widgetOf(value, ctx), required: i === 0 })) };
  }
  if (value.type === "string") return { widget: "keyvalue" };
  return { widget: "hidden" };
}

/** The widget options of a node, its own name aside. */
function widgetOf(node: SchemaNode, ctx: FieldContext): Record<string, unknown> {
  if (node.enum) return { widget: "select", options: node.enum };
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (type === "integer" || type === "number") {
    const out: Record<string, unknown> = { widget: "number", value_type: type === "integer" ? "int" : "float" };
    if (node.minimum !== undefined) out.min = node.minimum;
    if (node.maximum !== undefined) out.max = node.maximum;
    if (node.multipleOf !== undefined) out.step = node.multipleOf;
    return out;
  }
  if (type === "boolean") return { widget: "boolean" };
  if (type === "array" && node.items) {
    const item = resolveNode(node.items, ctx.root);
    const out: Record<string, unknown> = { widget: "list" };
    if (item.properties) out.fields = objectFields(item, ctx);
    else out.field = { name: "item", label: "Item", ...widgetOf(item, ctx) };
    if (node.minItems) out.min = node.minItems;
    if (node.maxItems) out.max = node.maxItems;
    return out;
  }
  if (node.properties) return { widget: "object", fields: objectFields(node, ctx) };
  if (type === "object" && typeof node.additionalProperties === "object") return mapWidget(node, node.additionalProperties, ctx);
  return stringField(node, ctx);
}

/** A description as the editor's hint (limited Markdown): `<id>` and the like shown as code, not taken for markup. */
export const hint = (description: string) => description.replace(/<([^<>\s]+)>/g, "`<$1>`");

/** One field from a property of an object node. */
export function fieldOf(name: string, node: SchemaNode, required: boolean | string[], ctx: FieldContext): CmsField {
  const resolved = resolveNode(node, ctx.root);
  const widget = widgetOf(resolved, ctx) as { widget: string };
  // A hidden field takes no options: the CMS keeps its value as the file has it.
  if (widget.widget === "hidden") return { name, widget: "hidden" };
  const field: CmsField = { name, label: labelOf(name), ...widget, required };
  if (resolved.description) field.hint = hint(resolved.description);
  return field;
}

/** The fields of an object node's properties, in the schema's order. */
export function objectFields(node: SchemaNode, ctx: FieldContext, required: (name: string) => boolean | string[] = (n) => !!node.required?.includes(n)): CmsField[] {
  return Object.entries(node.properties ?? {}).map(([name, child]) => fieldOf(name, child, required(name), ctx));
}
