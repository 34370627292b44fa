import { stringify } from "csv-stringify/sync";

import { CSV_BYTE_ORDER_MARK, CSV_STRINGIFY_OPTIONS } from "~/lib/csv";

/** A cell as the models give it: text, or a number written as it is. */
export type CsvCell = string | number | null;

/**
 * A CSV file as a download, streamed a batch of rows at a time as the client reads (a slow download
 * holds one batch, not the file): UTF-8 with a byte order mark, the shop's CSV options (formula-safe),
 * never cached, and the type never sniffed.
 */
export function csvDownload(
  fileName: string,
  header: readonly string[],
  batches: AsyncGenerator<CsvCell[][], void, undefined>,
) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${CSV_BYTE_ORDER_MARK}${stringify([[...header]], CSV_STRINGIFY_OPTIONS)}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(stringify(next.value, CSV_STRINGIFY_OPTIONS)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** "orders-2026-11-27.csv": what an export is called, by the day it was made. */
export function datedFileName(stem: string, now = new Date(), extension = "csv") {
  return `${stem}-${now.toISOString().slice(0, 10)}.${extension}`;
}
