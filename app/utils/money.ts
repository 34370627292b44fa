const formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatCents(cents: number) {
  return formatter.format(cents / 100);
}

/** "12.5" → 1250. The validation layer guarantees at most two decimals. */
export function toCents(amount: number) {
  return Math.round(amount * 100);
}
