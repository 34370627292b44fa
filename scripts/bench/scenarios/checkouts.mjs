// Checkouts of three-line carts: each connection is a customer who puts three parts in the cart and
// places the order, again and again, through the pages' own forms. Only Place Order's answers
// count as checkouts; the stock of the three parts is checked afterwards.
import { randomUUID } from "node:crypto";

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
export async function measureCheckouts(server, itemIds, { connections, duration }, readStock) {
  const customers = [];
  for (let index = 0; index < connections; index++) {
    customers.push(
      await signUp(server.origin, {
        ...READER,
        name: `Bench Shopper ${index}`,
        email: `bench-shopper-${index}-${randomUUID().slice(0, 8)}@example.com`,
      }),
    );
  }
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
