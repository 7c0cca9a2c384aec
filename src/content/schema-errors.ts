// Turns ajv's errors into ContentErrors a person can act on: a place in the file, a plain message, a hint.
import type { ErrorObject } from "ajv";
import { ContentError } from "../errors.js";
import type { SourceFile } from "../types.js";
import { didYouMean } from "../util/closest.js";
import { childPointer } from "../util/json-pointer.js";

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  object: "a mapping (key: value lines)",
  array: "a list (lines starting with '- ')",
  boolean: "true or false",
  number: "a number",
  integer: "a whole number",
};

/** Characters refused in text: HTML's forbidden controls, bidi overrides that display text other than it reads, lone surrogates (u flag). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;

/** Names of the bidirectional controls, for messages. */
const BIDI_NAMES: Record<number, string> = {
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
};

/** The message and hint for a refused character at code-unit `index` of `text`. */
function refusedCharacter(text: string, index: number): { message: string; hint: string } {
  const unit = text.charCodeAt(index);
  const code = unit.toString(16).toUpperCase().padStart(4, "0");
  const at = `character ${[...text.slice(0, index)].length + 1} of the text`;
  if (BIDI_NAMES[unit]) {
    return {
      message: `contains the invisible bidirectional control character U+${code} ${BIDI_NAMES[unit]} (${at})`,
      hint: "remove it: it makes the text display in another order than it reads; right-to-left text needs no control characters",
    };
  }
  if (unit >= 0xd800 && unit <= 0xdfff) {
    return {
      message: `contains a lone surrogate U+${code}, half of a character that was never completed (${at})`,
      hint: 'remove the escape (such as "\\ud800"), or write the whole character, e.g. the emoji itself or both halves "\\ud83d\\ude00"',
    };
  }
  return { message: `contains the invisible control character U+${code} (${at})`, hint: "remove it: web pages may not contain control characters (retyping the text drops it)" };
}

/** Message, pointer and hint for one ajv error; null for errors that only repeat a more precise one. */
function describe(e: ErrorObject, pointer: string): { pointer: string; message: string; hint?: string; key?: boolean } | null {
  const schema = (e.parentSchema ?? {}) as Record<string, unknown>;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "if":
      return null;
    case "required":
      return {
        pointer,
        message: `is missing the required field "${p.missingProperty}"`,
        hint: `add ${p.missingProperty}: ... here`,
      };
    case "additionalProperties": {
      const name = String(p.additionalProperty);
      const allowed = Object.keys((schema.properties as object) ?? {});
      return {
        pointer: childPointer(pointer, name),
        key: true,
        message: `is not a known field`,
        hint: didYouMean(name, allowed).trim() || `known fields: ${allowed.join(", ")}`,
      };
    }
    case "propertyNames":
      return null; // reported by the pattern error on the name itself, below
    case "type":
      return { pointer, message: `must be ${TYPE_NAMES[String(p.type)] ?? p.type}` };
    case "enum": {
      const allowed = (p.allowedValues as unknown[]).map(String);
      const hint = typeof e.data === "string" ? didYouMean(e.data, allowed).trim() : "";
      return { pointer, message: `must be one of: ${allowed.join(", ")}`, hint: hint || undefined };
    }
    case "pattern": {
      if (e.propertyName !== undefined) {
        return {
          pointer: childPointer(pointer, e.propertyName),
          key: true,
          ...(typeof schema.patternErrorMessage === "string"
            ? { message: `"${e.propertyName}" ${schema.patternErrorMessage}` }
            : { message: `"${e.propertyName}" is not a valid language code`, hint: "a language code is 2-3 lower-case letters, optionally with a region (e.g. en or pt-BR); use one declared under languages in site.yaml, such as en, zh or ja" }),
        };
      }
      const control = typeof e.data === "string" ? CONTROL.exec(e.data) : null;
      if (control) return { pointer, ...refusedCharacter(e.data as string, control.index) };
      const custom = schema.patternErrorMessage;
      return {
        pointer,
        // Every pattern in the schemas has its own message; the pattern itself is the last resort, never "wrong form".
        message: typeof custom === "string" ? custom : `must match the pattern ${String(p.pattern)}`,
        hint: typeof schema.description === "string" ? schema.description : undefined,
      };
    }
    case "minLength":
      return p.limit === 1 ? { pointer, message: "must not be empty" } : { pointer, message: `must be at least ${p.limit} characters long` };
    case "maxLength":
      return { pointer, message: `is longer than ${p.limit} characters`, hint: "shorten it" };
    case "minItems":
      return { pointer, message: `must have at least ${p.limit} item${p.limit === 1 ? "" : "s"}` };
    case "maxItems":
      return { pointer, message: `must have at most ${p.limit} item${p.limit === 1 ? "" : "s"}` };
    case "uniqueItems":
      return { pointer, message: `lists the same value twice (items ${p.j} and ${p.i})`, hint: "remove the repeated item" };
    case "minimum":
    case "maximum":
    case "multipleOf":
      return { pointer, message: `must be ${e.keyword === "minimum" ? "at least" : e.keyword === "maximum" ? "at most" : "a multiple of"} ${p.limit ?? p.multipleOf}`, hint: typeof schema.description === "string" ? schema.description : undefined };
    case "format":
      return { pointer, message: `must be a valid ${p.format}` };
    default:
      return { pointer, message: e.message ?? e.keyword };
  }
}

/** Converts the ajv errors of one file into located ContentErrors; `base` prefixes their pointers. */
export function schemaErrors(source: SourceFile, errors: ErrorObject[] | null | undefined, base = ""): ContentError[] {
  const out: ContentError[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    const d = describe(e, base + e.instancePath);
    if (!d) continue;
    const id = `${d.pointer} ${d.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const { line, column } = source.locate(d.pointer, { key: d.key });
    out.push(new ContentError({ file: source.file, line, column, pointer: d.pointer || "/" }, d.message, d.hint));
  }
  return out;
}
