// The statuses an order and an outbox message can have: the database's columns hold these values,
// and forms, filters and pages offer them.

/**
 * (awaiting approval →) pending → (partly shipped →) shipped → delivered, or cancelled before it has
 * fully shipped. `awaiting approval` is a company order over its buyer's limit (issue 27).
 */
export const ORDER_STATUSES = [
  "awaiting approval",
  "pending",
  "partly shipped",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * An order its buyer may still cancel whole: before anything of it is picked to ship (pending), or
 * while it waits for their company's approval (the buyer withdraws it).
 */
export const BUYER_CANCELLABLE_STATUSES = ["awaiting approval", "pending"] as const satisfies readonly OrderStatus[];

export function buyerMayCancel(status: OrderStatus) {
  return (BUYER_CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

/** An order not yet delivered or cancelled: its parts may still be picked, shipped or returned. */
export const OPEN_ORDER_STATUSES = [
  "awaiting approval",
  "pending",
  "partly shipped",
  "shipped",
] as const satisfies readonly OrderStatus[];

/** An order whose waiting lines stock arrivals fill, and whose allocated units may still ship. */
export const UNSHIPPED_ORDER_STATUSES = [
  "awaiting approval",
  "pending",
  "partly shipped",
] as const satisfies readonly OrderStatus[];

/**
 * pending → sending → sent (or back to pending, or failed after the last attempt); held: to a
 * customer's address that is not proven yet, pending once it is.
 */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "held"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * A catalog import: waiting → checking → checked (or refused, when rows are refused) → apply-waiting →
 * applying → applied; failed when the apply found a refusal the check did not; discarded by staff.
 * An interrupted check waits again; an interrupted apply is checked again, with the reason.
 */
export const CATALOG_IMPORT_STATUSES = [
  "waiting",
  "checking",
  "checked",
  "refused",
  "apply-waiting",
  "applying",
  "applied",
  "failed",
  "discarded",
] as const;
export type CatalogImportStatus = (typeof CATALOG_IMPORT_STATUSES)[number];
