import fc from "fast-check";
import { describe, expect, test } from "vitest";

import { DEFAULT_PRICING_RULES, type PriceBreak, totalsFor, unitPriceFor } from "./pricing";

// The rules written out the long way, with exact fractions, as the issue states them: a different
// computation from the code's, so that both agreeing means something.
function expectedTotals(lineTotals: number[], rules: typeof DEFAULT_PRICING_RULES) {
  const subtotal = lineTotals.reduce((sum, value) => sum + value, 0);
  const shipping = lineTotals.length && subtotal <= rules.freeShippingOverCents ? rules.shippingFeeCents : 0;
  const taxable = BigInt(subtotal + shipping);
  const numerator = taxable * BigInt(rules.taxRateBasisPoints); // tax in 1/10000 of a minor unit
  const whole = numerator / 10_000n;
  const tax = Number(numerator - whole * 10_000n >= 5_000n ? whole + 1n : whole); // half up, once
  return { subtotalCents: subtotal, shippingCents: shipping, taxCents: tax, totalCents: subtotal + shipping + tax };
}

const rulesArbitrary = fc.record({
  shippingFeeCents: fc.integer({ min: 0, max: 100_00 }),
  freeShippingOverCents: fc.integer({ min: 0, max: 1_000_00 }),
  taxRateBasisPoints: fc.integer({ min: 0, max: 5_000 }),
  taxLabel: fc.constant("VAT"),
});

describe("totalsFor", () => {
  test("shipping up to the threshold, free over it; tax on goods and shipping, rounded half up once", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 20 }),
        rulesArbitrary,
        (lines, rules) => {
          const totals = totalsFor(
            lines.map((lineTotalCents) => ({ lineTotalCents })),
            rules,
          );
          expect(totals).toEqual(expectedTotals(lines, rules));
        },
      ),
      { numRuns: 2000 },
    );
  });

  test("the worked examples: 20% VAT on 47.00 is 9.40; 17.5% on 0.10 rounds 1.75p up to 2p", () => {
    expect(totalsFor([{ lineTotalCents: 3750 }], DEFAULT_PRICING_RULES)).toEqual({
      subtotalCents: 3750,
      shippingCents: 950,
      taxCents: 940,
      totalCents: 5640,
    });
    const rules = { ...DEFAULT_PRICING_RULES, shippingFeeCents: 0, taxRateBasisPoints: 1750 };
    expect(totalsFor([{ lineTotalCents: 10 }], rules).taxCents).toBe(2);
    // Free *over* FREE_SHIPPING_OVER: exactly 250.00 still pays shipping, 250.01 does not.
    expect(totalsFor([{ lineTotalCents: 25_000 }], DEFAULT_PRICING_RULES).shippingCents).toBe(950);
    expect(totalsFor([{ lineTotalCents: 25_001 }], DEFAULT_PRICING_RULES).shippingCents).toBe(0);
    expect(totalsFor([], DEFAULT_PRICING_RULES).totalCents).toBe(0);
  });
});

describe("unitPriceFor", () => {
  const breaksArbitrary = fc
    .uniqueArray(fc.integer({ min: 2, max: 500 }), { maxLength: 5 })
    .chain((thresholds) =>
      fc.tuple(
        fc.constant([...thresholds].sort((a, b) => a - b)),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: thresholds.length, maxLength: thresholds.length }),
      ),
    )
    .map(([thresholds, prices]) => {
      const descending = [...prices].sort((a, b) => b - a);
      return thresholds.map((minQuantity, index) => ({ minQuantity, priceCents: descending[index] }) as PriceBreak);
    });

  test("a quantity pays the price of the highest break it reaches, never more than the base price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        breaksArbitrary,
        fc.integer({ min: 1, max: 1000 }),
        (base, breaks, quantity) => {
          const reached = breaks.filter((tier) => quantity >= tier.minQuantity).at(-1);
          expect(unitPriceFor(base, breaks, quantity)).toBe(Math.min(base, reached?.priceCents ?? base));
        },
      ),
    );
  });

  test("more units never cost more in all (with breaks each below the base price)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 20_000 }),
        breaksArbitrary,
        fc.integer({ min: 1, max: 999 }),
        (base, breaks, quantity) => {
          const below = breaks.map((tier) => ({ ...tier, priceCents: Math.min(tier.priceCents, base - 1) }));
          // Totals can dip at a break (10 × 4.40 < 9 × 4.95): what must hold is the unit price never rising.
          expect(unitPriceFor(base, below, quantity + 1)).toBeLessThanOrEqual(unitPriceFor(base, below, quantity));
        },
      ),
    );
  });
});
