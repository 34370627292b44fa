import fs from "node:fs";
import path from "node:path";

import type { Stats } from "./support";

const dir = path.resolve(".tmp/reliability");

export default function setup() {
  const database = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (file.endsWith(`-${database}.json`)) fs.rmSync(path.join(dir, file));
  }
  return function printSummary() {
    const rows: Stats[] = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((file) => file.endsWith(`-${database}.json`))
          .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")))
      : [];
    const total = rows.reduce(
      (sum, row) => ({
        requests: sum.requests + row.requests,
        failures: sum.failures + row.failures,
        serverErrors: sum.serverErrors + row.serverErrors,
        oversells: sum.oversells + row.oversells,
        ordersLost: sum.ordersLost + row.ordersLost,
      }),
      { requests: 0, failures: 0, serverErrors: 0, oversells: 0, ordersLost: 0 },
    );
    console.log(`\nReliability summary (${database})`);
    console.table(Object.fromEntries(rows.map(({ suite, database: _db, ...numbers }) => [suite, numbers])));
    console.log(
      `requests sent: ${total.requests}, failures: ${total.failures}, 5xx: ${total.serverErrors}, oversells: ${total.oversells}, orders lost: ${total.ordersLost}`,
    );
  };
}
