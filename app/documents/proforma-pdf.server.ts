import { formatPrice, formatStoreDate, storePricingRules, storeVatNumber } from "~/config/env.server";
import { company } from "~/content/company";
import { formatTaxRate } from "~/lib/pricing";
import { formatGbVatNumber } from "~/lib/vat-number";
import type { OrderDetail } from "~/models/order";

import {
  drawHeading,
  drawNote,
  drawParties,
  drawTable,
  drawTotals,
  finishDocument,
  pricedColumns,
  pricedRows,
  startDocument,
} from "./pdf-layout.server";

// A pro-forma invoice (issue 27): what a company not on account pays before its order is
// dispatched, drawn from the order as its page shows it. It is a request for payment, not a VAT
// invoice: the VAT invoice follows when the parts ship.

export function renderProformaPdf(order: OrderDetail): Promise<Buffer> {
  const rules = storePricingRules();
  const { doc, bytes } = startDocument({
    title: `Pro-forma invoice for order #${order.id}`,
    subject: `Order #${order.id}`,
    createdAt: order.created_at,
  });
  drawHeading(doc, {
    title: "Pro-forma invoice",
    sellerVatNumber: storeVatNumber(),
    particulars: [
      ["Order", `#${order.id}`],
      ["Date", formatStoreDate(order.created_at)],
      ["Your PO number", order.po_number ?? "none given"],
      ["Status", order.paid_at ? `paid ${formatStoreDate(order.paid_at)}` : "awaiting payment"],
    ],
  });
  drawParties(doc, [
    {
      heading: "Bill to",
      lines: [
        order.company_name ?? order.customer_name,
        `For ${order.customer_name}`,
        order.customer_email,
        ...(order.company_vat_number ? [`VAT number ${formatGbVatNumber(order.company_vat_number)}`] : []),
      ],
    },
    { heading: "Deliver to", lines: order.address.split(/\r?\n/) },
  ]);
  drawTable(
    doc,
    pricedColumns(`Net (excl. ${rules.taxLabel})`),
    pricedRows(
      order.lines.map((line) => ({
        partNumber: line.part_number,
        name: line.item_name,
        quantity: line.quantity,
        unitPriceCents: Number(line.unit_price_cents),
        totalCents: Number(line.line_total_cents),
      })),
    ),
    1,
  );
  drawTotals(doc, [
    ["Goods", formatPrice(Number(order.subtotal_cents))],
    ["Shipping", formatPrice(Number(order.shipping_cents))],
    [`${rules.taxLabel} at ${formatTaxRate(rules.taxRateBasisPoints)}%`, formatPrice(Number(order.tax_cents))],
    ["Total to pay", formatPrice(Number(order.total_cents))],
  ]);
  drawNote(
    doc,
    `This is not a VAT invoice. We dispatch the order once its payment arrives, and the VAT invoice follows with the parts. ${company.paymentInstructions}`,
  );
  return finishDocument(doc, bytes, `Pro-forma invoice, order #${order.id}`);
}
