// Where a heading's lines may break, decided at build time so it holds in every browser and without JavaScript.
// Chinese and Japanese have no spaces: BudouX (a segmenter made for them) finds the phrases, the page gets a <wbr>
// between them and `word-break: keep-all` (no break anywhere else). Segmenters split transliterated names
// (巴塞罗|那, 君|悦), so a run of the text that a name from the content (a hotel's name, its location) also holds
// is kept whole. Languages with spaces keep their last two words together (no one-word last line). Pure.
import { jaModel, Parser, zhHansModel, zhHantModel } from "budoux";

/** The segmenter's model for each script its language's BCP 47 tag may name (site.yaml's htmlLang). */
const MODELS: { tag: RegExp; model: Record<string, Record<string, number>> }[] = [
  { tag: /^ja(-|$)/i, model: jaModel },
  { tag: /^zh(-hans)?(-(cn|sg|my))?$/i, model: zhHansModel },
  { tag: /^zh(-hant)?(-(tw|hk|mo))?$/i, model: zhHantModel },
];

const parsers = new Map<object, Parser>();
const byTag = new Map<string, Parser | null>();

/** The phrase segmenter for a language, made once per thread (one per model: zh and zh-Hans share it); null for a language that spaces its words. */
export function segmenterFor(htmlLang: string): Parser | null {
  let parser = byTag.get(htmlLang);
  if (parser !== undefined) return parser;
  const found = MODELS.find((m) => m.tag.test(htmlLang));
  if (found && !parsers.has(found.model)) parsers.set(found.model, new Parser(found.model));
  byTag.set(htmlLang, (parser = found ? parsers.get(found.model)! : null));
  return parser;
}

const LETTER = /[\p{L}\p{N}]/u;
const SPACED = /\s/;
/** A letter or digit of a spaced script (Latin, Greek, Cyrillic...): a word of them is never cut. */
const SPACED_LETTER = /(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}]/u;

/** Most texts whose cuts a thread keeps: the labels, names and titles every page of a language repeats. */
const KEPT = 4096;

/** Where a text may break whatever names are around it, and the two letters on each side of each place. */
interface Cuts {
  at: number[];
  /** The two characters around each place when both are letters or digits (a name may hold them), else "". */
  around: string[];
  /** The text has a middle dot (・ or ･). */
  dots: boolean;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const kept = new Map<Parser, Map<string, Cuts | null>>();
/**
 * The segmenter's phrase boundaries in a text less those no name decides (inside a word of a spaced script, beside
 * a space), or null for a text without Chinese or Japanese letters; worked out once per thread for the texts pages
 * repeat (a 4,008-page site asks 70,000 times for 8,000 texts).
 */
function cutsOf(parser: Parser, text: string): Cuts | null {
  let byText = kept.get(parser);
  if (!byText) kept.set(parser, (byText = new Map()));
  let cuts = byText.get(text);
  if (cuts !== undefined) return cuts;
  cuts = null;
  if (CJK.test(text)) {
    cuts = { at: [], around: [], dots: /[・･]/.test(text) };
    for (const at of parser.parseBoundaries(text)) {
      // Inside a word of a spaced script (a Latin name in a Chinese title): no break.
      if (SPACED_LETTER.test(text[at - 1]) && SPACED_LETTER.test(text[at])) continue;
      // A break beside a space is the space's own: no second one.
      if (SPACED.test(text[at - 1]) || SPACED.test(text[at])) continue;
      cuts.at.push(at);
      cuts.around.push(LETTER.test(text[at - 1]) && LETTER.test(text[at]) ? text.slice(at - 1, at + 1) : "");
    }
  }
  if (byText.size >= KEPT) byText.clear();
  byText.set(text, cuts);
  return cuts;
}

/** A name holds the two letters side by side (`around` is empty when they are not both letters). */
function named(names: readonly string[], around: string): boolean {
  if (!around) return false;
  for (const name of names) if (name.includes(around)) return true;
  return false;
}

/**
 * The text cut into pieces at the places a line may break: the segmenter's phrase boundaries, less those inside a
 * run the text shares with one of `names` (two letters or more: a boundary between two letters that stand side by
 * side in a name). Joined, the pieces are the text.
 */
export function phrases(text: string, parser: Parser, names: readonly string[]): string[] {
  const cuts = cutsOf(parser, text);
  if (!cuts) return [text];
  const pieces: string[] = [];
  let from = 0;
  for (let k = 0; k < cuts.at.length; k++) {
    // Inside a run the text shares with a name: the two letters around the boundary are a pair of that name.
    if (named(names, cuts.around[k])) continue;
    pieces.push(text.slice(from, cuts.at[k]));
    from = cuts.at[k];
  }
  pieces.push(text.slice(from));
  // A middle dot joins the words of a compound (マイル・ハイ・シティ): a line may end after one only where a
  // phrase does, so elsewhere a word joiner follows it.
  return cuts.dots ? pieces.map((p) => p.replace(/(?<=[\p{L}\p{N}])([・･])(?=[\p{L}\p{N}])/gu, "$1\u2060")) : pieces;
}

/**
 * The longest run of text every one of `names` holds, trimmed (the brand as the content writes it in their language:
 * 君悦酒店, グランド ハイアット), or undefined when they share no two letters.
 */
export function sharedName(names: readonly string[]): string | undefined {
  if (names.length < 2) return undefined;
  const [first, ...rest] = names;
  let best = "";
  for (let i = 0; i < first.length; i++) {
    for (let j = first.length; j - i > best.length; j--) {
      const run = first.slice(i, j).trim();
      if (run.length > best.length && rest.every((n) => n.includes(run))) {
        best = run;
        break;
      }
    }
  }
  return best.length >= 2 ? best : undefined;
}

/** Longest pair of last words bound together: longer, they could be wider than a phone's line. */
const BOUND_MAX = 16;

/** A headline in a spaced language with its last two words bound by a no-break space (three words or more). */
export function noWidow(text: string): string {
  const words = text.trimEnd().split(" ");
  if (words.length < 3 || words.at(-1)!.length + words.at(-2)!.length + 1 > BOUND_MAX) return text;
  const last = words.pop()!;
  return `${words.join(" ")}\u00a0${last}`;
}

/** Longest part of a place line whose words are bound together. */
const PART_MAX = 24;

/**
 * A place line in a spaced language ("Kuala Lumpur, Malaysia") with each comma-separated part's words bound by
 * no-break spaces, so it wraps between places, never inside one ("Kuala / Lumpur").
 */
export function placeLine(text: string): string {
  return text
    .split(", ")
    .map((part) => (part.length <= PART_MAX ? part.replace(/ /g, "\u00a0") : part))
    .join(", ");
}
