import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { Pagination } from "~/components/catalog-controls";
import { AdminOrderButtons } from "~/components/dashboard/order-buttons";
import { OrderSearchForm, orderSearchQuery, type OrderSearchValues } from "~/components/dashboard/order-search-form";
import { OrderTable } from "~/components/dashboard/order-table";
import { ReplyErrors } from "~/components/forms";
import { orderButtonsFor, pageOfAllOrders } from "~/models/order";
import { moveOrderAlong } from "~/replies/order.server";
import {
  ChangeOrderStatusSchema,
  ManageOrdersPageSchema,
  readOrderSearch,
  searchErrors,
  typedOrderSearch,
} from "~/validation/order";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Manage Orders")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const read = readOrderSearch(params);
  if (!read.success) {
    // The search as typed, with what is wrong with it: nothing is listed until it is a search.
    const search = { ...typedOrderSearch(params), errors: searchErrors(read.error) };
    return data({ orders: [], page: 1, pageCount: 1, search }, { status: 400 });
  }
  const { page: requestedPage } = ManageOrdersPageSchema.parse({ page: params.get("page") ?? undefined });
  const { orders, page, pageCount } = await pageOfAllOrders(read.data, requestedPage);
  return {
    orders: orders.map((order) => ({
      ...order,
      actions: orderButtonsFor(order),
    })),
    page,
    pageCount,
    search: { ...typedOrderSearch(params), q: read.data.q, status: read.data.status ?? "", errors: {} },
  };
}

export const action = formAction({
  guard: requireAdmin,
  schema: ChangeOrderStatusSchema,
  run: ({ user, request, value }) =>
    moveOrderAlong(value, `/dashboard/manage-order${new URL(request.url).search}`, user.id),
});

/** Manage Orders at a page of the same search (the first page needs no parameter). */
function manageOrdersHref(search: OrderSearchValues, page: number) {
  const params = new URLSearchParams(orderSearchQuery(search));
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/dashboard/manage-order?${query}` : "/dashboard/manage-order";
}

export default function ManageOrders() {
  const { orders, page, pageCount, search } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section>
      <h1 className="text-2xl font-bold">Manage Orders</h1>
      <OrderSearchForm search={search} />
      <ReplyErrors reply={reply} />
      <OrderTable
        orders={orders}
        showCustomer
        detailPath="/dashboard/manage-order"
        emptyText={orderSearchQuery(search) ? "No orders match." : "No orders yet."}
        actions={(order) => <AdminOrderButtons orderId={order.id} actions={order.actions} reply={reply} />}
      />
      <Pagination
        label="Pages of orders"
        page={page}
        pageCount={pageCount}
        hrefFor={(to) => manageOrdersHref(search, to)}
      />
    </section>
  );
}
