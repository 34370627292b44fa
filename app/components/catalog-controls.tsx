import { Form, useLocation, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";

import { AppLink } from "~/components/app-link";
import { CATALOG_SORT_OPTIONS, catalogHref } from "~/lib/catalog-links";
import type { CategoryFacet, SpecFacet } from "~/models/catalog";
import type { CatalogQuery } from "~/validation/catalog";

const inputClass = "w-full rounded-md border border-slate-300 px-3 py-2";
const submitClass = "rounded-md bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-900";
const linkClass = "font-semibold text-orange-800 underline";

/** Hidden copies of the parameters a form does not show, so submitting it keeps them. */
function KeptParameters({ keep }: { keep: Record<string, string | undefined> }) {
  return (
    <>
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
    </>
  );
}

/** A GET search form: it works without JavaScript, and keeps the category, stock choice and sort. */
export function ItemSearch({
  query,
  id,
  action,
  keep = {},
}: {
  query: string;
  id: string;
  action?: string;
  keep?: Record<string, string | undefined>;
}) {
  // A GET form's fields replace the action's query, so the path is all it needs; Remix's default
  // action would copy the page's whole query into the HTML.
  const { pathname } = useLocation();
  return (
    <Form
      method="get"
      action={action ?? pathname}
      role="search"
      aria-label="Catalog search"
      className="mt-6 flex max-w-lg gap-2"
    >
      <label htmlFor={id} className="sr-only">
        Search parts by name or part number
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={query}
        placeholder="Part number, name or size"
        maxLength={100}
        className={inputClass}
      />
      <KeptParameters keep={keep} />
      <button type="submit" className={submitClass}>
        Search
      </button>
    </Form>
  );
}

/** With JavaScript a choice applies at once; without it the form's button does. */
function useSubmitOnChange() {
  const submit = useSubmit();
  return (event: FormEvent<HTMLFormElement>) => submit(event.currentTarget, { preventScrollReset: true });
}

export function SortForm({ query, id }: { query: CatalogQuery; id: string }) {
  const submitOnChange = useSubmitOnChange();
  return (
    <Form method="get" action="/items" onChange={submitOnChange} className="flex items-center gap-2">
      <KeptParameters keep={{ q: query.q, category: query.category, inStock: query.inStock ? "1" : undefined }} />
      {query.category ? query.spec.map((spec) => <input key={spec} type="hidden" name="spec" value={spec} />) : null}
      <label htmlFor={id} className="text-sm text-slate-700">
        Sort by
      </label>
      <select id={id} name="sort" defaultValue={query.sort} className="rounded-md border border-slate-300 px-2 py-1.5">
        {CATALOG_SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border border-slate-400 px-3 py-1.5 font-semibold">
          Sort
        </button>
      </noscript>
    </Form>
  );
}

/**
 * Categories (links, with how many parts each would list) and, inside a category, its spec values
 * as checkboxes. Everything is in the URL, so the back button and shared links work.
 */
export function CatalogFilters({
  query,
  categories,
  specs,
}: {
  query: CatalogQuery;
  categories: CategoryFacet[];
  specs: SpecFacet[];
}) {
  const submitOnChange = useSubmitOnChange();
  const chosen = new Set(query.spec);
  const categoryLink = (slug?: string) =>
    catalogHref("/items", { q: query.q, category: slug, inStock: query.inStock, sort: query.sort });
  const categoryLinkClass = (active: boolean) =>
    `flex justify-between gap-2 rounded px-2 py-1 hover:bg-slate-100 ${active ? "bg-slate-100 font-semibold" : ""}`;
  return (
    <div className="space-y-6">
      <nav aria-label="Categories">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Category</h2>
        <ul className="mt-2 space-y-1">
          <li>
            <AppLink to={categoryLink()} className={categoryLinkClass(!query.category)}>
              All categories
            </AppLink>
          </li>
          {categories.map((category) => (
            <li key={category.slug}>
              <AppLink
                to={categoryLink(category.slug)}
                className={categoryLinkClass(query.category === category.slug)}
                aria-current={query.category === category.slug ? "page" : undefined}
              >
                <span>{category.name}</span>
                <span className="text-slate-600" data-testid="facet-count">
                  {category.count}
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action="/items" onChange={submitOnChange} className="space-y-4">
        <KeptParameters keep={{ q: query.q, category: query.category, sort: query.sort }} />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="inStock" value="1" defaultChecked={query.inStock} />
          In stock only
        </label>
        {specs.map((spec, specIndex) => (
          <fieldset key={spec.name}>
            <legend className="text-sm font-semibold uppercase tracking-wide text-slate-600">{spec.name}</legend>
            <ul className="mt-1 space-y-1">
              {spec.choices.map((choice, choiceIndex) => {
                const id = `spec-${specIndex}-${choiceIndex}`;
                const value = `${spec.name}:${choice.value}`;
                return (
                  <li key={value}>
                    <label htmlFor={id} className="flex items-center gap-2">
                      <input id={id} type="checkbox" name="spec" value={value} defaultChecked={chosen.has(value)} />
                      <span>
                        {choice.value}
                        {choice.unit ? ` ${choice.unit}` : ""}
                      </span>
                      <span className="ml-auto text-slate-600" data-testid="facet-count">
                        {choice.count}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
        <button type="submit" className={submitClass}>
          Apply filters
        </button>
      </Form>
    </div>
  );
}

export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = "Pagination",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** The navigation's name, told apart from another list's pages on the same page. */
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <AppLink to={hrefFor(page - 1)} rel="prev" className={linkClass}>
          Previous
        </AppLink>
      ) : null}
      <span className="text-sm text-slate-700">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <AppLink to={hrefFor(page + 1)} rel="next" className={linkClass}>
          Next
        </AppLink>
      ) : null}
    </nav>
  );
}
