// Orders under load through POST /order/:id, then the sell-out race, each checked against the stock
// and the order lines straight from the database.
import { randomUUID } from "node:crypto";

import { elapsed } from "../lib/clock.mjs";
import { cpuFigures, measureOnServer, warmUp } from "../lib/load.mjs";
import { fmt } from "../lib/report.mjs";
import { formHeaders, ORDER_FORM } from "../lib/session.mjs";
import { CONTENTION_STOCK, stockOf } from "../setup/catalogs.mjs";

export const CONTENTION_SECONDS = 3;

/**
 * The buyer orders one of `parts.order` over and over for `config.duration` seconds; then
 * `config.connections` clients race for the last units of `parts.contention`, of which exactly the
 * stock must sell.
 */
export async function measureOrders({ server, buyer, databaseFile, parts, config }) {
  const post = (id, duration) => ({
    url: `${server.origin}/order/${id}`,
    method: "POST",
    connections: config.connections,
    duration,
    headers: formHeaders(server.origin, buyer),
    // Every post a new page's form: its own one-time token.
    bodyFor: () => new URLSearchParams({ ...ORDER_FORM, checkoutToken: randomUUID() }).toString(),
    expectStatus: 302,
  });
  process.stdout.write(`  ${"Place an order (POST /order/:id)".padEnd(42)} `);
  const before = stockOf(databaseFile, parts.order);
  await warmUp(post(parts.order, Math.min(config.warmup, 2)), Math.min(config.warmup, 2));
  const warmed = stockOf(databaseFile, parts.order);
  // measureOnServer waits for the requests still in flight at the end, so the stock check below sees them all.
  const run = await measureOnServer(server, post(parts.order, config.duration));
  const placed = { ...run, ...cpuFigures([run]) };
  const after = stockOf(databaseFile, parts.order);
  console.log(
    `${fmt.int(placed.rps).padStart(7)} orders/s  p50 ${fmt.ms(placed.p50).padStart(5)} ms  p99 ${fmt.ms(placed.p99).padStart(5)} ms` +
      (placed.cpuMs ? `  ${placed.cpuMs.toFixed(2)} CPU ms/order` : "") +
      `  [${elapsed()}]`,
  );

  process.stdout.write(`  ${`Sell-out race (${CONTENTION_STOCK} in stock, ${CONTENTION_SECONDS} s)`.padEnd(42)} `);
  const race = await measureOnServer(server, post(parts.contention, CONTENTION_SECONDS));
  const raced = stockOf(databaseFile, parts.contention);
  console.log(`${race.ok} sold, ${race.statuses[409] ?? 0} refused (409), stock left ${raced.quantity}`);

  const { latencies: _latencies, ...placedFigures } = placed;
  return {
    ...placedFigures,
    itemId: parts.order,
    stockBefore: before.quantity,
    stockAfter: after.quantity,
    ordersRows: after.count - before.count,
    unitsOrdered: after.units - before.units,
    warmupOrders: warmed.count - before.count,
    consistent: before.quantity - after.quantity === after.units - before.units && after.quantity >= 0,
    race: {
      itemId: parts.contention,
      stock: CONTENTION_STOCK,
      sold: race.ok,
      refused: race.statuses[409] ?? 0,
      other: race.total - race.ok - (race.statuses[409] ?? 0),
      ordersRows: raced.count,
      stockLeft: raced.quantity,
      ok: raced.count === CONTENTION_STOCK && raced.quantity === 0 && race.ok === CONTENTION_STOCK,
    },
  };
}
