// Issue 51: the reports at scale. A year of documents, 1,000,000 invoice lines (250,000 invoices of
// four lines, and a credit note for every twentieth), are written straight into the large catalog's
// database; then staff download the VAT return and the sales by part for those twelve months: the
// time to their last bytes, and to the first of the sales file.
import Database from "better-sqlite3";

import { log } from "../../lib/run.mjs";
import { timedDownload } from "../lib/download.mjs";
import { fmt } from "../lib/report.mjs";

export const REPORTED_LINES = 1_000_000;
const LINES_PER_INVOICE = 4;
const YEAR = "2025";

/** An order for the documents to bill when the run has placed none (the reports measured alone). */
function benchOrder(sqlite) {
  const buyer = sqlite.prepare("select id from users where email = 'bench-buyer@example.com'").get();
  const at = `${YEAR}-01-01T08:00:00.000Z`;
  const { lastInsertRowid } = sqlite
    .prepare(
      `insert into orders (user_id, status, address, phone, subtotal_cents, shipping_cents, tax_cents, total_cents,
         created_at, updated_at) values (?, 'delivered', '1 Bench Street', '+1 555 0100', 0, 0, 0, 0, ?, ?)`,
    )
    .run(buyer.id, at, at);
  return { id: lastInsertRowid, user_id: buyer.id };
}

/** The documents, numbered in a year of their own so they meet none the shop issued. */
function seedDocuments(databaseFile) {
  const sqlite = new Database(databaseFile);
  try {
    const order = sqlite.prepare("select id, user_id from orders order by id limit 1").get() ?? benchOrder(sqlite);
    const parts = sqlite.prepare("select part_number, name, price_cents from items order by id limit 500").all();
    const invoice = sqlite.prepare(
      `insert into invoices (number, kind, order_id, shipment_id, credits_invoice_id, user_id, issued_at,
         customer_name, customer_email, billing_address, delivery_address, po_number, seller_vat_number,
         tax_label, tax_rate_basis_points, goods_cents, shipping_cents, tax_cents, total_cents, buyer_company)
       values (?, ?, ?, null, ?, ?, ?, ?, 'bench@example.com', '1 Bench Street', '1 Bench Street', null,
         'GB999999973', 'VAT', 2000, ?, ?, ?, ?, ?)`,
    );
    const line = sqlite.prepare(
      `insert into invoice_lines (invoice_id, position, order_line_id, part_number, item_name, quantity,
         unit_price_cents, line_total_cents) values (?, ?, null, ?, ?, ?, ?, ?)`,
    );
    const invoices = REPORTED_LINES / LINES_PER_INVOICE;
    const yearStart = Date.parse(`${YEAR}-01-01T00:00:00Z`);
    const step = (365 * 86_400_000) / invoices;
    let creditNotes = 0;
    // In transactions of 10,000 invoices: the store serving beside it waits for none for long.
    const write = sqlite.transaction((first, last) => {
      for (let index = first; index < last; index += 1) {
        const lines = Array.from({ length: LINES_PER_INVOICE }, (_, at) => {
          const part = parts[(index * 7 + at * 13) % parts.length];
          const quantity = 1 + ((index + at) % 9);
          return { part, quantity, total: part.price_cents * quantity };
        });
        const goods = lines.reduce((sum, each) => sum + each.total, 0);
        const shipping = goods > 25_000 ? 0 : 950;
        const tax = Math.floor(((goods + shipping) * 2000 + 5000) / 10_000);
        const issuedAt = new Date(yearStart + index * step).toISOString();
        const buyer = `Bench buyer ${index % 2_000}`;
        const { lastInsertRowid: invoiceId } = invoice.run(
          `INV-${YEAR}-${String(index + 1).padStart(6, "0")}`,
          "invoice",
          order.id,
          null,
          order.user_id,
          issuedAt,
          buyer,
          goods,
          shipping,
          tax,
          goods + shipping + tax,
          index % 3 === 0 ? null : `Bench company ${index % 500}`,
        );
        lines.forEach((each, at) =>
          line.run(
            invoiceId,
            at + 1,
            each.part.part_number,
            each.part.name,
            each.quantity,
            each.part.price_cents,
            each.total,
          ),
        );
        if (index % 20 === 19) {
          creditNotes += 1;
          const [first] = lines;
          const noteTax = Math.floor((first.part.price_cents * 2000 + 5000) / 10_000);
          const { lastInsertRowid: noteId } = invoice.run(
            `CN-${YEAR}-${String(creditNotes).padStart(6, "0")}`,
            "credit note",
            order.id,
            invoiceId,
            order.user_id,
            new Date(Date.parse(issuedAt) + 3 * 86_400_000).toISOString(),
            buyer,
            first.part.price_cents,
            0,
            noteTax,
            first.part.price_cents + noteTax,
            index % 3 === 0 ? null : `Bench company ${index % 500}`,
          );
          line.run(
            noteId,
            1,
            first.part.part_number,
            first.part.name,
            1,
            first.part.price_cents,
            first.part.price_cents,
          );
        }
      }
    });
    for (let first = 0; first < invoices; first += 10_000) write(first, Math.min(invoices, first + 10_000));
    return { invoices, creditNotes };
  } finally {
    sqlite.close();
  }
}

/** Seeds the documents, then downloads the year's VAT return and sales by part as `staffCookie`'s admin. */
export async function measureReports({ server, databaseFile, staffCookie }) {
  log(`Writing ${fmt.int(REPORTED_LINES)} invoice lines over a year, then reporting on them`);
  const seedStarted = performance.now();
  const seeded = seedDocuments(databaseFile);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const period = `from=${YEAR}-01-01&to=${YEAR}-12-31`;
  const vat = await timedDownload(server.origin, `/dashboard/reports/vat.csv?${period}`, staffCookie);
  const byPart = await timedDownload(server.origin, `/dashboard/reports/sales-by-part.csv?${period}`, staffCookie);
  const partRows = byPart.file.toString("utf8").split("\r\n").length - 2;
  console.log(
    `  VAT return in ${vat.seconds.toFixed(2)} s; sales by part (${fmt.int(partRows)} parts) in ` +
      `${byPart.seconds.toFixed(2)} s, first bytes after ${fmt.ms(byPart.firstByteMs)} ms ` +
      `(${fmt.int(seeded.invoices)} invoices and ${fmt.int(seeded.creditNotes)} credit notes written in ${seedSeconds.toFixed(1)} s)`,
  );
  return {
    lines: REPORTED_LINES,
    ...seeded,
    vatSeconds: vat.seconds,
    byPartSeconds: byPart.seconds,
    byPartFirstByteMs: byPart.firstByteMs,
    partRows,
  };
}
