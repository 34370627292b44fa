import { AppLink } from "~/components/app-link";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatDate } from "~/components/use-format-date";
import { useFormatPrice } from "~/components/use-money";
import { type QuoteStatus, quoteStatusLabel } from "~/lib/quotes";
import type { QuoteSummary } from "~/models/quote";

const statusStyles: Record<QuoteStatus, string> = {
  requested: "bg-amber-100 text-amber-900",
  sent: "bg-sky-100 text-sky-900",
  expired: "bg-slate-200 text-slate-800",
  accepted: "bg-green-100 text-green-900",
  declined: "bg-slate-200 text-slate-800",
  withdrawn: "bg-slate-200 text-slate-800",
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[status]}`}
      data-testid="quote-status"
    >
      {quoteStatusLabel(status)}
    </span>
  );
}

/** "Spur gear M1 20T" or "Spur gear M1 20T and 4 more parts". */
function partsSummary(quote: Pick<QuoteSummary, "firstItemName" | "lineCount">) {
  const more = quote.lineCount - 1;
  return more > 0 ? `${quote.firstItemName} and ${more} more ${more === 1 ? "part" : "parts"}` : quote.firstItemName;
}

/** The quotes table of the buyer's page and of Manage Quotes (which shows who asked). */
export function QuoteTable({
  quotes,
  detailPath,
  showCustomer = false,
  showAskedBy = false,
  emptyText,
}: {
  quotes: QuoteSummary[];
  /** /dashboard/quotes or /dashboard/manage-quotes. */
  detailPath: string;
  /** Staff: the customer's email. */
  showCustomer?: boolean;
  /** A company's members: which colleague asked. */
  showAskedBy?: boolean;
  emptyText: string;
}) {
  const formatPrice = useFormatPrice();
  const formatDate = useFormatDate();
  if (quotes.length === 0) return <p className="mt-6 text-slate-600">{emptyText}</p>;
  const columns: Column<QuoteSummary>[] = [
    {
      header: "Quote",
      cell: (quote) => (
        <AppLink to={`${detailPath}/${quote.id}`} className="font-semibold text-orange-800 underline">
          {quote.number}
        </AppLink>
      ),
    },
    ...(showCustomer
      ? [{ header: "Customer", cell: (quote: QuoteSummary) => quote.customerEmail, className: "break-all" }]
      : []),
    ...(showAskedBy ? [{ header: "Asked by", cell: (quote: QuoteSummary) => quote.customerName }] : []),
    { header: "Parts", cell: partsSummary },
    {
      header: "Total",
      cell: (quote) => (quote.totalCents === null ? "To be quoted" : formatPrice(quote.totalCents)),
      align: "right",
    },
    { header: "Status", cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
    { header: "Asked", cell: (quote) => formatDate(quote.createdAt) },
    { header: "Valid until", cell: (quote) => (quote.validUntil ? formatDate(quote.validUntil) : "—") },
  ];
  return (
    <DataTable
      rows={quotes}
      columns={columns}
      rowKey={(quote) => quote.id}
      rowTestId={(quote) => `quote-${quote.number}`}
    />
  );
}
