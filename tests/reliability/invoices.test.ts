import { afterAll, beforeAll, expect, test } from "vitest";

import { storeToday } from "~/config/env.server";
import { db } from "~/db/db.server";
import { adjustStockAndFill } from "~/services/stock-arrivals.server";

import { newItem } from "../support/builders";
import { placePending, SHIP_FIELDS } from "../support/orders";
import type { ServerProcess } from "../support/server";
import { createSignedInUser } from "../support/users";
import { postForm, recordStats, startCluster } from "./support";

// Invoice numbers under load (issue 27): staff ship many orders at once through two app processes
// on one database, and one process is killed mid-way. Every shipment has exactly one invoice, and
// the year's numbers run 1, 2, 3 … with no gap and no repeat: a number is taken in the shipment's
// own transaction, so a shipment that never committed gave its number back.

let shop: ServerProcess | undefined;

beforeAll(async () => {
  shop = await startCluster(2);
});

afterAll(async () => {
  await shop?.stop();
});

const year = Number(storeToday().slice(0, 4));

async function pendingOrders(count: number) {
  const buyer = await createSignedInUser();
  const part = await newItem({ quantity: count * 2 });
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) ids.push(await placePending(buyer.user.id, part.id, 1));
  return ids;
}

/** Ships each order through the cluster, `concurrency` at a time; counts how each request ended. */
async function shipAll(origin: string, cookie: string, orderIds: number[], concurrency: number) {
  const outcome = { shipped: 0, unanswered: 0, unexpected: 0, serverErrors: 0 };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < orderIds.length) {
        const orderId = orderIds[next++];
        try {
          const response = await postForm(
            origin,
            `/dashboard/manage-order/${orderId}`,
            { intent: "ship", orderId: String(orderId), ...SHIP_FIELDS },
            { cookie, signal: AbortSignal.timeout(10_000) },
          );
          if (response.status === 302) outcome.shipped += 1;
          else if (response.status >= 500) outcome.serverErrors += 1;
          else outcome.unexpected += 1;
        } catch {
          outcome.unanswered += 1; // in flight to the killed process: no answer, no promise made
        }
      }
    }),
  );
  return outcome;
}

/** What the database says about this year's invoices, against the shipments that exist. */
async function invoiceLedger() {
  const invoices = await db
    .selectFrom("invoices")
    .select(["number", "shipment_id", "order_id"])
    .where("kind", "=", "invoice")
    .execute();
  const shipments = await db.selectFrom("shipments").select(["id", "order_id"]).execute();
  const counter = await db
    .selectFrom("document_numbers")
    .select("last")
    .where("kind", "=", "invoice")
    .where("year", "=", year)
    .executeTakeFirst();
  const sequences = invoices
    .map((invoice) => Number(new RegExp(`^INV-${year}-(\\d{6})$`).exec(invoice.number)?.[1]))
    .sort((a, b) => a - b);
  const invoicedShipments = new Set(invoices.map((invoice) => invoice.shipment_id));
  return {
    count: invoices.length,
    sequences,
    last: counter?.last ?? 0,
    shipmentsWithoutInvoice: shipments.filter((shipment) => !invoicedShipments.has(shipment.id)).length,
    invoicesWithoutShipment: invoices.filter((invoice) => invoice.shipment_id === null).length,
  };
}

function expectNoGapNoRepeat(ledger: Awaited<ReturnType<typeof invoiceLedger>>) {
  expect(ledger.sequences).toEqual(Array.from({ length: ledger.count }, (_, index) => index + 1));
  expect(ledger.last).toBe(ledger.count);
  expect(ledger.shipmentsWithoutInvoice).toBe(0);
  expect(ledger.invoicesWithoutShipment).toBe(0);
}

test("50 shipments at once through two processes: 50 invoices numbered 1 to 50; kill -9 mid-way loses no number", async () => {
  const admin = await createSignedInUser({ role: "admin" });
  const atOnce = await pendingOrders(50);
  const underCrash = await pendingOrders(80);
  const cluster = shop!;

  const first = await shipAll(cluster.origin, admin.cookie, atOnce, 50);
  expect(first).toEqual({ shipped: 50, unanswered: 0, unexpected: 0, serverErrors: 0 });
  const afterFirst = await invoiceLedger();
  expect(afterFirst.count).toBe(50);
  expectNoGapNoRepeat(afterFirst);

  const during = shipAll(cluster.origin, admin.cookie, underCrash, 12);
  await new Promise((resolve) => setTimeout(resolve, 150));
  const [victim] = cluster.workerPids();
  process.kill(victim, "SIGKILL");
  const second = await during;
  await cluster.waitForWorkers(2);

  // What the killed process had not committed ships now, with the next numbers.
  const stillPending = await db
    .selectFrom("orders")
    .select("id")
    .where("id", "in", underCrash)
    .where("status", "=", "pending")
    .execute();
  const retried = await shipAll(
    cluster.origin,
    admin.cookie,
    stillPending.map((order) => order.id),
    6,
  );

  const ledger = await invoiceLedger();
  console.log(
    `invoices: ${ledger.count} issued; under kill -9 ${second.shipped} answered, ${second.unanswered} unanswered, ` +
      `${retried.shipped} shipped after`,
  );
  recordStats({
    suite: "invoices",
    requests: 50 + underCrash.length + stillPending.length,
    failures: first.unexpected + second.unexpected + retried.unexpected,
    serverErrors: first.serverErrors + second.serverErrors + retried.serverErrors,
    oversells: 0,
    ordersLost: ledger.shipmentsWithoutInvoice,
  });
  expect(second.unexpected + second.serverErrors).toBe(0);
  expect(retried).toMatchObject({ unexpected: 0, serverErrors: 0, unanswered: 0 });
  expect(ledger.count).toBe(130);
  expectNoGapNoRepeat(ledger);
  // Every answered Ship was kept: each order shipped once, with its one invoice.
  const perOrder = await db
    .selectFrom("invoices")
    .select(["order_id", (eb) => eb.fn.countAll<number>().as("invoices")])
    .groupBy("order_id")
    .execute();
  expect(perOrder.filter((row) => Number(row.invoices) !== 1)).toEqual([]);
});

test("30 returns of one unit at once against 12 shipped: 12 credited, 18 refused, stock and credit notes add up", async () => {
  const admin = await createSignedInUser({ role: "admin" });
  const buyer = await createSignedInUser();
  const part = await newItem({ quantity: 12 });
  const orderId = await placePending(buyer.user.id, part.id, 12);
  const shipped = await postForm(
    shop!.origin,
    `/dashboard/manage-order/${orderId}`,
    { intent: "ship", orderId: String(orderId), ...SHIP_FIELDS },
    { cookie: admin.cookie },
  );
  expect(shipped.status).toBe(302);
  const [line] = await db.selectFrom("order_lines").select("id").where("order_id", "=", orderId).execute();
  const notesBefore = await db
    .selectFrom("document_numbers")
    .select("last")
    .where("kind", "=", "credit note")
    .where("year", "=", year)
    .executeTakeFirst();

  const statuses = await Promise.all(
    Array.from({ length: 30 }, () =>
      postForm(
        shop!.origin,
        `/dashboard/manage-order/${orderId}`,
        {
          intent: "return",
          orderId: String(orderId),
          lineId: String(line.id),
          quantity: "1",
          reason: "Surplus",
          restock: "on",
        },
        { cookie: admin.cookie },
      ).then((response) => response.status),
    ),
  );
  const count = (status: number) => statuses.filter((answer) => answer === status).length;
  expect({ credited: count(302), refused: count(409), other: 30 - count(302) - count(409) }).toEqual({
    credited: 12,
    refused: 18,
    other: 0,
  });
  const returned = await db
    .selectFrom("order_lines")
    .select("returned")
    .where("id", "=", line.id)
    .executeTakeFirstOrThrow();
  expect(returned.returned).toBe(12);
  const stock = await db.selectFrom("items").select("quantity").where("id", "=", part.id).executeTakeFirstOrThrow();
  expect(stock.quantity).toBe(12);
  const notes = await db
    .selectFrom("invoices")
    .select(["number", "total_cents"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "credit note")
    .execute();
  expect(notes).toHaveLength(12);
  const first = notesBefore?.last ?? 0;
  expect(notes.map((note) => Number(note.number.slice(-6))).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 12 }, (_, index) => first + index + 1),
  );
  const mails = await db
    .selectFrom("outbox")
    .select("invoice_id")
    .where("order_id", "=", orderId)
    .where("kind", "=", "order-return-credited")
    .execute();
  expect(mails).toHaveLength(12);
});

test("20 returns of one unit at once against 5 shipped on two invoices: each invoice credited at most what it billed, numbers without a gap", async () => {
  const admin = await createSignedInUser({ role: "admin" });
  const buyer = await createSignedInUser();
  const part = await newItem({ quantity: 3, price_cents: 1200 });
  const orderId = await placePending(buyer.user.id, part.id, 5);
  const ship = () =>
    postForm(
      shop!.origin,
      `/dashboard/manage-order/${orderId}`,
      { intent: "ship", orderId: String(orderId), ...SHIP_FIELDS },
      { cookie: admin.cookie },
    );
  expect((await ship()).status).toBe(302);
  await adjustStockAndFill(part.id, { change: 2, reason: "Goods in", userId: admin.user.id });
  expect((await ship()).status).toBe(302);
  const invoices = await db
    .selectFrom("invoices")
    .innerJoin("invoice_lines", "invoice_lines.invoice_id", "invoices.id")
    .select(["invoices.id", "invoices.number", "invoices.total_cents", "invoice_lines.quantity"])
    .where("invoices.order_id", "=", orderId)
    .where("invoices.kind", "=", "invoice")
    .orderBy("invoices.id")
    .execute();
  expect(invoices.map((invoice) => invoice.quantity)).toEqual([3, 2]);
  const [line] = await db.selectFrom("order_lines").select("id").where("order_id", "=", orderId).execute();
  const before = await db
    .selectFrom("document_numbers")
    .select("last")
    .where("kind", "=", "credit note")
    .where("year", "=", year)
    .executeTakeFirst();

  const statuses = await Promise.all(
    Array.from({ length: 20 }, () =>
      postForm(
        shop!.origin,
        `/dashboard/manage-order/${orderId}`,
        { intent: "return", orderId: String(orderId), lineId: String(line.id), quantity: "1", reason: "Surplus" },
        { cookie: admin.cookie },
      ).then((response) => response.status),
    ),
  );
  expect(statuses.filter((status) => status === 302)).toHaveLength(5);
  expect(statuses.filter((status) => status === 409)).toHaveLength(15);

  const notes = await db
    .selectFrom("invoices")
    .innerJoin("invoice_lines", "invoice_lines.invoice_id", "invoices.id")
    .select(["invoices.number", "invoices.credits_invoice_id", "invoices.total_cents", "invoice_lines.quantity"])
    .where("invoices.order_id", "=", orderId)
    .where("invoices.kind", "=", "credit note")
    .execute();
  // Each credit note credits one invoice, and no invoice gets back more than it billed.
  for (const invoice of invoices) {
    const against = notes.filter((note) => note.credits_invoice_id === invoice.id);
    expect(against.reduce((sum, note) => sum + note.quantity, 0)).toBe(invoice.quantity);
    expect(against.reduce((sum, note) => sum + Number(note.total_cents), 0)).toBeLessThanOrEqual(
      Number(invoice.total_cents),
    );
  }
  const first = before?.last ?? 0;
  expect(notes.map((note) => Number(note.number.slice(-6))).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 5 }, (_, index) => first + index + 1),
  );
});
