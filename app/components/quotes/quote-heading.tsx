import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { AppLink } from "~/components/app-link";
import { useFormatDate } from "~/components/use-format-date";
import type { QuoteDetail } from "~/models/quote";

import { QuoteStatusBadge } from "./quote-table";

/**
 * A quote's heading and facts (number, status, dates, the buyer's note), the same for the buyer and
 * staff. Printed, it heads the page with the store's name, as the site's own header is not printed.
 */
export function QuoteHeading({
  quote,
  customer,
  orderPath,
}: {
  quote: QuoteDetail;
  /** Staff see who asked. */
  customer?: ReactNode;
  /** Where the accepted quote's order is: /dashboard/my-order or /dashboard/manage-order. */
  orderPath: string;
}) {
  const formatDate = useFormatDate();
  const root = useRouteLoaderData("root") as { storeName?: string } | undefined;
  return (
    <>
      <p className="hidden text-sm font-semibold tracking-wide text-slate-700 uppercase print:block">
        {root?.storeName ?? "Gearwright Parts"} · Quotation
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Quote {quote.number}</h1>
        <QuoteStatusBadge status={quote.status} />
        <a
          href={`/dashboard/quotes/${quote.id}/quote.pdf`}
          className="text-sm font-medium text-orange-800 underline print:hidden"
        >
          Download as PDF
        </a>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {customer}
        <dt className="text-slate-600">Asked for</dt>
        <dd>
          <time dateTime={quote.createdAt}>{formatDate(quote.createdAt)}</time>
        </dd>
        {quote.sentAt ? (
          <>
            <dt className="text-slate-600">Quoted</dt>
            <dd>
              <time dateTime={quote.sentAt}>{formatDate(quote.sentAt)}</time>
            </dd>
          </>
        ) : null}
        {quote.validUntil ? (
          <>
            <dt className="text-slate-600">Valid until</dt>
            <dd data-testid="valid-until" className="font-semibold">
              <time dateTime={quote.validUntil}>{formatDate(quote.validUntil)}</time>
              {quote.status === "expired" ? " (expired)" : ""}
            </dd>
          </>
        ) : null}
        {quote.orderId ? (
          <>
            <dt className="text-slate-600">Order</dt>
            <dd>
              <AppLink to={`${orderPath}/${quote.orderId}`} className="font-semibold text-orange-800 underline">
                #{quote.orderId}
              </AppLink>
            </dd>
          </>
        ) : null}
        {quote.note ? (
          <>
            <dt className="text-slate-600">Note</dt>
            <dd className="break-words whitespace-pre-line">{quote.note}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
