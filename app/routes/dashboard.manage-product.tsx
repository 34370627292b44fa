import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { AppLink } from "~/components/app-link";
import { Pagination } from "~/components/catalog-controls";
import { ConfirmPanel } from "~/components/confirm-action";
import { ProductFilters, ProductTable } from "~/components/dashboard/product-list";
import { ReplyErrors } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { listCategories } from "~/models/catalog";
import { deleteItem, getItem, partOnOpenOrders } from "~/models/item";
import { listProductsForStaff } from "~/models/product-list.server";
import { parseId } from "~/validation/common";
import { DELETE_PRODUCT_QUESTION, DeleteProductSchema } from "~/validation/product";
import { parseProductListQuery, productListHref } from "~/validation/product-list";
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

export default function ManageProducts() {
  const { items, total, page, pageCount, query, categories, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const filtered = Boolean(query.q || query.category || query.lowStock || query.hidden);

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
        <ProductTable items={items} query={query} />
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(target) => productListHref({ ...query, page: target })} />
    </section>
  );
}
