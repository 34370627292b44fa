// A sign-in flood from one client (unknown emails, each a password hash if nothing stopped it) while
// another visitor loads the catalog from the uncached server: the per-client limit and the bound on
// concurrent hashes must keep the catalog answering. The server runs with the limits as shipped
// (setup/servers.mjs relaxes them only on the server customers sign up and order on).
import { randomUUID } from "node:crypto";

import { measure } from "../lib/load.mjs";
import { fmt } from "../lib/report.mjs";
import { formHeaders } from "../lib/session.mjs";

export const FLOOD_CONNECTIONS = 64;
export const FLOOD_READERS = 10;

/** FLOOD_CONNECTIONS post sign-ins for `config.duration` seconds; FLOOD_READERS read the catalog after the first. */
export async function measureFlood(server, { config }) {
  process.stdout.write(`  ${`Sign-in flood (${FLOOD_CONNECTIONS} connections) + catalog`.padEnd(42)} `);
  const [attack, reading] = await Promise.all([
    measure({
      url: `${server.origin}/sign-in`,
      method: "POST",
      connections: FLOOD_CONNECTIONS,
      duration: config.duration,
      headers: formHeaders(server.origin),
      bodyFor: () =>
        new URLSearchParams({
          email: `flood-${randomUUID()}@example.com`,
          password: "not-the-password",
          redirectTo: "/",
        }).toString(),
      expectStatus: 429,
    }),
    new Promise((resolve) => setTimeout(resolve, 1000)).then(() =>
      measure({ url: `${server.origin}/items`, connections: FLOOD_READERS, duration: config.duration - 1 }),
    ),
  ]);
  const { latencies: _a, ...attackFigures } = attack;
  const { latencies: _r, ...readingFigures } = reading;
  console.log(
    `catalog p99 ${fmt.ms(reading.p99)} ms, ${fmt.int(reading.rps)} req/s; sign-ins answered ${JSON.stringify(attack.statuses)}`,
  );
  return { attack: attackFigures, reading: readingFigures };
}
