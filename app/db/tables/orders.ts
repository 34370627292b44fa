import type { ColumnType, Generated } from "kysely";

import type { PaymentMethod } from "~/lib/companies";
import type { OrderStatus } from "~/lib/statuses";

import type { Timestamp } from "./common";

/** An order's header: who, where, the totals charged, and the token that made it exactly once. */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  status: Generated<OrderStatus>;
  address: string;
  phone: string;
  /** The buyer's purchase order number, for their accounts team. */
  po_number: string | null;
  subtotal_cents: number;
  shipping_cents: Generated<number>;
  tax_cents: Generated<number>;
  total_cents: number;
  /** The checkout form's one-time token or the API's Idempotency-Key: unique per customer. */
  checkout_token: string | null;
  /** The delivery and billing addresses in their parts (PostalAddress as JSON), when given so (migration 0042). */
  delivery_parts: ColumnType<string | null, string | null | undefined, string | null>;
  billing_parts: ColumnType<string | null, string | null | undefined, string | null>;
  /** For an API order with an Idempotency-Key: the SHA-256 of the request it was made for (migration 0041). */
  request_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whom it bills, as printed when it was placed (the address book's choice); null: the delivery address. */
  billing_address: string | null;
  /** The company it was placed for (its member placed it); null for a private customer's. */
  company_id: number | null;
  /** How a company order is paid; null for a private customer's. */
  payment_method: PaymentMethod | null;
  /** When staff recorded its payment: a pro-forma order may ship from then on. */
  paid_at: Timestamp | null;
  /** An order awaiting approval keeps its stock until then. */
  approval_expires_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One part of an order, with the part number, name and unit price copied as they were. */
export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  item_id: number | null;
  part_number: string;
  item_name: string;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
  /** Units taken from stock for this line (allocated + waiting + cancelled = quantity). */
  allocated: Generated<number>;
  /** Units waiting for stock: arrivals fill waiting lines oldest order first. */
  waiting: Generated<number>;
  /** Units of the allocated ones that have left in a shipment. */
  shipped: Generated<number>;
  /** Units given up: the line (or its whole order) cancelled before they shipped. */
  cancelled: Generated<number>;
  /** Units of the shipped ones that came back, each return credited by a credit note. */
  returned: Generated<number>;
  /** The day waiting units were promised to leave (a calendar date in the store's zone). */
  backorder_due: string | null;
  /** The price list the unit price came from, and its name then; null: list price (or a quote's). */
  price_list_id: Generated<number | null>;
  price_list_name: Generated<string | null>;
}

/** What left in one go: an order's shipment. */
export interface ShipmentsTable {
  id: Generated<number>;
  order_id: number;
  /** The staff member who shipped it. */
  user_id: number | null;
  /** How it travels: an id from app/lib/carriers.ts; null for shipments made before carriers were recorded. */
  carrier: string | null;
  /** The carrier's number to follow it by, cleaned (cleanTrackingNumber); null when it has none. */
  tracking_number: string | null;
  created_at: Timestamp;
}

export interface ShipmentLinesTable {
  shipment_id: number;
  order_line_id: number;
  quantity: number;
}

/** When an order reached a status: its history on the order page. */
export interface OrderStatusChangesTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  changed_at: Timestamp;
}

/**
 * A cart: an account's (`user_id`, one per account, kept) or a visitor's (`token_hash`, the SHA-256 of
 * the token in its own cookie, until `expires_at`), never both (docs/decisions/0029-guest-carts.md).
 */
export interface CartsTable {
  id: Generated<number>;
  user_id: number | null;
  token_hash: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A visitor's cart lives a while after its last change; an account's never expires (null). */
  expires_at: Timestamp | null;
}

/** A part in a cart: one line per part. */
export interface CartLinesTable {
  cart_id: number;
  item_id: number;
  quantity: number;
  added_at: Timestamp;
}
