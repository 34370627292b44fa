import { useRouteLoaderData } from "@remix-run/react";

import { DEFAULT_MONEY_FORMAT, formatMinor, type MoneyFormat } from "~/utils/money";

/** Formats prices in the store's currency and locale, as the root loader sent them. */
export function useFormatPrice() {
  const root = useRouteLoaderData("root") as { money?: MoneyFormat } | undefined;
  const format = root?.money ?? DEFAULT_MONEY_FORMAT;
  return (minor: number) => formatMinor(minor, format);
}

/** The store's currency code, for labels such as "Price/unit (GBP)". */
export function useCurrency() {
  const root = useRouteLoaderData("root") as { money?: MoneyFormat } | undefined;
  return (root?.money ?? DEFAULT_MONEY_FORMAT).currency;
}
