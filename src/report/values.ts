// The values of an export's cells as programmes write them; each reader returns undefined for what it cannot read.

/** Amounts are kept in thousandths of the currency's unit: integers add up exactly, and three decimals fit. */
export const UNIT = 1000;

/** "1,234.56", "1.234,56", "1 234,56", "-12.5", "12,50" -> thousandths; undefined for anything else. */
export function parseAmount(text: string): number | undefined {
  const s = text.trim().replace(/[\s\u00a0\u202f']/g, "");
  let plain: string | undefined;
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s) || /^[-+]?\d+(\.\d+)?$/.test(s)) plain = s.replaceAll(",", "");
  else if (/^[-+]?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s) || /^[-+]?\d+,\d+$/.test(s)) plain = s.replaceAll(".", "").replace(",", ".");
  if (plain === undefined) return undefined;
  const n = Math.round(Number(plain) * UNIT);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** An ISO 4217 code ("eur" read as EUR); undefined for anything else. */
export function parseCurrency(text: string): string | undefined {
  const s = text.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(s) ? s : undefined;
}

/** A date as YYYY-MM-DD: ISO (a time after it ignored), or with slashes, dots or dashes in the given order. */
export function parseDate(text: string, order: "dmy" | "mdy" | "ymd"): string | undefined {
  const s = text.trim();
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  const other = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?: [\d:]+)?$/.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (other) {
    const [a, b, c] = [Number(other[1]), Number(other[2]), Number(other[3])];
    [y, m, d] = order === "ymd" ? [a, b, c] : order === "dmy" ? [c, b, a] : [c, a, b];
  } else return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1970 || y > 9999 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

/** The Monday that starts a date's ISO week, YYYY-MM-DD. */
export function weekOf(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  const day = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - day * 86_400_000).toISOString().slice(0, 10);
}

