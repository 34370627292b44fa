import { describe, expect, it } from "vitest";

import { addCalendarDays, isCalendarDate } from "./quotes";

describe("calendar dates", () => {
  it("knows a real day written YYYY-MM-DD", () => {
    expect(isCalendarDate("2026-11-27")).toBe(true);
    expect(isCalendarDate("2028-02-29")).toBe(true);
  });

  it("refuses days that do not exist, without throwing", () => {
    for (const text of ["2026-02-30", "2026-13-01", "2026-00-10", "2026-11-32", "27/11/2026", "2026-1-1", ""]) {
      expect(isCalendarDate(text), text).toBe(false);
    }
  });

  it("counts days across months and years", () => {
    expect(addCalendarDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addCalendarDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
