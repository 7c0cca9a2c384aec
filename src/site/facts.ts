// A hotel's key figures as the facts panel shows them: translated labels, numbers in the page's format, units never converted.
import type { HotelFact, UiStrings } from "../types.js";
import { format } from "./i18n.js";
import type { FactView } from "./pages.js";

type Kind = HotelFact["kind"];
type Unit = NonNullable<HotelFact["unit"]>;
type StringKey = keyof UiStrings;

/** What each kind of figure is labelled with, and the units it takes: a fixed one it implies, or those it allows. */
export const FACT_KINDS: Record<Kind, { label: StringKey; implied?: StringKey; units?: readonly Unit[] }> = {
  rooms: { label: "factRooms" },
  restaurants: { label: "factRestaurants" },
  restaurantsAndBars: { label: "factRestaurantsAndBars" },
  pools: { label: "factPools" },
  meetingRooms: { label: "factMeetingRooms" },
  ballrooms: { label: "factBallrooms" },
  ballroomCapacity: { label: "factBallroomCapacity", implied: "unitGuests" },
  receptionCapacity: { label: "factReceptionCapacity", implied: "unitGuests" },
  eventCapacity: { label: "factEventCapacity", implied: "unitGuests" },
  area: { label: "factArea", units: ["acres", "sqft", "sqm"] },
  skiTerrain: { label: "factSkiTerrain", units: ["acres"] },
  eventSpace: { label: "factEventSpace", units: ["sqft", "sqm"] },
  meetingSpace: { label: "factMeetingSpace", units: ["sqft", "sqm"] },
  casino: { label: "factCasino", units: ["sqft", "sqm"] },
  spa: { label: "factSpa", units: ["sqft", "sqm"] },
  poolArea: { label: "factPoolArea", units: ["sqft", "sqm"] },
  airportMinutes: { label: "factAirportMinutes", implied: "unitMinutes" },
  airportDistance: { label: "factAirportDistance", units: ["miles", "km"] },
  elevation: { label: "factElevation", units: ["feet", "meters"] },
  golfHoles: { label: "factGolfHoles", implied: "unitHoles" },
};

/** The interface string of each unit a fact may state. */
const UNIT_STRINGS: Record<Unit, StringKey> = {
  sqft: "unitSqft",
  sqm: "unitSqm",
  acres: "unitAcres",
  miles: "unitMiles",
  km: "unitKm",
  feet: "unitFeet",
  meters: "unitMeters",
};

/** The interface string of each qualifier. */
const QUALIFIER_STRINGS: Record<NonNullable<HotelFact["qualifier"]>, StringKey> = {
  over: "qualifierOver",
  about: "qualifierAbout",
  upTo: "qualifierUpTo",
  plus: "qualifierPlus",
};

/** A fact whose unit does not suit its kind: what validation reports (pointer inside the fact, message, hint). */
export function factProblem(fact: HotelFact): { pointer: string; message: string; hint: string } | undefined {
  const kind = FACT_KINDS[fact.kind];
  if (!kind.units && fact.unit !== undefined) {
    return { pointer: "/unit", message: `${fact.kind} takes no unit`, hint: kind.implied ? `${fact.kind} is counted in ${kind.implied.slice(4).toLowerCase()}; remove unit` : "remove unit: the figure is a count" };
  }
  if (kind.units && (fact.unit === undefined || !kind.units.includes(fact.unit))) {
    return { pointer: fact.unit === undefined ? "" : "/unit", message: fact.unit === undefined ? `${fact.kind} needs a unit` : `${fact.kind} cannot be in ${fact.unit}`, hint: `write unit: ${kind.units.join(" or ")}, as the hotel's copy states it` };
  }
  return undefined;
}

const formats = new Map<string, Intl.NumberFormat>();
/** The page locale's number format, made once per locale. */
function numberFormat(locale: string): Intl.NumberFormat {
  let f = formats.get(locale);
  if (!f) formats.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })));
  return f;
}

/** The facts panel's rows in one language (`htmlLang`: the BCP 47 tag whose number format they use). */
export function factViews(facts: readonly HotelFact[] | undefined, t: UiStrings, htmlLang: string): FactView[] {
  return (facts ?? []).map((fact) => {
    const kind = FACT_KINDS[fact.kind];
    const number = numberFormat(htmlLang).format(fact.value);
    const unit = fact.unit ? UNIT_STRINGS[fact.unit] : kind.implied;
    // A figure and its unit never part at a line's end: the unit's spaces do not break.
    const measured = unit ? format(t[unit], { value: number }).replace(/ /g, "\u00a0") : number;
    const value = fact.qualifier ? format(t[QUALIFIER_STRINGS[fact.qualifier]], { value: measured }) : measured;
    return { label: t[kind.label], value };
  });
}

/** Small numbers in words: English (0-99, one hundred), and the numerals Chinese and Japanese copy writes. */
const ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(" ");
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const english = (n: number): string[] =>
  n < 20 ? [ONES[n]] : n < 100 ? (n % 10 ? [`${TENS[n / 10 | 0]}-${ONES[n % 10]}`, `${TENS[n / 10 | 0]} ${ONES[n % 10]}`] : [TENS[n / 10]]) : n === 100 ? ["one hundred", "a hundred"] : [];
const DIGITS = "〇一二三四五六七八九";
const cjk = (n: number): string[] => (n < 10 ? [DIGITS[n], ...(n === 2 ? ["两"] : [])] : n < 100 ? [`${n < 20 ? "" : DIGITS[n / 10 | 0]}十${n % 10 ? DIGITS[n % 10] : ""}`] : []);

/** How copy in a language may spell a small figure, with the letters a spelled number must not touch (six in twenty-six). */
const SPELLED: Record<string, { words: (n: number) => string[]; letters: string }> = {
  en: { words: english, letters: "\\p{L}-" },
  zh: { words: cjk, letters: `${DIGITS}十百千两` },
  ja: { words: cjk, letters: `${DIGITS}十百千` },
};

/** Every way the copy in `htmlLang` may state `value`: as the language formats it (1,800), plainly (1800), in words. */
export function spellings(value: number, htmlLang: string): string[] {
  const words = Number.isInteger(value) && value >= 0 ? (SPELLED[htmlLang.split("-")[0].toLowerCase()]?.words(value) ?? []) : [];
  return [...new Set([numberFormat(htmlLang).format(value), String(value), ...words])];
}

/** Where a figure stands alone in a text: not part of a longer number (800 is not in 1,800, six not in twenty-six). */
function mentions(text: string, spelled: string, htmlLang: string): boolean {
  return figurePattern(spelled, htmlLang).test(text);
}

/** The pattern of a figure standing alone, made once per figure and language (every hotel page asks for a few). */
const figurePatterns = new Map<string, RegExp>();
function figurePattern(spelled: string, htmlLang: string): RegExp {
  const key = `${htmlLang}\u0000${spelled}`;
  let re = figurePatterns.get(key);
  if (!re) {
    const escaped = spelled.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const letters = SPELLED[htmlLang.split("-")[0].toLowerCase()]?.letters ?? "\\p{L}";
    re = /\d/.test(spelled) ? new RegExp(`(?<![\\d.,])${escaped}(?![\\d]|[.,]\\d)`) : new RegExp(`(?<![${letters}])${escaped}(?![${letters}])`, "iu");
    figurePatterns.set(key, re);
  }
  return re;
}

/** The facts whose figure the hotel's default-language copy never states, by index: what `check` warns about. */
export function unstatedFacts(facts: readonly HotelFact[] | undefined, copy: unknown, htmlLang: string): number[] {
  if (!facts?.length) return [];
  const text = JSON.stringify(copy ?? "");
  return facts.flatMap((fact, i) => (spellings(fact.value, htmlLang).some((s) => mentions(text, s, htmlLang)) ? [] : [i]));
}

/** The features (a showcase's tiles) that state none of the facts' figures: the panel shows those, and a page each once. */
export function featuresBeyondFacts(features: readonly string[], facts: readonly HotelFact[] | undefined, htmlLang: string): string[] {
  const numbers = (facts ?? []).flatMap((f) => [numberFormat(htmlLang).format(f.value), String(f.value)]);
  return features.filter((text) => !numbers.some((n) => mentions(text, n, htmlLang)));
}
