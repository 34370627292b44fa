import { describe, expect, test } from "vitest";

import { dateWriting, DEFAULT_LOCALE, formatDate } from "./dates";

describe("formatDate", () => {
  test("writes the day in the locale it is given: 24 Nov 2026 in en-GB, the store's default", () => {
    expect(DEFAULT_LOCALE).toBe("en-GB");
    expect(formatDate("2026-11-24T09:15:00.000Z", "en-GB")).toBe("24 Nov 2026");
    expect(formatDate("2026-11-24T09:15:00.000Z", "de-DE")).toBe("24. Nov. 2026");
    expect(formatDate("2026-11-24T09:15:00.000Z", "en-US")).toBe("Nov 24, 2026");
  });

  test("a stored UTC time is shown on its UTC day, whatever the process's time zone", () => {
    expect(formatDate("2026-11-24T23:59:59.000Z", "en-GB")).toBe("24 Nov 2026");
    expect(formatDate("2026-11-25T00:00:00.000Z", "en-GB")).toBe("25 Nov 2026");
    // Content dates are plain days (a blog post's "2026-10-07"), read as UTC midnight.
    expect(formatDate("2026-10-07", "en-GB")).toBe("7 Oct 2026");
  });
});

describe("dateWriting", () => {
  const locales = ["en-GB", "en-US", "de-DE", "fr-FR", "es-ES", "nl-NL", "pl-PL", "en-IN", "it-IT"];

  test.each(locales)("writes every day of a year as Intl does in %s", (locale) => {
    const writing = dateWriting(locale);
    expect(writing).not.toBeNull();
    for (let day = 0; day < 366; day += 1) {
      const iso = new Date(Date.UTC(2028, 0, 1 + day)).toISOString();
      expect(formatDate(iso, locale, writing)).toBe(formatDate(iso, locale));
    }
  });

  test("is null where the locale writes digits other than 0–9, and Intl writes those days", () => {
    expect(dateWriting("ar-EG")).toBeNull();
    expect(formatDate("2026-11-24", "ar-EG", null)).toBe(formatDate("2026-11-24", "ar-EG"));
  });

  test("a day that is not a date is refused as Intl refuses it", () => {
    expect(() => formatDate("not a day", "en-GB", dateWriting("en-GB"))).toThrow(RangeError);
  });
});
