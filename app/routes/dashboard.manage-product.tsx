import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { AppLink } from "~/components/app-link";
import { Pagination } from "~/components/catalog-controls";
import { ConfirmPanel } from "~/components/confirm-action";
import { FilterSelect, ReplyErrors } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatPrice } from "~/components/use-money";
import { listCategories } from "~/models/catalog";
import { deleteItem, getItem, partOnOpenOrders } from "~/models/item";
import { listProductsForStaff } from "~/models/product-list.server";
import { parseId } from "~/validation/common";
import { DELETE_PRODUCT_QUESTION, DeleteProductSchema } from "~/validation/product";
import {
  nextSortFor,
  parseProductListQuery,
  PRODUCT_LIST_COLUMNS,
  type ProductListColumn,
  productListHref,
  type ProductListQuery,
  type ProductListSort,
} from "~/validation/product-list";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Manage Products")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const query = parseProductListQuery(searchParams);
  const [list, categories] = await Promise.all([listProductsForStaff(query), listCategories()]);
  if (query.page > list.pageCount) throw redirect(productListHref({ ...query, page: list.pageCount }));
  // The way to delete without JavaScript: the part's page links here, and the panel asks first.
  const deleteId = parseId(searchParams.get("delete") ?? undefined);
  const toDelete = deleteId ? await getItem(deleteId) : undefined;
  return {
    ...list,
    query,
    categories: categories.map(({ slug, name }) => ({ value: slug, label: name })),
    confirmDelete: toDelete ? { id: toDelete.id, name: toDelete.name } : null,
  };
}

export const action = formAction({
  guard: requireAdmin,
  schema: DeleteProductSchema,
  async run({ value }) {
    const deleted = await deleteItem(value.itemId);
    if (!deleted.ok && deleted.reason === "not-found") return refuse(404, "That product no longer exists.");
    if (!deleted.ok) return refuse(409, partOnOpenOrders(deleted.orderIds));
    return redirectWithFlash("/dashboard/manage-product", "Item deleted");
  },
});

type Row = Awaited<ReturnType<typeof listProductsForStaff>>["items"][number];

const COLUMN_HEADERS: Record<ProductListColumn, string> = {
  partNumber: "Part number",
  name: "Name",
  category: "Category",
  stock: "Stock",
  price: "Price/unit",
  status: "Status",
};

const SORT_CHOICES: { value: ProductListSort; label: string }[] = [
  { value: "newest", label: "Newest first" },
  ...PRODUCT_LIST_COLUMNS.flatMap((column) => [
    {
      value: column,
      label: `${COLUMN_HEADERS[column]}, ${column === "stock" || column === "price" ? "lowest" : "A to Z"} first`,
    },
    {
      value: `-${column}` as const,
      label: `${COLUMN_HEADERS[column]}, ${column === "stock" || column === "price" ? "highest" : "Z to A"} first`,
    },
  ]),
];

export default function ManageProducts() {
  const { items, total, page, pageCount, query, categories, confirmDelete } = useLoaderData<typeof loader>();
  const formatPrice = useFormatPrice();
  const reply = useActionData<typeof action>();
  const filtered = Boolean(query.q || query.category || query.lowStock || query.hidden);

  /** A column whose header sorts the list by it. */
  const sortable = (column: ProductListColumn, rest: Omit<Column<Row>, "header">): Column<Row> => {
    const sorted = query.sort === column ? "ascending" : query.sort === `-${column}` ? "descending" : undefined;
    return {
      header: COLUMN_HEADERS[column],
      sorted,
      // Under 768 px the header row is for screen readers only (each card labels its cells), so the
      // sorting links are not rendered there, where they would take focus unseen: the filter form's
      // Sort by does it instead.
      headerContent: (
        <>
          <span className="md:hidden">{COLUMN_HEADERS[column]}</span>
          <AppLink
            to={productListHref({ ...query, sort: nextSortFor(column, query.sort), page: 1 })}
            className="hidden underline decoration-slate-400 underline-offset-2 hover:decoration-slate-800 md:inline"
          >
            {COLUMN_HEADERS[column]}
            {sorted ? <span aria-hidden="true">{sorted === "ascending" ? " ▲" : " ▼"}</span> : null}
          </AppLink>
        </>
      ),
      ...rest,
    };
  };

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Manage Products</h1>
        <div className="flex flex-wrap gap-2">
          {/* A file, not a page: the browser downloads it rather than Remix navigating to it. */}
          <a href="/dashboard/export/catalog.csv" download className={buttonClass("secondary")}>
            Export CSV
          </a>
          <AppLink to="/dashboard/add-product" className={buttonClass("primary")}>
            Add a product
          </AppLink>
        </div>
      </div>
      <ReplyErrors reply={reply} />
      {confirmDelete ? (
        <ConfirmPanel
          question={`${DELETE_PRODUCT_QUESTION} (${confirmDelete.name})`}
          confirmLabel="OK"
          cancelHref={`/dashboard/manage-product/${confirmDelete.id}`}
          fields={{ itemId: confirmDelete.id }}
          intent="delete"
        />
      ) : null}
      <ProductFilters query={query} categories={categories} />
      <p className="mt-4 text-sm text-slate-700">
        {total.toLocaleString("en-GB")} {total === 1 ? "part" : "parts"}
        {filtered ? " match" : ""}
        {filtered ? (
          <>
            {" · "}
            <AppLink to={productListHref({ sort: query.sort })} className="font-semibold text-orange-800 underline">
              Clear filters
            </AppLink>
          </>
        ) : null}
      </p>
      {items.length === 0 ? (
        <p className="mt-6 text-slate-600">
          {filtered ? "No products match these filters." : "No products yet. Add the first one."}
        </p>
      ) : (
        <DataTable
          rows={items}
          rowKey={(item) => item.id}
          rowTestId={(item) => `product-row-${item.id}`}
          columns={[
            sortable("partNumber", {
              cell: (item) => (
                <AppLink
                  to={`/dashboard/manage-product/${item.id}`}
                  className="font-mono font-semibold text-orange-800 underline"
                  aria-label={`${item.part_number}: edit ${item.name}`}
                >
                  {item.part_number}
                </AppLink>
              ),
            }),
            sortable("name", { cell: (item) => item.name, className: "font-medium" }),
            sortable("category", { cell: (item) => item.category_name ?? "None" }),
            sortable("stock", {
              align: "right",
              cell: (item) => (
                <span className={item.low_stock ? "font-semibold text-red-800" : undefined}>
                  {item.quantity.toLocaleString("en-GB")}
                  {item.low_stock ? (
                    <span className="block whitespace-nowrap text-xs">low · reorder at {item.reorder_point}</span>
                  ) : null}
                </span>
              ),
            }),
            sortable("price", { align: "right", cell: (item) => formatPrice(item.price_cents) }),
            sortable("status", {
              cell: (item) =>
                item.hidden ? (
                  <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold">Hidden</span>
                ) : (
                  "Shown"
                ),
            }),
          ]}
        />
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(target) => productListHref({ ...query, page: target })} />
    </section>
  );
}

function ProductFilters({
  query,
  categories,
}: {
  query: ProductListQuery;
  categories: { value: string; label: string }[];
}) {
  return (
    <Form method="get" action="/dashboard/manage-product" className="mt-4 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="product-search" className="block text-sm font-medium">
          Part number or name
        </label>
        <input
          id="product-search"
          type="search"
          name="q"
          defaultValue={query.q ?? ""}
          maxLength={100}
          placeholder="GW-SG-M1 or spur gear"
          className="rounded-md border border-slate-300 px-3 py-2"
        />
      </div>
      <FilterSelect
        id="product-category"
        name="category"
        label="Category"
        value={query.category ?? ""}
        options={categories}
        allLabel="All categories"
      />
      <label className="flex items-center gap-2 py-2 text-sm font-medium">
        <input type="checkbox" name="lowStock" value="1" defaultChecked={query.lowStock} className="h-4 w-4" />
        Low stock only
      </label>
      <label className="flex items-center gap-2 py-2 text-sm font-medium">
        <input type="checkbox" name="hidden" value="1" defaultChecked={query.hidden} className="h-4 w-4" />
        Hidden only
      </label>
      <div>
        <label htmlFor="product-sort" className="block text-sm font-medium">
          Sort by
        </label>
        <select
          id="product-sort"
          name="sort"
          defaultValue={query.sort}
          className="rounded-md border border-slate-300 px-3 py-2"
        >
          {SORT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white">
        Filter
      </button>
    </Form>
  );
}
