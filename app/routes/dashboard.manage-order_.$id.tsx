import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { AdminOrderButtons, CancelLinePanel } from "~/components/dashboard/order-buttons";
import { OrderDetailView } from "~/components/dashboard/order-detail";
import { ReturnForm } from "~/components/dashboard/return-form";
import { DetailPage, PersonTerm } from "~/components/detail-page";
import { StatusButton } from "~/components/forms";
import { customerPartNumbersForLines } from "~/models/customer-part-numbers.server";
import { getOrder, orderButtonsFor, returnableLines } from "~/models/order";
import { orderWithDispatch } from "~/replies/dispatch.server";
import {
  cancelLineReply,
  lineCancellationOf,
  moveOrderAlong,
  recordPaymentReply,
  returnReply,
} from "~/replies/order.server";
import { parseId } from "~/validation/common";
import { ManageOrderActionSchema } from "~/validation/order";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  pageTitle(matches, data ? `Order #${data.order.id}` : "Order"),
];

export const headers = routeHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const order = id ? await getOrder(id) : undefined;
  if (!order) throw new Response("Order not found", { status: 404, statusText: "Order not found" });
  return {
    order: orderWithDispatch(order),
    actions: orderButtonsFor(order),
    customerPartNumbers: await customerPartNumbersForLines(order.user_id, order.lines),
    returnable: returnableLines(order),
    ...lineCancellationOf(order, request),
  };
}

export const action = formAction({
  guard: requireAdmin,
  schema: ManageOrderActionSchema,
  async run({ user, params, value }) {
    if (parseId(params.id) !== value.orderId) return refuse(400, "This form belongs to another order.");
    const backTo = `/dashboard/manage-order/${value.orderId}`;
    if (value.intent === "cancel-line") return cancelLineReply(value.orderId, value.lineId, backTo);
    if (value.intent === "record-payment") return recordPaymentReply(value.orderId, backTo);
    if (value.intent === "return") {
      const { orderId, intent: _intent, ...details } = value;
      return returnReply(orderId, details, backTo, user.id);
    }
    return moveOrderAlong(value, backTo, user.id);
  },
});

/** A pro-forma order not yet paid, or an order on account with invoices issued and not settled. */
function paymentToRecord(order: { payment_method: string | null; paid_at: string | null; shipments: unknown[] }) {
  if (order.paid_at !== null) return false;
  return order.payment_method === "proforma" || (order.payment_method === "account" && order.shipments.length > 0);
}

export default function ManageOrder() {
  const { order, actions, customerPartNumbers, cancellable, confirmCancelLine, returnable } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <DetailPage
      back={{ to: "/dashboard/manage-order", label: "Manage Orders" }}
      reply={reply}
      confirmations={
        confirmCancelLine ? (
          <CancelLinePanel
            orderId={order.id}
            line={confirmCancelLine}
            backHref={`/dashboard/manage-order/${order.id}`}
          />
        ) : null
      }
    >
      <OrderDetailView
        order={order}
        customerPartNumbers={customerPartNumbers}
        cancellable={cancellable}
        cancelLineHref={(lineId) => `/dashboard/manage-order/${order.id}?cancelLine=${lineId}`}
        packingSlipHref={(shipmentId) => `/dashboard/manage-order/${order.id}/shipments/${shipmentId}/packing-slip.pdf`}
        customer={<PersonTerm term="Customer" name={order.customer_name} email={order.customer_email} />}
        actions={
          <>
            <AdminOrderButtons orderId={order.id} actions={actions} reply={reply} />
            {paymentToRecord(order) ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="orderId" value={order.id} />
                <StatusButton name="intent" value="record-payment" variant="secondary" pendingText="Recording…">
                  Record payment received
                </StatusButton>
              </Form>
            ) : null}
          </>
        }
      />
      <ReturnForm orderId={order.id} lines={returnable} reply={reply} />
    </DetailPage>
  );
}
