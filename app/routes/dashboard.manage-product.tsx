import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { ItemSearch, Pagination } from "~/components/catalog-controls";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { ReplyErrors } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { useFormatPrice } from "~/components/use-money";
import { searchCatalog } from "~/models/catalog.server";
import { deleteItem, getItem } from "~/models/item.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { formAction, refuse } from "~/utils/form-action.server";
import { routeHeaders } from "~/utils/headers";
import { pageTitle } from "~/utils/meta";
import { catalogHref, parseCatalogQuery } from "~/validation/catalog";
import { parseId } from "~/validation/common";
import { DeleteProductSchema } from "~/validation/product";

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
        <div className="mt-6 overflow-x-auto">
          <table className="stacked-table w-full text-left text-sm md:min-w-[40rem]">
            <thead className="border-b border-slate-300 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Product
                </th>
                <th scope="col" className="py-2 pr-3">
                  Supplier Name
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Price/unit
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Quantity Available
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b border-slate-200">
                  <td data-label="Product" className="py-2 pr-3 font-medium">
                    {item.name}
                  </td>
                  <td data-label="Supplier Name" className="py-2 pr-3">
                    {item.supplier_name}
                  </td>
                  <td data-label="Price/unit" className="py-2 pr-3 text-right">
                    {formatPrice(item.price_cents)}
                  </td>
                  <td data-label="Quantity Available" className="py-2 pr-3 text-right">
                    {item.quantity}
                  </td>
                  <td className="flex gap-2 py-2">
                    <Link
                      to={`/dashboard/manage-product/${item.id}`}
                      className={`${buttonClass("secondary")} px-3 py-1`}
                      aria-label={`Edit ${item.name}`}
                    >
                      Edit
                    </Link>
                    <ConfirmAction
                      label="Delete"
                      accessibleLabel={`Delete ${item.name}`}
                      question={DELETE_QUESTION}
                      confirmLabel="OK"
                      fallbackHref={`/dashboard/manage-product?delete=${item.id}`}
                      fields={{ itemId: item.id }}
                      intent="delete"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => catalogHref("/dashboard/manage-product", { q: query, page: target })}
      />
    </section>
  );
}
