import { describe, expect, test } from "vitest";

import { formatMinor, toCents, validMoneyFormat } from "./money";

describe("formatMinor", () => {
  test("shows minor units in the store's currency and locale, pounds by default", () => {
    expect(formatMinor(1250)).toBe("£12.50");
    expect(formatMinor(0)).toBe("£0.00");
    expect(formatMinor(123456)).toBe("£1,234.56");
    expect(formatMinor(123456, { currency: "EUR", locale: "de-DE" })).toBe("1.234,56\u00a0€");
    expect(formatMinor(1250, { currency: "USD", locale: "en-US" })).toBe("$12.50");
  });
});

describe("validMoneyFormat", () => {
  test("accepts two-decimal ISO currencies and refuses what would misprice", () => {
    expect(validMoneyFormat({ currency: "GBP", locale: "en-GB" })).toEqual({ currency: "GBP", locale: "en-GB" });
    expect(() => validMoneyFormat({ currency: "JPY", locale: "ja-JP" })).toThrow(/0 decimals/);
    expect(() => validMoneyFormat({ currency: "pounds", locale: "en-GB" })).toThrow(/ISO 4217/);
    expect(() => validMoneyFormat({ currency: "GBP", locale: "not a locale!" })).toThrow(/not known/);
  });
});

describe("toCents", () => {
  test("rounds away floating-point noise", () => {
    // 0.29 * 100 is 28.999999999999996 in JavaScript
    expect(toCents(0.29)).toBe(29);
    expect(toCents(12.5)).toBe(1250);
  });
});
