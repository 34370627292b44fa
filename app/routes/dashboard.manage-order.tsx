import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { AdminOrderButtons } from "~/components/dashboard/order-buttons";
import { OrderSearchForm, orderSearchQuery } from "~/components/dashboard/order-search-form";
import { OrderTable } from "~/components/dashboard/order-table";
import { ReplyErrors } from "~/components/forms";
import { listAllOrders, orderButtonsFor } from "~/models/order";
import { moveOrderAlong } from "~/replies/order.server";
import { ChangeOrderStatusSchema, readOrderSearch, searchErrors, typedOrderSearch } from "~/validation/order";
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
    return data({ orders: [], search }, { status: 400 });
  }
  const orders = await listAllOrders(read.data);
  return {
    orders: orders.map((order) => ({
      ...order,
      actions: orderButtonsFor(order),
    })),
    search: { ...typedOrderSearch(params), q: read.data.q, status: read.data.status ?? "", errors: {} },
  };
}

export const action = formAction({
  guard: requireAdmin,
  schema: ChangeOrderStatusSchema,
  run: ({ user, request, value }) =>
    moveOrderAlong(value, `/dashboard/manage-order${new URL(request.url).search}`, user.id),
});

export default function ManageOrders() {
  const { orders, search } = useLoaderData<typeof loader>();
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
    </section>
  );
}
