import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { flashHeaders } from "~/auth/session.server";
import { OrderTable } from "~/components/dashboard/order-table";
import { readForm } from "~/utils/request.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, StatusButton } from "~/components/forms";
import { ORDER_STATUSES } from "~/db/schema";
import { changeOrderStatus, listAllOrders } from "~/models/order.server";
import { ALLOWED_TRANSITIONS, ChangeOrderStatusSchema, intentToStatus, OrderStatusFilterSchema } from "~/validation/order";

export const meta: MetaFunction = () => [{ title: "Manage Orders | Gearwright Parts" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const status = OrderStatusFilterSchema.parse(new URL(request.url).searchParams.get("status") || undefined);
  return { orders: await listAllOrders({ status }), status: status ?? "" };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireAdmin(request);
  const submission = parseWithZod(formData, { schema: ChangeOrderStatusSchema });
  if (submission.status !== "success") return data({ error: "That request was not understood." }, { status: 400 });
  const { orderId, intent } = submission.value;
  const to = intentToStatus[intent];
  const result = await changeOrderStatus(orderId, to);
  if (!result.ok) {
    if (result.reason === "not-found") return data({ error: `Order #${orderId} does not exist.` }, { status: 404 });
    return data({ error: `Order #${orderId} is ${result.from}; it cannot be marked ${to}.` }, { status: 409 });
  }
  const url = new URL(request.url);
  return redirect(`/dashboard/manage-order${url.search}`, {
    headers: await flashHeaders(request, { kind: "success", message: `Order #${orderId} is now ${to}.` }),
  });
}

const intentLabels = { shipped: ["ship", "Mark shipped"], delivered: ["deliver", "Mark delivered"], cancelled: ["cancel", "Cancel"] } as const;

export default function ManageOrders() {
  const { orders, status } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section>
      <h1 className="text-2xl font-bold">Manage Orders</h1>
      <Form method="get" className="mt-4 flex items-end gap-2">
        <div>
          <label htmlFor="status-filter" className="block text-sm font-medium">Status</label>
          <select id="status-filter" name="status" defaultValue={status} className="rounded-md border border-slate-300 px-3 py-2">
            <option value="">All orders</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>{value[0].toUpperCase() + value.slice(1)}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 font-semibold text-white">Filter</button>
      </Form>
      <FormErrors errors={actionData?.error ? [actionData.error] : null} />
      <OrderTable
        orders={orders}
        showCustomer
        emptyText={status ? `No ${status} orders.` : "No orders yet."}
        actions={(order) => (
          <Form method="post" className="flex gap-2">
            <input type="hidden" name="orderId" value={order.id} />
            {ALLOWED_TRANSITIONS[order.status].map((to) => {
              const [intent, label] = intentLabels[to as keyof typeof intentLabels];
              return (
                <StatusButton key={to} name="intent" value={intent} variant={to === "cancelled" ? "danger" : "secondary"} className="px-3 py-1" aria-label={`${label}: order #${order.id}`}>
                  {label}
                </StatusButton>
              );
            })}
          </Form>
        )}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
