import { useFormatPrice } from "~/components/use-money";
import { type InvoicedAmounts, invoicingDifference, invoicingDifferenceNote, isFullyInvoiced } from "~/lib/invoices";
import { countOf } from "~/lib/plural";

/**
 * Under an order's bill, once anything of it is invoiced: what its invoices and credit notes came to,
 * and why the invoices' total differs from the order's when they round their VAT apart (decision 44).
 */
export function InvoicedSummary({
  order,
  invoiced,
}: {
  order: { status: string; totalCents: number; paymentMethod: string | null; paidAt: string | null };
  invoiced: InvoicedAmounts;
}) {
  const formatPrice = useFormatPrice();
  if (invoiced.invoiceCount === 0) return null;
  const complete = isFullyInvoiced(order.status, invoiced);
  const difference = invoicingDifference(order, invoiced);
  return (
    <div className="mt-3 ml-auto max-w-sm space-y-1 text-right text-sm" data-testid="invoiced-summary">
      <p>
        {`${complete ? "Invoiced" : "Invoiced so far"}: `}
        <strong data-testid="invoiced-total">{formatPrice(invoiced.invoicedCents)}</strong>
        {` in ${countOf(invoiced.invoiceCount, "invoice")}`}
      </p>
      {invoiced.creditNoteCount ? (
        <p>
          {`Credited: ${formatPrice(invoiced.creditedCents)} in ${countOf(invoiced.creditNoteCount, "credit note")}`}
        </p>
      ) : null}
      {difference !== 0 ? (
        <p className="text-slate-600" data-testid="invoicing-difference">
          {invoicingDifferenceNote(formatPrice(invoiced.invoicedCents), difference, formatPrice(Math.abs(difference)))}
          {order.paymentMethod === "proforma" && order.paidAt
            ? ` You paid ${formatPrice(order.totalCents)} in advance, and that settles them.`
            : ""}
        </p>
      ) : null}
    </div>
  );
}
