// What the admin home shows of orders: those waiting to ship, and thirty days of orders and takings.
import { sql } from "kysely";

import { db } from "~/db/db.server";

import { summaries } from "./lists.server";

/** Orders waiting to be shipped, the oldest first (the admin home), and how many in all. */
export async function listAwaitingShipment(limit: number) {
  const pending = db.selectFrom("orders").where("orders.status", "=", "pending");
  const [{ count }, orders] = await Promise.all([
    pending.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    summaries()
      .innerJoin("users", "users.id", "orders.user_id")
      .select("users.email as customer_email")
      .where("orders.status", "=", "pending")
      .orderBy("orders.id")
      .limit(limit)
      .execute(),
  ]);
  return { count: Number(count), orders };
}

/** One day of orders: how many were placed and what they came to (cancelled ones left out). */
export type OrdersOnDay = { day: string; orders: number; revenueCents: number };

/**
 * The last `days` days of orders by UTC day, today last, days without orders as zeros. Cancelled
 * orders are left out: what is reported is what the shop is to be paid.
 */
export async function ordersByDay(days: number, today = new Date()): Promise<OrdersOnDay[]> {
  const dayOf = (offset: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - offset))
      .toISOString()
      .slice(0, 10);
  const first = dayOf(days - 1);
  // created_at is an ISO 8601 text on both databases: its first ten characters are the UTC day.
  const day = sql<string>`substr(orders.created_at, 1, 10)`;
  const rows = await db
    .selectFrom("orders")
    .select((eb) => [
      day.as("day"),
      eb.fn.countAll<number>().as("orders"),
      eb.fn.sum<number>("orders.total_cents").as("revenue"),
    ])
    .where("orders.created_at", ">=", first)
    .where("orders.status", "!=", "cancelled")
    .groupBy(day)
    .execute();
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, index) => {
    const date = dayOf(days - 1 - index);
    const row = byDay.get(date);
    return { day: date, orders: Number(row?.orders ?? 0), revenueCents: Number(row?.revenue ?? 0) };
  });
}
