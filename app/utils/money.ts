/** How the store shows money: an ISO 4217 currency and a BCP 47 locale (STORE_CURRENCY, STORE_LOCALE). */
export type MoneyFormat = { currency: string; locale: string };

export const DEFAULT_MONEY_FORMAT: MoneyFormat = { currency: "GBP", locale: "en-GB" };

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor({ currency, locale }: MoneyFormat) {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 1250 minor units → "£12.50" (or "12,50 €" in de-DE and EUR): prices are kept in minor units. */
export function formatMinor(minor: number, format: MoneyFormat = DEFAULT_MONEY_FORMAT) {
  return formatterFor(format).format(minor / 100);
}

/**
 * Checks a currency and locale before the store starts: both must be known to Intl, and the
 * currency must have two decimals, as every price is stored in hundredths.
 */
export function validMoneyFormat(format: MoneyFormat): MoneyFormat {
  if (!/^[A-Z]{3}$/.test(format.currency)) {
    throw new Error(`STORE_CURRENCY must be an ISO 4217 code such as GBP (got "${format.currency}")`);
  }
  let digits: number | undefined;
  try {
    digits = formatterFor(format).resolvedOptions().maximumFractionDigits;
  } catch {
    throw new Error(`STORE_LOCALE "${format.locale}" or STORE_CURRENCY "${format.currency}" is not known`);
  }
  if (digits !== 2) {
    throw new Error(`STORE_CURRENCY ${format.currency} has ${digits} decimals; prices are kept in hundredths`);
  }
  return format;
}

/** "12.5" → 1250. The validation layer guarantees at most two decimals. */
export function toCents(amount: number) {
  return Math.round(amount * 100);
}
