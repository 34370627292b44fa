import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { ItemSearch, Pagination } from "~/components/catalog-controls";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { ReplyErrors } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { useFormatPrice } from "~/components/use-money";
import { searchCatalog } from "~/models/catalog";
import { deleteItem, getItem } from "~/models/item.server";
import { catalogHref, parseCatalogQuery } from "~/validation/catalog";
import { parseId } from "~/validation/common";
import { DeleteProductSchema } from "~/validation/product";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Manage Products")];

export const headers = routeHeaders;

const DELETE_QUESTION = "Delete this item? OK to proceed.";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const { q, page } = parseCatalogQuery(searchParams);
  // Paged like the catalog: a shop with 100,000 parts must not send them all to one page.
  const catalog = await searchCatalog({ query: q }, { page });
  if (page > catalog.pageCount) {
    throw redirect(catalogHref("/dashboard/manage-product", { q, page: catalog.pageCount }));
  }
  const deleteId = parseId(searchParams.get("delete") ?? undefined);
  const toDelete = deleteId ? await getItem(deleteId) : undefined;
  return { ...catalog, query: q ?? "", confirmDelete: toDelete ? { id: toDelete.id, name: toDelete.name } : null };
}

export const action = formAction({
  guard: requireAdmin,
  schema: DeleteProductSchema,
  async run({ value }) {
    const deleted = await deleteItem(value.itemId);
    if (!deleted) return refuse(404, "That product no longer exists.");
    return redirectWithFlash("/dashboard/manage-product", "Item deleted");
  },
});

export default function ManageProducts() {
  const { items, confirmDelete, query, page, pageCount } = useLoaderData<typeof loader>();
  const formatPrice = useFormatPrice();
  const reply = useActionData<typeof action>();
  return (
    <section>
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Manage Products</h1>
        <Link to="/dashboard/add-product" className={buttonClass("primary")}>
          Add a product
        </Link>
      </div>
      <ReplyErrors reply={reply} />
      {confirmDelete ? (
        <ConfirmPanel
          question={`${DELETE_QUESTION} (${confirmDelete.name})`}
          confirmLabel="OK"
          cancelHref="/dashboard/manage-product"
          fields={{ itemId: confirmDelete.id }}
          intent="delete"
        />
      ) : null}
      <ItemSearch query={query} id="manage-product-search" />
      {items.length === 0 ? (
        <p className="mt-6 text-slate-600">
          {query ? `No products match “${query}”.` : "No products yet. Add the first one."}
        </p>
      ) : (
        <DataTable
          rows={items}
          rowKey={(item) => item.id}
          columns={[
            { header: "Product", cell: (item) => item.name, className: "font-medium" },
            { header: "Supplier Name", cell: (item) => item.supplier_name },
            { header: "Price/unit", cell: (item) => formatPrice(item.price_cents), align: "right" },
            { header: "Quantity Available", cell: (item) => item.quantity, align: "right" },
            { header: "Actions", hideHeader: true, cell: (item) => <ProductActions id={item.id} name={item.name} /> },
          ]}
        />
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => catalogHref("/dashboard/manage-product", { q: query, page: target })}
      />
    </section>
  );
}

function ProductActions({ id, name }: { id: number; name: string }) {
  return (
    <span className="flex gap-2">
      <Link
        to={`/dashboard/manage-product/${id}`}
        className={`${buttonClass("secondary")} px-3 py-1`}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Link>
      <ConfirmAction
        label="Delete"
        accessibleLabel={`Delete ${name}`}
        question={DELETE_QUESTION}
        confirmLabel="OK"
        fallbackHref={`/dashboard/manage-product?delete=${id}`}
        fields={{ itemId: id }}
        intent="delete"
      />
    </span>
  );
}
