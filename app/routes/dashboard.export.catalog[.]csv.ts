import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireAdmin } from "~/auth/permissions.server";
import { CATALOG_CSV_COLUMNS, catalogCsvBatches } from "~/models/catalog-export.server";
import { csvDownload, datedFileName } from "~/web/csv-download.server";

// GET /dashboard/export/catalog.csv: every part, streamed a slice at a time as it is read, so the
// first bytes leave at once and memory stays flat however large the catalog (app/web/csv-download).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return csvDownload(datedFileName("catalog"), CATALOG_CSV_COLUMNS, catalogCsvBatches());
}
