// The staff's product list (/dashboard/manage-product): its filters, and its table whose headers sort it.
import { Form } from "@remix-run/react";

import { AppLink } from "~/components/app-link";
import { FilterSelect } from "~/components/forms";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatPrice } from "~/components/use-money";
import type { listProductsForStaff } from "~/models/product-list.server";
import {
  nextSortFor,
  PRODUCT_LIST_COLUMNS,
  type ProductListColumn,
  productListHref,
  type ProductListQuery,
  type ProductListSort,
} from "~/validation/product-list";

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

/** The products, a row each, with the part number linking to its page and the headers sorting by their column. */
export function ProductTable({ items, query }: { items: Row[]; query: ProductListQuery }) {
  const formatPrice = useFormatPrice();

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
  );
}

export function ProductFilters({
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
