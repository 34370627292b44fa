import type { ReactNode } from "react";

import { AppLink } from "~/components/app-link";
import { BillTotals, usePricingRules } from "~/components/bill";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatPrice } from "~/components/use-money";
import type { QuoteDetail, QuoteLineView } from "~/models/quote";

/**
 * A quote's lines: each part's list price (what the cart showed for the quantity) beside the price
 * offered, then the bill's totals at the offered prices (the cart's shipping and tax rules). Staff
 * pass `priceCell` to put an input where the offered price is.
 */
export function QuoteLines({
  quote,
  priceCell,
}: {
  quote: Pick<QuoteDetail, "lines" | "priced" | "totals">;
  priceCell?: (line: QuoteLineView, index: number) => ReactNode;
}) {
  const formatPrice = useFormatPrice();
  const rules = usePricingRules();
  const rows = quote.lines.map((line, index) => ({ ...line, index }));
  const columns: Column<(typeof rows)[number]>[] = [
    {
      header: "Part",
      cell: (line) => (
        <span>
          {line.itemId ? (
            <AppLink to={`/items/${line.itemId}`} className="font-medium hover:underline">
              {line.name}
            </AppLink>
          ) : (
            <span className="font-medium">{line.name}</span>
          )}
          <span className="block font-mono text-xs text-slate-600">{line.partNumber}</span>
        </span>
      ),
    },
    { header: "Quantity", cell: (line) => line.quantity, align: "right" },
    { header: "List price", cell: (line) => formatPrice(line.listPriceCents), align: "right" },
    {
      header: "Quoted price",
      cell: (line) =>
        priceCell ? (
          priceCell(line, line.index)
        ) : quote.priced && line.quotedPriceCents !== null ? (
          <span className="font-semibold">{formatPrice(line.quotedPriceCents)}</span>
        ) : (
          <span className="text-slate-600">To be quoted</span>
        ),
      align: "right",
    },
    { header: "Line total", cell: (line) => formatPrice(line.lineTotalCents), align: "right" },
  ];
  return (
    <>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(line) => line.lineId}
        rowTestId={(line) => `line-${line.partNumber}`}
      />
      {quote.priced ? (
        <BillTotals totals={quote.totals} rules={rules} />
      ) : (
        <p className="mt-4 text-right text-sm text-slate-700">
          At list prices, before our offer: {formatPrice(quote.totals.totalCents)} with shipping and {rules.taxLabel}.
        </p>
      )}
    </>
  );
}
