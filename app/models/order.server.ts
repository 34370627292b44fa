import { sql } from "kysely";

import { db, type DbOptions, inTransaction, now } from "~/db/db.server";
import type { OrderLine, OrderStatus } from "~/db/schema";
import { containsPattern } from "~/lib/like-pattern";

const orderColumns = [
  "orders.id",
  "orders.status",
  "orders.po_number",
  "orders.address",
  "orders.phone",
  "orders.subtotal_cents",
  "orders.shipping_cents",
  "orders.tax_cents",
  "orders.total_cents",
  "orders.created_at",
] as const;

/** The only moves an order can make: pending → shipped → delivered, or pending → cancelled. */
const ALLOWED_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

/** What each of an admin's order buttons does. */
export const ORDER_ACTIONS = {
  ship: { status: "shipped", label: "Mark shipped" },
  deliver: { status: "delivered", label: "Mark delivered" },
  cancel: { status: "cancelled", label: "Cancel" },
} as const satisfies Record<string, { status: OrderStatus; label: string }>;

export type OrderAction = keyof typeof ORDER_ACTIONS;

/** The buttons an order in this status offers, in lifecycle order. */
export function orderActionsFor(status: OrderStatus): OrderAction[] {
  return (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter((action) =>
    ALLOWED_TRANSITIONS[status].includes(ORDER_ACTIONS[action].status),
  );
}

/** The buttons with their labels, as the admin's pages render them. */
export function orderButtonsFor(status: OrderStatus) {
  return orderActionsFor(status).map((intent) => ({ intent, label: ORDER_ACTIONS[intent].label }));
}

export type OrderSummary = Awaited<ReturnType<typeof listOrdersForUser>>[number];

/** What a list of orders shows of each: the header, how many lines, and the first part's name. */
function summaries() {
  return db
    .selectFrom("orders")
    .select(orderColumns)
    .select((eb) => [
      eb
        .selectFrom("order_lines")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("order_lines.order_id", "=", "orders.id")
        .as("line_count"),
      eb
        .selectFrom("order_lines")
        .select("order_lines.item_name")
        .whereRef("order_lines.order_id", "=", "orders.id")
        .orderBy("order_lines.position")
        .limit(1)
        .as("first_item_name"),
    ]);
}

export function listOrdersForUser(userId: number) {
  return summaries().where("orders.user_id", "=", userId).orderBy("orders.id", "desc").limit(200).execute();
}

/**
 * Manage Orders: newest first, narrowed by status and by a search that is an order number ("1042",
 * "#1042") or part of the customer's email or name.
 */
export function listAllOrders({ status, search }: { status?: OrderStatus; search?: string }) {
  let query = summaries().innerJoin("users", "users.id", "orders.user_id").select("users.email as customer_email");
  if (status) query = query.where("orders.status", "=", status);
  const term = search?.trim().replace(/^#/, "");
  if (term) {
    const pattern = containsPattern(term);
    query = /^\d{1,9}$/.test(term)
      ? query.where("orders.id", "=", Number(term))
      : query.where(
          sql<boolean>`(lower(users.email) like ${pattern} escape '\\' or lower(users.display_name) like ${pattern} escape '\\')`,
        );
  }
  return query.orderBy("orders.id", "desc").limit(500).execute();
}

/** The lines of these orders, in the order they were placed, by order id. */
export async function linesOfOrders(orderIds: readonly number[], { executor = db }: DbOptions = {}) {
  const byOrder = new Map<number, OrderLineRow[]>();
  if (!orderIds.length) return byOrder;
  const rows = await executor
    .selectFrom("order_lines")
    .select(["order_id", "item_id", "part_number", "item_name", "unit_price_cents", "quantity", "line_total_cents"])
    .where("order_id", "in", [...orderIds])
    .orderBy("order_id")
    .orderBy("position")
    .execute();
  for (const { order_id, ...line } of rows) {
    const lines = byOrder.get(order_id) ?? [];
    lines.push(line);
    byOrder.set(order_id, lines);
  }
  return byOrder;
}

type OrderLineRow = Omit<OrderLine, "id" | "order_id" | "position">;

/**
 * One order with its customer and lines; `ownerId` limits it to that customer's own. `executor` is
 * an open transaction when the order's own change reads it (its mail).
 */
export async function getOrderWithLines(
  orderId: number,
  { ownerId, executor = db }: { ownerId?: number } & DbOptions = {},
) {
  let find = executor
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select([...orderColumns, "orders.user_id", "users.email as customer_email", "users.display_name as customer_name"])
    .where("orders.id", "=", orderId);
  if (ownerId !== undefined) find = find.where("orders.user_id", "=", ownerId);
  const order = await find.executeTakeFirst();
  if (!order) return undefined;
  const lines = await linesOfOrders([orderId], { executor });
  return { ...order, lines: lines.get(orderId) ?? [] };
}

export type OrderWithLines = NonNullable<Awaited<ReturnType<typeof getOrderWithLines>>>;

/** One order as its pages show it: customer, lines and status history. */
export async function getOrder(orderId: number, { ownerId }: { ownerId?: number } = {}) {
  const order = await getOrderWithLines(orderId, { ownerId });
  if (!order) return undefined;
  const history = await db
    .selectFrom("order_status_changes")
    .select(["status", "changed_at"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return { ...order, history };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof getOrder>>>;

export type ChangeStatusResult =
  { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "not-allowed"; from: OrderStatus };

/**
 * Moves an order along its lifecycle (the order-status service adds the mail). `ownerId` limits the
 * change to that customer's own orders. A cancellation returns the stock in the same transaction;
 * the status check is part of the UPDATE, so two concurrent cancels return the stock once.
 */
export function moveOrderStatus(
  orderId: number,
  to: OrderStatus,
  { ownerId, executor = db }: { ownerId?: number } & DbOptions = {},
): Promise<ChangeStatusResult> {
  return inTransaction(executor, async (trx) => {
    let find = trx.selectFrom("orders").select(["status"]).where("id", "=", orderId);
    if (ownerId !== undefined) find = find.where("user_id", "=", ownerId);
    const order = await find.executeTakeFirst();
    if (!order) return { ok: false, reason: "not-found" };
    const from = order.status;
    if (!ALLOWED_TRANSITIONS[from].includes(to)) return { ok: false, reason: "not-allowed", from };

    const timestamp = now();
    const changed = await trx
      .updateTable("orders")
      .set({ status: to, updated_at: timestamp })
      .where("id", "=", orderId)
      .where("status", "=", from)
      .returning("id")
      .executeTakeFirst();
    if (!changed) return { ok: false, reason: "not-allowed", from };
    await trx
      .insertInto("order_status_changes")
      .values({ order_id: orderId, status: to, changed_at: timestamp })
      .execute();

    if (to === "cancelled") {
      // Every line's units go back; a part deleted since has no stock to return to.
      const lines = await trx
        .selectFrom("order_lines")
        .select(["item_id", "quantity"])
        .where("order_id", "=", orderId)
        .where("item_id", "is not", null)
        .orderBy("item_id")
        .execute();
      for (const line of lines) {
        await trx
          .updateTable("items")
          .set((eb) => ({ quantity: eb("quantity", "+", line.quantity), version: eb("version", "+", 1) }))
          .where("id", "=", line.item_id!)
          .execute();
      }
    }
    return { ok: true };
  });
}

/** Where an order ships by default: the profile's address and phone, else the last order's. */
export async function shippingDefaultsFor(user: { id: number; address: string | null; phone: string | null }) {
  if (user.address && user.phone) return { address: user.address, phone: user.phone };
  const last = await db
    .selectFrom("orders")
    .select(["address", "phone"])
    .where("user_id", "=", user.id)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return { address: user.address || last?.address || "", phone: user.phone || last?.phone || "" };
}

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
