// The facts panel's rows: translated labels, numbers in the page language's format, units and qualifiers as the
// content states them (never converted), and the unit rules validation applies.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { FACT_KINDS, factProblem, factViews, featuresBeyondFacts, spellings, unstatedFacts } from "../../src/site/facts.js";
import type { HotelFact, UiStrings } from "../../src/types.js";
import { REPO } from "../support/fixture.js";

const strings = parse(readFileSync(path.join(REPO, "content/strings.yaml"), "utf8")) as Record<string, UiStrings>;

const facts: HotelFact[] = [
  { kind: "rooms", value: 1800 },
  { kind: "restaurants", value: 40, qualifier: "plus" },
  { kind: "eventSpace", value: 200000, unit: "sqft", qualifier: "over" },
  { kind: "eventSpace", value: 3700, unit: "sqm" },
  { kind: "area", value: 37, unit: "acres" },
  { kind: "airportMinutes", value: 40, qualifier: "about" },
  { kind: "eventCapacity", value: 1000, qualifier: "upTo" },
  { kind: "elevation", value: 5280, unit: "feet" },
];

describe("factViews", () => {
  it("formats English figures with their units and qualifiers as stated, a figure bound to its unit", () => {
    expect(factViews(facts, strings.en, "en")).toEqual([
      { label: "Rooms", value: "1,800" },
      { label: "Restaurants", value: "40+" },
      { label: "Event space", value: "over 200,000\u00a0sq\u00a0ft" },
      { label: "Event space", value: "3,700\u00a0sqm" },
      { label: "Grounds", value: "37\u00a0acres" },
      { label: "To the airport", value: "about 40\u00a0minutes" },
      { label: "Event capacity", value: "up to 1,000\u00a0guests" },
      { label: "Elevation", value: "5,280\u00a0ft" },
    ]);
  });

  it("translates labels, units and qualifiers in Chinese and Japanese, never converting a unit", () => {
    expect(factViews(facts, strings.zh, "zh-CN").map((f) => `${f.label}: ${f.value}`)).toEqual([
      "客房数: 1,800",
      "餐厅: 40+",
      "活动空间: 超过200,000平方英尺",
      "活动空间: 3,700平方米",
      "占地面积: 37英亩",
      "距机场: 约40分钟",
      "活动容量: 最多1,000位宾客",
      "海拔: 5,280英尺",
    ]);
    expect(factViews(facts, strings.ja, "ja").map((f) => f.value)).toEqual(["1,800", "40以上", "200,000平方フィート超", "3,700平方メートル", "37エーカー", "約40分", "最大1,000名", "5,280フィート"]);
  });

  it("formats numbers by the page language's own grouping", () => {
    expect(factViews([{ kind: "rooms", value: 1800 }], strings.en, "de")[0].value).toBe("1.800");
    expect(factViews([{ kind: "rooms", value: 100000 }], strings.en, "hi")[0].value).toBe("1,00,000");
  });

  it("shows nothing for a hotel without facts", () => {
    expect(factViews(undefined, strings.en, "en")).toEqual([]);
  });

  it("has every label, unit and qualifier string in every bundled language", () => {
    const keys = Object.values(FACT_KINDS).flatMap((k) => [k.label, ...(k.implied ? [k.implied] : [])]);
    for (const lang of ["en", "zh", "ja"]) for (const key of keys) expect(strings[lang][key], `${lang} ${key}`).toBeTruthy();
  });
});

describe("featuresBeyondFacts", () => {
  it("drops the features that state a fact's figure, in the language's format or plainly, and keeps the rest", () => {
    const features = ["1,800 rooms and suites", "40+ restaurants, bars and lounges", "Over 200000 sq ft event space", "Set on Nassau's Cable Beach", "18,000 rooms nearby", "3 pools"];
    expect(featuresBeyondFacts(features, facts, "en")).toEqual(["Set on Nassau's Cable Beach", "18,000 rooms nearby", "3 pools"]);
    expect(featuresBeyondFacts(["1,800间客房及套房", "坐落于拿骚凯布尔海滩"], facts, "zh-Hans")).toEqual(["坐落于拿骚凯布尔海滩"]);
    expect(featuresBeyondFacts(features, undefined, "en")).toEqual(features);
  });
});

describe("factProblem", () => {
  it("accepts a kind in one of its units, and a count without one", () => {
    expect(factProblem({ kind: "eventSpace", value: 10, unit: "sqm" })).toBeUndefined();
    expect(factProblem({ kind: "rooms", value: 10 })).toBeUndefined();
    expect(factProblem({ kind: "airportMinutes", value: 10 })).toBeUndefined();
  });

  it("refuses a unit the kind cannot be in, a missing unit, and a unit on a count", () => {
    expect(factProblem({ kind: "eventSpace", value: 10, unit: "miles" })).toMatchObject({ pointer: "/unit", message: "eventSpace cannot be in miles", hint: "write unit: sqft or sqm, as the hotel's copy states it" });
    expect(factProblem({ kind: "area", value: 10 })).toMatchObject({ pointer: "", message: "area needs a unit" });
    expect(factProblem({ kind: "rooms", value: 10, unit: "sqft" })).toMatchObject({ pointer: "/unit", message: "rooms takes no unit" });
    expect(factProblem({ kind: "airportMinutes", value: 10, unit: "miles" })?.hint).toBe("airportMinutes is counted in minutes; remove unit");
  });
});

describe("unstatedFacts", () => {
  const fact = (value: number): HotelFact => ({ kind: "rooms", value });
  it("finds a number the copy writes grouped or plain, standing alone", () => {
    const copy = { description: "1,800 rooms and a ballroom for 900", sections: [{ text: "Elevation 5280 feet" }] };
    expect(unstatedFacts([fact(1800), fact(900), fact(5280)], copy, "en")).toEqual([]);
  });

  it("does not take a number inside a longer one", () => {
    expect(unstatedFacts([fact(800), fact(18), fact(1)], { description: "1,800 rooms, 8,000 sq ft, 1.5 miles" }, "en")).toEqual([0, 1, 2]);
  });

  it("finds a small figure spelled in words in English, Chinese and Japanese, never inside a longer one", () => {
    const en = { description: "Six restaurants, twenty-one suites and ninety nine rooms; a hundred guests" };
    expect(unstatedFacts([fact(6), fact(21), fact(99), fact(100), fact(1), fact(20)], en, "en-US")).toEqual([4, 5]);
    expect(unstatedFacts([fact(6), fact(16), fact(2), fact(10)], { description: "六家餐厅，十六间套房和两个泳池" }, "zh-CN")).toEqual([3]);
    expect(unstatedFacts([fact(3), fact(30), fact(13)], { description: "三つのレストランと三十の客室" }, "ja")).toEqual([2]);
  });

  it("looks for digits only in a language it has no number words for, and says what it looked for", () => {
    expect(unstatedFacts([fact(6)], { description: "six restaurants" }, "fr")).toEqual([0]);
    expect(spellings(1800, "en-US")).toEqual(["1,800", "1800"]);
    expect(spellings(6, "en")).toEqual(["6", "six"]);
    expect(spellings(21, "zh-CN")).toEqual(["21", "二十一"]);
    expect(spellings(2, "zh-CN")).toEqual(["2", "二", "两"]);
  });
});

