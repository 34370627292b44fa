import { afterEach, expect, test, vi } from "vitest";

import { dispatchSettings } from "~/config/env.server";
import { dispatchClock } from "~/lib/dispatch";
import { dispatchClockNow } from "~/replies/dispatch.server";

// A request's clock is worked out once a minute (reading the store's wall clock through Intl is
// dear); it must still be the clock of the moment the request is answered.

afterEach(() => {
  vi.useRealTimers();
});

test("a request's clock is the store's clock at that moment, across the cut-off and midnight", () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  // The store's settings, and a cut-off off the hour in a zone half an hour off UTC.
  const stores = [dispatchSettings(), { cutoff: { hours: 14, minutes: 37 }, timeZone: "Asia/Kolkata" }];
  // Thursday and Friday 26–27 November 2026 every 20 seconds: the cut-off, two midnights and the
  // start of a weekend.
  const from = Date.parse("2026-11-26T00:00:00Z");
  const seen = new Set<string>();
  for (let instant = from; instant < from + 2 * 86_400_000; instant += 20_000) {
    vi.setSystemTime(instant);
    for (const settings of stores) {
      const expected = dispatchClock(new Date(instant), settings);
      expect(dispatchClockNow(settings), `${new Date(instant).toISOString()} ${settings.timeZone}`).toEqual(expected);
      seen.add(`${settings.timeZone} ${expected.today} ${expected.inStockLeaves}`);
    }
  }
  // For each store, each day before and after its cut-off (Friday's after it leaving on Monday).
  expect(seen.size).toBeGreaterThanOrEqual(8);
});
