import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { ReportCsvLink, ReportPeriodForm } from "~/components/reports/report-period-form";
import { SalesChart } from "~/components/reports/sales-chart";
import { BuyerSalesTable, MonthSalesTable, PartSalesTable } from "~/components/reports/sales-tables";
import { VatBoxes } from "~/components/reports/vat-boxes";
import { storeToday } from "~/config/env.server";
import { countOf } from "~/lib/plural";
import { salesByCustomer, salesByMonth, salesByPart, vatReturn } from "~/models/reports.server";
import { readReportPeriod } from "~/validation/reports";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

// /dashboard/reports (admins): the figures staff file from for a period of store days, read from the
// invoices and credit notes issued in it (issue 51): the VAT return's boxes, and sales by month, part
// and buyer, each also a CSV file.

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Reports")];

export const headers = routeHeaders;

/** How many parts and buyers the page lists; the CSV files have them all. */
const ROWS_SHOWN = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const read = readReportPeriod(new URL(request.url).searchParams, storeToday());
  if (!read.ok) return data({ period: read.typed, errors: read.errors, figures: null }, { status: 400 });
  const { period } = read;
  const [vat, months, parts, buyers] = await Promise.all([
    vatReturn(period),
    salesByMonth(period),
    salesByPart(period, { limit: ROWS_SHOWN }),
    salesByCustomer(period, { limit: ROWS_SHOWN }),
  ]);
  return { period, errors: {}, figures: { vat, months, parts, buyers } };
}

export default function Reports() {
  const { period, errors, figures } = useLoaderData<typeof loader>();
  const fieldErrors = errors as Partial<Record<"from" | "to", string>>;
  return (
    <section>
      <h1 className="text-2xl font-bold">Reports</h1>
      <p className="mt-2 text-sm text-slate-700">
        Read from the invoices and credit notes issued in the period, each counted on the day it was issued where the
        shop is. A credit note counts in its own period, not its invoice&apos;s.
      </p>
      <ReportPeriodForm period={period} errors={fieldErrors} />
      {figures ? (
        <>
          <h2 className="mt-8 text-xl font-semibold">VAT return</h2>
          <p className="mt-1 text-sm text-slate-700">
            {countOf(figures.vat.documents.invoices, "invoice")} and{" "}
            {countOf(figures.vat.documents.creditNotes, "credit note")}.{" "}
            <ReportCsvLink report="vat" period={period}>
              Download the boxes (CSV)
            </ReportCsvLink>
          </p>
          <VatBoxes vat={figures.vat} />
          <h2 className="mt-8 text-xl font-semibold">Sales by month</h2>
          <p className="mt-1 text-sm">
            <ReportCsvLink report="sales-by-month" period={period}>
              Download (CSV)
            </ReportCsvLink>
          </p>
          <SalesChart months={figures.months} />
          <MonthSalesTable months={figures.months} />
          <h2 className="mt-8 text-xl font-semibold">Sales by part</h2>
          <p className="mt-1 text-sm">
            The {ROWS_SHOWN} best-selling parts by net sales.{" "}
            <ReportCsvLink report="sales-by-part" period={period}>
              Every part (CSV)
            </ReportCsvLink>
          </p>
          <PartSalesTable parts={figures.parts} />
          <h2 className="mt-8 text-xl font-semibold">Sales by customer and company</h2>
          <p className="mt-1 text-sm">
            The {ROWS_SHOWN} largest buyers by net sales.{" "}
            <ReportCsvLink report="sales-by-customer" period={period}>
              Every buyer (CSV)
            </ReportCsvLink>
          </p>
          <BuyerSalesTable buyers={figures.buyers} />
        </>
      ) : null}
    </section>
  );
}
