import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireUserWithCompany } from "~/auth/company.server";
import { ConfirmPanel } from "~/components/confirm-action";
import { CancelLinePanel, CancelOrderButton, cancelQuestion } from "~/components/dashboard/order-buttons";
import { OrderDetailView } from "~/components/dashboard/order-detail";
import { orderSummary } from "~/components/dashboard/order-table";
import { DetailPage, PersonTerm } from "~/components/detail-page";
import { StatusButton } from "~/components/forms";
import { buyerMayCancel } from "~/lib/statuses";
import { customerPartNumbersForLines } from "~/models/customer-part-numbers.server";
import { getOrder } from "~/models/order";
import { orderWithDispatch } from "~/replies/dispatch.server";
import { cancelLineReply, cancelOwnOrder, lineCancellationOf, orderAgainReply } from "~/replies/order.server";
import { parseId } from "~/validation/common";
import { MyOrderActionSchema } from "~/validation/order";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { orderingLimits } from "~/web/rate-limit.server";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  pageTitle(matches, data ? `Order #${data.order.id}` : "Order"),
];

export const headers = routeHeaders;

function notFound() {
  return new Response("Order not found", { status: 404, statusText: "Order not found" });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  const id = parseId(params.id);
  // Another customer's order is answered exactly like one that does not exist; a colleague's order
  // for the same company can be read (changed only by whoever placed it).
  const order = id ? await getOrder(id, { ownerId: user.id, companyId: user.companyId }) : undefined;
  if (!order) throw notFound();
  const isOwn = order.user_id === user.id;
  const confirmCancel = isOwn && new URL(request.url).searchParams.has("cancel") && buyerMayCancel(order.status);
  return {
    order: orderWithDispatch(order),
    customerPartNumbers: await customerPartNumbersForLines(user.id, order.lines),
    summary: orderSummary({ first_item_name: order.lines[0]?.item_name ?? null, line_count: order.lines.length }),
    confirmCancel,
    isOwn,
    ...(isOwn ? lineCancellationOf(order, request) : { cancellable: [], confirmCancelLine: null }),
  };
}

export const action = formAction({
  guard: requireUserWithCompany,
  schema: MyOrderActionSchema,
  limits: ({ user, value }) => (value.intent === "reorder" ? [] : orderingLimits(user.id)),
  async run({ user, value, params }) {
    if (parseId(params.id) !== value.orderId) return refuse(400, "This form belongs to another order.");
    const backTo = `/dashboard/my-order/${value.orderId}`;
    if (value.intent === "cancel") return cancelOwnOrder(user.id, value.orderId, backTo);
    if (value.intent === "cancel-line")
      return cancelLineReply(value.orderId, value.lineId, backTo, { ownerId: user.id });
    return orderAgainReply(user, value.orderId);
  },
});

export default function MyOrder() {
  const { order, summary, confirmCancel, customerPartNumbers, cancellable, confirmCancelLine, isOwn } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <DetailPage
      back={{ to: "/dashboard/my-order", label: "My Orders" }}
      reply={reply}
      confirmations={
        <>
          {confirmCancel ? (
            <ConfirmPanel
              question={cancelQuestion(order.id, summary)}
              confirmLabel="Yes, cancel the order"
              cancelHref={`/dashboard/my-order/${order.id}`}
              fields={{ orderId: order.id }}
              intent="cancel"
            />
          ) : null}
          {confirmCancelLine ? (
            <CancelLinePanel orderId={order.id} line={confirmCancelLine} backHref={`/dashboard/my-order/${order.id}`} />
          ) : null}
        </>
      }
    >
      <OrderDetailView
        order={order}
        customerPartNumbers={customerPartNumbers}
        cancellable={cancellable}
        cancelLineHref={(lineId) => `/dashboard/my-order/${order.id}?cancelLine=${lineId}`}
        customer={isOwn ? undefined : <PersonTerm term="Placed by" name={order.customer_name} />}
        actions={
          <>
            <Form method="post">
              <input type="hidden" name="orderId" value={order.id} />
              <StatusButton name="intent" value="reorder" variant="primary">
                Order again
              </StatusButton>
            </Form>
            {isOwn && buyerMayCancel(order.status) ? (
              <CancelOrderButton
                orderId={order.id}
                summary={summary}
                fallbackHref={`/dashboard/my-order/${order.id}?cancel=1`}
              />
            ) : null}
          </>
        }
      />
    </DetailPage>
  );
}
