import { describe, expect, it } from "vitest";
import { typographic } from "../../src/site/typography.js";

describe("typographic", () => {
  it("makes apostrophes and quotes typographic in English", () => {
    expect(typographic("the world's great cities")).toBe("the world’s great cities");
    expect(typographic('the "Queen of the Arabian Sea" is')).toBe("the “Queen of the Arabian Sea” is");
    expect(typographic("say \"I do\".")).toBe("say “I do”.");
    expect(typographic("'Aloha,' she said")).toBe("‘Aloha,’ she said");
    expect(typographic("the guests' lounge")).toBe("the guests’ lounge");
    expect(typographic("since the '90s")).toBe("since the ’90s");
    expect(typographic('("quoted")')).toBe("(“quoted”)");
  });

  it("does the same in Chinese and Japanese copy, and leaves text without plain quotes as it is", () => {
    expect(typographic('被誉为"阿拉伯海女王"的城市')).toBe("被誉为“阿拉伯海女王”的城市");
    expect(typographic('「"君悦"」')).toBe("「“君悦”」");
    expect(typographic("“君悦”与「グランド」")).toBe("“君悦”与「グランド」");
    const same = "no quotes here";
    expect(typographic(same)).toBe(same);
  });
});
