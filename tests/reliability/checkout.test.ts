import { afterAll, beforeAll, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { cartLinesOf } from "~/models/cart";
import { setUserRole } from "~/models/user.server";

import type { ServerProcess } from "../support/server";
import { newUser, sessionCookieFor } from "../support/users";
import {
  type Customer,
  customersWithCarts,
  makeParts,
  openCheckout as openCheckoutAt,
  PARTS,
  placeOrder as placeOrderAt,
  STOCK,
} from "./checkouts";
import { pidsInLog, postForm, recordStats, startCluster } from "./support";

// Checkouts of whole carts through two app processes on one database: all or nothing per order,
// no oversell across orders, one order per token, and nothing half-written when a process dies.

const CUSTOMERS = 60;

let shop: ServerProcess;

beforeAll(async () => {
  shop = await startCluster(2);
});

afterAll(async () => {
  await shop?.stop();
});

const openCheckout = (cookie: string) => openCheckoutAt(shop.origin, cookie);
const placeOrder = (customer: Customer, form: Awaited<ReturnType<typeof openCheckout>>, signal?: AbortSignal) =>
  placeOrderAt(shop.origin, customer, form, signal);

async function ordersOf(userIds: number[]) {
  if (!userIds.length) return [];
  const orders = await db
    .selectFrom("orders")
    .select(["id", "user_id", "status", "subtotal_cents"])
    .where("user_id", "in", userIds)
    .execute();
  const lines = orders.length
    ? await db
        .selectFrom("order_lines")
        .select(["order_id", "item_id", "quantity", "line_total_cents"])
        .where(
          "order_id",
          "in",
          orders.map((order) => order.id),
        )
        .execute()
    : [];
  return orders.map((order) => ({ ...order, lines: lines.filter((line) => line.order_id === order.id) }));
}

type PlacedOrder = Awaited<ReturnType<typeof ordersOf>>[number];

/**
 * The invariants after any run: for every part, stock left + units in live orders = the stock it
 * started with and never below zero; every order has exactly its customer's cart lines and a
 * subtotal that is their sum. Returns what broke, for the summary and the assertion.
 */
async function brokenInvariants(partIds: number[], start: number, customers: Customer[], orders: PlacedOrder[]) {
  const broken: string[] = [];
  const stock = await db.selectFrom("items").select(["id", "quantity"]).where("id", "in", partIds).execute();
  for (const part of stock) {
    const ordered = orders
      .filter((order) => order.status !== "cancelled")
      .flatMap((order) => order.lines)
      .filter((line) => line.item_id === part.id)
      .reduce((sum, line) => sum + line.quantity, 0);
    if (part.quantity < 0) broken.push(`part ${part.id}: stock ${part.quantity} below zero`);
    if (part.quantity + ordered !== start) broken.push(`part ${part.id}: ${part.quantity} + ${ordered} ≠ ${start}`);
  }
  const byId = new Map(customers.map((customer) => [customer.id, customer]));
  for (const order of orders) {
    const wanted = byId.get(order.user_id)!.cart;
    const got = new Map(order.lines.map((line) => [line.item_id!, line.quantity]));
    if (got.size !== wanted.size || [...wanted].some(([itemId, quantity]) => got.get(itemId) !== quantity)) {
      broken.push(
        `order ${order.id}: lines ${JSON.stringify([...got])} are not the cart ${JSON.stringify([...wanted])}`,
      );
    }
    const sum = order.lines.reduce((total, line) => total + Number(line.line_total_cents), 0);
    if (sum !== Number(order.subtotal_cents))
      broken.push(`order ${order.id}: lines add up to ${sum}, not its subtotal`);
  }
  const perCustomer = new Map<number, number>();
  for (const order of orders) perCustomer.set(order.user_id, (perCustomer.get(order.user_id) ?? 0) + 1);
  for (const [userId, count] of perCustomer) if (count > 1) broken.push(`customer ${userId}: ${count} orders`);
  return broken;
}

test(`${CUSTOMERS} customers check out carts of 3 to 5 lines from ${PARTS} scarce parts at once, then cancel twice at once`, async () => {
  const parts = await makeParts("Contended");
  const partIds = parts.map((part) => part.id);
  const customers = await customersWithCarts("cart", CUSTOMERS, partIds, 20_261_123);
  const forms = await Promise.all(customers.map((customer) => openCheckout(customer.cookie)));

  const responses = await Promise.all(customers.map((customer, index) => placeOrder(customer, forms[index])));
  const statuses = responses.map((response) => response.status);
  const orders = await ordersOf(customers.map((customer) => customer.id));
  const placedBy = new Set(orders.map((order) => order.user_id));

  // A refused checkout wrote nothing: no order, and the cart is as it was.
  const refusedButWritten: number[] = [];
  for (const [index, customer] of customers.entries()) {
    if (statuses[index] !== 409) continue;
    const cart = await cartLinesOf(customer.id);
    if (placedBy.has(customer.id) || cart.length !== customer.cart.size) refusedButWritten.push(customer.id);
  }
  const broken = await brokenInvariants(partIds, STOCK, customers, orders);
  const placed = statuses.filter((status) => status === 302).length;

  // Every customer cancels their order twice at once, through both processes: each line back once.
  const cancels = await Promise.all(
    orders.flatMap((order) =>
      [0, 1].map(() =>
        postForm(
          shop.origin,
          `/dashboard/my-order/${order.id}`,
          { intent: "cancel", orderId: String(order.id) },
          { cookie: customers.find((customer) => customer.id === order.user_id)!.cookie },
        ).then((response) => response.status),
      ),
    ),
  );
  const restocked = await db.selectFrom("items").select("quantity").where("id", "in", partIds).execute();

  console.log(`checkout: ${placed} of ${CUSTOMERS} carts ordered, ${statuses.filter((s) => s === 409).length} refused`);
  recordStats({
    suite: "checkout",
    requests: responses.length + cancels.length,
    failures: statuses.filter((status) => status !== 302 && status !== 409).length + refusedButWritten.length,
    serverErrors: [...statuses, ...cancels].filter((status) => status >= 500).length,
    oversells: broken.length + restocked.filter((part) => part.quantity !== STOCK).length,
    ordersLost: Math.max(0, placed - orders.length),
  });
  expect(statuses.filter((status) => status !== 302 && status !== 409)).toEqual([]);
  expect(broken).toEqual([]);
  expect(refusedButWritten).toEqual([]);
  expect(orders).toHaveLength(placed);
  // The stocks are small enough that some carts must lose, and large enough that some win.
  expect(placed).toBeGreaterThan(5);
  expect(placed).toBeLessThan(CUSTOMERS);
  expect(pidsInLog(shop.output()).size).toBe(2);

  expect(cancels.filter((status) => status === 302)).toHaveLength(orders.length);
  expect(cancels.filter((status) => status !== 302 && status !== 409)).toEqual([]);
  expect(restocked.map((part) => part.quantity)).toEqual(Array(PARTS).fill(STOCK));
});

test("one checkout token posted 50 times at once through both processes makes one order", async () => {
  const parts = await makeParts("Token", { count: 3, stock: 100 });
  const [customer] = await customersWithCarts(
    "token",
    1,
    parts.map((part) => part.id),
    7,
  );
  const form = await openCheckout(customer.cookie);
  const responses = await Promise.all(Array.from({ length: 50 }, () => placeOrder(customer, form)));
  const orders = await ordersOf([customer.id]);

  expect(responses.map((response) => response.status)).toEqual(Array(50).fill(302));
  expect(orders).toHaveLength(1);
  expect(new Set(responses.map((response) => response.headers.get("Location")))).toEqual(
    new Set([`/dashboard/my-order/${orders[0].id}`]),
  );
  expect(
    await brokenInvariants(
      parts.map((part) => part.id),
      100,
      [customer],
      orders,
    ),
  ).toEqual([]);
});

test("kill -9 one app process during checkouts: every answered order exists with all its lines, nothing half-written", async () => {
  const parts = await makeParts("Crash", { stock: 400 });
  const partIds = parts.map((part) => part.id);
  const customers = await customersWithCarts("crash", 120, partIds, 99);
  // Setting up, not under test: 120 checkout pages at once on a loaded two-core machine once left a
  // connection unanswered, so the pages are opened a few at a time.
  const forms: Awaited<ReturnType<typeof openCheckout>>[] = [];
  for (let start = 0; start < customers.length; start += 8) {
    const batch = customers.slice(start, start + 8);
    forms.push(...(await Promise.all(batch.map((customer) => openCheckout(customer.cookie)))));
  }

  const answered: number[] = [];
  let unanswered = 0;
  let serverErrors = 0;
  let next = 0;
  const during = Promise.all(
    Array.from({ length: 12 }, async () => {
      while (next < customers.length) {
        const index = next++;
        try {
          const response = await placeOrder(customers[index], forms[index], AbortSignal.timeout(10_000));
          if (response.status === 302) answered.push(customers[index].id);
          else if (response.status >= 500) serverErrors++;
        } catch {
          unanswered++; // the connection died with its process: no answer, so no promise was made
        }
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 150));
  const [victim] = shop.workerPids();
  process.kill(victim, "SIGKILL");
  await during;
  await shop.waitForWorkers(2);

  const orders = await ordersOf(customers.map((customer) => customer.id));
  const ordered = new Set(orders.map((order) => order.user_id));
  const lost = answered.filter((userId) => !ordered.has(userId));
  const broken = await brokenInvariants(partIds, 400, customers, orders);
  console.log(`checkout crash: ${answered.length} answered, ${unanswered} unanswered, ${orders.length} orders stored`);
  recordStats({
    suite: "checkout-crash",
    requests: customers.length,
    failures: 0,
    serverErrors,
    oversells: broken.length,
    ordersLost: lost.length,
  });
  expect(serverErrors).toBe(0);
  expect(lost).toEqual([]);
  expect(broken).toEqual([]);
  expect(answered.length).toBeGreaterThan(20);
});

/**
 * The backorder invariants, for parts that started with `start` in stock: every line's units are
 * allocated or waiting (or gone with its cancellation); stock plus what order lines hold is the start
 * plus what arrived; no stock sits in a part while a live order waits for it; and every live order
 * that waited and waits no more was told, its mail written in the transaction that filled it.
 */
async function brokenBackorderInvariants(partIds: number[], start: number, waitedBefore: Set<number>) {
  const broken: string[] = [];
  const lines = await db
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .select([
      "orders.id as order_id",
      "orders.status",
      "order_lines.item_id",
      "order_lines.quantity",
      "order_lines.allocated",
      "order_lines.waiting",
      "order_lines.cancelled",
    ])
    .where("order_lines.item_id", "in", partIds)
    .execute();
  const arrivals = await db
    .selectFrom("stock_movements")
    .select(["item_id", "change"])
    .where("item_id", "in", partIds)
    .where("reason", "=", "Arrived from the works")
    .execute();
  const parts = await db.selectFrom("items").select(["id", "quantity"]).where("id", "in", partIds).execute();
  for (const part of parts) {
    const own = lines.filter((line) => line.item_id === part.id);
    const held = own.reduce((sum, line) => sum + line.allocated, 0);
    const arrived = arrivals.filter((row) => row.item_id === part.id).reduce((sum, row) => sum + row.change, 0);
    if (part.quantity < 0) broken.push(`part ${part.id}: stock ${part.quantity} below zero`);
    if (part.quantity + held !== start + arrived) {
      broken.push(`part ${part.id}: ${part.quantity} in stock + ${held} held ≠ ${start} + ${arrived} arrived`);
    }
    const waiting = own.filter((line) => line.status !== "cancelled" && line.waiting > 0);
    if (waiting.length && part.quantity > 0) {
      broken.push(`part ${part.id}: ${part.quantity} in stock while ${waiting.length} orders wait`);
    }
  }
  for (const line of lines) {
    // Nothing ships here: a cancelled order holds nothing, and every line's units are allocated,
    // waiting or cancelled (its own cancellation or its order's).
    if (
      line.allocated + line.waiting + line.cancelled !== line.quantity ||
      (line.status === "cancelled" && line.allocated + line.waiting !== 0)
    ) {
      broken.push(
        `order ${line.order_id} (${line.status}): ${line.allocated} + ${line.waiting} + ${line.cancelled} cancelled of ${line.quantity}`,
      );
    }
  }
  const mailOf = async (kind: string) =>
    new Set(
      (
        await db
          .selectFrom("outbox")
          .select("order_id")
          .where("kind", "=", kind)
          .where("order_id", "in", [...waitedBefore, 0])
          .execute()
      ).map((row) => row.order_id),
    );
  const filledMail = await mailOf("order-backorder-filled");
  const lineCancelledMail = await mailOf("order-line-cancelled");
  const orderIds = new Set(lines.map((line) => line.order_id));
  for (const orderId of orderIds) {
    const own = lines.filter((line) => line.order_id === orderId);
    const live = own[0].status !== "cancelled";
    // A line cancelled waits no more without being filled: its own mail says so.
    const told = filledMail.has(orderId) || (own.some((line) => line.cancelled > 0) && lineCancelledMail.has(orderId));
    if (live && waitedBefore.has(orderId) && own.every((line) => line.waiting === 0) && !told) {
      broken.push(`order ${orderId}: its backorder was filled and no mail says so`);
    }
  }
  return broken;
}

/**
 * Arrivals fill oldest order first: of a part's lines that waited, none of a live order still waits
 * while a newer order's line got units since (the line being filled when stock ran out may be partly
 * filled itself).
 */
async function olderLinesSkipped(
  waitingBefore: { id: number; order_id: number; item_id: number | null; waiting: number }[],
) {
  const skipped: string[] = [];
  const now = await db
    .selectFrom("order_lines")
    .innerJoin("orders", "orders.id", "order_lines.order_id")
    .select(["order_lines.id", "order_lines.waiting", "order_lines.cancelled", "orders.status"])
    .where(
      "order_lines.id",
      "in",
      waitingBefore.map((line) => line.id),
    )
    .execute();
  const after = new Map(now.map((line) => [line.id, line]));
  for (const itemId of new Set(waitingBefore.map((line) => line.item_id))) {
    // Cancelled lines (or orders) gave their wait up; they were not filled.
    const live = waitingBefore
      .filter(
        (line) =>
          line.item_id === itemId && after.get(line.id)?.status !== "cancelled" && after.get(line.id)!.cancelled === 0,
      )
      .map((line) => ({ ...line, waitingNow: after.get(line.id)!.waiting }));
    const filled = live.filter((line) => line.waitingNow < line.waiting);
    const newestFilled = Math.max(0, ...filled.map((line) => line.order_id));
    for (const line of live) {
      if (line.waitingNow > 0 && line.order_id < newestFilled && !filled.includes(line)) {
        skipped.push(`part ${itemId}: order ${line.order_id} still waits while newer order ${newestFilled} was filled`);
      }
    }
    const partlyFilled = filled.filter((line) => line.waitingNow > 0);
    if (partlyFilled.length > 1) skipped.push(`part ${itemId}: ${partlyFilled.length} lines partly filled at once`);
  }
  return skipped;
}

test("backorders through two processes: carts beyond stock are all ordered; stock arrives while half cancel and a quarter cancel a line, twice at once, and a process is killed; every unit accounted for", async () => {
  const START = 12;
  const parts = await makeParts("Backordered", { stock: START, backorders: true });
  const partIds = parts.map((part) => part.id);
  const customers = await customersWithCarts("backorder", CUSTOMERS, partIds, 20_261_126);
  const forms = await Promise.all(customers.map((customer) => openCheckout(customer.cookie)));
  const responses = await Promise.all(customers.map((customer, index) => placeOrder(customer, forms[index])));
  expect(responses.map((response) => response.status)).toEqual(Array(CUSTOMERS).fill(302));
  const orders = await ordersOf(customers.map((customer) => customer.id));
  expect(orders).toHaveLength(CUSTOMERS);
  // Each order is its cart, once (stock is the backorder invariants' to check).
  expect(
    (await brokenInvariants(partIds, START, customers, orders)).filter((message) => !message.startsWith("part ")),
  ).toEqual([]);
  const waitingBefore = await db
    .selectFrom("order_lines")
    .select(["id", "order_id", "item_id", "waiting"])
    .where("item_id", "in", partIds)
    .where("waiting", ">", 0)
    .execute();
  const waitedBefore = new Set(waitingBefore.map((row) => row.order_id));
  expect(waitedBefore.size).toBeGreaterThan(CUSTOMERS / 2);
  expect(await brokenBackorderInvariants(partIds, START, waitedBefore)).toEqual([]);

  // Staff book arrivals of every part, three at a time each, while half the buyers cancel twice at
  // once; 150 ms in, one process is killed. Requests it held die unanswered.
  const admin = (await setUserRole(
    (await newUser({ email: `staff-${partIds[0]}@example.com`, displayName: "Staff" })).email,
    "admin",
  ))!;
  const adminCookie = await sessionCookieFor(admin);
  const statuses: number[] = [];
  const settle = (request: Promise<Response>) =>
    request.then(
      (response) => statuses.push(response.status),
      () => statuses.push(0),
    );
  const arrivals = partIds.flatMap((partId) =>
    [7, 9, 11].map((change) =>
      settle(
        postForm(
          shop.origin,
          `/dashboard/manage-product/${partId}`,
          { intent: "adjust-stock", change: String(change), reason: "Arrived from the works" },
          { cookie: adminCookie, signal: AbortSignal.timeout(15_000) },
        ),
      ),
    ),
  );
  const cancels = orders
    .filter((_, index) => index % 2 === 0)
    .flatMap((order) =>
      [0, 1].map(() =>
        settle(
          postForm(
            shop.origin,
            `/dashboard/my-order/${order.id}`,
            { intent: "cancel", orderId: String(order.id) },
            {
              cookie: customers.find((customer) => customer.id === order.user_id)!.cookie,
              signal: AbortSignal.timeout(15_000),
            },
          ),
        ),
      ),
    );
  // A quarter of the buyers give up their first line instead, twice at once.
  const firstLines = await db
    .selectFrom("order_lines")
    .select(["id", "order_id"])
    .where(
      "order_id",
      "in",
      orders.filter((_, index) => index % 4 === 1).map((order) => order.id),
    )
    .where("position", "=", 1)
    .execute();
  const lineCancels = firstLines.flatMap((line) => {
    const order = orders.find((candidate) => candidate.id === line.order_id)!;
    return [0, 1].map(() =>
      settle(
        postForm(
          shop.origin,
          `/dashboard/my-order/${order.id}`,
          { intent: "cancel-line", orderId: String(order.id), lineId: String(line.id) },
          {
            cookie: customers.find((customer) => customer.id === order.user_id)!.cookie,
            signal: AbortSignal.timeout(15_000),
          },
        ),
      ),
    );
  });
  await new Promise((resolve) => setTimeout(resolve, 150));
  const [victim] = shop.workerPids();
  process.kill(victim, "SIGKILL");
  await Promise.all([...arrivals, ...cancels, ...lineCancels]);
  await shop.waitForWorkers(2);

  const broken = [
    ...(await brokenBackorderInvariants(partIds, START, waitedBefore)),
    ...(await olderLinesSkipped(waitingBefore)),
  ];
  const serverErrors = statuses.filter((status) => status >= 500).length;
  console.log(
    `backorders: ${statuses.filter((status) => status === 302).length} of ${statuses.length} arrivals, cancels and line cancels answered, ${statuses.filter((status) => status === 0).length} died with their process`,
  );
  recordStats({
    suite: "backorders",
    requests: responses.length + statuses.length,
    failures: statuses.filter((status) => ![0, 302, 409].includes(status)).length,
    serverErrors,
    oversells: broken.length,
    ordersLost: 0,
  });
  expect(serverErrors).toBe(0);
  expect(statuses.filter((status) => ![0, 302, 409].includes(status))).toEqual([]);
  expect(broken).toEqual([]);
});
