import { appUrl, formatPrice, formatStoreDate, storeName } from "~/config/env.server";

import { html, Letter, type RenderedMessage } from "./letter.server";

// The messages about an order: its confirmation, its status, and the shop's notice of it.

/** What an order message shows: the order as it was placed. */
export type OrderForMail = {
  id: number;
  /** When it was placed (ISO, UTC). */
  placedAt: string;
  poNumber: string | null;
  address: string;
  phone: string;
  customerName: string;
  totals: { subtotalCents: number; shippingCents: number; taxCents: number; totalCents: number };
  taxLabel: string;
  /** "Prices as agreed in …": the price lists the lines' prices came from, when any did. */
  agreedPrices?: string;
  lines: {
    partNumber: string;
    /** The buyer's own number for the part, shown beside ours. */
    customerPartNumber?: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
    /** When it leaves, as every page words it ("Dispatched today", "8 now, 17 on backorder, …"). */
    supply: string;
  }[];
  /** The shipment a "shipped" or "partly shipped" message is about: how it travels, and its invoice (attached). */
  shipment?: { tracking: ShipmentTracking | null; invoice?: { id: number; number: string } };
  /**
   * Said beside the totals once the order's invoices differ from them (each invoice rounds its own
   * VAT): what the invoices come to, and why.
   */
  invoicingNote?: string;
  /** The credit note a "return credited" message is about (attached). */
  creditNote?: { id: number; number: string; text: string };
};

type ShipmentTracking = { carrier: string; trackingNumber: string | null; trackingUrl: string | null };

/** The sentence that points to the PDF a shipment's mail carries. */
function invoiceAttachedText(number: string) {
  return `Your VAT invoice ${number} for this shipment is attached (and in Invoices on your dashboard).`;
}

/** "Sent with DPD, tracking number 1550…" and the carrier's page to follow it, when there is one. */
function trackingText({ carrier, trackingNumber }: ShipmentTracking) {
  return `Sent with ${carrier}${trackingNumber ? `, tracking number ${trackingNumber}` : ""}`;
}

function orderLink(orderId: number, admin = false) {
  return new URL(`/dashboard/${admin ? "manage-order" : "my-order"}/${orderId}`, appUrl()).toString();
}

function totalsRows(order: OrderForMail): [string, string][] {
  return [
    ["Subtotal", formatPrice(order.totals.subtotalCents)],
    ["Shipping", formatPrice(order.totals.shippingCents)],
    [order.taxLabel, formatPrice(order.totals.taxCents)],
    ["Total", formatPrice(order.totals.totalCents)],
  ];
}

function placedText(order: OrderForMail) {
  return `Order #${order.id}, placed ${formatStoreDate(order.placedAt)}`;
}

function linesText(order: OrderForMail) {
  const lines = order.lines.map(
    (line) =>
      `${line.quantity} × ${line.partNumber}${line.customerPartNumber ? ` (your no. ${line.customerPartNumber})` : ""} ${line.name} at ${formatPrice(line.unitPriceCents)} = ${formatPrice(line.lineTotalCents)} (${line.supply})`,
  );
  const totals = totalsRows(order).map(([label, value]) => `${label}: ${value}`);
  return [placedText(order), "", ...lines, "", ...totals, ...(order.agreedPrices ? [order.agreedPrices] : [])].join(
    "\n",
  );
}

function OrderTable({ order }: { order: OrderForMail }) {
  const cell = { padding: "4px 8px", borderBottom: "1px solid #ddd" };
  return (
    <table style={{ borderCollapse: "collapse", fontFamily: "sans-serif", fontSize: 14 }}>
      <caption style={{ textAlign: "left", paddingBottom: 8 }}>{placedText(order)}</caption>
      <thead>
        <tr>
          <th style={{ ...cell, textAlign: "left" }}>Part</th>
          <th style={{ ...cell, textAlign: "right" }}>Quantity</th>
          <th style={{ ...cell, textAlign: "right" }}>Unit price</th>
          <th style={{ ...cell, textAlign: "right" }}>Line total</th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.partNumber}>
            <td style={cell}>
              {line.name}
              <br />
              <code>{line.partNumber}</code>
              {line.customerPartNumber ? (
                <>
                  <br />
                  <small>Your no. {line.customerPartNumber}</small>
                </>
              ) : null}
              <br />
              <small>{line.supply}</small>
            </td>
            <td style={{ ...cell, textAlign: "right" }}>{line.quantity}</td>
            <td style={{ ...cell, textAlign: "right" }}>{formatPrice(line.unitPriceCents)}</td>
            <td style={{ ...cell, textAlign: "right" }}>{formatPrice(line.lineTotalCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {totalsRows(order).map(([label, value]) => (
          <tr key={label}>
            <td colSpan={3} style={{ ...cell, textAlign: "right" }}>
              {label}
            </td>
            <td style={{ ...cell, textAlign: "right", fontWeight: label === "Total" ? "bold" : undefined }}>{value}</td>
          </tr>
        ))}
        {order.agreedPrices ? (
          <tr>
            <td colSpan={4} style={cell}>
              {order.agreedPrices}
            </td>
          </tr>
        ) : null}
      </tfoot>
    </table>
  );
}

function shippingText(order: OrderForMail) {
  return [
    `Ship to: ${order.address}`,
    `Phone: ${order.phone}`,
    `Purchase order: ${order.poNumber ?? "none given"}`,
  ].join("\n");
}

/** To the customer, when the order is placed: its lines, totals, PO number and address. */
export function orderPlacedMessage(order: OrderForMail): RenderedMessage {
  const link = orderLink(order.id);
  const heading = `Thank you for your order #${order.id}`;
  return {
    subject: `${storeName()}: order #${order.id} placed`,
    text: [
      `Hello ${order.customerName},`,
      "",
      `${heading}. We will let you know when it ships.`,
      "",
      linesText(order),
      "",
      shippingText(order),
      "",
      `Your order: ${link}`,
      "",
      storeName(),
    ].join("\n"),
    html: html(
      <Letter heading={heading} link={link}>
        <p>Hello {order.customerName}, we will let you know when it ships.</p>
        <OrderTable order={order} />
        <p>
          Ship to: {order.address}
          <br />
          Phone: {order.phone}
          <br />
          Purchase order: {order.poNumber ?? "none given"}
        </p>
      </Letter>,
    ),
  };
}

const STATUS_WORDS = {
  "partly shipped": "has partly shipped; the rest follows as it is ready",
  shipped: "has shipped",
  delivered: "has been delivered",
  cancelled: "was cancelled; the parts went back into stock and nothing is charged",
  "backorder filled":
    "has parts that were on backorder in stock now, ready to ship (each line below says when it leaves)",
  "line cancelled": "has changed: part of it was cancelled, and the totals below are what it costs now",
  "return credited": "has parts back with us, and they are credited",
  approved: "was approved by your company: it is on its way to dispatch",
} as const;

const STATUS_SUBJECTS: Partial<Record<OrderStatusEvent, string>> = {
  "backorder filled": "backorder in stock",
  "line cancelled": "changed",
  "return credited": "return credited",
  approved: "approved",
};

export type OrderStatusEvent = keyof typeof STATUS_WORDS;

/** To the customer, when an admin (or they themselves) moves the order along, or stock completes it. */
export function orderStatusMessage(order: OrderForMail, status: OrderStatusEvent): RenderedMessage {
  const link = orderLink(order.id);
  const heading = `Your order #${order.id} ${STATUS_WORDS[status]}`;
  const tracking = order.shipment?.tracking;
  const trackingLines = tracking
    ? [`${trackingText(tracking)}.`, ...(tracking.trackingUrl ? [`Follow it: ${tracking.trackingUrl}`] : []), ""]
    : [];
  const invoice = order.shipment?.invoice;
  const documentText = invoice ? invoiceAttachedText(invoice.number) : order.creditNote?.text;
  const invoiceLines = [
    ...(documentText ? [documentText, ""] : []),
    ...(order.invoicingNote ? [order.invoicingNote, ""] : []),
  ];
  return {
    subject: `${storeName()}: order #${order.id} ${STATUS_SUBJECTS[status] ?? status}`,
    text: [
      `Hello ${order.customerName},`,
      "",
      `${heading}.`,
      "",
      ...trackingLines,
      ...invoiceLines,
      linesText(order),
      "",
      `Your order: ${link}`,
    ].join("\n"),
    html: html(
      <Letter heading={heading} link={link}>
        {tracking ? (
          <p>
            {trackingText(tracking)}.
            {tracking.trackingUrl ? (
              <>
                {" "}
                <a href={tracking.trackingUrl}>Follow it on {tracking.carrier}&apos;s site</a>.
              </>
            ) : null}
          </p>
        ) : null}
        {documentText ? <p>{documentText}</p> : null}
        {order.invoicingNote ? <p>{order.invoicingNote}</p> : null}
        <OrderTable order={order} />
      </Letter>,
    ),
  };
}

/** To ORDER_NOTIFY_EMAIL: a new order to pick and ship. */
export function newOrderNotice(order: OrderForMail, customerEmail: string): RenderedMessage {
  const link = orderLink(order.id, true);
  const heading = `New order #${order.id} from ${order.customerName}`;
  return {
    subject: `${storeName()}: new order #${order.id} (${formatPrice(order.totals.totalCents)})`,
    text: [`${heading} <${customerEmail}>.`, "", linesText(order), "", shippingText(order), "", link].join("\n"),
    html: html(
      <Letter heading={heading} link={link}>
        <p>{customerEmail}</p>
        <OrderTable order={order} />
        <p>
          Ship to: {order.address}, phone {order.phone}, purchase order {order.poNumber ?? "none given"}
        </p>
      </Letter>,
    ),
  };
}
