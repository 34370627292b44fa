// Growth with the catalog: the same pages on a small catalog, cache off on both, so the comparison
// is about the database and rendering, not the cache. Measured in the pages' rounds.
import { fmt } from "../lib/report.mjs";

/** The small catalog's pages, for the page plan (scenarios/pages.mjs). */
export function growthPages(small, smallItems) {
  return [
    { name: "home-small", label: `Home, cache off (${fmt.int(smallItems)} items)`, server: small, path: "/" },
    {
      name: "items-small",
      label: `Catalog page 1, cache off (${fmt.int(smallItems)} items)`,
      server: small,
      path: "/items",
    },
  ];
}

/** Each page on the small catalog beside the same page on the large one, by page name. */
export const GROWTH_PAIRS = [
  { label: "Home", small: "home-small", large: "home-uncached" },
  { label: "Catalog page 1", small: "items-small", large: "items-uncached" },
];
