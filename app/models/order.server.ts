import { type ExpressionBuilder, sql, type Transaction } from "kysely";

import { storePricingRules } from "~/config/env.server";
import { db, type DbOptions, type Executor, inTransaction, now } from "~/db/db.server";
import type { Database, OrderLine, OrderStatus } from "~/db/schema";
import { type CarrierId, shipmentTracking } from "~/lib/carriers";
import type { PaymentMethod } from "~/lib/companies";
import { csvAmount } from "~/lib/csv";
import { containsPattern } from "~/lib/like-pattern";
import { totalsWithShipping } from "~/lib/pricing";
import { addCalendarDays } from "~/lib/quotes";
import { type CompletedLine, fillWaitingLines, releaseLineStock, releaseOrderStock } from "~/models/backorders.server";
import { type CompanyReader, ownOrCompany } from "~/models/company-readers.server";
import { invoicedAmountsOf } from "~/models/invoice.server";
import { awaitsPayment } from "~/models/trade-terms.server";

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

/**
 * The only moves an order can make: (awaiting approval →) pending → (partly shipped →) shipped →
 * delivered, or cancelled before it has fully shipped. Shipping moves an order by what it ships
 * (shipReadyUnits); the other moves are made here.
 */
const ALLOWED_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
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

export type OrderSummary = Awaited<ReturnType<typeof listOrdersForUser>>[number];

/** What a list of orders shows of each: the header, how many lines, and the first part's name. */
function summaries() {
  return db
    .selectFrom("orders")
    .select(orderColumns)
    .select((eb) => [lineCount(eb), firstItemName(eb), readyToShip(eb), waitingUnits(eb)]);
}

function lineCount(eb: ExpressionBuilder<Database, "orders">) {
  return eb
    .selectFrom("order_lines")
    .select(eb.fn.countAll<number>().as("n"))
    .whereRef("order_lines.order_id", "=", "orders.id")
    .as("line_count");
}

function firstItemName(eb: ExpressionBuilder<Database, "orders">) {
  return eb
    .selectFrom("order_lines")
    .select("order_lines.item_name")
    .whereRef("order_lines.order_id", "=", "orders.id")
    .orderBy("order_lines.position")
    .limit(1)
    .as("first_item_name");
}

/** Units of an order still waiting for stock. */
function waitingUnits(eb: ExpressionBuilder<Database, "orders">) {
  return eb
    .selectFrom("order_lines")
    .select(sql<number>`coalesce(sum(order_lines.waiting), 0)`.as("n"))
    .whereRef("order_lines.order_id", "=", "orders.id")
    .as("waiting_units");
}

/** Units of an order allocated from stock and not yet shipped: what Ship would send. */
function readyToShip(eb: ExpressionBuilder<Database, "orders">) {
  return eb
    .selectFrom("order_lines")
    .select(sql<number>`coalesce(sum(order_lines.allocated - order_lines.shipped), 0)`.as("n"))
    .whereRef("order_lines.order_id", "=", "orders.id")
    .as("ready_to_ship");
}

export function listOrdersForUser(userId: number) {
  return summaries().where("orders.user_id", "=", userId).orderBy("orders.id", "desc").limit(200).execute();
}

/**
 * Orders newest first, a page at a time (GET /api/order): one customer's, or everyone's for staff;
 * `below` an id (a Link's cursor), after `offset` of them.
 */
export function listOrdersPage({
  ownerId,
  limit,
  offset,
  below,
}: {
  ownerId?: number;
  limit: number;
  offset: number;
  below?: number;
}) {
  let query = summaries().orderBy("orders.id", "desc").limit(limit).offset(offset);
  if (ownerId !== undefined) query = query.where("orders.user_id", "=", ownerId);
  if (below !== undefined) query = query.where("orders.id", "<", below);
  return query.execute();
}

/** The orders colleagues placed for the member's company (not the member's own), newest first. */
export function listCompanyOrders(companyId: number, exceptUserId: number) {
  return summaries()
    .innerJoin("users", "users.id", "orders.user_id")
    .select("users.display_name as placed_by")
    .where("orders.company_id", "=", companyId)
    .where("orders.user_id", "!=", exceptUserId)
    .orderBy("orders.id", "desc")
    .limit(200)
    .execute();
}

/** How a list of orders is narrowed (app/validation/order.ts, OrderSearchSchema); `ownerId` keeps one buyer's. */
export type OrderFilter = { q?: string; status?: OrderStatus; from?: string; to?: string } & OrderReader;

/**
 * The orders a filter keeps, joined to their customers. `q` is an order number ("1042", "#1042"; a
 * number may be a PO number too), or part of a PO number, a part number on one of its lines, or the
 * customer's email, name or company. `from` and `to` are the first and last day placed, in UTC as
 * pages show dates.
 */
function filteredOrders(executor: Executor, { q, status, from, to, ownerId, companyId }: OrderFilter) {
  let query = executor.selectFrom("orders").innerJoin("users", "users.id", "orders.user_id");
  if (ownerId !== undefined) query = query.where(readableOrders(ownerId, companyId));
  if (status) query = query.where("orders.status", "=", status);
  if (from) query = query.where("orders.created_at", ">=", `${from}T00:00:00.000Z`);
  if (to) query = query.where("orders.created_at", "<", `${addCalendarDays(to, 1)}T00:00:00.000Z`);
  const term = q?.trim();
  if (!term) return query;
  const orderNumber = /^#?(\d{1,9})$/.exec(term)?.[1];
  if (orderNumber) {
    return query.where((eb) =>
      eb.or([eb("orders.id", "=", Number(orderNumber)), eb("orders.po_number", "=", term.replace(/^#/, ""))]),
    );
  }
  const pattern = containsPattern(term);
  const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  return query.where((eb) =>
    eb.or([
      like("users.email"),
      like("users.display_name"),
      like("users.company"),
      like("orders.po_number"),
      eb.exists(
        eb
          .selectFrom("order_lines")
          .select("order_lines.id")
          .whereRef("order_lines.order_id", "=", "orders.id")
          .where(like("order_lines.part_number")),
      ),
    ]),
  );
}

/** How many orders a page of search results shows at most; the CSV export has them all. */
export const ORDERS_PER_PAGE = 500;

/** Manage Orders (and a buyer's own, with `ownerId`): newest first, narrowed by the filter. */
export function listAllOrders(filter: OrderFilter) {
  return filteredOrders(db, filter)
    .select(orderColumns)
    .select((eb) => [
      "users.email as customer_email",
      lineCount(eb),
      firstItemName(eb),
      readyToShip(eb),
      waitingUnits(eb),
    ])
    .orderBy("orders.id", "desc")
    .limit(ORDERS_PER_PAGE)
    .execute();
}

/** The columns of an orders export: one row per order line, with its order's header and totals. */
export const ORDER_CSV_COLUMNS = [
  "order",
  "placed_at",
  "status",
  "customer",
  "email",
  "company",
  "po_number",
  "part_number",
  "item_name",
  "quantity",
  "shipped",
  "cancelled",
  "unit_price",
  "line_total",
  "order_goods",
  "order_shipping",
  "order_tax",
  "order_total",
] as const;

/**
 * Every order a filter keeps, newest first, as CSV rows a batch of orders at a time (keyset on the
 * order id, so each batch is one indexed range however deep the export has gone).
 */
export async function* orderCsvBatches(
  filter: OrderFilter,
  { executor = db, batch = 500 }: DbOptions & { batch?: number } = {},
): AsyncGenerator<(string | number | null)[][], void, undefined> {
  let before: number | undefined;
  for (;;) {
    let next = filteredOrders(executor, filter).select([
      ...orderColumns,
      "users.display_name",
      "users.email",
      "users.company",
    ]);
    if (before !== undefined) next = next.where("orders.id", "<", before);
    const orders = await next.orderBy("orders.id", "desc").limit(batch).execute();
    if (!orders.length) return;
    before = orders.at(-1)!.id;
    const lines = await linesOfOrders(
      orders.map((order) => order.id),
      { executor },
    );
    yield orders.flatMap((order) =>
      (lines.get(order.id) ?? []).map((line) => [
        order.id,
        order.created_at,
        order.status,
        order.display_name,
        order.email,
        order.company,
        order.po_number,
        line.part_number,
        line.item_name,
        line.quantity,
        line.shipped,
        line.cancelled,
        csvAmount(Number(line.unit_price_cents)),
        csvAmount(Number(line.line_total_cents)),
        csvAmount(Number(order.subtotal_cents)),
        csvAmount(Number(order.shipping_cents)),
        csvAmount(Number(order.tax_cents)),
        csvAmount(Number(order.total_cents)),
      ]),
    );
  }
}

/** The lines of these orders, in the order they were placed, by order id. */
export async function linesOfOrders(orderIds: readonly number[], { executor = db }: DbOptions = {}) {
  const byOrder = new Map<number, OrderLineRow[]>();
  if (!orderIds.length) return byOrder;
  const rows = await executor
    .selectFrom("order_lines")
    .select([
      "id",
      "order_id",
      "item_id",
      "part_number",
      "item_name",
      "unit_price_cents",
      "quantity",
      "line_total_cents",
      "allocated",
      "waiting",
      "shipped",
      "cancelled",
      "returned",
      "backorder_due",
    ])
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

type OrderLineRow = Omit<OrderLine, "order_id" | "position">;

/** Who reads an order: its customer, or (with `companyId`) any member of the company it was placed for. */
export type OrderReader = CompanyReader;

const readableOrders = (ownerId: number, companyId: number | null | undefined) =>
  ownOrCompany("orders", ownerId, companyId);

/**
 * One order with its customer and lines; `ownerId` limits it to that customer's own, or with
 * `companyId` their company's. `executor` is an open transaction when the order's own change reads
 * it (its mail).
 */
export async function getOrderWithLines(
  orderId: number,
  { ownerId, companyId, executor = db }: OrderReader & DbOptions = {},
) {
  let find = ordersWithCustomers(executor).where("orders.id", "=", orderId);
  if (ownerId !== undefined) find = find.where(readableOrders(ownerId, companyId));
  const order = await find.executeTakeFirst();
  if (!order) return undefined;
  const lines = await linesOfOrders([orderId], { executor });
  return { ...order, lines: lines.get(orderId) ?? [] };
}

/** Orders with their customers and lines, in two queries however many (a stock arrival's mail). */
export async function getOrdersWithLines(orderIds: readonly number[], { executor = db }: DbOptions = {}) {
  if (!orderIds.length) return [];
  const [orders, lines] = await Promise.all([
    ordersWithCustomers(executor)
      .where("orders.id", "in", [...orderIds])
      .orderBy("orders.id")
      .execute(),
    linesOfOrders(orderIds, { executor }),
  ]);
  return orders.map((order) => ({ ...order, lines: lines.get(order.id) ?? [] }));
}

function ordersWithCustomers(executor: Executor) {
  return executor
    .selectFrom("orders")
    .innerJoin("users", "users.id", "orders.user_id")
    .leftJoin("companies", "companies.id", "orders.company_id")
    .select([...orderColumns, "orders.user_id", "users.email as customer_email", "users.display_name as customer_name"])
    .select([
      "orders.company_id",
      "companies.name as company_name",
      "companies.vat_number as company_vat_number",
      "companies.payment_terms_days",
      "orders.payment_method",
      "orders.paid_at",
      "orders.approval_expires_at",
      "orders.billing_address",
    ])
    .select((eb) => [readyToShip(eb), waitingUnits(eb)]);
}

export type OrderWithLines = NonNullable<Awaited<ReturnType<typeof getOrderWithLines>>>;

/** One order as its pages show it: customer, lines, status history, what has shipped and been invoiced. */
export async function getOrder(orderId: number, reader: OrderReader = {}) {
  const order = await getOrderWithLines(orderId, reader);
  if (!order) return undefined;
  const [history, shipments, invoiced] = await Promise.all([
    db
      .selectFrom("order_status_changes")
      .select(["status", "changed_at"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute(),
    listShipments(orderId),
    invoicedAmountsOf(orderId),
  ]);
  return { ...order, history, shipments, invoiced };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof getOrder>>>;

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
async function lockOrderAt(trx: Transaction<Database>, orderId: number, from: OrderStatus) {
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
async function setStatus(trx: Transaction<Database>, orderId: number, from: OrderStatus, to: OrderStatus) {
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

export type ShipResult =
  | { ok: true; shipmentId: number; status: "shipped" | "partly shipped" }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; from: OrderStatus }
  | { ok: false; reason: "nothing-ready" }
  /** A pro-forma order whose payment staff have not recorded yet. */
  | { ok: false; reason: "awaiting-payment" };

/** Who ships, with which carrier (app/lib/carriers.ts) and the number to follow it by. */
export type ShipmentDetails = { userId: number | null; carrier: CarrierId; trackingNumber: string | null };

/**
 * Ships what is ready: every unit allocated to the order and not yet shipped, as one shipment with
 * its lines. The order is shipped once nothing of it is left to ship, partly shipped until then.
 */
export function shipReadyUnits(
  orderId: number,
  { userId, carrier, trackingNumber, executor = db }: ShipmentDetails & DbOptions,
): Promise<ShipResult> {
  return inTransaction(executor, async (trx): Promise<ShipResult> => {
    const order = await trx
      .selectFrom("orders")
      .select(["status", "payment_method", "paid_at"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) return { ok: false, reason: "not-found" };
    const from = order.status;
    if (!ALLOWED_TRANSITIONS[from].includes("shipped")) return { ok: false, reason: "not-allowed", from };
    if (awaitsPayment(order)) return { ok: false, reason: "awaiting-payment" };
    // Taken first, so a second Ship of the same order waits here and then finds nothing ready.
    if (!(await lockOrderAt(trx, orderId, from))) return { ok: false, reason: "not-allowed", from };
    const lines = await trx
      .selectFrom("order_lines")
      .select(["id", "allocated", "waiting", "shipped"])
      .where("order_id", "=", orderId)
      .execute();
    const ready = lines.filter((line) => line.allocated > line.shipped);
    if (!ready.length) return { ok: false, reason: "nothing-ready" };
    const shipment = await trx
      .insertInto("shipments")
      .values({ order_id: orderId, user_id: userId, carrier, tracking_number: trackingNumber, created_at: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("shipment_lines")
      .values(
        ready.map((line) => ({
          shipment_id: shipment.id,
          order_line_id: line.id,
          quantity: line.allocated - line.shipped,
        })),
      )
      .execute();
    for (const line of ready) {
      await trx.updateTable("order_lines").set({ shipped: line.allocated }).where("id", "=", line.id).execute();
    }
    // Every allocated unit has now left: the order is whole once nothing waits (cancelled units never will).
    const allShipped = lines.every((line) => line.waiting === 0);
    const to = allShipped ? ("shipped" as const) : ("partly shipped" as const);
    if (to !== from) await setStatus(trx, orderId, from, to);
    return { ok: true, shipmentId: shipment.id, status: to };
  });
}

/** An order's shipments, oldest first, each with its lines (part number, name, quantity) and its invoice's number. */
export async function listShipments(orderId: number, { executor = db }: DbOptions = {}) {
  const rows = await executor
    .selectFrom("shipments")
    .innerJoin("shipment_lines", "shipment_lines.shipment_id", "shipments.id")
    .innerJoin("order_lines", "order_lines.id", "shipment_lines.order_line_id")
    .leftJoin("invoices", "invoices.shipment_id", "shipments.id")
    .select([
      "shipments.id",
      "shipments.created_at",
      "shipments.carrier",
      "shipments.tracking_number",
      "invoices.number as invoice_number",
      "order_lines.part_number",
      "order_lines.item_name",
      "shipment_lines.quantity",
    ])
    .where("shipments.order_id", "=", orderId)
    .orderBy("shipments.id")
    .orderBy("order_lines.position")
    .execute();
  const shipments: {
    id: number;
    createdAt: string;
    /** The carrier's name, the tracking number and its link; null for shipments from before carriers. */
    tracking: ReturnType<typeof shipmentTracking>;
    /** Its VAT invoice (INV-2026-000123); null for shipments from before invoices. */
    invoiceNumber: string | null;
    lines: { partNumber: string; name: string; quantity: number }[];
  }[] = [];
  for (const row of rows) {
    let shipment = shipments.at(-1);
    if (shipment?.id !== row.id) {
      shipment = {
        id: row.id,
        createdAt: row.created_at,
        tracking: shipmentTracking(row.carrier, row.tracking_number),
        invoiceNumber: row.invoice_number,
        lines: [],
      };
      shipments.push(shipment);
    }
    shipment.lines.push({ partNumber: row.part_number, name: row.item_name, quantity: row.quantity });
  }
  return shipments;
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

/**
 * What a shipment's packing slip says: the order's header, the shipment's place among the order's
 * shipments and how it travels, and for each line what was ordered, what is in this parcel and what
 * was still to come once it left.
 */
export async function getPackingSlip(orderId: number, shipmentId: number, { executor = db }: DbOptions = {}) {
  const order = await ordersWithCustomers(executor).where("orders.id", "=", orderId).executeTakeFirst();
  if (!order) return undefined;
  const shipments = await executor
    .selectFrom("shipments")
    .select(["id", "created_at", "carrier", "tracking_number"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  const position = shipments.findIndex((shipment) => shipment.id === shipmentId);
  if (position < 0) return undefined;
  const shipment = shipments[position];
  const [lines, parcels] = await Promise.all([
    linesOfOrders([orderId], { executor }),
    executor
      .selectFrom("shipment_lines")
      .select(["shipment_id", "order_line_id", "quantity"])
      .where(
        "shipment_id",
        "in",
        shipments.slice(0, position + 1).map((earlier) => earlier.id),
      )
      .execute(),
  ]);
  const sentBy = (lineId: number, onlyThis: boolean) =>
    parcels
      .filter((parcel) => parcel.order_line_id === lineId && (!onlyThis || parcel.shipment_id === shipmentId))
      .reduce((sum, parcel) => sum + parcel.quantity, 0);
  return {
    order,
    shipment: {
      id: shipment.id,
      number: position + 1,
      of: shipments.length,
      createdAt: shipment.created_at,
      tracking: shipmentTracking(shipment.carrier, shipment.tracking_number),
    },
    lines: (lines.get(orderId) ?? []).map((line) => ({
      partNumber: line.part_number,
      name: line.item_name,
      ordered: line.quantity - line.cancelled,
      inThisParcel: sentBy(line.id, true),
      toCome: line.quantity - line.cancelled - sentBy(line.id, false),
    })),
  };
}

export type PackingSlip = NonNullable<Awaited<ReturnType<typeof getPackingSlip>>>;

export type RecordReturnResult =
  | { ok: true; itemId: number | null }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "too-many"; returnable: number };

/**
 * Records `quantity` units of a shipped line as come back, inside the caller's transaction. One
 * conditional update: two returns of the same units at once never take back more than shipped.
 */
export async function recordReturn(
  trx: Transaction<Database>,
  { orderId, lineId, quantity }: { orderId: number; lineId: number; quantity: number },
): Promise<RecordReturnResult> {
  const updated = await trx
    .updateTable("order_lines")
    .set((eb) => ({ returned: eb("returned", "+", quantity) }))
    .where("id", "=", lineId)
    .where("order_id", "=", orderId)
    .where((eb) => eb(eb("shipped", "-", eb.ref("returned")), ">=", quantity))
    .returning("item_id")
    .executeTakeFirst();
  if (updated) return { ok: true, itemId: updated.item_id };
  const line = await trx
    .selectFrom("order_lines")
    .select(["shipped", "returned"])
    .where("id", "=", lineId)
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return line
    ? { ok: false, reason: "too-many", returnable: line.shipped - line.returned }
    : { ok: false, reason: "not-found" };
}

export type ReturnableLine = { id: number; partNumber: string; name: string; returnable: number };

/** The lines of an order staff may record a return of: shipped units not yet back. */
export function returnableLines(order: { lines: OrderDetail["lines"] }): ReturnableLine[] {
  return order.lines
    .filter((line) => line.shipped > line.returned)
    .map((line) => ({
      id: line.id,
      partNumber: line.part_number,
      name: line.item_name,
      returnable: line.shipped - line.returned,
    }));
}
