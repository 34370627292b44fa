import { describe, expect, test } from "vitest";

import { DEFAULT_LOCALE, formatDate } from "./dates";

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
