import { Form, Link } from "@remix-run/react";

/** A GET search form: it works as a plain link-like form without JavaScript. */
export function ItemSearch({ query, id }: { query: string; id: string }) {
  return (
    <Form method="get" role="search" className="mt-6 flex max-w-lg gap-2">
      <label htmlFor={id} className="sr-only">
        Search parts by name
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={query}
        placeholder="Search parts by name"
        maxLength={100}
        className="w-full rounded-md border border-slate-300 px-3 py-2"
      />
      <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900">
        Search
      </button>
    </Form>
  );
}

/** The catalog's URL for a search and page, keeping the URL short for the first page. */
export function catalogHref(basePath: string, query: string, page: number) {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}

export function Pagination({
  basePath,
  query,
  page,
  pageCount,
}: {
  basePath: string;
  query: string;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const linkClass = "font-semibold text-orange-800 underline";
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={catalogHref(basePath, query, page - 1)} rel="prev" className={linkClass}>
          Previous
        </Link>
      ) : null}
      <span className="text-sm text-slate-700">
        Page {Math.min(page, pageCount)} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={catalogHref(basePath, query, page + 1)} rel="next" className={linkClass}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
