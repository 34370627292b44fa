import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUserWithCompany } from "~/auth/company.server";
import { ORDER_CSV_COLUMNS, orderCsvBatches } from "~/models/order";
import { readOrderSearch, searchErrors } from "~/validation/order";
import { csvDownload, datedFileName } from "~/web/csv-download.server";

// GET /dashboard/export/orders.csv?q=&status=&from=&to=: the orders a search finds, one row per order
// line, streamed a batch of orders at a time. Staff export every customer's; a buyer their own.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  const read = readOrderSearch(new URL(request.url).searchParams);
  if (!read.success) {
    const problems = Object.entries(searchErrors(read.error)).map(([field, message]) => `${field}: ${message}`);
    return new Response(`This search cannot be exported. ${problems.join("; ")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  // Staff export every customer's orders; a buyer their own and their company's.
  const reader = user.role === "admin" ? {} : { ownerId: user.id, companyId: user.companyId };
  return csvDownload(datedFileName("orders"), ORDER_CSV_COLUMNS, orderCsvBatches({ ...read.data, ...reader }));
}
