import { describe, expect, test } from "vitest";

import { Ranked, TIER } from "./ranked";

describe("Ranked", () => {
  test("a part keeps the best tier it reached; within a tier the newest comes first", () => {
    const ranked = new Ranked(500);
    ranked.add(TIER.everyTerm, [9, 7, 5, 3]);
    ranked.add(TIER.everyTermInName, [7, 3]);
    ranked.add(TIER.everyTermBySpecInName, [5]);
    ranked.add(TIER.everyTerm, [5]);
    expect(ranked.hits({ corrected: null })).toEqual({
      ids: [5, 7, 3, 9],
      fullMatches: 4,
      more: false,
      corrected: null,
    });
  });

  test("parts meeting some terms follow, and are not counted as full matches", () => {
    const ranked = new Ranked(500);
    ranked.add(TIER.someTerms, [4, 2]);
    ranked.add(TIER.containing, [1]);
    expect(ranked.hits({ corrected: "spur gear" })).toEqual({
      ids: [1, 4, 2],
      fullMatches: 1,
      more: false,
      corrected: "spur gear",
    });
  });

  test("past the bound no part is added, there are said to be more, and later tiers are skipped", () => {
    const ranked = new Ranked(3);
    expect(ranked.skipsTier()).toBe(false);
    ranked.add(TIER.everyTermInName, [8, 6]);
    ranked.add(TIER.everyTerm, [9, 8, 5, 4]);
    expect(ranked.size).toBe(3);
    expect(ranked.skipsTier()).toBe(true);
    // A better tier still lifts a part already held.
    ranked.add(TIER.everyTermBySpecInName, [9, 1]);
    expect(ranked.hits({ corrected: null })).toEqual({ ids: [9, 8, 6], fullMatches: 3, more: true, corrected: null });
  });

  test("a read that fills the bound says there may be more", () => {
    const ranked = new Ranked(2);
    ranked.add(TIER.everyTerm, [3, 2]);
    expect(ranked.hits({ corrected: null }).more).toBe(true);
  });
});
