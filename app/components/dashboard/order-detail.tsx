import type { ReactNode } from "react";

import { BillLines, BillTotals, usePricingRules } from "~/components/bill";
import { InvoicedSummary } from "~/components/dashboard/invoiced-summary";
import { CancelLineButton } from "~/components/dashboard/order-buttons";
import { StatusBadge } from "~/components/dashboard/order-table";
import { useFormatDate } from "~/components/use-format-date";
import type { PaymentMethod } from "~/lib/companies";
import { agreedPricesNote } from "~/lib/contract-prices";
import { invoiceFileHref } from "~/lib/invoices";
import type { CancellableLine, OrderDetail } from "~/models/order";

/** How an order is paid and whether that is done, in a few words. */
function paymentStatusText(
  method: PaymentMethod,
  termsDays: number | null,
  paidAt: string | null,
  formatDate: (iso: string) => string,
) {
  if (method === "proforma") {
    return paidAt
      ? `Pro-forma invoice, paid ${formatDate(paidAt)}`
      : "Pro-forma invoice: dispatched once payment arrives";
  }
  return paidAt ? `On account, settled ${formatDate(paidAt)}` : `On account (${termsDays ?? 30} days)`;
}

/** One order as its customer and the admins see it; each page adds its own buttons and details. */
export function OrderDetailView({
  order,
  customer,
  actions,
  customerPartNumbers,
  cancellable = [],
  cancelLineHref,
  packingSlipHref,
}: {
  order: Omit<OrderDetail, "lines"> & { lines: (OrderDetail["lines"][number] & { dispatch?: string })[] };
  /** The admin's view names the customer. */
  customer?: ReactNode;
  actions?: ReactNode;
  /** The buyer's own numbers for the parts, by item id: shown under ours. */
  customerPartNumbers?: Record<string, string>;
  /** Lines that can still be cancelled on their own, each with a Cancel line button. */
  cancellable?: CancellableLine[];
  /** The page that asks to confirm a line's cancellation without JavaScript. */
  cancelLineHref?: (lineId: number) => string;
  /** Staff print each shipment's packing slip. */
  packingSlipHref?: (shipmentId: number) => string;
}) {
  const rules = usePricingRules();
  const formatDate = useFormatDate();
  const lines = order.lines.map((line) => ({
    id: line.id,
    itemId: line.item_id,
    partNumber: line.part_number,
    name: line.item_name,
    quantity: line.quantity,
    unitPriceCents: Number(line.unit_price_cents),
    lineTotalCents: Number(line.line_total_cents),
    dispatch: line.dispatch,
    customerPartNumber: line.item_id === null ? undefined : customerPartNumbers?.[line.item_id],
  }));
  const totals = {
    subtotalCents: Number(order.subtotal_cents),
    shippingCents: Number(order.shipping_cents),
    taxCents: Number(order.tax_cents),
    totalCents: Number(order.total_cents),
  };
  return (
    <article>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Order #{order.id}</h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Placed <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
      </p>
      {actions ? <div className="mt-4 flex flex-wrap gap-2">{actions}</div> : null}
      <BillLines
        lines={lines}
        actions={
          cancellable.length && cancelLineHref
            ? (line) => {
                const open = cancellable.find((candidate) => candidate.id === line.id);
                return open ? (
                  <CancelLineButton orderId={order.id} line={open} fallbackHref={cancelLineHref(line.id)} />
                ) : null;
              }
            : undefined
        }
      />
      {agreedPricesNote(order.lines) ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="agreed-prices">
          {agreedPricesNote(order.lines)}
        </p>
      ) : null}
      <BillTotals totals={totals} rules={rules} />
      <InvoicedSummary
        order={{
          status: order.status,
          totalCents: totals.totalCents,
          paymentMethod: order.payment_method ?? null,
          paidAt: order.paid_at ?? null,
        }}
        invoiced={order.invoiced}
      />
      {order.shipments.length ? (
        <section aria-labelledby="shipments-heading" className="mt-8">
          <h2 id="shipments-heading" className="text-lg font-semibold">
            Shipments
          </h2>
          <ol className="mt-2 space-y-2 text-sm" data-testid="shipments">
            {order.shipments.map((shipment, index) => (
              <li key={shipment.id}>
                <span className="font-medium">Shipment {index + 1}</span>,{" "}
                <time dateTime={shipment.createdAt} className="text-slate-600">
                  {formatDate(shipment.createdAt)}
                </time>
                : {shipment.lines.map((line) => `${line.quantity} × ${line.partNumber} ${line.name}`).join("; ")}
                <ShipmentTracking tracking={shipment.tracking} />
                {shipment.invoiceNumber ? (
                  <div>
                    <a
                      href={invoiceFileHref(shipment.invoiceNumber, "pdf")}
                      className="font-medium text-orange-800 underline"
                      data-testid="shipment-invoice"
                    >
                      VAT invoice {shipment.invoiceNumber} (PDF)
                    </a>
                    {" · "}
                    <a
                      href={invoiceFileHref(shipment.invoiceNumber, "xml")}
                      className="font-medium text-orange-800 underline"
                      data-testid="shipment-e-invoice"
                    >
                      e-invoice (XML)<span className="sr-only"> of {shipment.invoiceNumber}</span>
                    </a>
                  </div>
                ) : null}
                {packingSlipHref ? (
                  <div>
                    <a href={packingSlipHref(shipment.id)} className="font-medium text-orange-800 underline">
                      Packing slip for shipment {index + 1} (PDF)
                    </a>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="shipping-heading">
          <h2 id="shipping-heading" className="text-lg font-semibold">
            Shipping
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {customer}
            <dt className="text-slate-600">Address</dt>
            <dd className="break-words">{order.address}</dd>
            {order.billing_address ? (
              <>
                <dt className="text-slate-600">Invoice to</dt>
                <dd className="break-words" data-testid="billing-address">
                  {order.billing_address}
                </dd>
              </>
            ) : null}
            <dt className="text-slate-600">Phone</dt>
            <dd>{order.phone}</dd>
            <dt className="text-slate-600">Purchase order</dt>
            <dd data-testid="po-number">{order.po_number ?? "None given"}</dd>
            {order.company_name ? (
              <>
                <dt className="text-slate-600">Company</dt>
                <dd>{order.company_name}</dd>
              </>
            ) : null}
            {order.payment_method ? (
              <>
                <dt className="text-slate-600">Payment</dt>
                <dd data-testid="order-payment">
                  {paymentStatusText(order.payment_method, order.payment_terms_days, order.paid_at, formatDate)}
                  {order.payment_method === "proforma" ? (
                    <div>
                      <a
                        href={`/dashboard/my-order/${order.id}/pro-forma.pdf`}
                        className="font-medium text-orange-800 underline"
                      >
                        Pro-forma invoice (PDF)
                      </a>
                    </div>
                  ) : null}
                </dd>
              </>
            ) : null}
            {order.status === "awaiting approval" && order.approval_expires_at ? (
              <>
                <dt className="text-slate-600">Approval</dt>
                <dd data-testid="approval-status">
                  Waiting for an approver; parts reserved until {formatDate(order.approval_expires_at)}
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <section aria-labelledby="history-heading">
          <h2 id="history-heading" className="text-lg font-semibold">
            Status history
          </h2>
          <ol className="mt-2 space-y-1 text-sm">
            {order.history.map((change) => (
              <li key={`${change.status}-${change.changed_at}`} className="flex gap-3">
                <span className="w-24 font-medium capitalize">{change.status}</span>
                <time dateTime={change.changed_at} className="text-slate-600">
                  {formatDate(change.changed_at)}
                </time>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </article>
  );
}

/** How a shipment travels: the carrier, and its tracking number linked to the carrier's own page. */
function ShipmentTracking({ tracking }: { tracking: OrderDetail["shipments"][number]["tracking"] }) {
  if (!tracking) return null;
  return (
    <div className="text-slate-700" data-testid="shipment-tracking">
      Sent with {tracking.carrier}
      {tracking.trackingNumber ? (
        <>
          , tracking number{" "}
          {tracking.trackingUrl ? (
            <a href={tracking.trackingUrl} className="break-all font-mono text-blue-800 underline" rel="noreferrer">
              {tracking.trackingNumber}
            </a>
          ) : (
            <span className="break-all font-mono">{tracking.trackingNumber}</span>
          )}
        </>
      ) : null}
    </div>
  );
}
