import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { AdminOrderButtons } from "~/components/dashboard/order-buttons";
import { OrderTable } from "~/components/dashboard/order-table";
import { ReplyErrors, StatusFilterSelect } from "~/components/forms";
import { ORDER_STATUSES } from "~/lib/statuses";
import { listAllOrders, orderButtonsFor } from "~/models/order.server";
import { ChangeOrderStatusSchema, OrderStatusFilterSchema } from "~/validation/order";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { moveOrderAlong } from "~/web/order-replies.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Manage Orders")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const status = OrderStatusFilterSchema.parse(params.get("status") || undefined);
  const search = (params.get("q") ?? "").trim().slice(0, 100);
  const orders = await listAllOrders({ status, search });
  return {
    orders: orders.map((order) => ({
      ...order,
      actions: orderButtonsFor(order),
    })),
    status: status ?? "",
    search,
  };
}

export const action = formAction({
  guard: requireAdmin,
  schema: ChangeOrderStatusSchema,
  run: ({ user, request, value }) =>
    moveOrderAlong(value, `/dashboard/manage-order${new URL(request.url).search}`, user.id),
});

export default function ManageOrders() {
  const { orders, status, search } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section>
      <h1 className="text-2xl font-bold">Manage Orders</h1>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="order-search" className="block text-sm font-medium">
            Order number or customer
          </label>
          <input
            id="order-search"
            type="search"
            name="q"
            defaultValue={search}
            maxLength={100}
            placeholder="1042 or name@example.com"
            className="rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <StatusFilterSelect id="status-filter" value={status} statuses={ORDER_STATUSES} allLabel="All orders" />
        <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white">
          Filter
        </button>
      </Form>
      <ReplyErrors reply={reply} />
      <OrderTable
        orders={orders}
        showCustomer
        detailPath="/dashboard/manage-order"
        emptyText={search || status ? "No orders match." : "No orders yet."}
        actions={(order) => <AdminOrderButtons orderId={order.id} actions={order.actions} reply={reply} />}
      />
    </section>
  );
}
