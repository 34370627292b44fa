import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { OrderTable } from "~/components/dashboard/order-table";
import { ReplyErrors, StatusButton } from "~/components/forms";
import { ORDER_STATUSES } from "~/db/schema";
import { changeOrderStatus, listAllOrders, ORDER_ACTIONS, orderActionsFor } from "~/models/order.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { formAction, refuse } from "~/utils/form-action.server";
import { routeHeaders } from "~/utils/headers";
import { pageTitle } from "~/utils/meta";
import { ChangeOrderStatusSchema, OrderStatusFilterSchema } from "~/validation/order";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Manage Orders")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const status = OrderStatusFilterSchema.parse(new URL(request.url).searchParams.get("status") || undefined);
  const orders = await listAllOrders({ status });
  return {
    orders: orders.map((order) => ({
      ...order,
      actions: orderActionsFor(order.status).map((intent) => ({ intent, label: ORDER_ACTIONS[intent].label })),
    })),
    status: status ?? "",
  };
}

export const action = formAction({
  guard: requireAdmin,
  schema: ChangeOrderStatusSchema,
  async run({ request, value: { orderId, intent } }) {
    const to = ORDER_ACTIONS[intent].status;
    const result = await changeOrderStatus(orderId, to);
    if (!result.ok) {
      if (result.reason === "not-found") return refuse(404, `Order #${orderId} does not exist.`);
      return refuse(409, `Order #${orderId} is ${result.from}; it cannot be marked ${to}.`);
    }
    return redirectWithFlash(
      `/dashboard/manage-order${new URL(request.url).search}`,
      `Order #${orderId} is now ${to}.`,
    );
  },
});

export default function ManageOrders() {
  const { orders, status } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section>
      <h1 className="text-2xl font-bold">Manage Orders</h1>
      <Form method="get" className="mt-4 flex items-end gap-2">
        <div>
          <label htmlFor="status-filter" className="block text-sm font-medium">
            Status
          </label>
          <select
            id="status-filter"
            name="status"
            defaultValue={status}
            className="rounded-md border border-slate-300 px-3 py-2"
          >
            <option value="">All orders</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value[0].toUpperCase() + value.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white">
          Filter
        </button>
      </Form>
      <ReplyErrors reply={reply} />
      <OrderTable
        orders={orders}
        showCustomer
        emptyText={status ? `No ${status} orders.` : "No orders yet."}
        actions={(order) => (
          <Form method="post" className="flex gap-2">
            <input type="hidden" name="orderId" value={order.id} />
            {order.actions.map(({ intent, label }) => (
              <StatusButton
                key={intent}
                name="intent"
                value={intent}
                variant={intent === "cancel" ? "danger" : "secondary"}
                className="px-3 py-1"
                aria-label={`${label}: order #${order.id}`}
              >
                {label}
              </StatusButton>
            ))}
          </Form>
        )}
      />
    </section>
  );
}
