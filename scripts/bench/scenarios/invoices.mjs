// Issue 27: an invoice PDF drawn on request. Staff ship one of the bench buyer's orders through the
// Ship form (which issues its VAT invoice), then the PDF is downloaded again and again; each answer
// draws it afresh from the issued row. The budget is PDFs per second of the server's CPU: per core.
// Issue 51: then its e-invoice (UBL XML) the same way, held to at least the PDF's rate in the same run.
import Database from "better-sqlite3";

import { elapsed } from "../lib/clock.mjs";
import { cpuFigures, measureOnServer, warmUp } from "../lib/load.mjs";
import { fmt } from "../lib/report.mjs";
import { formHeaders, ORDER_FORM, placeOrder } from "../lib/session.mjs";

function lastOrderOf(databaseFile, email) {
  const sqlite = new Database(databaseFile, { readonly: true });
  try {
    return sqlite
      .prepare(
        `select orders.id from orders join users on users.id = orders.user_id
         where users.email = ? order by orders.id desc limit 1`,
      )
      .get(email)?.id;
  } finally {
    sqlite.close();
  }
}

function invoiceOf(databaseFile, orderId) {
  const sqlite = new Database(databaseFile, { readonly: true });
  try {
    return sqlite.prepare("select number from invoices where order_id = ? order by id limit 1").get(orderId)?.number;
  } finally {
    sqlite.close();
  }
}

/** `staff` is the cookie of an admin who is `staffEmail`: they order a part of `itemId`, then ship it. */
export async function measureInvoicePdfs({ server, databaseFile, staffCookie, staffEmail, itemId, config }) {
  process.stdout.write(`  ${"Invoice PDF (GET /dashboard/invoices/…pdf)".padEnd(42)} `);
  if (!(await placeOrder(server.origin, staffCookie, itemId, ORDER_FORM))) throw new Error("could not place an order");
  const orderId = lastOrderOf(databaseFile, staffEmail);
  const shipped = await fetch(`${server.origin}/dashboard/manage-order/${orderId}`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(server.origin, staffCookie),
    body: new URLSearchParams({
      intent: "ship",
      orderId: String(orderId),
      carrier: "dpd",
      trackingNumber: "15501234567890",
    }),
  });
  await shipped.arrayBuffer();
  const number = invoiceOf(databaseFile, orderId);
  if (shipped.status !== 302 || !number) throw new Error(`shipping order ${orderId} answered ${shipped.status}`);

  const pdf = await measureDownloads({ server, config, staffCookie, url: `/dashboard/invoices/${number}.pdf` });
  process.stdout.write(`  ${"E-invoice XML (GET /dashboard/invoices/…xml)".padEnd(42)} `);
  const xml = await measureDownloads({ server, config, staffCookie, url: `/dashboard/invoices/${number}.xml` });
  return { ...pdf, number, eInvoice: xml };
}

/** One document downloaded again and again: answers a second, and per second of the server's CPU. */
async function measureDownloads({ server, config, staffCookie, url }) {
  const download = (duration) => ({
    url: `${server.origin}${url}`,
    connections: config.connections,
    duration,
    headers: { Cookie: staffCookie },
    expectStatus: 200,
  });
  await warmUp(download(Math.min(config.warmup, 2)), Math.min(config.warmup, 2));
  const run = await measureOnServer(server, download(config.duration));
  const figures = { ...run, ...cpuFigures([run]) };
  // Per core: every thread's CPU (the garbage collector's too), not the event loop's alone.
  const perCore = figures.allThreadsCpuSeconds ? figures.served / figures.allThreadsCpuSeconds : null;
  console.log(
    `${fmt.int(figures.rps).padStart(7)} docs/s  p99 ${fmt.ms(figures.p99).padStart(5)} ms` +
      (perCore ? `  ${fmt.int(perCore)} per CPU second` : "") +
      `  [${elapsed()}]`,
  );
  const { latencies: _latencies, ...kept } = figures;
  return { ...kept, perCore, errors: run.total - run.ok };
}
