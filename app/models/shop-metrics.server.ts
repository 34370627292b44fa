import { databasePoolStats, db } from "~/db/db.server";
import { offThreadReadStats } from "~/db/off-thread-reads.server";
import { OUTBOX_STATUSES, type OutboxStatus } from "~/lib/statuses";

/**
 * What /metrics reports of the shop's data (server/metrics.ts reads it at each scrape): the
 * outbox's messages by status and how long the oldest unsent one has waited, the orders placed,
 * the database's connections, and the catalog reads this process ran in its read worker. Every app
 * server reports the same database, so a dashboard takes the maximum of the outbox and order
 * figures across servers, not the sum.
 */
export async function shopMetrics() {
  const [byStatus, oldestUnsent, orders] = await Promise.all([
    db
      .selectFrom("outbox")
      .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy("status")
      .execute(),
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.min("created_at").as("createdAt"))
      .where("status", "in", ["pending", "sending"])
      .executeTakeFirst(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  const outbox = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, 0])) as Record<OutboxStatus, number>;
  for (const row of byStatus) outbox[row.status] = Number(row.count);
  const oldest = oldestUnsent?.createdAt;
  return {
    outbox,
    oldestUnsentSeconds: oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0,
    ordersPlaced: Number(orders.count),
    pool: databasePoolStats(),
    offThreadReads: offThreadReadStats(),
  };
}

export type ShopMetrics = Awaited<ReturnType<typeof shopMetrics>>;
