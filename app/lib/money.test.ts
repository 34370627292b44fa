import { describe, expect, test } from "vitest";

import { formatMinor, type MoneyFormat, priceWriting, toCents, validMoneyFormat } from "./money";

describe("formatMinor", () => {
  test("shows minor units in the store's currency and locale, pounds by default", () => {
    expect(formatMinor(1250)).toBe("£12.50");
    expect(formatMinor(0)).toBe("£0.00");
    expect(formatMinor(123456)).toBe("£1,234.56");
    expect(formatMinor(123456, { currency: "EUR", locale: "de-DE" })).toBe("1.234,56\u00a0€");
    expect(formatMinor(1250, { currency: "USD", locale: "en-US" })).toBe("$12.50");
  });
});

describe("priceWriting", () => {
  // Locales that write money differently: sign after, a space, other group sizes and signs, no
  // group below five digits, a sign before the minus.
  const formats: MoneyFormat[] = [
    { currency: "GBP", locale: "en-GB" },
    { currency: "EUR", locale: "de-DE" },
    { currency: "EUR", locale: "fr-FR" },
    { currency: "EUR", locale: "es-ES" },
    { currency: "CHF", locale: "de-CH" },
    { currency: "INR", locale: "en-IN" },
    { currency: "USD", locale: "en-US" },
    { currency: "EUR", locale: "nl-NL" },
    { currency: "PLN", locale: "pl-PL" },
  ];
  const amounts = [0, 7, 42, 1000, 99_999, 100_000, 1_234_567, 98_765_432_109, -5, -100_000, -1_234_567];

  test.each(formats)("writes every amount as Intl does in $locale ($currency)", (format) => {
    const writing = priceWriting(format);
    expect(writing).not.toBeNull();
    for (const minor of amounts) {
      expect(formatMinor(minor, { ...format, priceWriting: writing })).toBe(formatMinor(minor, format));
    }
  });

  test("reads the locale's own signs and groups", () => {
    expect(
      formatMinor(12_345_678, {
        currency: "INR",
        locale: "en-IN",
        priceWriting: priceWriting({ currency: "INR", locale: "en-IN" }),
      }),
    ).toBe("₹1,23,456.78");
    const euros = { currency: "EUR", locale: "es-ES" };
    expect(formatMinor(123_450, { ...euros, priceWriting: priceWriting(euros) })).toBe("1234,50\u00a0€");
    expect(
      formatMinor(-1250, {
        currency: "GBP",
        locale: "en-GB",
        priceWriting: priceWriting({ currency: "GBP", locale: "en-GB" }),
      }),
    ).toBe("-£12.50");
  });

  test("is null where the locale writes digits other than 0–9, and Intl writes those prices", () => {
    const arabic = { currency: "EGP", locale: "ar-EG" };
    expect(priceWriting(arabic)).toBeNull();
    expect(formatMinor(1250, { ...arabic, priceWriting: null })).toBe(formatMinor(1250, arabic));
  });

  test("an amount that is not a whole number of minor units is left to Intl", () => {
    const pounds = { currency: "GBP", locale: "en-GB" };
    expect(formatMinor(1250.6, { ...pounds, priceWriting: priceWriting(pounds) })).toBe("£12.51");
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
