import { DEFAULT_MONEY_FORMAT } from "~/lib/money";

/** STORE_LOCALE's default: prices and dates are written the same way. */
export const DEFAULT_LOCALE = DEFAULT_MONEY_FORMAT.locale;

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
export function formatDate(iso: string, locale: string) {
  return formatterFor(locale).format(new Date(iso));
}
