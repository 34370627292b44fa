import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireAdmin } from "~/auth/permissions.server";
import { storeToday } from "~/config/env.server";
import { csvAmount } from "~/lib/csv";
import { type ReportPeriod, salesByCustomer, salesByMonth, salesByPart, vatReturn } from "~/models/reports.server";
import { readReportPeriod } from "~/validation/reports";
import { type CsvCell, csvDownload } from "~/web/csv-download.server";

// GET /dashboard/reports/{vat,sales-by-month,sales-by-part,sales-by-customer}.csv?from=&to= (admins):
// a report of the Reports page as a file, every row of it, formula-safe as the shop's other exports.
// The file's whole name is the route's parameter: a parameter with a suffix (":report.csv") is not a
// path React Router promises to match.

const REPORT_FILE = /^([a-z-]{1,40})\.csv$/;

const REPORTS: Record<string, { header: string[]; rows: (period: ReportPeriod) => Promise<CsvCell[][]> }> = {
  vat: {
    header: ["box", "amount"],
    rows: async (period) =>
      Object.entries((await vatReturn(period)).boxes).map(([box, cents]) => [
        box,
        cents === null ? null : csvAmount(cents),
      ]),
  },
  "sales-by-month": {
    header: ["month", "invoices", "credit_notes", "net", "vat"],
    rows: async (period) =>
      (await salesByMonth(period)).map((month) => [
        month.month,
        month.invoices,
        month.creditNotes,
        csvAmount(month.netCents),
        csvAmount(month.vatCents),
      ]),
  },
  "sales-by-part": {
    header: ["part_number", "part", "quantity", "net"],
    rows: async (period) =>
      (await salesByPart(period)).map((part) => [part.partNumber, part.name, part.quantity, csvAmount(part.netCents)]),
  },
  "sales-by-customer": {
    header: ["buyer", "kind", "documents", "net", "vat"],
    rows: async (period) =>
      (await salesByCustomer(period)).map((buyer) => [
        buyer.buyer,
        buyer.kind,
        buyer.documents,
        csvAmount(buyer.netCents),
        csvAmount(buyer.vatCents),
      ]),
  },
};

/** The rows a few thousand at a time, so a large report streams as it is written out. */
async function* inBatches(rows: Promise<CsvCell[][]>): AsyncGenerator<CsvCell[][], void, undefined> {
  const all = await rows;
  for (let start = 0; start < all.length; start += 5_000) yield all.slice(start, start + 5_000);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const name = REPORT_FILE.exec(params.file ?? "")?.[1] ?? "";
  const report = Object.hasOwn(REPORTS, name) ? REPORTS[name] : undefined;
  if (!report)
    throw new Response("There is no such report.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const read = readReportPeriod(new URL(request.url).searchParams, storeToday());
  if (!read.ok) {
    const why = Object.entries(read.errors)
      .map(([field, message]) => `${field}: ${message}`)
      .join("; ");
    return new Response(`This period cannot be reported. ${why}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { from, to } = read.period;
  return csvDownload(`${name}-${from}-to-${to}.csv`, report.header, inBatches(report.rows(read.period)));
}
