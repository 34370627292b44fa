// An order's lifecycle: the moves it may make, the buttons that make them, and cancelling it or one
// of its lines (stock given back). Shipping is shipments.server.ts's, returns returns.server.ts's.
import { sql, type Transaction } from "kysely";

import { storePricingRules } from "~/config/env.server";
import { db, type DbOptions, inTransaction, now } from "~/db/db.server";
import type { Database, OrderStatus } from "~/db/schema";
import type { PaymentMethod } from "~/lib/companies";
import { totalsWithShipping } from "~/lib/pricing";
import { type CompletedLine, fillWaitingLines, releaseLineStock, releaseOrderStock } from "~/models/backorders.server";
import { awaitsPayment } from "~/models/trade-terms.server";

/**
 * The only moves an order can make: (awaiting approval →) pending → (partly shipped →) shipped →
 * delivered, or cancelled before it has fully shipped. Shipping moves an order by what it ships
 * (shipReadyUnits); the other moves are made here.
 */
export const ALLOWED_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  "awaiting approval": ["pending", "cancelled"],
  pending: ["partly shipped", "shipped", "cancelled"],
  "partly shipped": ["shipped", "cancelled"],
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

/**
 * The buttons an order offers, in lifecycle order: Ship while units are allocated and not yet
 * shipped, Deliver once all has shipped, Cancel before it has.
 */
export function orderActionsFor(status: OrderStatus, readyToShip: number): OrderAction[] {
  return (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter((action) =>
    action === "ship"
      ? readyToShip > 0 && ALLOWED_TRANSITIONS[status].includes("shipped")
      : ALLOWED_TRANSITIONS[status].includes(ORDER_ACTIONS[action].status),
  );
}

/**
 * The buttons with their labels, as the admin's pages render them. Ship says it sends part of the
 * order while some units still wait for stock.
 */
export function orderButtonsFor(order: {
  status: OrderStatus;
  ready_to_ship: number | string | null;
  waiting_units?: number | string | null;
  payment_method?: PaymentMethod | null;
  paid_at?: string | null;
}) {
  const partShipment = Number(order.waiting_units ?? 0) > 0;
  // A pro-forma order waits for its payment: Record payment comes first, then Ship.
  const readyToShip = awaitsPayment({ payment_method: order.payment_method ?? null, paid_at: order.paid_at ?? null })
    ? 0
    : Number(order.ready_to_ship ?? 0);
  return orderActionsFor(order.status, readyToShip).map((intent) => ({
    intent,
    label: intent === "ship" && partShipment ? "Ship what is ready" : ORDER_ACTIONS[intent].label,
  }));
}

export type ChangeStatusResult =
  | { ok: true; completed: CompletedLine[] }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; from: OrderStatus };

/**
 * Moves an order along its lifecycle (the order-status service adds the mail). `ownerId` limits the
 * change to that customer's own orders. A cancellation gives back, in the same transaction, what was
 * allocated and not shipped, and fills other orders' waiting lines from it (`completed` lists the
 * lines that completed); the status check is part of the UPDATE, so two concurrent cancels give the
 * stock back once. Shipping goes through shipReadyUnits.
 */
export function moveOrderStatus(
  orderId: number,
  to: Exclude<OrderStatus, "partly shipped" | "shipped">,
  { ownerId, executor = db }: { ownerId?: number } & DbOptions = {},
): Promise<ChangeStatusResult> {
  return inTransaction(executor, async (trx): Promise<ChangeStatusResult> => {
    let find = trx.selectFrom("orders").select(["status"]).where("id", "=", orderId);
    if (ownerId !== undefined) find = find.where("user_id", "=", ownerId);
    const order = await find.executeTakeFirst();
    if (!order) return { ok: false, reason: "not-found" };
    const from = order.status;
    if (!ALLOWED_TRANSITIONS[from].includes(to)) return { ok: false, reason: "not-allowed", from };

    const changed = await setStatus(trx, orderId, from, to);
    if (!changed) return { ok: false, reason: "not-allowed", from };
    if (to !== "cancelled") return { ok: true, completed: [] };
    const restocked = await releaseOrderStock(trx, orderId);
    return { ok: true, completed: await fillWaitingLines(trx, restocked) };
  });
}

/** A line as its Cancel asks about it: what is left of it to give up. */
export type CancellableLine = { id: number; partNumber: string; name: string; openUnits: number };

/** The lines of an order that can still be cancelled on their own: units left to leave, order open. */
export function cancellableLines<
  Line extends { id: number; allocated: number; waiting: number; shipped: number },
>(order: { status: OrderStatus; lines: readonly Line[] }): Line[] {
  if (!ALLOWED_TRANSITIONS[order.status].includes("cancelled")) return [];
  return order.lines.filter((line) => openUnits(line) > 0);
}

export type CancelLineResult =
  | { ok: true; status: OrderStatus; completed: CompletedLine[] }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; from: OrderStatus }
  | { ok: false; reason: "nothing-left" };

/** Units of a line still to leave: allocated and not shipped, or waiting for stock. */
const openUnits = (line: { allocated: number; waiting: number; shipped: number }) =>
  line.allocated - line.shipped + line.waiting;

/**
 * Cancels what is left of one line of an open order (`ownerId`: only that customer's own): its
 * allocated units go back to stock and fill other orders' waiting lines, its waiting units are
 * dropped, and the order is charged for the rest (its shipping as charged, tax again on the new
 * goods total). The last open line of an order none of which has shipped cancels the order itself,
 * totals kept as placed; the last open line of one that has partly shipped leaves it shipped.
 */
export function cancelOrderLine(
  orderId: number,
  lineId: number,
  { ownerId, executor = db }: { ownerId?: number } & DbOptions = {},
): Promise<CancelLineResult> {
  return inTransaction(executor, async (trx): Promise<CancelLineResult> => {
    let find = trx.selectFrom("orders").select(["status", "shipping_cents"]).where("id", "=", orderId);
    if (ownerId !== undefined) find = find.where("user_id", "=", ownerId);
    const order = await find.executeTakeFirst();
    if (!order) return { ok: false, reason: "not-found" };
    const from = order.status;
    if (!ALLOWED_TRANSITIONS[from].includes("cancelled")) return { ok: false, reason: "not-allowed", from };
    const before = await trx
      .selectFrom("order_lines")
      .select(["id", "allocated", "waiting", "shipped"])
      .where("order_id", "=", orderId)
      .execute();
    const line = before.find((candidate) => candidate.id === lineId);
    if (!line) return { ok: false, reason: "not-found" };
    if (openUnits(line) === 0) return { ok: false, reason: "nothing-left" };
    const othersOpen = before.some((other) => other.id !== lineId && openUnits(other) > 0);
    if (!othersOpen && before.every((other) => other.shipped === 0)) {
      const cancelled = await moveOrderStatus(orderId, "cancelled", { executor: trx });
      return cancelled.ok ? { ok: true, status: "cancelled", completed: cancelled.completed } : cancelled;
    }

    // The order's row first, as every change of an order takes it: a concurrent Ship or Cancel waits.
    if (!(await lockOrderAt(trx, orderId, from))) return { ok: false, reason: "not-allowed", from };
    const released = await releaseLineStock(trx, lineId);
    if (released.givenUp === 0) return { ok: false, reason: "nothing-left" };

    const goods = await trx
      .selectFrom("order_lines")
      .select(sql<number>`coalesce(sum(line_total_cents), 0)`.as("cents"))
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    const totals = totalsWithShipping(Number(goods.cents), Number(order.shipping_cents), storePricingRules());
    await trx
      .updateTable("orders")
      .set({ subtotal_cents: totals.subtotalCents, tax_cents: totals.taxCents, total_cents: totals.totalCents })
      .where("id", "=", orderId)
      .execute();
    // Nothing else left to leave: what shipped is the whole order now.
    const status = othersOpen ? from : "shipped";
    if (status !== from) await setStatus(trx, orderId, from, status);
    const completed = released.itemId === null ? [] : await fillWaitingLines(trx, [released.itemId]);
    return { ok: true, status, completed };
  });
}

/**
 * Takes the order's row for this transaction (a write: PostgreSQL's row lock, SQLite's write lock),
 * only while it is still at status `from`; false when it has moved on meanwhile.
 */
export async function lockOrderAt(trx: Transaction<Database>, orderId: number, from: OrderStatus) {
  const locked = await trx
    .updateTable("orders")
    .set({ updated_at: now() })
    .where("id", "=", orderId)
    .where("status", "=", from)
    .returning("id")
    .executeTakeFirst();
  return locked !== undefined;
}

/** The status moved from `from` to `to` (only if it is still `from`), with its line in the history. */
export async function setStatus(trx: Transaction<Database>, orderId: number, from: OrderStatus, to: OrderStatus) {
  const timestamp = now();
  const changed = await trx
    .updateTable("orders")
    .set({ status: to, updated_at: timestamp })
    .where("id", "=", orderId)
    .where("status", "=", from)
    .returning("id")
    .executeTakeFirst();
  if (!changed) return false;
  await trx
    .insertInto("order_status_changes")
    .values({ order_id: orderId, status: to, changed_at: timestamp })
    .execute();
  return true;
}
