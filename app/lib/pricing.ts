/**
 * The arithmetic of a bill: quantity prices, shipping and tax, all in integer minor units. Pure, so
 * the server's totals and a page's live preview are the same code.
 */

/** The store's rules (SHIPPING_FEE, FREE_SHIPPING_OVER, TAX_RATE, TAX_LABEL). */
export type PricingRules = {
  shippingFeeCents: number;
  /** Goods totals over this ship free (FREE_SHIPPING_OVER: "free over £250"). */
  freeShippingOverCents: number;
  /** The tax rate in hundredths of a percent (20% is 2000), so that 17.5% stays exact. */
  taxRateBasisPoints: number;
  taxLabel: string;
};

export const DEFAULT_PRICING_RULES: PricingRules = {
  shippingFeeCents: 950,
  freeShippingOverCents: 25_000,
  taxRateBasisPoints: 2000,
  taxLabel: "VAT",
};

/** From `minQuantity` units up, each unit costs `priceCents`. */
export type PriceBreak = { minQuantity: number; priceCents: number };

export type Totals = { subtotalCents: number; shippingCents: number; taxCents: number; totalCents: number };

/**
 * The unit price for a quantity: the break with the largest threshold the quantity reaches. A break
 * left above the price after the price was cut never makes more units cost more each.
 */
export function unitPriceFor(basePriceCents: number, breaks: readonly PriceBreak[], quantity: number) {
  let price = basePriceCents;
  let reached = 0;
  for (const { minQuantity, priceCents } of breaks) {
    if (quantity >= minQuantity && minQuantity > reached) {
      price = priceCents;
      reached = minQuantity;
    }
  }
  return Math.min(price, basePriceCents);
}

/** Half up to the minor unit: the one rounding a bill has. */
export function taxOn(amountCents: number, basisPoints: number) {
  return Math.floor((amountCents * basisPoints + 5000) / 10_000);
}

/** A bill's totals: goods, shipping (free over the threshold), and tax on both, rounded once. */
export function totalsFor(lines: readonly { lineTotalCents: number }[], rules: PricingRules): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const shippingCents = lines.length === 0 || subtotalCents > rules.freeShippingOverCents ? 0 : rules.shippingFeeCents;
  return totalsWithShipping(subtotalCents, shippingCents, rules);
}

/**
 * Totals for goods and a shipping charge already fixed: an order whose line was cancelled keeps the
 * shipping it was charged (fewer goods never add a charge the buyer did not agree to).
 */
export function totalsWithShipping(subtotalCents: number, shippingCents: number, rules: PricingRules): Totals {
  const taxCents = taxOn(subtotalCents + shippingCents, rules.taxRateBasisPoints);
  return { subtotalCents, shippingCents, taxCents, totalCents: subtotalCents + shippingCents + taxCents };
}

/** "20" for 2000 basis points, "17.5" for 1750: how a page names the rate. */
export function formatTaxRate(basisPoints: number) {
  return String(basisPoints / 100);
}
