import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { AppLink } from "~/components/app-link";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatPrice } from "~/components/use-money";
import type { PriceSource } from "~/lib/contract-prices";
import { DEFAULT_PRICING_RULES, formatTaxRate, type PricingRules, type Totals } from "~/lib/pricing";

/** The store's shipping and tax rules, as the root loader sent them. */
export function usePricingRules(): PricingRules {
  const root = useRouteLoaderData("root") as { pricing?: PricingRules } | undefined;
  return root?.pricing ?? DEFAULT_PRICING_RULES;
}

/** A line of any bill: the cart, checkout, an order. */
export type BillRow = {
  itemId: number | null;
  partNumber: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** When the line leaves, in words ("Dispatched today", "8 now, 17 on backorder, dispatched by …"). */
  dispatch?: string;
  /** The buyer's own number for the part, shown under ours. */
  customerPartNumber?: string;
  /** List price with breaks, and where the unit price came from: a contract price says so beside list. */
  listUnitPriceCents?: number;
  priceSource?: PriceSource;
};

/** The unit price, and for a contract price "your price" with list price struck through beside it. */
function UnitPrice({ line }: { line: BillRow }) {
  const formatPrice = useFormatPrice();
  if (line.priceSource?.kind !== "contract" || line.listUnitPriceCents === undefined) {
    return <>{formatPrice(line.unitPriceCents)}</>;
  }
  return (
    <span data-testid="your-price">
      {formatPrice(line.unitPriceCents)}
      <span className="block text-xs text-slate-700">
        your price, list <s>{formatPrice(line.listUnitPriceCents)}</s>
      </span>
    </span>
  );
}

/** The lines of a bill. `quantityCell` replaces the plain quantity (the cart's editable one). */
export function BillLines<Row extends BillRow>({
  lines,
  quantityCell,
  note,
  actions,
  isLineHidden,
}: {
  lines: Row[];
  /** A line on its way out (the cart's Remove, sent): hidden, its forms kept mounted. */
  isLineHidden?: (line: Row) => boolean;
  quantityCell?: (line: Row) => ReactNode;
  /** A warning under a line's part (short of stock, below the minimum, repriced). */
  note?: (line: Row) => ReactNode;
  actions?: (line: Row) => ReactNode;
}) {
  const formatPrice = useFormatPrice();
  const columns: Column<Row>[] = [
    {
      header: "Part",
      cell: (line) => (
        <span className="text-left">
          {line.itemId ? (
            <AppLink to={`/items/${line.itemId}`} className="font-medium hover:underline">
              {line.name}
            </AppLink>
          ) : (
            <span className="font-medium">{line.name}</span>
          )}
          <span className="block font-mono text-xs text-slate-600">{line.partNumber}</span>
          {line.customerPartNumber ? (
            <span className="block font-mono text-xs text-slate-700" data-testid="customer-part-number">
              {`Your no. ${line.customerPartNumber}`}
            </span>
          ) : null}
          {line.dispatch ? (
            <span className="block text-xs text-slate-700" data-testid="dispatch">
              {line.dispatch}
            </span>
          ) : null}
          {note?.(line)}
        </span>
      ),
    },
    { header: "Unit price", cell: (line) => <UnitPrice line={line} />, align: "right" },
    { header: "Quantity", cell: (line) => (quantityCell ? quantityCell(line) : line.quantity), align: "right" },
    { header: "Line total", cell: (line) => formatPrice(line.lineTotalCents), align: "right" },
    ...(actions ? [{ header: "Actions", cell: actions, hideHeader: true }] : []),
  ];
  return (
    <DataTable
      rows={lines}
      columns={columns}
      rowKey={(line) => `${line.itemId}-${line.partNumber}`}
      rowTestId={(line) => `line-${line.partNumber}`}
      isRowHidden={isLineHidden}
    />
  );
}

/** Goods, shipping, tax and the total, as every bill ends. */
export function BillTotals({ totals, rules }: { totals: Totals; rules: PricingRules }) {
  const formatPrice = useFormatPrice();
  const rows: [string, string, string][] = [
    ["Subtotal", formatPrice(totals.subtotalCents), "subtotal"],
    ["Shipping", totals.shippingCents === 0 ? "Free" : formatPrice(totals.shippingCents), "shipping"],
    [`${rules.taxLabel} (${formatTaxRate(rules.taxRateBasisPoints)}%)`, formatPrice(totals.taxCents), "tax"],
  ];
  return (
    <dl className="mt-4 ml-auto grid max-w-sm grid-cols-2 gap-y-1 text-sm" data-testid="bill-totals">
      {rows.map(([label, value, id]) => (
        <div key={id} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium" data-testid={`bill-${id}`}>
            {value}
          </dd>
        </div>
      ))}
      <dt className="border-t border-slate-300 pt-2 text-base font-semibold">Total</dt>
      <dd className="border-t border-slate-300 pt-2 text-right text-base font-semibold" data-testid="bill-total">
        {formatPrice(totals.totalCents)}
      </dd>
    </dl>
  );
}

/** What the buyer is told about free shipping, under a bill that still pays for it. */
export function ShippingHint({ totals, rules }: { totals: Totals; rules: PricingRules }) {
  const formatPrice = useFormatPrice();
  if (totals.shippingCents === 0 || totals.subtotalCents === 0) return null;
  return (
    <p className="mt-2 text-right text-sm text-slate-600">
      Orders over {formatPrice(rules.freeShippingOverCents)} ship free: add{" "}
      {formatPrice(rules.freeShippingOverCents - totals.subtotalCents + 1)} more.
    </p>
  );
}
