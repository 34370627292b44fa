import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { CatalogFilters, ItemSearch, Pagination, SortForm } from "~/components/catalog-controls";
import { ItemGrid } from "~/components/item-card";
import { browseCatalog } from "~/models/catalog";
import { catalogHref, parseCatalogQuery, specChoices } from "~/validation/catalog";
import { cacheablePageHeaders } from "~/web/headers";
import { pageTitle, storeNameOf } from "~/web/meta";

// The same for every anonymous visitor: the server may keep it for a moment.
export const headers = cacheablePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  pageTitle(matches, data?.query.q ? `“${data.query.q}” in the catalog` : (data?.categoryName ?? "All parts")),
  {
    name: "description",
    content: `The full ${storeNameOf(matches)} catalog: gears, bearings, drives, couplings and fasteners with part numbers, specifications and live stock.`,
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseCatalogQuery(new URL(request.url).searchParams);
  const filter = { query: query.q, category: query.category, inStock: query.inStock, specs: specChoices(query) };
  const result = await browseCatalog(filter, { page: query.page, sort: query.sort });
  // A page past the end (an old link, a catalog that shrank) shows the last page there is.
  if (query.page > result.pageCount) throw redirect(catalogHref("/items", { ...query, page: result.pageCount }));
  const categoryName = result.categories.find((category) => category.slug === query.category)?.name ?? null;
  return { ...result, query, categoryName };
}

export default function Catalog() {
  const { items, total, page, pageCount, query, categories, specs, categoryName } = useLoaderData<typeof loader>();
  const narrowed = Boolean(query.category || query.inStock || query.spec.length);
  const clearHref = catalogHref("/items", { q: query.q, sort: query.sort });
  return (
    <>
      <h1 className="text-3xl font-bold">{categoryName ?? "All parts"}</h1>
      <ItemSearch
        query={query.q ?? ""}
        id="catalog-search"
        keep={{ category: query.category, inStock: query.inStock ? "1" : undefined, sort: query.sort }}
      />
      <div className="mt-6 md:grid md:grid-cols-[14rem_1fr] md:gap-8">
        {/* One copy of the filters: beside the results on wide screens; on a phone folded behind a
            toggle that is a checkbox and its label, so it opens without JavaScript. */}
        <div>
          <input id="filters-toggle" type="checkbox" className="peer sr-only md:hidden" />
          <label
            htmlFor="filters-toggle"
            className="mb-4 block cursor-pointer rounded-md border border-slate-300 p-3 font-semibold peer-focus-visible:ring-2 peer-focus-visible:ring-orange-700 md:hidden"
          >
            Filters{narrowed ? " (some chosen)" : ""}
          </label>
          <aside aria-label="Filters" className="mb-6 hidden peer-checked:block md:block">
            <CatalogFilters query={query} categories={categories} specs={specs} />
          </aside>
        </div>
        <div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700" aria-live="polite" data-testid="result-count">
              {total === 0
                ? `No parts match${query.q ? ` “${query.q}”` : ""}${narrowed ? " with these filters" : ""}.`
                : `${total === 1 ? "1 part" : `${total} parts`}${query.q ? ` matching “${query.q}”` : ""}`}
              {total === 0 && (narrowed || query.q) ? (
                <>
                  {" "}
                  <Link to={narrowed ? clearHref : "/items"} className="font-semibold text-orange-800 underline">
                    {narrowed ? "Clear filters" : "Show all parts"}
                  </Link>
                </>
              ) : null}
            </p>
            {total > 1 ? <SortForm query={query} id="catalog-sort" /> : null}
          </div>
          <ItemGrid items={items} priorityCount={3} headingLevel={2} />
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={(target) => catalogHref("/items", { ...query, page: target })}
          />
        </div>
      </div>
    </>
  );
}
