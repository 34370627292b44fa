import { appUrl, formatPrice, formatStoreDate, formatStoreDay, storePricingRules } from "~/config/env.server";
import { formatTaxRate } from "~/lib/pricing";
import { quoteStatusLabel } from "~/lib/quotes";
import type { QuoteDetail } from "~/models/quote";

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

// A quote as a PDF, from the same detail its page shows: the prices offered (list prices while it
// is still being priced), the totals, and until when and where it can be accepted.

export function renderQuotePdf(quote: QuoteDetail): Promise<Buffer> {
  const rules = storePricingRules();
  const { doc, bytes } = startDocument({
    title: `Quotation ${quote.number}`,
    subject: `Quote for ${quote.customer.name}`,
    createdAt: quote.sentAt ?? quote.createdAt,
  });
  drawHeading(doc, {
    title: "Quotation",
    particulars: [
      ["Quote number", quote.number],
      ["Date", formatStoreDate(quote.sentAt ?? quote.createdAt)],
      ["Valid until", quote.validUntil ? formatStoreDay(quote.validUntil) : "to be priced"],
      ["Status", quoteStatusLabel(quote.status)],
    ],
  });
  drawParties(doc, [{ heading: "Prepared for", lines: [quote.customer.name, quote.customer.email] }]);
  drawTable(
    doc,
    pricedColumns(`Total (excl. ${rules.taxLabel})`),
    pricedRows(quote.lines.map((line) => ({ ...line, totalCents: line.lineTotalCents }))),
    1,
  );
  drawTotals(doc, [
    ["Goods", formatPrice(quote.totals.subtotalCents)],
    ["Shipping", formatPrice(quote.totals.shippingCents)],
    [`${rules.taxLabel} at ${formatTaxRate(rules.taxRateBasisPoints)}%`, formatPrice(quote.totals.taxCents)],
    ["Total", formatPrice(quote.totals.totalCents)],
  ]);
  const link = new URL(`/dashboard/quotes/${quote.id}`, appUrl()).toString();
  drawNote(
    doc,
    quote.priced && quote.validUntil
      ? `These prices hold until ${formatStoreDay(quote.validUntil)}. Accept the quote at ${link} and the order is placed at them.`
      : `Our sales team is pricing this request; the prices shown are list prices until then. ${link}`,
  );
  return finishDocument(doc, bytes, `Quotation ${quote.number}`);
}
