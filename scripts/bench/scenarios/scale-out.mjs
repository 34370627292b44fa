// Issue 28's scale-out row: one, two and three app servers on one PostgreSQL behind nginx (the
// shipped deploy/nginx/storefront.conf), each server its own process and port, measured through
// nginx: catalog pages rendered (the page cache off, so every request is work for a server) and the
// checkout flow. On this machine's two cores the third server has no core of its own: the figures
// say how the work spreads, and docs/benchmarks.md turns them into an estimate for a bigger machine.
import os from "node:os";

import { elapsed } from "../lib/clock.mjs";
import { measureOnServer, warmUp } from "../lib/load.mjs";
import { fmt } from "../lib/report.mjs";
import { postgresCpuSeconds, startServer } from "../lib/server.mjs";
import { ORDER_STOCK } from "../setup/catalogs.mjs";
import { MANY_CUSTOMERS, NO_PAGE_CACHE } from "../setup/servers.mjs";
import { checkoutsLine, measureCheckouts } from "./checkouts.mjs";
import { demoDatabase } from "./checkouts-postgres.mjs";

export const SCALE_OUT_SERVERS = [1, 2, 3];

/**
 * nginx in front of `servers`, looking to the load helpers like one server: its CPU is the sum of
 * the app servers' (nginx's own is left out), and its requests are what autocannon counted.
 * measureOnServer reads the main threads' CPU just before and just after its load; the cluster's
 * CPU is read at the same moments, and `databaseCpuSeconds()` is what it used in between.
 */
function asOneServer(nginx, servers, postgresPort) {
  const sum = (read) => {
    const values = servers.map(read);
    return values.some((value) => value === null) ? null : values.reduce((total, value) => total + value, 0);
  };
  const databaseReadings = [];
  return {
    origin: nginx.origin,
    cpuSeconds: () => sum((server) => server.cpuSeconds()),
    mainThreadCpuSeconds: () => {
      databaseReadings.push(postgresCpuSeconds(postgresPort));
      return sum((server) => server.mainThreadCpuSeconds());
    },
    databaseCpuSeconds: () => {
      const [before, after] = databaseReadings.slice(-2);
      return before === null || after === null || after === undefined ? null : after - before;
    },
    logBytes: () => 0,
    served: () => null,
  };
}

/** Milliseconds of CPU per request, or null. */
const msPer = (seconds, count) => (seconds && count ? (seconds * 1000) / count : null);

/** Catalog pages and checkouts per second through nginx with each count of app servers. */
export async function measureScaleOut({ runDir, config, cleanup }) {
  const { startNginx, ensureNginx } = await import("../../lib/nginx.mjs");
  ensureNginx();
  const postgresPort = config.port + 10;
  const { databaseUrl, client } = await demoDatabase(postgresPort, cleanup, "storefront_scale");
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
        const front = asOneServer(nginx, servers, postgresPort);
        const catalogUrl = `${nginx.origin}/items`;
        process.stdout.write(`  ${`Catalog through nginx, ${count} server${count > 1 ? "s" : ""}`.padEnd(42)} `);
        await warmUp({ url: catalogUrl, connections: config.connections }, config.warmup);
        const catalog = await measureOnServer(front, {
          url: catalogUrl,
          connections: config.connections,
          duration: config.duration,
        });
        const catalogDatabaseCpu = front.databaseCpuSeconds();
        console.log(`${fmt.int(catalog.rps)} req/s  p99 ${fmt.ms(catalog.p99)} ms`);
        process.stdout.write(`  ${`Checkouts through nginx, ${count} server${count > 1 ? "s" : ""}`.padEnd(42)} `);
        const checkouts = await measureCheckouts(front, itemIds, config, readStock);
        const checkoutsDatabaseCpu = front.databaseCpuSeconds();
        console.log(`${checkoutsLine(checkouts)}  [${elapsed()}]`);
        const { latencies: _latencies, ...catalogFigures } = catalog;
        rowsOut.push({
          servers: count,
          catalog: {
            ...catalogFigures,
            cpuMs: msPer(catalog.cpuSeconds, catalog.total),
            databaseCpuMs: msPer(catalogDatabaseCpu, catalog.total),
          },
          checkouts: { ...checkouts, databaseCpuMs: msPer(checkoutsDatabaseCpu, checkouts.placed) },
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
