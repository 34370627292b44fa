import { formatPrice, formatStoreDate, formatStoreDay } from "~/config/env.server";
import { agreedPricesNote } from "~/lib/contract-prices";
import { invoiceTitle } from "~/lib/invoices";
import { formatTaxRate } from "~/lib/pricing";
import type { InvoiceDocument } from "~/models/invoice";

import { addressLines, billTo, pricedTable, renderDocument } from "./pdf-layout.server";

// An issued invoice or credit note as a PDF (docs/decisions/0034-invoices.md), everything it prints
// read from the issued row.

/** The document as PDF bytes. */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const title = invoiceTitle(invoice.kind);
  const isInvoice = invoice.kind === "invoice";
  // A credit note's amounts print as the credits they are.
  const amount = (cents: number) => formatPrice(isInvoice ? cents : -cents);
  return renderDocument({
    name: `${title} ${invoice.number}`,
    subject: `Order #${invoice.order_id}`,
    createdAt: invoice.issued_at,
    heading: {
      title,
      sellerVatNumber: invoice.seller_vat_number,
      particulars: [
        [isInvoice ? "Invoice number" : "Credit note number", invoice.number],
        [isInvoice ? "Date (tax point)" : "Date", formatStoreDate(invoice.issued_at)],
        ...(invoice.creditsNumber ? ([["Credits invoice", invoice.creditsNumber]] as [string, string][]) : []),
        ["Order", `#${invoice.order_id}`],
        ["Your PO number", invoice.po_number ?? "none given"],
      ],
    },
    parties: [
      billTo({
        companyName: invoice.buyer_company,
        personName: invoice.customer_name,
        address: invoice.billing_address,
        email: invoice.customer_email,
        vatNumber: invoice.buyer_vat_number,
      }),
      { heading: "Delivered to", lines: addressLines(invoice.delivery_address) },
    ],
    table: pricedTable(
      invoice.lines.map((line) => ({
        partNumber: line.part_number,
        name: line.item_name,
        quantity: line.quantity,
        unitPriceCents: line.unit_price_cents,
        totalCents: line.line_total_cents,
      })),
      `Net (excl. ${invoice.tax_label})`,
      amount,
    ),
    totals: [
      ["Goods", amount(invoice.goods_cents)],
      ["Shipping", amount(invoice.shipping_cents)],
      [`Total excl. ${invoice.tax_label}`, amount(invoice.goods_cents + invoice.shipping_cents)],
      [`${invoice.tax_label} at ${formatTaxRate(invoice.tax_rate_basis_points)}%`, amount(invoice.tax_cents)],
      [isInvoice ? "Total due" : "Total credited", amount(invoice.total_cents)],
    ],
    note: [
      agreedPricesNote(invoice.lines),
      isInvoice
        ? invoicePaymentNote(invoice)
        : `This credit note reduces what is owed on invoice ${invoice.creditsNumber ?? ""}.`,
    ]
      .filter(Boolean)
      .join(" "),
  });
}

/** What the buyer is to do about an invoice: nothing once it is paid, else pay it by its due day. */
function invoicePaymentNote(invoice: Pick<InvoiceDocument, "number" | "paid_at" | "due_on">) {
  if (invoice.paid_at) return `Paid ${formatStoreDate(invoice.paid_at)}: nothing is due on this invoice. Thank you.`;
  const due = invoice.due_on
    ? `On account: payment is due by ${formatStoreDay(invoice.due_on)}.`
    : "Payment is due on receipt of this invoice.";
  return `${due} Please quote ${invoice.number} with your payment.`;
}

/** The file name a download and a mail attachment carry. */
export function invoiceFileName(invoice: Pick<InvoiceDocument, "number">) {
  return `${invoice.number}.pdf`;
}
