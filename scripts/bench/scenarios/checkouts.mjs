// Checkouts of three-line carts: each connection is a customer who puts three parts in the cart and
// places the order, again and again, through the pages' own forms. Only Place Order's answers
// count as checkouts; the stock of the three parts is checked afterwards.
import { randomUUID } from "node:crypto";

import Database from "better-sqlite3";

import { elapsed } from "../lib/clock.mjs";
import { measureOnServer } from "../lib/load.mjs";
import { fmt } from "../lib/report.mjs";
import { addToCart, checkoutForm, formHeaders, orderPlaced, READER, SHIPPING, signUp } from "../lib/session.mjs";
import { stockOf } from "../setup/catalogs.mjs";

/** The part numbers of `itemIds`, read off their product pages as a buyer would. */
async function partNumbersOf(origin, itemIds) {
  return Promise.all(
    itemIds.map(async (id) => {
      const html = await (await fetch(`${origin}/items/${id}`)).text();
      const partNumber = /Part number <span[^>]*>([^<]+)</.exec(html)?.[1];
      if (!partNumber) throw new Error(`no part number on the page of item ${id}`);
      return partNumber;
    }),
  );
}

/**
 * One customer per connection, each repeating a quick order of the three parts (a pasted bill of
 * materials, one post) and Place Order with a fresh token and the total the checkout page shows
 * for that cart. The refill's cost counts against the checkout. `readStock(id)` gives a part's
 * stock and the units in order lines, before and after.
 */
export async function measureCheckouts(server, itemIds, { connections, duration }, readStock, { beforeRun } = {}) {
  const customers = [];
  const emails = [];
  for (let index = 0; index < connections; index++) {
    const email = `bench-shopper-${index}-${randomUUID().slice(0, 8)}@example.com`;
    emails.push(email);
    customers.push(await signUp(server.origin, { ...READER, name: `Bench Shopper ${index}`, email }));
  }
  // A scenario's own setup of the customers (the company checkout makes them one company's buyers).
  beforeRun?.(emails);
  const partNumbers = await partNumbersOf(server.origin, itemIds);
  const billOfMaterials = partNumbers.map((partNumber) => `${partNumber}\t1`).join("\n");
  // The total the checkout page shows for one of each part; placing that first order empties the cart again.
  for (const id of itemIds) await addToCart(server.origin, customers[0], id, 1);
  const { expectedTotal } = await checkoutForm(server.origin, customers[0]);
  const first = await fetch(`${server.origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(server.origin, customers[0]),
    body: new URLSearchParams({ ...SHIPPING, checkoutToken: randomUUID(), expectedTotal }),
  });
  if (first.status !== 302) throw new Error(`the first benchmark checkout answered ${first.status}`);

  const before = await Promise.all(itemIds.map(readStock));
  let nextCustomer = 0;
  let placed = 0;
  const refused = {};
  // autocannon clears a sequence's context each time round, so the customer is the connection's own.
  const setupClient = (client) =>
    client.setHeaders(formHeaders(server.origin, customers[nextCustomer++ % customers.length]));
  const post = (path, fields) => ({
    method: "POST",
    path,
    setupRequest: (request) => ({ ...request, body: new URLSearchParams(fields()).toString() }),
  });
  const requests = [
    post("/quick-order", () => ({ lines: billOfMaterials })),
    {
      ...post("/checkout", () => ({ ...SHIPPING, checkoutToken: randomUUID(), expectedTotal })),
      onResponse: (status, _body, _context, headers) => {
        if (orderPlaced(status, headers.location)) placed++;
        else refused[status] = (refused[status] ?? 0) + 1;
      },
    },
  ];
  const run = await measureOnServer(server, {
    url: server.origin,
    connections: customers.length,
    duration,
    requests,
    setupClient,
    expectStatus: 302,
  });
  const after = await Promise.all(itemIds.map(readStock));
  const consistent = itemIds.every(
    (_, index) =>
      before[index].quantity - after[index].quantity === after[index].units - before[index].units &&
      after[index].quantity >= 0,
  );
  return {
    rps: placed / run.seconds,
    placed,
    seconds: run.seconds,
    requests: run.total,
    otherAnswers: run.unexpected,
    refused,
    p50: run.p50,
    p99: run.p99,
    // The server's CPU (main thread) for the whole flow (the quick order and Place Order), per order
    // placed. Its log counts no single path for the flow, so it is the run's CPU over the orders.
    cpuMsPerCheckout: run.cpuSeconds && placed ? (run.cpuSeconds * 1000) / placed : null,
    unitsTaken: itemIds.map((_, index) => before[index].quantity - after[index].quantity),
    consistent: consistent && placed > 0,
  };
}

/** A checkout's progress line: checkouts per second, p99, and whether the stock adds up. */
export function checkoutsLine(checkouts) {
  return `${fmt.int(checkouts.rps)} checkouts/s  p99 ${fmt.ms(checkouts.p99)} ms  stock ${checkouts.consistent ? "consistent" : "INCONSISTENT"}`;
}

/** The checkout flow on the large SQLite catalog, buying `parts.checkout`. */
export async function measureSqliteCheckouts({ server, databaseFile, parts, config }) {
  process.stdout.write(`  ${"Check out a 3-line cart (SQLite)".padEnd(42)} `);
  const checkouts = await measureCheckouts(server, parts.checkout, config, async (id) => stockOf(databaseFile, id));
  console.log(`${checkoutsLine(checkouts)}  [${elapsed()}]`);
  return checkouts;
}

/** A company on generous terms whose buyers are the accounts of `emails`; returns its id. */
export function companyOf(sqlite, name, emails) {
  const now = new Date().toISOString();
  const company = sqlite
    .prepare(
      `insert into companies (name, payment_terms_days, credit_limit_cents, created_at)
       values (?, 30, 100000000000, ?) returning id`,
    )
    .get(name, now);
  const join = sqlite.prepare(
    `insert into company_members (user_id, company_id, role, order_limit_cents, monthly_limit_cents, created_at)
     select id, ?, 'buyer', 1000000000, 100000000000, ? from users where email = ?`,
  );
  for (const email of emails) join.run(company.id, now, email);
  return company.id;
}

/**
 * Issue 27: the same flow by members of one company on account: each Place Order reads the member's
 * terms and limits, checks the approval rule (limits set, not reached) and takes the company's row to
 * check the credit limit (generous) inside the checkout transaction.
 */
export async function measureCompanyCheckouts({ server, databaseFile, parts, config }) {
  process.stdout.write(`  ${"Check out on account (company member)".padEnd(42)} `);
  const joinCompany = (emails) => {
    const sqlite = new Database(databaseFile);
    try {
      companyOf(sqlite, "Bench Engineering Ltd", emails);
    } finally {
      sqlite.close();
    }
  };
  const checkouts = await measureCheckouts(server, parts.checkout, config, async (id) => stockOf(databaseFile, id), {
    beforeRun: joinCompany,
  });
  const sqlite = new Database(databaseFile, { readonly: true });
  const onAccount = sqlite
    .prepare("select count(*) as n from orders where payment_method = 'account' and status = 'pending'")
    .get().n;
  sqlite.close();
  console.log(`${checkoutsLine(checkouts)}, ${fmt.int(onAccount)} orders on account  [${elapsed()}]`);
  return { ...checkouts, onAccount, consistent: checkouts.consistent && onAccount >= checkouts.placed };
}

/**
 * The same flow with the third line on backorder (none in stock): the stock check is then that what
 * left stock is what order lines hold (allocated), the backordered part's staying at 0.
 */
export async function measureBackorderCheckouts({ server, databaseFile, parts, config }) {
  process.stdout.write(`  ${"Check out with a backordered line (SQLite)".padEnd(42)} `);
  const itemIds = [parts.checkout[0], parts.checkout[1], parts.backorder];
  const checkouts = await measureCheckouts(server, itemIds, config, async (id) => {
    const { quantity, allocated } = stockOf(databaseFile, id);
    return { quantity, units: allocated };
  });
  const waiting = stockOf(databaseFile, parts.backorder).units - stockOf(databaseFile, parts.backorder).allocated;
  console.log(`${checkoutsLine(checkouts)}, ${fmt.int(waiting)} units waiting  [${elapsed()}]`);
  return { ...checkouts, waiting };
}

/**
 * When the checkouts left fewer than `wanted` orders waiting for the part (a slow machine), copies
 * of the newest such order, each waiting for one unit, written straight into the SQLite file (as
 * checkout writes them) until there are. Returns how many were copied.
 */
function topUpWaitingOrders(databaseFile, itemId, wanted) {
  const sqlite = new Database(databaseFile);
  try {
    const waitingOrders = `select count(distinct order_lines.order_id) as n from order_lines
      join orders on orders.id = order_lines.order_id
      where order_lines.item_id = ? and order_lines.waiting > 0 and orders.status = 'pending'`;
    const missing = wanted - sqlite.prepare(waitingOrders).get(itemId).n;
    if (missing <= 0) return 0;
    const model = sqlite
      .prepare(
        `select orders.*, order_lines.part_number, order_lines.item_name, order_lines.unit_price_cents,
           order_lines.backorder_due
         from order_lines join orders on orders.id = order_lines.order_id
         where order_lines.item_id = ? and order_lines.waiting > 0 order by orders.id desc limit 1`,
      )
      .get(itemId);
    if (!model) return 0;
    const addOrder = sqlite.prepare(
      `insert into orders (user_id, status, address, phone, po_number, subtotal_cents, shipping_cents, tax_cents,
         total_cents, checkout_token, created_at, updated_at)
       values (?, 'pending', ?, ?, null, ?, 0, 0, ?, null, ?, ?)`,
    );
    const addLine = sqlite.prepare(
      `insert into order_lines (order_id, position, item_id, part_number, item_name, unit_price_cents, quantity,
         line_total_cents, allocated, waiting, shipped, backorder_due)
       values (?, 0, ?, ?, ?, ?, 1, ?, 0, 1, 0, ?)`,
    );
    sqlite.transaction(() => {
      for (let index = 0; index < missing; index++) {
        const price = model.unit_price_cents;
        const { lastInsertRowid } = addOrder.run(
          model.user_id,
          model.address,
          model.phone,
          price,
          price,
          model.created_at,
          model.updated_at,
        );
        addLine.run(lastInsertRowid, itemId, model.part_number, model.item_name, price, price, model.backorder_due);
      }
    })();
    return missing;
  } finally {
    sqlite.close();
  }
}

/**
 * One stock arrival, booked by staff on the part's page, that completes the 1,000 oldest waiting
 * lines of the backordered part (each waits for one unit): the time its POST takes, fills and
 * their mails (one per order, through the outbox) included, all in one transaction.
 */
export async function measureBackorderFill({ server, databaseFile, parts, staffCookie }) {
  process.stdout.write(`  ${"Stock arrival filling 1,000 waiting lines".padEnd(42)} `);
  const toppedUp = topUpWaitingOrders(databaseFile, parts.backorder, 1000);
  const sqlite = new Database(databaseFile, { readonly: true });
  let lines;
  try {
    lines = sqlite
      .prepare(
        `select order_lines.waiting from order_lines join orders on orders.id = order_lines.order_id
         where order_lines.item_id = ? and order_lines.waiting > 0 and orders.status = 'pending'
         order by order_lines.order_id limit 1000`,
      )
      .all(parts.backorder);
  } finally {
    sqlite.close();
  }
  if (lines.length < 1000) {
    console.log(`only ${lines.length} lines waited: not measured`);
    return { lines: lines.length, ms: null };
  }
  const units = lines.reduce((sum, line) => sum + line.waiting, 0);
  const started = performance.now();
  const response = await fetch(`${server.origin}/dashboard/manage-product/${parts.backorder}`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(server.origin, staffCookie),
    body: new URLSearchParams({ intent: "adjust-stock", change: String(units), reason: "Bench: arrived" }),
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  const after = stockOf(databaseFile, parts.backorder);
  const ok = response.status === 302 && after.quantity === 0;
  console.log(
    `${fmt.ms(ms)} ms for ${fmt.int(units)} units (${fmt.int(toppedUp)} orders copied in), ${ok ? "stock 0 after" : `answered ${response.status}, stock ${after.quantity}`}`,
  );
  return { lines: lines.length, units, ms, ok, toppedUp };
}
