// The build-time line breaking of headlines: BudouX's phrases for Chinese and Japanese with the content's names
// kept whole, and English headlines without a one-word last line.
import { describe, expect, it } from "vitest";
import { jaModel, Parser, zhHansModel } from "budoux";
import { noWidow, phrases, placeLine, segmenterFor, sharedName } from "../../templates/components/line-breaks.js";

const zh = new Parser(zhHansModel);
const ja = new Parser(jaModel);

describe("phrases", () => {
  it("cuts Chinese and Japanese at the segmenter's boundaries when no name is involved", () => {
    const text = "世界の憧れの地で、特別な滞在を";
    expect(phrases(text, ja, []).join("|")).toBe(ja.parse(text).join("|"));
    expect(phrases(text, ja, []).join("")).toBe(text);
  });

  it("keeps a name from the content whole where the segmenter splits it, and breaks around it", () => {
    // BudouX splits the transliterated city and the brand: 巴塞罗|那|君|悦.
    expect(zh.parse("巴塞罗那君悦酒店：加泰罗尼亚首府的优雅据点").slice(0, 3)).toEqual(["巴塞罗", "那", "君"]);
    expect(phrases("巴塞罗那君悦酒店：加泰罗尼亚首府的优雅据点", zh, ["巴塞罗那君悦酒店"])[0]).toBe("巴塞罗那君悦酒店：");
    // A run the text shares with a name (the city in a card's title, from its location line) is kept too.
    const title = phrases("阿布扎比滨海大道畔的阿拉伯风雅", zh, ["阿联酋阿布扎比"]);
    expect(title[0].startsWith("阿布扎比")).toBe(true);
    expect(title.join("")).toBe("阿布扎比滨海大道畔的阿拉伯风雅");
  });

  it("lets a Japanese name break only at its own spaces", () => {
    const text = "グランド ハイアット バルセロナ：カタルーニャの都を楽しむ優雅な拠点";
    expect(ja.parse(text).join("|")).toContain("バルセ|ロナ");
    const pieces = phrases(text, ja, ["グランド ハイアット バルセロナ"]);
    expect(pieces.join("|")).not.toContain("バルセ|ロナ");
    expect(pieces.join("")).toBe(text);
  });

  it("joins a compound's words at its middle dots inside a phrase", () => {
    const pieces = phrases("ダウンタウンで味わうマイル・ハイ・シティの魅力", ja, []);
    expect(pieces.join("|")).toContain("マイル・\u2060ハイ・\u2060シティの");
    expect(pieces.join("").replace(/\u2060/g, "")).toBe("ダウンタウンで味わうマイル・ハイ・シティの魅力");
  });

  it("cuts a text it has cut before by the names around it now (a card's and a page's names differ)", () => {
    const text = "巴塞罗那君悦酒店：加泰罗尼亚首府的优雅据点";
    const alone = phrases(text, zh, []);
    expect(alone[0]).toBe("巴塞罗");
    expect(phrases(text, zh, ["巴塞罗那君悦酒店"])[0]).toBe("巴塞罗那君悦酒店：");
    expect(phrases(text, zh, [])).toEqual(alone);
    // Two letters a name holds only apart (罗 and 那 with a space between) keep their boundary; side by side, not.
    expect(phrases(text, zh, ["罗 那"])[0]).toBe("巴塞罗");
    expect(phrases(text, zh, ["罗那"])[0]).toBe("巴塞罗那");
  });

  it("leaves text without Chinese or Japanese letters whole", () => {
    expect(phrases("Grand Hyatt Seoul", zh, [])).toEqual(["Grand Hyatt Seoul"]);
  });
});

describe("sharedName", () => {
  it("finds what the hotels' names share: the brand as each language writes it", () => {
    expect(sharedName(["迪拜君悦酒店", "新加坡君悦酒店", "巴厘岛君悦酒店"])).toBe("君悦酒店");
    expect(sharedName(["グランド ハイアット ドバイ", "グランド ハイアット 東京"])).toBe("グランド ハイアット");
    expect(sharedName(["Alpha", "Omega"])).toBeUndefined();
    expect(sharedName(["Alone"])).toBeUndefined();
  });
});

describe("segmenterFor", () => {
  it("chooses the model by the language's BCP 47 tag, and none for a spaced language", () => {
    expect(segmenterFor("ja")?.parse("特別な滞在を")).toEqual(ja.parse("特別な滞在を"));
    expect(segmenterFor("zh-Hans")?.parse("开启君悦非凡之旅")).toEqual(zh.parse("开启君悦非凡之旅"));
    expect(segmenterFor("zh-CN")).toBe(segmenterFor("zh-Hans"));
    expect(segmenterFor("zh-Hant")).not.toBe(segmenterFor("zh-Hans"));
    expect(segmenterFor("en")).toBeNull();
    expect(segmenterFor("ar")).toBeNull();
  });
});

describe("noWidow", () => {
  it("binds a headline's last two words, when it has three or more and they are short", () => {
    expect(noWidow("Where Old Dubai Meets the New")).toBe("Where Old Dubai Meets the\u00a0New");
    expect(noWidow("Grand Hyatt")).toBe("Grand Hyatt");
    expect(noWidow("Stay Grand in the World’s Most Captivating Destinations")).toBe("Stay Grand in the World’s Most Captivating Destinations");
  });
});

describe("placeLine", () => {
  it("binds the words of each place, so a location line wraps only between places", () => {
    expect(placeLine("Kuala Lumpur, Malaysia")).toBe("Kuala\u00a0Lumpur, Malaysia");
    expect(placeLine("Nusa Dua, Bali, Indonesia")).toBe("Nusa\u00a0Dua, Bali, Indonesia");
    expect(placeLine("阿联酋迪拜")).toBe("阿联酋迪拜");
  });
});
