import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireUserWithCompany } from "~/auth/company.server";
import { requireUser } from "~/auth/permissions.server";
import { ConfirmPanel } from "~/components/confirm-action";
import { CancelOrderButton, cancelQuestion } from "~/components/dashboard/order-buttons";
import { orderSummary, OrderTable } from "~/components/dashboard/order-table";
import { ReplyErrors } from "~/components/forms";
import { buyerMayCancel } from "~/lib/statuses";
import { listCompanyOrders, listOrdersForUser } from "~/models/order";
import { cancelOwnOrder } from "~/replies/order.server";
import { parseId } from "~/validation/common";
import { CancelOrderSchema } from "~/validation/order";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { orderingLimits } from "~/web/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "My Orders")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  const [orders, companyOrders] = await Promise.all([
    listOrdersForUser(user.id),
    user.companyId ? listCompanyOrders(user.companyId, user.id) : [],
  ]);
  // ?cancel=<id> is the confirmation step without JavaScript; only the user's own pending order counts.
  const cancelId = parseId(new URL(request.url).searchParams.get("cancel") ?? undefined);
  const confirmCancel = orders.find((order) => order.id === cancelId && buyerMayCancel(order.status)) ?? null;
  return {
    orders,
    companyOrders,
    confirmCancel: confirmCancel ? { id: confirmCancel.id, summary: orderSummary(confirmCancel) } : null,
  };
}

export const action = formAction({
  guard: requireUser,
  schema: CancelOrderSchema,
  limits: ({ user }) => orderingLimits(user.id),
  run: ({ user, value }) => cancelOwnOrder(user.id, value.orderId, "/dashboard/my-order"),
});

/** "Ben Buyer and Pat Proforma": who placed the company's other orders. */
function placedBy(orders: { placed_by: string }[]) {
  const names = [...new Set(orders.map((order) => order.placed_by))];
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
}

export default function MyOrders() {
  const { orders, companyOrders, confirmCancel } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section>
      <h1 className="text-2xl font-bold">My Orders</h1>
      {orders.length ? (
        <p className="mt-2 text-sm">
          <a href="/dashboard/export/orders.csv" className="font-medium text-orange-800 underline" download>
            Download my order history (CSV)
          </a>
        </p>
      ) : null}
      <ReplyErrors reply={reply} />
      {confirmCancel ? (
        <ConfirmPanel
          question={cancelQuestion(confirmCancel.id, confirmCancel.summary)}
          confirmLabel="Yes, cancel the order"
          cancelHref="/dashboard/my-order"
          fields={{ orderId: confirmCancel.id }}
          intent="cancel"
        />
      ) : null}
      <OrderTable
        orders={orders}
        detailPath="/dashboard/my-order"
        emptyText="No orders yet. Find a part in the catalog and place your first order."
        actions={(order) =>
          buyerMayCancel(order.status) ? (
            <CancelOrderButton
              orderId={order.id}
              summary={orderSummary(order)}
              fallbackHref={`/dashboard/my-order?cancel=${order.id}`}
            />
          ) : null
        }
      />
      {companyOrders.length ? (
        <>
          <h2 className="mt-10 text-xl font-semibold">Your company&apos;s other orders</h2>
          <p className="mt-1 text-sm text-slate-700">Placed by your colleagues: {placedBy(companyOrders)}.</p>
          <OrderTable orders={companyOrders} detailPath="/dashboard/my-order" emptyText="" actions={() => null} />
        </>
      ) : null}
    </section>
  );
}
