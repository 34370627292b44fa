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
