import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ItemSearch, Pagination } from "~/components/catalog-controls";
import { ItemGrid } from "~/components/item-card";
import { listItems } from "~/models/item.server";
import { cacheablePageHeaders } from "~/utils/headers";
import { pageTitle, storeNameOf } from "~/utils/meta";
import { CatalogQuerySchema } from "~/validation/catalog";

// The same for every anonymous visitor: the server may keep it for a moment.
export const headers = cacheablePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  pageTitle(matches, data?.query ? `“${data.query}” in the catalog` : "All parts"),
  {
    name: "description",
    content: `The full ${storeNameOf(matches)} catalog: gears, bearings, drives, couplings and fasteners with live stock.`,
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { q, page } = CatalogQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await listItems({ query: q, page });
  return { ...result, query: q ?? "" };
}

export default function Catalog() {
  const { items, total, page, pageCount, query } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-bold">All parts</h1>
      <ItemSearch query={query} id="catalog-search" />
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {total === 1 ? "1 part" : `${total} parts`}
        {query ? ` matching “${query}”` : ""}
      </p>
      <ItemGrid
        items={items}
        emptyText={query ? `No parts match “${query}”.` : "No parts in the catalog yet."}
        priorityCount={3}
        headingLevel={2}
      />
      <Pagination basePath="/items" query={query} page={page} pageCount={pageCount} />
    </>
  );
}
