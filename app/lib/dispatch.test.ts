import fc from "fast-check";
import { describe, expect, test } from "vitest";

import {
  addWorkingDays,
  dayStartsAt,
  dispatchClock,
  dispatchDate,
  dispatchWording,
  isWorkingDay,
  readCutoff,
  supplyOf,
  supplyWording,
} from "./dispatch";

const LONDON = { cutoff: { hours: 14, minutes: 0 }, timeZone: "Europe/London" };
const clockAt = (iso: string, settings = LONDON) => dispatchClock(new Date(iso), settings);

describe("the day stock in hand leaves", () => {
  test("today before the cut-off on a working day, the next working day after it", () => {
    // Thursday 26 November 2026, London on GMT.
    expect(clockAt("2026-11-26T13:59:00Z")).toEqual({ today: "2026-11-26", inStockLeaves: "2026-11-26" });
    expect(clockAt("2026-11-26T14:00:00Z")).toEqual({ today: "2026-11-26", inStockLeaves: "2026-11-27" });
    // Friday after the cut-off, Saturday and Sunday: Monday.
    expect(clockAt("2026-11-27T15:00:00Z").inStockLeaves).toBe("2026-11-30");
    expect(clockAt("2026-11-28T09:00:00Z").inStockLeaves).toBe("2026-11-30");
    expect(clockAt("2026-11-29T09:00:00Z").inStockLeaves).toBe("2026-11-30");
  });

  test("across the clock change the cut-off stays at 14:00 on the store's clock", () => {
    // Monday 30 March 2026, the day after the clocks go forward: 13:30 UTC is 14:30 in London.
    expect(clockAt("2026-03-30T12:59:00Z").inStockLeaves).toBe("2026-03-30");
    expect(clockAt("2026-03-30T13:30:00Z").inStockLeaves).toBe("2026-03-31");
    // Monday 26 October 2026, the day after they go back: 13:30 UTC is 13:30 in London again.
    expect(clockAt("2026-10-26T13:30:00Z").inStockLeaves).toBe("2026-10-26");
    // Late on Thursday 25 June in UTC is already Friday in London: Friday's date, before the cut-off.
    expect(clockAt("2026-06-25T23:30:00Z")).toEqual({ today: "2026-06-26", inStockLeaves: "2026-06-26" });
  });

  test("the store's own zone and cut-off, not the server's", () => {
    const tokyo = { cutoff: { hours: 16, minutes: 30 }, timeZone: "Asia/Tokyo" };
    // 07:00 UTC on Thursday is 16:00 in Tokyo: before its 16:30 cut-off.
    expect(clockAt("2026-11-26T07:00:00Z", tokyo).inStockLeaves).toBe("2026-11-26");
    expect(clockAt("2026-11-26T07:31:00Z", tokyo).inStockLeaves).toBe("2026-11-27");
  });
});

describe("the day what is not in stock leaves", () => {
  test("today plus the lead time in working days", () => {
    const friday = clockAt("2026-11-27T09:00:00Z");
    expect(dispatchDate(friday, { inStock: false, leadTimeDays: 5 })).toBe("2026-12-04");
    expect(dispatchDate(friday, { inStock: false, leadTimeDays: 1 })).toBe("2026-11-30");
    const saturday = clockAt("2026-11-28T09:00:00Z");
    expect(dispatchDate(saturday, { inStock: false, leadTimeDays: 1 })).toBe("2026-11-30");
    expect(dispatchDate(saturday, { inStock: true, leadTimeDays: 9 })).toBe("2026-11-30");
  });

  test("working days: a date moved by n is a working day, n working days on, whatever day it starts", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-12-31"), noInvalidDate: true }),
        fc.nat(40),
        (start, count) => {
          const day = start.toISOString().slice(0, 10);
          const later = addWorkingDays(day, count);
          if (count > 0) expect(isWorkingDay(later)).toBe(true);
          let between = 0;
          for (let cursor = new Date(`${day}T12:00:00Z`); cursor.toISOString().slice(0, 10) < later;) {
            cursor.setUTCDate(cursor.getUTCDate() + 1);
            if (isWorkingDay(cursor.toISOString().slice(0, 10))) between++;
          }
          expect(between).toBe(count);
        },
      ),
    );
  });
});

test("one wording everywhere", () => {
  const clock = clockAt("2026-11-26T10:00:00Z");
  const formatDay = (day: string) => `«${day}»`;
  expect(dispatchWording(clock, "2026-11-26", formatDay)).toBe("Dispatched today");
  expect(dispatchWording(clock, "2026-12-01", formatDay)).toBe("Dispatched by «2026-12-01»");
});

test("the cut-off is read as the store writes it", () => {
  expect(readCutoff("14:00")).toEqual({ hours: 14, minutes: 0 });
  expect(readCutoff("09:30")).toEqual({ hours: 9, minutes: 30 });
  for (const wrong of ["24:00", "9:30", "14", "14:60", "two"]) expect(readCutoff(wrong)).toBeNull();
});

describe("a line's supply in words", () => {
  const clock = clockAt("2026-11-27T15:00:00Z");
  const formatDay = (day: string) => `«${day}»`;
  test("all from stock, none, and some", () => {
    const words = (quantity: number, available: number) =>
      supplyWording(clock, supplyOf(clock, { quantity, available, leadTimeDays: 5 }), formatDay);
    expect(words(10, 40)).toBe("Dispatched by «2026-11-30»");
    expect(words(10, 0)).toBe("On backorder: dispatched by «2026-12-04»");
    expect(words(25, 8)).toBe("8 now, 17 on backorder, dispatched by «2026-12-04»");
    expect(
      supplyWording(
        clockAt("2026-11-27T09:00:00Z"),
        supplyOf(clock, { quantity: 1, available: 1, leadTimeDays: 5 }),
        formatDay,
      ),
    ).toBe("Dispatched today");
  });
});

describe("the instant a store day begins", () => {
  test("in London's winter and summer, on the days its clocks change, and in zones far from it", () => {
    const starts = (day: string, zone: string) => dayStartsAt(day, zone).toISOString();
    expect(starts("2026-01-01", "Europe/London")).toBe("2026-01-01T00:00:00.000Z");
    expect(starts("2026-07-01", "Europe/London")).toBe("2026-06-30T23:00:00.000Z");
    // Summer time starts at 01:00 on 29 March 2026 and ends at 02:00 on 25 October.
    expect(starts("2026-03-29", "Europe/London")).toBe("2026-03-29T00:00:00.000Z");
    expect(starts("2026-03-30", "Europe/London")).toBe("2026-03-29T23:00:00.000Z");
    expect(starts("2026-10-25", "Europe/London")).toBe("2026-10-24T23:00:00.000Z");
    expect(starts("2026-10-26", "Europe/London")).toBe("2026-10-26T00:00:00.000Z");
    expect(starts("2026-07-01", "America/New_York")).toBe("2026-07-01T04:00:00.000Z");
    expect(starts("2026-07-01", "Asia/Kolkata")).toBe("2026-06-30T18:30:00.000Z");
  });
});
