import { describe, expect, test } from "vitest";

import { formatCents, toCents } from "./money";

describe("formatCents", () => {
  test("formats whole cents as dollars", () => {
    expect(formatCents(1250)).toBe("$12.50");
    expect(formatCents(0)).toBe("$0.00");
  });

  test("adds thousands separators", () => {
    expect(formatCents(123456)).toBe("$1,234.56");
  });
});

describe("toCents", () => {
  test("rounds away floating-point noise", () => {
    // 0.29 * 100 is 28.999999999999996 in JavaScript
    expect(toCents(0.29)).toBe(29);
  });
});
