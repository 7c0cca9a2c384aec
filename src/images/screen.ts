// What the encoder can take, decided from an image's bytes at load, so a file sharp would fail on is a located content error.
import { crc32 } from "node:zlib";
import { imageSize } from "image-size";

/** Most pixels an image may have, as read and as rendered for its largest variant (sharp's limitInputPixels). */
export const MAX_PIXELS = 100_000_000;

/** Longest side an SVG may declare (it is rendered at the variants' sizes: 16,384 leaves sharp's density above 1). */
export const MAX_SVG_SIDE = 16_384;

/** Most elements an SVG may expand to, its <use> elements counted as what they copy. */
export const MAX_SVG_ELEMENTS = 100_000;

/** The largest renders the image stage asks for (plan.ts): 1,600 px wide, and the 1200x630 link preview, filled. */
const RENDERS = [{ width: 1600 }, { width: 1200, height: 630 }];

/** image-size's type for each extension a content image may have. */
const TYPES: Record<string, string> = { svg: "svg", png: "png", jpg: "jpg", jpeg: "jpg", webp: "webp", avif: "avif" };

const EXPORT = "export it again from your image editor";

/** An image's size, or why the encoder cannot take it (the hint under validation's error). */
export function screenImage(bytes: Buffer, ext: string): { width: number; height: number } | string {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return "the file exists but is not a readable image; export it again as .svg, .png, .jpg, .webp or .avif";
  }
  const { width, height, type } = size;
  if (!width || !height) return "the file has no width and height; export it again with both set";
  const want = TYPES[ext.toLowerCase()];
  if (want && type !== want) return `the file is ${type?.toUpperCase() ?? "another kind of"} image, not the ${ext.toUpperCase()} its name says; ${EXPORT} as .${ext}, or rename it`;
  const mp = (n: number) => `${Math.round(n / 1e6).toLocaleString("en")} million`;
  if (type !== "svg" && width * height > MAX_PIXELS) return `it is ${width} x ${height} pixels (${mp(width * height)}), more than the ${mp(MAX_PIXELS)} an image may have; export it smaller`;
  if (type === "svg" && Math.max(width, height) > MAX_SVG_SIDE) return `it declares a size of ${width} x ${height}, larger than the ${MAX_SVG_SIDE} a side may be; set width, height and viewBox to its real size`;
  const rendered = Math.max(...RENDERS.map((r) => Math.max(r.width / width, (r.height ?? 0) / height) ** 2 * width * height));
  if (rendered > MAX_PIXELS) return `its shape (${width} x ${height}) is too narrow or too tall to render at the site's sizes (${mp(rendered)} pixels); crop it closer to 16:10`;
  const whole = type === "png" ? png(bytes) : type === "jpg" ? jpeg(bytes) : type === "webp" ? webp(bytes) : type === "avif" ? boxes(bytes) : type === "svg" ? svg(bytes) : undefined;
  return whole ?? { width, height };
}

/** Why a PNG is not whole: chunks that leave the file, a wrong checksum, no image data, no IEND. */
function png(b: Buffer): string | undefined {
  let data = false;
  for (let at = 8; at + 12 <= b.length; ) {
    const length = b.readUInt32BE(at);
    const type = b.toString("latin1", at + 4, at + 8);
    if (at + 12 + length > b.length) break;
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== b.readUInt32BE(at + 8 + length)) return `it is damaged: its ${type} chunk fails its checksum; ${EXPORT}`;
    if (type === "IDAT") data = true;
    if (type === "IEND") return data ? undefined : `it holds no image data, only a header; ${EXPORT}`;
    at += 12 + length;
  }
  return `it is cut short (it ends before its IEND chunk); ${EXPORT}`;
}

/** Why a JPEG is not whole: segments past the end, or no end-of-image marker after the last scan. */
function jpeg(b: Buffer): string | undefined {
  const cut = `it is cut short (it ends before its end-of-image marker); ${EXPORT}`;
  let at = 2;
  while (at + 2 <= b.length) {
    if (b[at] !== 0xff) return `it is damaged: a segment starts with 0x${b[at].toString(16)} at byte ${at}; ${EXPORT}`;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd9) return undefined;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > b.length) break;
    at += 2 + b.readUInt16BE(at + 2);
    if (marker !== 0xda) continue;
    // Entropy-coded data runs to the next marker: 0xff followed by anything but a stuffed 0 or a restart marker.
    while (at + 1 < b.length && !(b[at] === 0xff && b[at + 1] !== 0 && (b[at + 1] < 0xd0 || b[at + 1] > 0xd7))) at++;
  }
  return cut;
}

/** Why a WebP is not whole: its RIFF size runs past the end of the file. */
function webp(b: Buffer): string | undefined {
  return b.length >= 12 && b.readUInt32LE(4) + 8 <= b.length ? undefined : `it is cut short (its header says it is longer); ${EXPORT}`;
}

/** Why an AVIF (ISO boxes) is not whole: a box that runs past the end of the file. */
function boxes(b: Buffer): string | undefined {
  for (let at = 0; at < b.length; ) {
    if (at + 8 > b.length) return `it is cut short; ${EXPORT}`;
    const small = b.readUInt32BE(at);
    const size = small === 1 && at + 16 <= b.length ? Number(b.readBigUInt64BE(at + 8)) : small === 0 ? b.length - at : small;
    if (size < 8 || at + size > b.length) return `it is cut short (a box runs past its end); ${EXPORT}`;
    at += size;
  }
  return undefined;
}

/** One token of XML: a comment, CDATA, a processing instruction, a DOCTYPE, a closing tag or an opening tag. */
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?([\w:.-]+)[\s\S]*?\?>|<!DOCTYPE|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/gi;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** A CSS reference to anything but an id of the same file. */
const CSS_OUTSIDE = /@import|url\(\s*['"]?\s*(?!#)/i;

/** Why an SVG cannot be rendered safely (read with regular expressions: an XML parser took 65-400 ms on the bundled site). */
function svg(bytes: Buffer): string | undefined {
  const text = bytes.toString("utf8");
  const line = (at: number) => `(line ${text.slice(0, at).split("\n").length})`;
  /** Every element: its local name, children, and the id its <use> copies. */
  const elements: { name: string; tag: string; children: number[]; use?: string }[] = [];
  const ids = new Map<string, number>();
  const open: number[] = [];
  const malformed = (at: number) => `it is not well-formed XML ${line(at)}; ${EXPORT}`;
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index;
    const between = text.slice(last, at);
    if (between.includes("<")) return malformed(last + between.indexOf("<"));
    last = at + m[0].length;
    const inside = elements[open.at(-1) ?? -1];
    if (inside?.name === "style" && CSS_OUTSIDE.test(between + (m[1] ?? ""))) return `its styles load something from outside it ${line(at)}; keep only references inside the SVG (#id)`;
    if (/^<!DOCTYPE/i.test(m[0])) return `it declares a DOCTYPE ${line(at)}, whose entities can make it expand without end; remove the <!DOCTYPE> and write the text out`;
    if (m[2]?.toLowerCase() === "xml-stylesheet") return `it loads a stylesheet from outside itself ${line(at)}; put the styles inside the SVG`;
    if (m[3] !== undefined) {
      if (m[3] !== inside?.tag) return malformed(at);
      open.pop();
      continue;
    }
    if (m[4] === undefined) continue;
    const i = elements.length;
    const name = m[4].replace(/^.*:/, "");
    if (i === 0 && name !== "svg") return `it is not an SVG image: its root element is <${m[4]}>; ${EXPORT} as SVG`;
    if (i > 0 && open.length === 0) return malformed(at);
    if (open.length >= 256) return `its elements nest more than 256 deep ${line(at)}; ${EXPORT}`;
    const el: (typeof elements)[number] = { name, tag: m[4], children: [] };
    for (const [, key, dq, sq] of m[5].matchAll(ATTRIBUTE)) {
      const value = dq ?? sq;
      if (key === "id") ids.set(value, i);
      const link = key === "href" || key.endsWith(":href");
      if ((link && /^\s*(?!#|data:)\S/i.test(value)) || (!link && /url\(\s*['"]?\s*(?!#)/i.test(value))) {
        return `it refers to ${JSON.stringify(value.slice(0, 80))} outside itself ${line(at)}; only references inside the SVG (#id) are rendered`;
      }
      if (link && name === "use") el.use = value.replace(/^\s*#/, "");
    }
    inside?.children.push(i);
    elements.push(el);
    if (!m[6]) open.push(i);
  }
  if (text.slice(last).includes("<") || open.length) return malformed(text.length);
  if (elements.length === 0) return `it is not an SVG image: it holds no element; ${EXPORT} as SVG`;
  // What each element expands to, its <use> counted as a copy of what it names: once each (memo), loops refused.
  const cost = new Array<number>(elements.length);
  const busy = new Set<number>();
  const expand = (i: number, depth: number): number => {
    if (cost[i] !== undefined) return cost[i];
    if (busy.has(i) || depth > 512) return Infinity;
    busy.add(i);
    const el = elements[i];
    const target = el.use !== undefined ? ids.get(el.use) : undefined;
    let n = 1 + (target === undefined ? 0 : expand(target, depth + 1));
    for (const c of el.children) n += expand(c, depth + 1);
    busy.delete(i);
    return (cost[i] = n);
  };
  const total = expand(0, 0);
  if (total === Infinity) return `its <use> elements copy each other in a loop, or nest too deep; ${EXPORT}`;
  if (total > MAX_SVG_ELEMENTS) return `its <use> elements expand it to ${total.toLocaleString("en")} elements, more than the ${MAX_SVG_ELEMENTS.toLocaleString("en")} an image may have; ${EXPORT} without nested copies`;
  return undefined;
}
