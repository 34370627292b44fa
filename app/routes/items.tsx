import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { getCurrentUser } from "~/auth/session.server";
import { CatalogFilters, ItemSearch, Pagination, SortForm } from "~/components/catalog-controls";
import { ItemGrid } from "~/components/item-card";
import { NothingFound, ResultCount } from "~/components/search-outcome";
import { catalogHref, MAX_SEARCH_LENGTH } from "~/lib/catalog-links";
import { browseCatalog, closestCategories } from "~/models/catalog";
import { withMainPictures } from "~/models/media-reads.server";
import { contractOrderFor } from "~/models/price-lists";
import { withYourPrices } from "~/models/pricing.server";
import { withDispatch } from "~/replies/dispatch.server";
import {
  MAX_CATALOG_PAGE,
  parseCatalogQuery,
  refusalOfCatalogUrl,
  searchTooLong,
  specChoices,
} from "~/validation/catalog";
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
  const { searchParams } = new URL(request.url);
  const refusal = refusalOfCatalogUrl(searchParams);
  if (refusal) throw data(refusal, { status: 400 });
  const query = parseCatalogQuery(searchParams);
  if (query.page > MAX_CATALOG_PAGE) {
    throw data(`Pages past ${MAX_CATALOG_PAGE} are not listed: narrow the parts with a search or a filter.`, {
      status: 400,
    });
  }
  const filter = { query: query.q, category: query.category, inStock: query.inStock, specs: specChoices(query) };
  const user = await getCurrentUser(request);
  // A buyer with price lists sorts by their own prices.
  const pricedBy = user && query.sort.startsWith("price-") ? await contractOrderFor(user.id) : [];
  const result = await browseCatalog(filter, { page: query.page, sort: query.sort, pricedBy });
  // A page past the end (an old link, a catalog that shrank) shows the last page there is.
  if (query.page > result.pageCount) throw redirect(catalogHref("/items", { ...query, page: result.pageCount }));
  const categoryName = result.categories.find((category) => category.slug === query.category)?.name ?? null;
  const [nearestCategories, items] = await Promise.all([
    result.total === 0 && query.q ? closestCategories(query.q) : [],
    withMainPictures(withDispatch(result.items)),
  ]);
  // A signed-in buyer's own prices on the cards: such a page is never kept by the page cache.
  return {
    ...result,
    items: await withYourPrices(items, user?.id),
    query,
    categoryName,
    nearestCategories,
    searchTooLong: searchTooLong(searchParams),
  };
}

export default function Catalog() {
  const {
    items,
    total,
    page,
    pageCount,
    query,
    categories,
    specs,
    categoryName,
    search,
    nearestCategories,
    searchTooLong,
  } = useLoaderData<typeof loader>();
  const narrowed = Boolean(query.category || query.inStock || query.spec.length);
  return (
    <>
      <h1 className="text-3xl font-bold">{categoryName ?? "All parts"}</h1>
      <ItemSearch
        query={query.q ?? ""}
        id="catalog-search"
        keep={{ category: query.category, inStock: query.inStock ? "1" : undefined, sort: query.sort }}
      />
      {searchTooLong ? (
        <p role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {`That search was longer than ${MAX_SEARCH_LENGTH} characters, so it was not searched: every part is shown. Search for a part number, a name or a measurement.`}
        </p>
      ) : null}
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
            <ResultCount total={total} query={query} narrowed={narrowed} search={search} />
            {total > 1 ? <SortForm query={query} id="catalog-sort" /> : null}
          </div>
          {total === 0 && query.q ? <NothingFound query={query.q} categories={nearestCategories} /> : null}
          {/* Back to the catalog's own URL for this page, not the one typed: parameters the page
              ignored (a bookmark's stale spec, hundreds of them) are not copied into every card. */}
          <ItemGrid items={items} priorityCount={3} headingLevel={2} returnTo={catalogHref("/items", query)} />
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
