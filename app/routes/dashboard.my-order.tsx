import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { OrderTable } from "~/components/dashboard/order-table";
import { ReplyErrors } from "~/components/forms";
import { changeOrderStatus, listOrdersForUser } from "~/models/order.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { formAction, refuse } from "~/utils/form-action.server";
import { routeHeaders } from "~/utils/headers";
import { pageTitle } from "~/utils/meta";
import { parseId } from "~/validation/common";
import { CancelOrderSchema } from "~/validation/order";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "My Orders")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orders = await listOrdersForUser(user.id);
  // ?cancel=<id> is the confirmation step without JavaScript; only the user's own pending order counts.
  const cancelId = parseId(new URL(request.url).searchParams.get("cancel") ?? undefined);
  const confirmCancel = orders.find((order) => order.id === cancelId && order.status === "pending") ?? null;
  return { orders, confirmCancel: confirmCancel ? { id: confirmCancel.id, item_name: confirmCancel.item_name } : null };
}

export const action = formAction({
  guard: requireUser,
  schema: CancelOrderSchema,
  async run({ user, value }) {
    const result = await changeOrderStatus(value.orderId, "cancelled", { ownerId: user.id });
    if (!result.ok) {
      // Another customer's order looks exactly like one that does not exist.
      if (result.reason === "not-found") return refuse(404, "Order not found.");
      return refuse(409, `This order is ${result.from} and can no longer be cancelled.`);
    }
    return redirectWithFlash("/dashboard/my-order", `Order #${value.orderId} cancelled.`);
  },
});

export default function MyOrders() {
  const { orders, confirmCancel } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section>
      <h1 className="text-2xl font-bold">My Orders</h1>
      <ReplyErrors reply={reply} />
      {confirmCancel ? (
        <ConfirmPanel
          question={`Cancel order #${confirmCancel.id} (${confirmCancel.item_name})? The parts go back into stock.`}
          confirmLabel="Yes, cancel the order"
          cancelHref="/dashboard/my-order"
          fields={{ orderId: confirmCancel.id }}
          intent="cancel"
        />
      ) : null}
      <OrderTable
        orders={orders}
        emptyText="No orders yet. Find a part in the catalog and place your first order."
        actions={(order) =>
          order.status === "pending" ? (
            <ConfirmAction
              label="Cancel"
              accessibleLabel={`Cancel order #${order.id}`}
              question={`Cancel order #${order.id} (${order.item_name})? The parts go back into stock.`}
              confirmLabel="Yes, cancel the order"
              fallbackHref={`/dashboard/my-order?cancel=${order.id}`}
              fields={{ orderId: order.id }}
              intent="cancel"
            />
          ) : null
        }
      />
    </section>
  );
}
