// Issue 27: the orders export at scale. 100,000 delivered orders of two lines each are written
// straight into the large catalog's database (after every scenario that counts orders or stock),
// then staff download /dashboard/export/orders.csv: the time to its first bytes and to its last.
import Database from "better-sqlite3";

import { log } from "../../lib/run.mjs";
import { timedDownload } from "../lib/download.mjs";
import { fmt } from "../lib/report.mjs";

export const EXPORTED_ORDERS = 100_000;

/** `count` delivered orders of the bench buyer, each of two parts, in one transaction. */
function seedOrders(databaseFile, count) {
  const sqlite = new Database(databaseFile);
  try {
    const buyer = sqlite.prepare("select id from users where email = 'bench-buyer@example.com'").get();
    const parts = sqlite.prepare("select id, part_number, name, price_cents from items order by id limit 50").all();
    const order = sqlite.prepare(
      `insert into orders (user_id, status, address, phone, po_number, subtotal_cents, shipping_cents, tax_cents,
         total_cents, checkout_token, created_at, updated_at)
       values (?, 'delivered', '1 Bench Street, Testville', '+1 555 0100', ?, ?, 0, ?, ?, null, ?, ?)`,
    );
    const line = sqlite.prepare(
      `insert into order_lines (order_id, position, item_id, part_number, item_name, unit_price_cents, quantity,
         line_total_cents, allocated, waiting, shipped, cancelled)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0)`,
    );
    const start = Date.parse("2025-01-01T08:00:00Z");
    sqlite.transaction(() => {
      for (let index = 0; index < count; index += 1) {
        const picked = [parts[index % parts.length], parts[(index * 7 + 3) % parts.length]];
        const quantities = [1 + (index % 5), 1 + (index % 3)];
        const subtotal = picked.reduce((sum, part, at) => sum + part.price_cents * quantities[at], 0);
        const tax = Math.floor((subtotal * 2000 + 5000) / 10_000);
        const placedAt = new Date(start + index * 300_000).toISOString();
        const { lastInsertRowid } = order.run(
          buyer.id,
          `PO-${index}`,
          subtotal,
          tax,
          subtotal + tax,
          placedAt,
          placedAt,
        );
        picked.forEach((part, at) => {
          const quantity = quantities[at];
          line.run(
            lastInsertRowid,
            at + 1,
            part.id,
            part.part_number,
            part.name,
            part.price_cents,
            quantity,
            part.price_cents * quantity,
            quantity,
            quantity,
          );
        });
      }
    })();
  } finally {
    sqlite.close();
  }
}

/** Seeds the orders, then downloads the whole export as `staffCookie`'s admin. */
export async function measureOrderExport({ server, databaseFile, staffCookie }) {
  log(`Writing ${fmt.int(EXPORTED_ORDERS)} orders, then exporting them`);
  const seedStarted = performance.now();
  seedOrders(databaseFile, EXPORTED_ORDERS);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const exported = await timedDownload(server.origin, "/dashboard/export/orders.csv", staffCookie);
  const rows = exported.file.toString("utf8").split("\r\n").length - 2;
  console.log(
    `  ${fmt.mb(exported.bytes)}, ${fmt.int(rows)} rows in ${exported.seconds.toFixed(1)} s, ` +
      `first bytes after ${fmt.ms(exported.firstByteMs)} ms (orders written in ${seedSeconds.toFixed(1)} s)`,
  );
  return {
    orders: EXPORTED_ORDERS,
    rows,
    seconds: exported.seconds,
    firstByteMs: exported.firstByteMs,
    bytes: exported.bytes,
  };
}
