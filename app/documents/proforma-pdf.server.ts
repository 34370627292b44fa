import { formatPrice, formatStoreDate, storePricingRules, storeVatNumber } from "~/config/env.server";
import { company } from "~/content/company";
import { agreedPricesNote } from "~/lib/contract-prices";
import { formatTaxRate } from "~/lib/pricing";
import type { OrderDetail } from "~/models/order";

import { addressLines, billTo, pricedTable, renderDocument } from "./pdf-layout.server";

// A pro-forma invoice (issue 27): what a company not on account pays before its order is
// dispatched, drawn from the order as its page shows it. It is a request for payment, not a VAT
// invoice: the VAT invoice follows when the parts ship.

export function renderProformaPdf(order: OrderDetail): Promise<Buffer> {
  const rules = storePricingRules();
  return renderDocument({
    name: `Pro-forma invoice for order #${order.id}`,
    footer: `Pro-forma invoice, order #${order.id}`,
    subject: `Order #${order.id}`,
    createdAt: order.created_at,
    heading: {
      title: "Pro-forma invoice",
      sellerVatNumber: storeVatNumber(),
      particulars: [
        ["Order", `#${order.id}`],
        ["Date", formatStoreDate(order.created_at)],
        ["Your PO number", order.po_number ?? "none given"],
        ["Status", order.paid_at ? `paid ${formatStoreDate(order.paid_at)}` : "awaiting payment"],
      ],
    },
    parties: [
      billTo({
        companyName: order.company_name,
        personName: order.customer_name,
        email: order.customer_email,
        vatNumber: order.company_vat_number,
      }),
      { heading: "Deliver to", lines: addressLines(order.address) },
    ],
    table: pricedTable(
      order.lines.map((line) => ({
        partNumber: line.part_number,
        name: line.item_name,
        quantity: line.quantity,
        unitPriceCents: Number(line.unit_price_cents),
        totalCents: Number(line.line_total_cents),
      })),
      `Net (excl. ${rules.taxLabel})`,
    ),
    totals: [
      ["Goods", formatPrice(Number(order.subtotal_cents))],
      ["Shipping", formatPrice(Number(order.shipping_cents))],
      [`${rules.taxLabel} at ${formatTaxRate(rules.taxRateBasisPoints)}%`, formatPrice(Number(order.tax_cents))],
      ["Total to pay", formatPrice(Number(order.total_cents))],
    ],
    note: [
      agreedPricesNote(order.lines),
      `This is not a VAT invoice. We dispatch the order once its payment arrives, and the VAT invoice follows with the parts. ${company.paymentInstructions}`,
    ]
      .filter(Boolean)
      .join(" "),
  });
}
