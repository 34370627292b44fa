import type { LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";

import { requireAdmin } from "~/auth/permissions.server";
import { CATALOG_CSV_COLUMNS, catalogCsvBatches } from "~/models/catalog-export.server";
import { CATALOG_CSV_STRINGIFY_OPTIONS } from "~/validation/catalog-import";

// GET /dashboard/export/catalog.csv: every part, streamed a slice at a time as it is read, so the
// first bytes leave at once and memory stays flat however large the catalog. UTF-8 with a byte
// order mark (Excel reads it as UTF-8 only then); a cell that a spreadsheet would run as a formula
// (=, +, -, @, a tab or a carriage return first) is written with a ' before it; a cell holding a line
// break is quoted (CATALOG_CSV_STRINGIFY_OPTIONS).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const encoder = new TextEncoder();
  const batches = catalogCsvBatches();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(`\uFEFF${stringify([[...CATALOG_CSV_COLUMNS]], CATALOG_CSV_STRINGIFY_OPTIONS)}`),
      );
    },
    // Pulled as the client reads: a slow download holds one slice at a time, not the catalog.
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(stringify(next.value, CATALOG_CSV_STRINGIFY_OPTIONS)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalog-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
