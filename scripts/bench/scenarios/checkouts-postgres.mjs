// The checkout flow on PostgreSQL: the demo catalog on a throwaway cluster (`fsync=off`), beside its
// own signed-in home page. The ratio is the figure to compare, not the absolute numbers.
import { measureOnServer } from "../lib/load.mjs";
import { fmt } from "../lib/report.mjs";
import { startServer } from "../lib/server.mjs";
import { READER, signUp } from "../lib/session.mjs";
import { ORDER_STOCK } from "../setup/catalogs.mjs";
import { MANY_CUSTOMERS, NO_PAGE_CACHE } from "../setup/servers.mjs";
import { checkoutsLine, measureCheckouts } from "./checkouts.mjs";

/** One throwaway cluster per run, started by the first scenario that needs it, stopped with `cleanup`. */
let cluster;

/**
 * A database `name` of the demo catalog on the run's throwaway cluster (on `port`); the cluster and
 * the client go with `cleanup`.
 */
export async function demoDatabase(port, cleanup, name = "storefront_bench") {
  const [{ startPostgres }, { prepareDatabase }, { default: pg }] = await Promise.all([
    import("../../lib/postgres.mjs"),
    import("../../lib/database.mjs"),
    import("pg"),
  ]);
  if (!cluster) {
    cluster = startPostgres({ port });
    const started = cluster;
    cleanup.add(() => {
      started.stop();
      cluster = undefined;
    });
  }
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = cluster.url.replace(/\/postgres$/, `/${name}`);
  prepareDatabase({ ...process.env, DATABASE_URL: databaseUrl });
  // A pool, not one client: the stock checks read several parts at once.
  const client = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  cleanup.add(() => client.end());
  return { databaseUrl, client };
}

/** The signed-in home page and the checkout flow on PostgreSQL, served from the build in `runDir`. */
export async function measurePostgresCheckouts({ runDir, config, cleanup }) {
  const { databaseUrl, client } = await demoDatabase(config.port + 10, cleanup);
  const { rows } = await client.query("select id from items where min_order_quantity = 1 order by id limit 3");
  const itemIds = rows.map((row) => Number(row.id));
  await client.query("update items set quantity = $1 where id = any($2)", [ORDER_STOCK, itemIds]);

  const server = await startServer({
    cwd: runDir,
    port: config.port + 5,
    name: "postgres",
    env: { DATABASE_URL: databaseUrl, ...NO_PAGE_CACHE, ...MANY_CUSTOMERS },
  });
  cleanup.add(() => (cleanup.interrupted ? server.kill() : server.stop()));
  const reader = await signUp(server.origin, READER);
  process.stdout.write(`  ${"Home, signed in (PostgreSQL)".padEnd(42)} `);
  const home = await measureOnServer(server, {
    url: `${server.origin}/`,
    connections: config.connections,
    duration: config.duration,
    headers: { Cookie: reader },
  });
  console.log(`${fmt.int(home.rps)} req/s  p99 ${fmt.ms(home.p99)} ms`);
  process.stdout.write(`  ${"Check out a 3-line cart (PostgreSQL)".padEnd(42)} `);
  const checkouts = await measureCheckouts(server, itemIds, config, async (id) => {
    const stock = await client.query("select quantity from items where id = $1", [id]);
    const units = await client.query(
      "select coalesce(sum(quantity), 0)::int as units from order_lines where item_id = $1",
      [id],
    );
    return { quantity: Number(stock.rows[0].quantity), units: Number(units.rows[0].units) };
  });
  console.log(checkoutsLine(checkouts));
  const { latencies: _latencies, ...homeFigures } = home;
  return { home: homeFigures, checkouts };
}
