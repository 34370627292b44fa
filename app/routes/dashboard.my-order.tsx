import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireUserWithCompany } from "~/auth/company.server";
import { requireUser } from "~/auth/permissions.server";
import { Pagination } from "~/components/catalog-controls";
import { ConfirmPanel } from "~/components/confirm-action";
import { CancelOrderButton, cancelQuestion } from "~/components/dashboard/order-buttons";
import { orderSummary, OrderTable } from "~/components/dashboard/order-table";
import { ReplyErrors } from "~/components/forms";
import { buyerMayCancel } from "~/lib/statuses";
import { myOrdersPages, ownOrderSummary } from "~/models/order";
import { cancelOwnOrder } from "~/replies/order.server";
import { parseId } from "~/validation/common";
import { CancelOrderSchema, MyOrdersQuerySchema } from "~/validation/order";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { orderingLimits } from "~/web/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "My Orders")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  const query = MyOrdersQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const cancelId = parseId(query.cancel);
  const [{ own, colleagues }, toCancel] = await Promise.all([
    myOrdersPages(user, query),
    cancelId ? ownOrderSummary(user.id, cancelId) : undefined,
  ]);
  // ?cancel=<id> is the confirmation step without JavaScript; only the user's own pending order counts.
  const confirmCancel = toCancel && buyerMayCancel(toCancel.status) ? toCancel : null;
  return {
    orders: own.orders,
    companyOrders: colleagues.orders,
    pages: { page: own.page, colleaguesPage: colleagues.page },
    pageCounts: { page: own.pageCount, colleaguesPage: colleagues.pageCount },
    confirmCancel: confirmCancel ? { id: confirmCancel.id, summary: orderSummary(confirmCancel) } : null,
  };
}

export const action = formAction({
  guard: requireUser,
  schema: CancelOrderSchema,
  limits: ({ user }) => orderingLimits(user.id),
  run: ({ user, value }) => cancelOwnOrder(user.id, value.orderId, "/dashboard/my-order"),
});

/** My Orders at a page of each list (the first ones need no parameter), with a cancel question on it. */
function myOrdersHref(pages: { page: number; colleaguesPage: number; cancel?: number }) {
  const params = new URLSearchParams();
  if (pages.page > 1) params.set("page", String(pages.page));
  if (pages.colleaguesPage > 1) params.set("colleaguesPage", String(pages.colleaguesPage));
  if (pages.cancel) params.set("cancel", String(pages.cancel));
  const search = params.toString();
  return search ? `/dashboard/my-order?${search}` : "/dashboard/my-order";
}

/** "Ben Buyer and Pat Proforma": who placed the company's other orders. */
function placedBy(orders: { placed_by: string }[]) {
  const names = [...new Set(orders.map((order) => order.placed_by))];
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
}

export default function MyOrders() {
  const { orders, companyOrders, pages, pageCounts, confirmCancel } = useLoaderData<typeof loader>();
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
          cancelHref={myOrdersHref(pages)}
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
              fallbackHref={myOrdersHref({ ...pages, cancel: order.id })}
            />
          ) : null
        }
      />
      <Pagination
        label="Pages of your orders"
        page={pages.page}
        pageCount={pageCounts.page}
        hrefFor={(page) => myOrdersHref({ ...pages, page })}
      />
      {companyOrders.length ? (
        <>
          <h2 className="mt-10 text-xl font-semibold">Your company&apos;s other orders</h2>
          <p className="mt-1 text-sm text-slate-700">Placed by your colleagues: {placedBy(companyOrders)}.</p>
          <OrderTable orders={companyOrders} detailPath="/dashboard/my-order" emptyText="" actions={() => null} />
          <Pagination
            label="Pages of your company's orders"
            page={pages.colleaguesPage}
            pageCount={pageCounts.colleaguesPage}
            hrefFor={(colleaguesPage) => myOrdersHref({ ...pages, colleaguesPage })}
          />
        </>
      ) : null}
    </section>
  );
}
