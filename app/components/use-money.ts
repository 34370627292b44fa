import { useRouteLoaderData } from "@remix-run/react";

import { DEFAULT_MONEY_FORMAT, formatMinor, type MoneyFormat } from "~/lib/money";

/** The store's currency and locale, as the root loader sent them. */
export function useMoneyFormat(): MoneyFormat {
  const root = useRouteLoaderData("root") as { money?: MoneyFormat } | undefined;
  return root?.money ?? DEFAULT_MONEY_FORMAT;
}

/** Formats prices in the store's currency and locale. */
export function useFormatPrice() {
  const format = useMoneyFormat();
  return (minor: number) => formatMinor(minor, format);
}

/** The store's currency code, for labels such as "Price/unit (GBP)". */
export function useCurrency() {
  return useMoneyFormat().currency;
}

/** "excl. VAT": how every price is marked that does not include the store's tax (TAX_LABEL). */
export function useExclTax() {
  const root = useRouteLoaderData("root") as { pricing?: { taxLabel: string } } | undefined;
  return `excl. ${root?.pricing?.taxLabel ?? "VAT"}`;
}
