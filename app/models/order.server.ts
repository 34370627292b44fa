import { db, now } from "~/db/db.server";
import type { OrderStatus } from "~/db/schema";

const orderColumns = [
  "orders.id",
  "orders.item_id",
  "orders.item_name",
  "orders.unit_price_cents",
  "orders.quantity",
  "orders.total_cents",
  "orders.status",
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

export type PlaceOrderResult =
  | { ok: true; orderId: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "insufficient-stock"; available: number };

/**
 * One transaction: the stock goes down only if enough is there (a conditional UPDATE, so two buyers
 * can never both take the last unit), and the order copies the item's name and price at this moment.
 */
export function placeOrder(input: {
  userId: number;
  itemId: number;
  quantity: number;
  address: string;
  phone: string;
}): Promise<PlaceOrderResult> {
  return db.transaction().execute(async (trx) => {
    const item = await trx
      .updateTable("items")
      .set((eb) => ({ quantity: eb("quantity", "-", input.quantity), version: eb("version", "+", 1) }))
      .where("id", "=", input.itemId)
      .where("quantity", ">=", input.quantity)
      .returning(["name", "price_cents"])
      .executeTakeFirst();
    if (!item) {
      const current = await trx
        .selectFrom("items")
        .select("quantity")
        .where("id", "=", input.itemId)
        .executeTakeFirst();
      return current
        ? { ok: false, reason: "insufficient-stock", available: current.quantity }
        : { ok: false, reason: "not-found" };
    }
    const timestamp = now();
    const order = await trx
      .insertInto("orders")
      .values({
        user_id: input.userId,
        item_id: input.itemId,
        item_name: item.name,
        unit_price_cents: item.price_cents,
        quantity: input.quantity,
        total_cents: item.price_cents * input.quantity,
        address: input.address,
        phone: input.phone,
        created_at: timestamp,
        updated_at: timestamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, orderId: order.id };
  });
}

export function getOrder(orderId: number) {
  return db.selectFrom("orders").select(orderColumns).where("orders.id", "=", orderId).executeTakeFirst();
}

export function listOrdersForUser(userId: number) {
  return db
    .selectFrom("orders")
    .select(orderColumns)
    .where("orders.user_id", "=", userId)
    .orderBy("orders.id", "desc")
    .limit(200)
    .execute();
}

export function listAllOrders({ status }: { status?: OrderStatus }) {
  let query = db
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .select([...orderColumns, "orders.address", "orders.phone", "users.email as customer_email"]);
  if (status) query = query.where("orders.status", "=", status);
  return query.orderBy("orders.id", "desc").limit(500).execute();
}

export type ChangeStatusResult =
  { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "not-allowed"; from: OrderStatus };

/**
 * Moves an order along its lifecycle. `ownerId` limits the change to that customer's own orders.
 * A cancellation returns the stock in the same transaction; the status check is part of the
 * UPDATE, so two concurrent cancels return the stock once.
 */
export function changeOrderStatus(
  orderId: number,
  to: OrderStatus,
  { ownerId }: { ownerId?: number } = {},
): Promise<ChangeStatusResult> {
  return db.transaction().execute(async (trx) => {
    let find = trx.selectFrom("orders").select(["status"]).where("id", "=", orderId);
    if (ownerId !== undefined) find = find.where("user_id", "=", ownerId);
    const order = await find.executeTakeFirst();
    if (!order) return { ok: false, reason: "not-found" };
    const from = order.status;
    if (!ALLOWED_TRANSITIONS[from].includes(to)) return { ok: false, reason: "not-allowed", from };

    const changed = await trx
      .updateTable("orders")
      .set({ status: to, updated_at: now() })
      .where("id", "=", orderId)
      .where("status", "=", from)
      .returning(["item_id", "quantity"])
      .executeTakeFirst();
    if (!changed) return { ok: false, reason: "not-allowed", from };

    if (to === "cancelled" && changed.item_id !== null) {
      await trx
        .updateTable("items")
        .set((eb) => ({ quantity: eb("quantity", "+", changed.quantity), version: eb("version", "+", 1) }))
        .where("id", "=", changed.item_id)
        .execute();
    }
    return { ok: true };
  });
}
