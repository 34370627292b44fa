// Issue 28's scale-out row: one, two and three app servers on one PostgreSQL behind nginx (the
// shipped deploy/nginx/storefront.conf), each server its own process and port, measured through
// nginx: catalog pages rendered (the page cache off, so every request is work for a server) and the
// checkout flow. On this machine's two cores the third server has no core of its own: the figures
// say how the work spreads, and docs/benchmarks.md turns them into an estimate for a bigger machine.
import os from "node:os";

import { elapsed } from "../lib/clock.mjs";
import { measureOnServer, warmUp } from "../lib/load.mjs";
import { fmt } from "../lib/report.mjs";
import { startServer } from "../lib/server.mjs";
import { ORDER_STOCK } from "../setup/catalogs.mjs";
import { MANY_CUSTOMERS, NO_PAGE_CACHE } from "../setup/servers.mjs";
import { checkoutsLine, measureCheckouts } from "./checkouts.mjs";
import { demoDatabase } from "./checkouts-postgres.mjs";

export const SCALE_OUT_SERVERS = [1, 2, 3];

/**
 * nginx in front of `servers`, looking to the load helpers like one server: its CPU is the sum of
 * the app servers' (nginx's own is left out), and its requests are what autocannon counted.
 */
function asOneServer(nginx, servers) {
  const sum = (read) => {
    const values = servers.map(read);
    return values.some((value) => value === null) ? null : values.reduce((total, value) => total + value, 0);
  };
  return {
    origin: nginx.origin,
    cpuSeconds: () => sum((server) => server.cpuSeconds()),
    mainThreadCpuSeconds: () => sum((server) => server.mainThreadCpuSeconds()),
    logBytes: () => 0,
    served: () => null,
  };
}

/** Catalog pages and checkouts per second through nginx with each count of app servers. */
export async function measureScaleOut({ runDir, config, cleanup }) {
  const { startNginx, ensureNginx } = await import("../../lib/nginx.mjs");
  ensureNginx();
  const { databaseUrl, client } = await demoDatabase(config.port + 10, cleanup, "storefront_scale");
  const { rows } = await client.query("select id from items where min_order_quantity = 1 order by id limit 3");
  const itemIds = rows.map((row) => Number(row.id));
  await client.query("update items set quantity = $1 where id = any($2)", [ORDER_STOCK, itemIds]);
  const readStock = async (id) => {
    const stock = await client.query("select quantity from items where id = $1", [id]);
    const units = await client.query(
      "select coalesce(sum(quantity), 0)::int as units from order_lines where item_id = $1",
      [id],
    );
    return { quantity: Number(stock.rows[0].quantity), units: Number(units.rows[0].units) };
  };

  const servers = [];
  const rowsOut = [];
  try {
    for (const count of SCALE_OUT_SERVERS) {
      while (servers.length < count) {
        const index = servers.length;
        const server = await startServer({
          cwd: runDir,
          port: config.port + 11 + index,
          name: `scale-${index + 1}`,
          env: { DATABASE_URL: databaseUrl, TRUST_PROXY: "loopback", ...NO_PAGE_CACHE, ...MANY_CUSTOMERS },
        });
        servers.push(server);
        cleanup.add(() => (cleanup.interrupted ? server.kill() : server.stop()));
      }
      const nginx = await startNginx(
        servers.map((server) => server.port),
        { port: config.port + 14 },
      );
      try {
        const front = asOneServer(nginx, servers);
        const catalogUrl = `${nginx.origin}/items`;
        process.stdout.write(`  ${`Catalog through nginx, ${count} server${count > 1 ? "s" : ""}`.padEnd(42)} `);
        await warmUp({ url: catalogUrl, connections: config.connections }, config.warmup);
        const catalog = await measureOnServer(front, {
          url: catalogUrl,
          connections: config.connections,
          duration: config.duration,
        });
        console.log(`${fmt.int(catalog.rps)} req/s  p99 ${fmt.ms(catalog.p99)} ms`);
        process.stdout.write(`  ${`Checkouts through nginx, ${count} server${count > 1 ? "s" : ""}`.padEnd(42)} `);
        const checkouts = await measureCheckouts(front, itemIds, config, readStock);
        console.log(`${checkoutsLine(checkouts)}  [${elapsed()}]`);
        const { latencies: _latencies, ...catalogFigures } = catalog;
        rowsOut.push({
          servers: count,
          catalog: {
            ...catalogFigures,
            cpuMs: catalog.cpuSeconds && catalog.total ? (catalog.cpuSeconds * 1000) / catalog.total : null,
          },
          checkouts,
        });
      } finally {
        await nginx.stop();
      }
    }
  } finally {
    // The next scenarios should not share the cores with servers left idling.
    for (const server of servers) await server.stop();
  }
  const { rows: settings } = await client.query("show max_connections");
  return { rows: rowsOut, cores: os.availableParallelism(), maxConnections: Number(settings[0].max_connections) };
}
