import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ItemGrid } from "~/components/item-card";
import { listItems } from "~/models/item.server";
import { CatalogQuerySchema } from "~/validation/catalog";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.query ? `“${data.query}” in the catalog | Gearwright Parts` : "All parts | Gearwright Parts" },
  { name: "description", content: "The full Gearwright Parts catalog: gears, bearings, drives, couplings and fasteners with live stock." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { q, page } = CatalogQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await listItems({ query: q, page });
  return { ...result, query: q ?? "" };
}

function pageHref(query: string, page: number) {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/items?${search}` : "/items";
}

export default function Catalog() {
  const { items, total, page, pageCount, query } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-bold">All parts</h1>
      <Form method="get" role="search" className="mt-6 flex max-w-lg gap-2">
        <label htmlFor="catalog-search" className="sr-only">Search parts by name</label>
        <input id="catalog-search" type="search" name="q" defaultValue={query} placeholder="Search parts by name" maxLength={100} className="w-full rounded-md border border-slate-300 px-3 py-2" />
        <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900">Search</button>
      </Form>
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {total === 1 ? "1 part" : `${total} parts`}
        {query ? ` matching “${query}”` : ""}
      </p>
      <ItemGrid items={items} emptyText={query ? `No parts match “${query}”.` : "No parts in the catalog yet."} priorityCount={3} headingLevel={2} />
      {pageCount > 1 ? (
        <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-4">
          {page > 1 ? <Link to={pageHref(query, page - 1)} rel="prev" className="font-semibold text-orange-800 underline">Previous</Link> : null}
          <span className="text-sm text-slate-700">Page {Math.min(page, pageCount)} of {pageCount}</span>
          {page < pageCount ? <Link to={pageHref(query, page + 1)} rel="next" className="font-semibold text-orange-800 underline">Next</Link> : null}
        </nav>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
