import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { flashHeaders } from "~/auth/session.server";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { OrderTable } from "~/components/dashboard/order-table";
import { readForm } from "~/utils/request.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/forms";
import { changeOrderStatus, listOrdersForUser } from "~/models/order.server";
import { parseId } from "~/validation/common";
import { CancelOrderSchema } from "~/validation/order";

export const meta: MetaFunction = () => [{ title: "My Orders | Gearwright Parts" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orders = await listOrdersForUser(user.id);
  // ?cancel=<id> is the confirmation step without JavaScript; only the user's own pending order counts.
  const cancelId = parseId(new URL(request.url).searchParams.get("cancel") ?? undefined);
  const confirmCancel = orders.find((order) => order.id === cancelId && order.status === "pending") ?? null;
  return { orders, confirmCancel: confirmCancel ? { id: confirmCancel.id, item_name: confirmCancel.item_name } : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const user = await requireUser(request);
  const submission = parseWithZod(formData, { schema: CancelOrderSchema });
  if (submission.status !== "success") {
    return data({ error: "That request was not understood." }, { status: 400 });
  }
  const result = await changeOrderStatus(submission.value.orderId, "cancelled", { ownerId: user.id });
  if (!result.ok) {
    // Another customer's order looks exactly like one that does not exist.
    if (result.reason === "not-found") return data({ error: "Order not found." }, { status: 404 });
    return data({ error: `This order is ${result.from} and can no longer be cancelled.` }, { status: 409 });
  }
  return redirect("/dashboard/my-order", {
    headers: await flashHeaders(request, { kind: "success", message: `Order #${submission.value.orderId} cancelled.` }),
  });
}

export default function MyOrders() {
  const { orders, confirmCancel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section>
      <h1 className="text-2xl font-bold">My Orders</h1>
      <FormErrors errors={actionData?.error ? [actionData.error] : null} />
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
