// One order as its pages, documents and mail read it: its customer, lines, shipments, packing slips.
// A reader that names a buyer gets their own orders or their company's, never another's.
import { type ExpressionBuilder, sql } from "kysely";

import { db, type DbOptions, type Executor } from "~/db/db.server";
import type { Database, OrderLine } from "~/db/schema";
import { shipmentTracking } from "~/lib/carriers";
import { type CompanyReader, ownOrCompany } from "~/models/company-readers.server";
import { invoicedAmountsOf } from "~/models/invoice";

export const orderColumns = [
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
      "price_list_id",
      "price_list_name",
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

export const readableOrders = (ownerId: number, companyId: number | null | undefined) =>
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

export function ordersWithCustomers(executor: Executor) {
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

/** Units of an order still waiting for stock. */
export function waitingUnits(eb: ExpressionBuilder<Database, "orders">) {
  return eb
    .selectFrom("order_lines")
    .select(sql<number>`coalesce(sum(order_lines.waiting), 0)`.as("n"))
    .whereRef("order_lines.order_id", "=", "orders.id")
    .as("waiting_units");
}

/** Units of an order allocated from stock and not yet shipped: what Ship would send. */
export function readyToShip(eb: ExpressionBuilder<Database, "orders">) {
  return eb
    .selectFrom("order_lines")
    .select(sql<number>`coalesce(sum(order_lines.allocated - order_lines.shipped), 0)`.as("n"))
    .whereRef("order_lines.order_id", "=", "orders.id")
    .as("ready_to_ship");
}
