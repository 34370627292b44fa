import { z } from "zod";

import { CATALOG_SORT_OPTIONS, type CatalogSort, MAX_SEARCH_LENGTH } from "~/lib/catalog-links";

import { pageNumberField } from "./common";

/**
 * The most spec values a catalog URL may choose: more than a buyer ticks (a category lists at most 30
 * values of each spec), so a URL with more was not made by the page; the catalog refuses it with a
 * 400 before reading anything, rather than render a whole page for it.
 */
export const MAX_SPEC_CHOICES = 50;
/**
 * The most specs whose values one URL may choose. Each chosen spec is a condition of every count
 * beside the others, so the work grows with their square (50 made-up names: 77 ms); a category has
 * a handful of specs (seven at most in the demo catalog).
 */
export const MAX_CHOSEN_SPECS = 12;

/** Why a catalog URL is refused before anything is read (a 400), or null. */
export function refusalOfCatalogUrl(searchParams: URLSearchParams): string | null {
  const specs = searchParams.getAll("spec");
  if (specs.length > MAX_SPEC_CHOICES) {
    return `Choose at most ${MAX_SPEC_CHOICES} spec values at once: clear some filters and try again.`;
  }
  const names = new Set(specs.flatMap((entry) => readSpecEntry(entry)?.name ?? []));
  if (names.size > MAX_CHOSEN_SPECS) {
    return `Choose values of at most ${MAX_CHOSEN_SPECS} specs at once: clear some filters and try again.`;
  }
  return null;
}

export { MAX_SEARCH_LENGTH };

/** A search as the API reads it: longer than the limit is a 400 naming it, never a silent "everything". */
export const strictSearchText = z
  .string()
  .trim()
  .max(MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters`)
  .optional()
  .transform((value) => value || undefined);

// The catalog page reads links and bookmarks: anything odd falls back to everything, and the page
// says when a search was too long (searchTooLong).
const searchText = strictSearchText.catch(undefined);

/** Whether the catalog's URL asked for a search longer than it reads (the page says so). */
export function searchTooLong(searchParams: URLSearchParams) {
  return (searchParams.get("q")?.trim().length ?? 0) > MAX_SEARCH_LENGTH;
}

/**
 * The deepest a listing of parts is read by skipping rows: page 1,000 of the catalog, the API's
 * offset 12,000. Past it every request would cost more the deeper it went (the database walks the
 * rows it skips), so the catalog page refuses it with a 400 and the API's Link cursor, which starts
 * below the last part shown, is the way on.
 */
export const DEEPEST_OFFSET = 12_000;
export const MAX_CATALOG_PAGE = 1_000;

/**
 * Catalog URL parameters. They come from links and bookmarks, so anything odd falls back to the
 * first page of everything rather than an error page.
 */
export const CatalogQuerySchema = z.object({
  q: searchText,
  page: pageNumberField(),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional()
    .catch(undefined),
  inStock: z
    .enum(["1", "0", "true", "false"])
    .optional()
    .catch(undefined)
    .transform((value) => value === "1" || value === "true"),
  sort: z
    .enum(CATALOG_SORT_OPTIONS.map((option) => option.value) as [CatalogSort, ...CatalogSort[]])
    .catch("relevance")
    .default("relevance"),
  /** `spec=Bore:20`, repeated: a name and a value, the value as stored without its unit. */
  spec: z.array(z.string().max(120)).max(MAX_SPEC_CHOICES).catch([]).default([]),
});

export type CatalogQuery = z.infer<typeof CatalogQuerySchema>;

/** Reads the catalog's URL (repeated `spec` parameters included). */
export function parseCatalogQuery(searchParams: URLSearchParams): CatalogQuery {
  return CatalogQuerySchema.parse({ ...Object.fromEntries(searchParams), spec: searchParams.getAll("spec") });
}

/** `spec` parameters as chosen values per name; a spec only counts inside a category. */
export function specChoices(query: Pick<CatalogQuery, "spec" | "category">) {
  const chosen: Record<string, string[]> = {};
  if (!query.category) return chosen;
  for (const entry of query.spec) {
    const spec = readSpecEntry(entry);
    if (spec) (chosen[spec.name] ??= []).push(spec.value);
  }
  return chosen;
}

/** One `spec` parameter, "Name:value", or null when either side is empty. */
function readSpecEntry(entry: string) {
  const colon = entry.indexOf(":");
  if (colon <= 0) return null;
  const name = entry.slice(0, colon).trim();
  const value = entry.slice(colon + 1).trim();
  return name && value ? { name, value } : null;
}
