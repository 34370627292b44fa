import { type DateWriting, DEFAULT_LOCALE } from "./dates";

/**
 * How the store shows money and days: an ISO 4217 currency and a BCP 47 locale (STORE_CURRENCY,
 * STORE_LOCALE), and, where the configuration worked them out (app/config/schema.server.ts), how
 * that locale writes a price and a day without Intl.
 */
export type MoneyFormat = {
  currency: string;
  locale: string;
  priceWriting?: PriceWriting | null;
  dateWriting?: DateWriting | null;
};

export const DEFAULT_MONEY_FORMAT: MoneyFormat = { currency: "GBP", locale: DEFAULT_LOCALE };

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor({ currency, locale }: MoneyFormat) {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 1250 minor units → "£12.50" (or "12,50 €" in de-DE and EUR): prices are kept in minor units. */
export function formatMinor(minor: number, format: MoneyFormat = DEFAULT_MONEY_FORMAT) {
  const writing = format.priceWriting;
  return writing && Number.isInteger(minor) ? writeMinor(minor, writing) : formatterFor(format).format(minor / 100);
}

/**
 * How a locale writes an amount of its currency, read from Intl once, on the server: what comes
 * before and after the digits (of a positive and of a negative amount), the decimal and group signs,
 * and the groups' sizes. The browser writes prices with it rather than with Intl: a page's first
 * Intl formatter costs a browser 35–70 ms (its locale data is loaded then), most of what a phone
 * spends blocked while a page with prices hydrates.
 */
export type PriceWriting = {
  positive: [before: string, after: string];
  negative: [before: string, after: string];
  decimal: string;
  group: string;
  /** Digits in the last group, and in each group before it: [3, 3] mostly, [3, 2] in en-IN. */
  groups: [last: number, others: number];
  /** The fewest digits before the last group for there to be a group: 1 mostly, 2 in es-ES ("1234,50 €"). */
  minimumGrouping: number;
};

/** Amounts a writing must write exactly as Intl does before it is used: every length and sign. */
const PRICE_SAMPLES = [
  0, 1, 5, 99, 100, 1250, 99_999, 123_456, 1_234_567, 12_345_678, 123_456_789, 1_234_567_890, 123_456_789_012, -1,
  -1250, -123_456, -123_456_789,
];

/**
 * The writing of `format`'s prices, or null where writing them by hand would differ from Intl in
 * any sample (digits other than 0–9, say): those stores' pages use Intl in the browser too.
 */
export function priceWriting(format: MoneyFormat): PriceWriting | null {
  const formatter = formatterFor(format);
  const around = (amount: number) => {
    const parts = formatter.formatToParts(amount);
    const first = parts.findIndex((part) => part.type === "integer");
    const last = parts.map((part) => part.type).lastIndexOf("fraction");
    const text = (from: number, to?: number) =>
      parts
        .slice(from, to)
        .map((part) => part.value)
        .join("");
    return { before: text(0, first), after: text(last + 1), digits: parts.slice(first, last + 1) };
  };
  const positive = around(123_456_789.12);
  const negative = around(-123_456_789.12);
  const integers = positive.digits.filter((part) => part.type === "integer").map((part) => part.value.length);
  const writing: PriceWriting = {
    positive: [positive.before, positive.after],
    negative: [negative.before, negative.after],
    decimal: positive.digits.find((part) => part.type === "decimal")?.value ?? ".",
    group: positive.digits.find((part) => part.type === "group")?.value ?? "",
    groups: [integers.at(-1) ?? 3, integers.length > 2 ? integers.at(-2)! : (integers.at(-1) ?? 3)],
    minimumGrouping: formatter.formatToParts(1234).some((part) => part.type === "group") ? 1 : 2,
  };
  const same = PRICE_SAMPLES.every((minor) => writeMinor(minor, writing) === formatter.format(minor / 100));
  return same ? writing : null;
}

function writeMinor(minor: number, writing: PriceWriting) {
  const [before, after] = minor < 0 ? writing.negative : writing.positive;
  const cents = Math.abs(minor);
  const whole = String(Math.floor(cents / 100));
  return `${before}${grouped(whole, writing)}${writing.decimal}${String(cents % 100).padStart(2, "0")}${after}`;
}

function grouped(digits: string, { group, groups: [last, others], minimumGrouping }: PriceWriting) {
  if (!group || digits.length < last + minimumGrouping) return digits;
  const groups = [digits.slice(-last)];
  let rest = digits.slice(0, -last);
  for (; rest.length > others; rest = rest.slice(0, -others)) groups.unshift(rest.slice(-others));
  groups.unshift(rest);
  return groups.join(group);
}

/**
 * Checks a currency and locale before the store starts: both must be known to Intl, and the
 * currency must have two decimals, as every price is stored in hundredths.
 */
export function validMoneyFormat(format: MoneyFormat): MoneyFormat {
  if (!/^[A-Z]{3}$/.test(format.currency)) {
    throw new Error(`STORE_CURRENCY must be an ISO 4217 code such as GBP (got "${format.currency}")`);
  }
  let digits: number | undefined;
  try {
    digits = formatterFor(format).resolvedOptions().maximumFractionDigits;
  } catch {
    throw new Error(
      `STORE_LOCALE "${format.locale}" or STORE_CURRENCY "${format.currency}" is not known: use a locale such as en-GB and a currency such as GBP`,
    );
  }
  if (digits !== 2) {
    throw new Error(
      `STORE_CURRENCY ${format.currency} has ${digits} decimals; the shop needs a currency with two, as prices are kept in hundredths`,
    );
  }
  return format;
}

/** "12.5" → 1250. The validation layer guarantees at most two decimals. */
export function toCents(amount: number) {
  return Math.round(amount * 100);
}

/** How prices may be typed in a store's currency and locale (see typedPriceText). */
type PriceNotation = {
  /** The currency's signs, longest first: "US$", "$" and "USD" for dollars in en-GB. */
  signs: string[];
  /** Whether the locale writes the sign before the amount (£12.40) or after it (12,40 €). */
  signFirst: boolean;
  /** What the locale puts between the sign and the amount: "" (£12.40) or a space (CHF 12.40). */
  spacing: string;
  /** The thousands separator the locale writes, when its decimal separator is a point; else null. */
  group: string | null;
};

const notations = new Map<string, PriceNotation>();

function priceNotation(format: MoneyFormat): PriceNotation {
  const key = `${format.locale}|${format.currency}`;
  let notation = notations.get(key);
  if (!notation) {
    const partsOf = (currencyDisplay: "symbol" | "narrowSymbol") =>
      new Intl.NumberFormat(format.locale, { style: "currency", currency: format.currency, currencyDisplay })
        .formatToParts(1234.5)
        .map((part) => [part.type, part.value] as const);
    const parts = partsOf("symbol");
    const valueOf = (type: string) => parts.find(([partType]) => partType === type)?.[1];
    const narrow = partsOf("narrowSymbol").find(([type]) => type === "currency")?.[1];
    const signs = [valueOf("currency"), narrow, format.currency].filter((sign): sign is string => Boolean(sign));
    notation = {
      signs: [...new Set(signs)].sort((a, b) => b.length - a.length),
      signFirst: parts.findIndex(([type]) => type === "currency") < parts.findIndex(([type]) => type === "integer"),
      spacing: parts.some(([type]) => type === "literal") ? " " : "",
      // Where the decimal separator is a comma (de-DE), "1,234" could mean either: no separators then.
      group: valueOf("decimal") === "." ? (valueOf("group") ?? null) : null,
    };
    notations.set(key, notation);
  }
  return notation;
}

/**
 * A price as an admin types it → plain decimal text, or null when it does not read as one:
 * "£1,234.50" → "1234.50". Around the amount: spaces and the store's currency sign or code, before
 * or after; inside it: the locale's thousands separators in groups of three, and a decimal point.
 */
export function typedPriceText(text: string, format: MoneyFormat = DEFAULT_MONEY_FORMAT): string | null {
  const { signs, group } = priceNotation(format);
  let amount = text.trim();
  for (const sign of signs) {
    const upper = amount.toUpperCase();
    if (upper.startsWith(sign.toUpperCase())) amount = amount.slice(sign.length).trim();
    else if (upper.endsWith(sign.toUpperCase())) amount = amount.slice(0, -sign.length).trim();
    else continue;
    break;
  }
  const [whole, fraction, ...rest] = amount.split(".");
  if (rest.length || (fraction !== undefined && !/^\d{1,2}$/.test(fraction))) return null;
  const groups = group ? whole.split(group) : [whole];
  const grouped =
    groups.length === 1 || (/^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g)));
  if (!grouped || !/^\d+$/.test(groups.join(""))) return null;
  return fraction === undefined ? groups.join("") : `${groups.join("")}.${fraction}`;
}

/** "12.40 or £1,234.50": how a price may be typed in this store, for the message beside the field. */
export function typedPriceExample(format: MoneyFormat = DEFAULT_MONEY_FORMAT) {
  const { signs, signFirst, spacing, group } = priceNotation(format);
  const amount = `1${group ?? ""}234.50`;
  const sign = signs.find((candidate) => candidate !== format.currency) ?? format.currency;
  return `12.40 or ${signFirst ? `${sign}${spacing}${amount}` : `${amount}${spacing}${sign}`}`;
}

/** An amount of hundredths as a plain decimal, as files for other programs write it: 123456 → "1234.56". */
export function decimalAmount(cents: number) {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}
