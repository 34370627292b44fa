import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUserWithCompany } from "~/auth/company.server";
import { INVOICE_CSV_COLUMNS, invoiceCsvBatches } from "~/models/invoice";
import { csvDownload, datedFileName } from "~/web/csv-download.server";

// GET /dashboard/export/invoices.csv?q=: the invoices and credit notes the Invoices page would find,
// for an accounting import: one row per line billed, with net, VAT and gross. Staff export every
// buyer's; a buyer their own.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  const search = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  return csvDownload(datedFileName("invoices"), INVOICE_CSV_COLUMNS, invoiceCsvBatches(user, { search }));
}
