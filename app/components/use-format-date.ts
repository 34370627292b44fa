import { useRouteLoaderData } from "@remix-run/react";

import { DEFAULT_LOCALE, formatDate } from "~/lib/dates";
import type { MoneyFormat } from "~/lib/money";

/**
 * Formats dates in STORE_LOCALE, which the root loader sends with the money format: the server's
 * render and the browser's hydration write the same text.
 */
export function useFormatDate() {
  const root = useRouteLoaderData("root") as { money?: MoneyFormat } | undefined;
  const locale = root?.money?.locale ?? DEFAULT_LOCALE;
  const writing = root?.money?.dateWriting;
  return (iso: string) => formatDate(iso, locale, writing);
}
