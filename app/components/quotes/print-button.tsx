import { useHydrated } from "remix-utils/use-hydrated";

import { buttonClass } from "~/components/ui/button";

/**
 * Prints the page (its print stylesheet leaves out the site's header, menus and forms). Only with
 * JavaScript; without it the browser's own Print does the same, so nothing is shown that cannot work.
 */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className={buttonClass("secondary")} onClick={() => window.print()}>
      Print
    </button>
  );
}
