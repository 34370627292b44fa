// The soak's end-of-run check of the live database: what `npm run restore` checks a restored one for
// (migrations, the stock ledger, order lines, quote numbers), and that every shipment was billed
// once by an invoice whose lines add up. Exits 1 when something does not add up.
import { sql } from "kysely";

import { config } from "../../app/config/env.server";
import { openDatabase, verifyDatabase } from "../backup/lib";

const url = config().databaseUrl;
const report = await verifyDatabase(url);
const database = openDatabase(url);
try {
  const { rows: unbilled } = await sql<{ id: number; invoices: number }>`
    select shipments.id, count(invoices.id) as invoices from shipments
    left join invoices on invoices.shipment_id = shipments.id and invoices.kind = 'invoice'
    group by shipments.id having count(invoices.id) <> 1 limit 10`.execute(database);
  for (const shipment of unbilled) report.problems.push(`shipment ${shipment.id} has ${shipment.invoices} invoices`);
  const { rows: unbalanced } = await sql<{ number: string }>`
    select invoices.number from invoices
    join invoice_lines on invoice_lines.invoice_id = invoices.id
    where invoices.kind = 'invoice'
    group by invoices.id, invoices.number, invoices.goods_cents
    having sum(invoice_lines.line_total_cents) <> invoices.goods_cents limit 10`.execute(database);
  for (const invoice of unbalanced)
    report.problems.push(`invoice ${invoice.number}: its lines do not add up to its goods`);
} finally {
  await database.destroy();
}
console.log(`counts ${JSON.stringify(report.counts)}`);
if (report.problems.length) {
  console.error(`does not add up:\n- ${report.problems.join("\n- ")}`);
  process.exit(1);
}
console.log("stock ledger, order lines, quote numbers, shipments' invoices: all add up");
