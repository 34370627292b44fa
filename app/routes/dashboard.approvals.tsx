import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireApprover } from "~/auth/company.server";
import { AppLink } from "~/components/app-link";
import { ReplyErrors, StatusButton } from "~/components/forms";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatDate } from "~/components/use-format-date";
import { useFormatPrice } from "~/components/use-money";
import { listAwaitingApproval } from "~/models/approvals.server";
import { linesOfOrders } from "~/models/order";
import { decideOrder } from "~/services/companies.server";
import { ApprovalSchema } from "~/validation/company";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Approvals")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const approver = await requireApprover(request);
  const orders = await listAwaitingApproval(approver.membership.company_id);
  const lines = await linesOfOrders(orders.map((order) => order.id));
  return {
    companyName: approver.membership.company_name,
    userId: approver.id,
    orders: orders.map((order) => ({
      ...order,
      parts: (lines.get(order.id) ?? []).map((line) => ({
        partNumber: line.part_number,
        name: line.item_name,
        quantity: line.quantity,
      })),
    })),
  };
}

const REFUSALS = {
  "not-found": [404, "That order is not one of your company's."],
  "own-order": [403, "You placed this order yourself: another approver decides on it."],
  decided: [409, "This order was decided on already."],
  expired: [409, "This order's reservation ran out before it was approved: its parts went back into stock."],
} as const;

export const action = formAction({
  guard: requireApprover,
  schema: ApprovalSchema,
  async run({ user, value }) {
    const result = await decideOrder(
      value.orderId,
      { userId: user.id, companyId: user.membership.company_id },
      value.intent,
    );
    if (!result.ok) {
      const [status, message] = REFUSALS[result.reason];
      return refuse(status, message);
    }
    return redirectWithFlash(
      "/dashboard/approvals",
      result.status === "pending"
        ? `Order #${value.orderId} approved: it goes on to dispatch.`
        : `Order #${value.orderId} rejected: its parts went back into stock.`,
    );
  },
});

type AwaitingOrder = Awaited<ReturnType<typeof loader>>["orders"][number];

export default function Approvals() {
  const { companyName, userId, orders } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const formatPrice = useFormatPrice();
  const formatDate = useFormatDate();
  const columns: Column<AwaitingOrder>[] = [
    { header: "Order", cell: (order) => <span className="font-semibold">#{order.id}</span> },
    { header: "Placed by", cell: (order) => order.buyer_name },
    { header: "Placed", cell: (order) => formatDate(order.created_at) },
    {
      header: "Parts",
      cell: (order) => (
        <ul className="space-y-0.5">
          {order.parts.map((part) => (
            <li key={part.partNumber}>
              {part.quantity} × <span className="font-mono">{part.partNumber}</span> {part.name}
            </li>
          ))}
        </ul>
      ),
    },
    { header: "Total", cell: (order) => formatPrice(Number(order.total_cents)), align: "right" },
    { header: "PO number", cell: (order) => order.po_number ?? "—" },
    {
      header: "Reserved until",
      cell: (order) => (order.approval_expires_at ? formatDate(order.approval_expires_at) : "—"),
    },
    {
      header: "Decision",
      hideHeader: true,
      cell: (order) =>
        order.user_id === userId ? (
          <span className="text-slate-600">Your own order: another approver decides</span>
        ) : (
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="orderId" value={order.id} />
            <StatusButton name="intent" value="approve" pendingText="Approving…" className="px-3 py-1">
              {`Approve #${order.id}`}
            </StatusButton>
            <StatusButton
              name="intent"
              value="reject"
              variant="secondary"
              pendingText="Rejecting…"
              className="px-3 py-1"
            >
              {`Reject #${order.id}`}
            </StatusButton>
          </Form>
        ),
    },
  ];
  return (
    <section>
      <h1 className="text-2xl font-bold">Approvals</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">
        Orders placed for {companyName} over a buyer&apos;s spending limit wait here. Their parts are reserved until the
        date shown; approve to send the order on to dispatch, or reject to release the parts. Your company&apos;s limits
        are on the{" "}
        <AppLink to="/dashboard/company" className="font-semibold text-orange-800 underline">
          Company
        </AppLink>{" "}
        page.
      </p>
      <ReplyErrors reply={reply} />
      {orders.length ? (
        <DataTable rows={orders} columns={columns} rowKey={(order) => order.id} />
      ) : (
        <p className="mt-6 text-slate-600">No orders are waiting for approval.</p>
      )}
    </section>
  );
}
