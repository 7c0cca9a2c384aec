// Writing targets into YAML: a changed prose field keeps its block style (`|` stays `|`), a target equal to the
// translation already there changes no byte of the file, only the lock.
import { describe, expect, it } from "vitest";
import { applyImport, type ImportPlan } from "../../src/translate/import.js";
import type { TextSource } from "../../src/translate/sources.js";
import type { Language } from "../../src/types.js";

const FILE = ["text:", "  en:", "    intro: |", "      First.", "", "      Second.", "  ja:", "    intro: |", "      最初。", "", "      二番目。", ""].join("\n");
const src = { source: "hotel:x", key: "hotels/x.yaml", base: "/text", blocks: { en: { intro: "First.\n\nSecond.\n" }, ja: { intro: "最初。\n\n二番目。\n" } } } as unknown as TextSource;
const ja = { code: "ja", htmlLang: "ja" } as Language;

describe("applyImport", () => {
  it("keeps a block scalar's style and changes only its text lines", () => {
    const plan: ImportPlan = { lang: ja, skipped: 0, changes: [{ src, pointer: "/intro", english: "First.\n\nSecond.\n", target: "はじめに。\n\n次に。", write: true }] };
    const out = applyImport(plan, new Map([["hotels/x.yaml", FILE]]), "en").get("hotels/x.yaml");
    expect(out).toBe(FILE.replace("      最初。", "      はじめに。").replace("      二番目。", "      次に。"));
  });

  it("leaves the file alone when nothing is written", () => {
    const plan: ImportPlan = { lang: ja, skipped: 0, changes: [{ src, pointer: "/intro", english: "First.\n\nSecond.\n", target: "最初。\n\n二番目。", write: false }] };
    expect(applyImport(plan, new Map([["hotels/x.yaml", FILE]]), "en").size).toBe(0);
  });
});

describe("applyImport into a list the translation does not have yet", () => {
  it("puts empty items before the translated one, so the list has no hole", () => {
    const file = ["text:", "  en:", "    sections:", "      - { title: A, text: a }", "      - { title: B, text: b }", "  ja:", "    name: 名前", ""].join("\n");
    const s = { ...src, blocks: { en: { sections: [{ title: "A", text: "a" }, { title: "B", text: "b" }] }, ja: { name: "名前" } } } as unknown as TextSource;
    const plan: ImportPlan = { lang: ja, skipped: 0, changes: [{ src: s, pointer: "/sections/1/title", english: "B", target: "ビー", write: true }] };
    const out = applyImport(plan, new Map([["hotels/x.yaml", file]]), "en").get("hotels/x.yaml");
    expect(out).toBe(file.replace("    name: 名前\n", "    name: 名前\n    sections:\n      - {}\n      - title: ビー\n"));
  });
});
