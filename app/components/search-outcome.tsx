import { AppLink } from "~/components/app-link";
import { catalogHref } from "~/lib/catalog-links";
import type { CatalogQuery } from "~/validation/catalog";

type SearchSummary = { fullMatches: number; more: boolean; corrected: string | null };

const linkClass = "font-semibold text-orange-800 underline";
const parts = (count: number) => (count === 1 ? "1 part" : `${count} parts`);

/** The line above the results: how many parts, how many met every word, and the spelling it corrected. */
export function ResultCount({
  total,
  query,
  narrowed,
  search,
}: {
  total: number;
  query: CatalogQuery;
  narrowed: boolean;
  search: SearchSummary | null;
}) {
  const clearHref = catalogHref("/items", { q: query.q, sort: query.sort });
  const quoted = query.q ? ` “${query.q}”` : "";
  return (
    <p className="text-sm text-slate-700" aria-live="polite" data-testid="result-count">
      {total === 0
        ? `No parts match${quoted}${narrowed ? " with these filters" : ""}.`
        : `${parts(total)}${search?.more ? " or more" : ""}${query.q ? ` matching${quoted}` : ""}`}
      {search && total > 0 && search.fullMatches < total
        ? search.fullMatches
          ? `: the first ${search.fullMatches} match every word, the rest some of them.`
          : `: none matches every word; these match some of them.`
        : null}
      {search?.corrected ? (
        <>
          {" "}
          Did you mean{" "}
          <AppLink to={catalogHref("/items", { ...query, q: search.corrected, page: 1 })} className={linkClass}>
            {search.corrected}
          </AppLink>
          ?
        </>
      ) : null}
      {total === 0 && (narrowed || query.q) ? (
        <>
          {" "}
          <AppLink to={narrowed ? clearHref : "/items"} className={linkClass}>
            {narrowed ? "Clear filters" : "Show all parts"}
          </AppLink>
        </>
      ) : null}
    </p>
  );
}

/** Where a search that found nothing may go on: the nearest categories, and a person who knows the catalog. */
export function NothingFound({ query, categories }: { query: string; categories: { slug: string; name: string }[] }) {
  return (
    <section aria-labelledby="nothing-found-heading" className="mt-6 rounded-md border border-slate-300 p-4">
      <h2 id="nothing-found-heading" className="text-lg font-semibold">
        Not what you were looking for?
      </h2>
      {categories.length ? (
        <>
          <p className="mt-2">Browse the nearest categories:</p>
          <ul className="mt-1 list-inside list-disc">
            {categories.map((category) => (
              <li key={category.slug}>
                <AppLink to={catalogHref("/items", { category: category.slug })} className={linkClass}>
                  {category.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-3">
        Or{" "}
        <AppLink
          to={`/contact?${new URLSearchParams({ message: `I am looking for: ${query}` })}`}
          className={linkClass}
        >
          ask our engineers
        </AppLink>
        : we make and source parts that are not in the catalog.
      </p>
    </section>
  );
}
