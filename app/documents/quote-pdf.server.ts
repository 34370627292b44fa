import { appUrl, formatPrice, formatStoreDate, formatStoreDay, storePricingRules } from "~/config/env.server";
import { formatTaxRate } from "~/lib/pricing";
import { quoteStatusLabel } from "~/lib/quotes";
import type { QuoteDetail } from "~/models/quote";

import { pricedTable, renderDocument } from "./pdf-layout.server";

// A quote as a PDF, from the same detail its page shows: the prices offered (list prices while it
// is still being priced), the totals, and until when and where it can be accepted.

export function renderQuotePdf(quote: QuoteDetail): Promise<Buffer> {
  const rules = storePricingRules();
  const link = new URL(`/dashboard/quotes/${quote.id}`, appUrl()).toString();
  return renderDocument({
    name: `Quotation ${quote.number}`,
    subject: `Quote for ${quote.customer.name}`,
    createdAt: quote.sentAt ?? quote.createdAt,
    heading: {
      title: "Quotation",
      particulars: [
        ["Quote number", quote.number],
        ["Date", formatStoreDate(quote.sentAt ?? quote.createdAt)],
        ["Valid until", quote.validUntil ? formatStoreDay(quote.validUntil) : "to be priced"],
        ["Status", quoteStatusLabel(quote.status)],
      ],
    },
    parties: [{ heading: "Prepared for", lines: [quote.customer.name, quote.customer.email] }],
    table: pricedTable(
      quote.lines.map((line) => ({ ...line, totalCents: line.lineTotalCents })),
      `Total (excl. ${rules.taxLabel})`,
    ),
    totals: [
      ["Goods", formatPrice(quote.totals.subtotalCents)],
      ["Shipping", formatPrice(quote.totals.shippingCents)],
      [`${rules.taxLabel} at ${formatTaxRate(rules.taxRateBasisPoints)}%`, formatPrice(quote.totals.taxCents)],
      ["Total", formatPrice(quote.totals.totalCents)],
    ],
    note:
      quote.priced && quote.validUntil
        ? `These prices hold until ${formatStoreDay(quote.validUntil)}. Accept the quote at ${link} and the order is placed at them.`
        : `Our sales team is pricing this request; the prices shown are list prices until then. ${link}`,
  });
}
