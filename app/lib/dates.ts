/** STORE_LOCALE's default: prices (DEFAULT_MONEY_FORMAT) and dates are written the same way. */
export const DEFAULT_LOCALE = "en-GB";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string) {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * "24 Nov 2026" in en-GB, "24. Nov. 2026" in de-DE: the one way the store writes a day, on pages
 * and in mail. The locale is STORE_LOCALE, always passed in (the browser's own would differ from the
 * server's and break hydration); dates are stored in UTC and shown in UTC, so both sides agree.
 */
export function formatDate(iso: string, locale: string, writing?: DateWriting | null) {
  const date = new Date(iso);
  return writing && !Number.isNaN(date.getTime()) ? writeDate(date, writing) : formatterFor(locale).format(date);
}

/**
 * How a locale writes a day, read from Intl once, on the server: its fields and what stands between
 * them, and the twelve months' names. The browser writes days with it rather than with Intl, for the
 * reason prices are (PriceWriting in ./money).
 */
export type DateWriting = {
  pattern: ({ field: "day" | "month" | "year" } | { literal: string })[];
  months: string[];
};

/**
 * The writing of `locale`'s days, or null where writing them by hand would differ from Intl on any
 * day of a sample (every month, short and long days, three centuries).
 */
export function dateWriting(locale: string): DateWriting | null {
  const formatter = formatterFor(locale);
  const months = Array.from(
    { length: 12 },
    (_, month) =>
      formatter.formatToParts(new Date(Date.UTC(2026, month, 15))).find((part) => part.type === "month")?.value ?? "",
  );
  const pattern = formatter
    .formatToParts(new Date(Date.UTC(2026, 0, 15)))
    .map((part) =>
      part.type === "day" || part.type === "month" || part.type === "year"
        ? { field: part.type }
        : { literal: part.value },
    );
  const writing: DateWriting = { pattern, months };
  const samples = [1999, 2026, 2100].flatMap((year) =>
    months.flatMap((_, month) => [1, 9, 10, 28].map((day) => new Date(Date.UTC(year, month, day)))),
  );
  return samples.every((date) => writeDate(date, writing) === formatter.format(date)) ? writing : null;
}

function writeDate(date: Date, { pattern, months }: DateWriting) {
  const fields = {
    day: String(date.getUTCDate()),
    month: months[date.getUTCMonth()],
    year: String(date.getUTCFullYear()),
  };
  return pattern.map((part) => ("literal" in part ? part.literal : fields[part.field])).join("");
}
