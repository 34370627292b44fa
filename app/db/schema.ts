import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

import type { OrderStatus, OutboxStatus } from "~/lib/statuses";

export type { OrderStatus, OutboxStatus } from "~/lib/statuses";

export type Role = "user" | "admin";

/** Timestamps are ISO-8601 strings in UTC on both dialects (see docs/decisions/0002-timestamps-as-iso-text.md). */
type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  display_name: string;
  password_hash: string | null;
  google_sub: string | null;
  role: Generated<Role>;
  phone: string | null;
  address: string | null;
  company: string | null;
  /** When the owner proved the email is theirs (a verification link, or Google's verified email). */
  email_verified_at: Timestamp | null;
  created_at: Timestamp;
}

/** A signed-in browser. The cookie carries a random token; the row is keyed by its SHA-256. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  /** A short description of the browser ("Firefox on Linux"), for the list in My Profile. */
  user_agent: string | null;
  ip: string | null;
}

export interface ItemsTable {
  id: Generated<number>;
  name: string;
  img: string;
  description: string;
  price_cents: number;
  quantity: number;
  supplier_name: string;
  /** Unique, as printed on the part (GW-SG-M1-20). */
  part_number: string;
  /** The part number in lower case, letters and digits only: what a search for it is compared with. */
  part_number_key: string;
  category_id: number | null;
  /** How many days an order takes to ship when the part is out of stock. */
  lead_time_days: Generated<number>;
  /** The fewest units one order line may hold (parts sold in packs). */
  min_order_quantity: Generated<number>;
  /** Moves on with every change to the row; an edit is saved only against the version it was made from. */
  version: Generated<number>;
  created_at: Timestamp;
}

/** A change to an item's stock made by hand, with who made it and why. */
export interface StockMovementsTable {
  id: Generated<number>;
  item_id: number;
  user_id: number | null;
  change: number;
  quantity_after: number;
  reason: string;
  created_at: Timestamp;
}

export interface ReviewsTable {
  id: Generated<number>;
  user_id: number | null;
  /** The part the review is about; null for a review of the shop as a whole. */
  item_id: Generated<number | null>;
  name: string;
  rating: number;
  review: string;
  created_at: Timestamp;
}

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
}

/** When an order reached a status: its history on the order page. */
export interface OrderStatusChangesTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  changed_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  /** What the message is: order-placed, order-shipped, order-delivered, order-cancelled, order-notice. */
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claimed_until: string | null;
  last_error: string | null;
  order_id: number | null;
  /**
   * The customer whose own address `recipient` is: their mail is held until they have proven an
   * address. Null for the shop's own address and for the one-time links (proof, reset), sent at once.
   */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  sent_at: string | null;
}

export type OutboxMessage = Selectable<OutboxTable>;

export type EmailTokenPurpose = "reset" | "verify";

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  /** What following the link does: "reset" (choose a new password) or "verify" (prove the email). */
  purpose: EmailTokenPurpose;
  /** SHA-256 of the token, hex; the token itself is only in the message. */
  token_hash: string;
  /** For "verify": the address the account moves to once it is proven; null proves the current one. */
  new_email: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A part in a customer's cart: one line per part, kept in the database so it follows the customer. */
export interface CartLinesTable {
  user_id: number;
  item_id: number;
  quantity: number;
  added_at: Timestamp;
}

/** A quantity price: from `min_quantity` units up, each costs `price_cents`. */
export interface PriceBreaksTable {
  item_id: number;
  min_quantity: number;
  price_cents: number;
}

export interface MessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The first characters of the key, for telling keys apart; not enough to use it. */
  prefix: string;
  /** SHA-256 of the whole key, hex: the key itself is shown once and never stored. */
  key_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  /** How many items are in the category, kept exact by triggers (migration 0010). */
  item_count: Generated<number>;
}

/** One specification of an item (Bore 20 mm), a row each so that they can be filtered. */
export interface ItemSpecsTable {
  id: Generated<number>;
  item_id: number;
  position: number;
  name: string;
  value: string;
  unit: string | null;
  /** The part's category, copied by triggers (migration 0011) so spec counts follow the part. */
  category_id: Generated<number | null>;
}

/** How many parts of a category carry a spec value, kept exact by triggers (migration 0011). */
export interface SpecCountsTable {
  category_id: number;
  name: string;
  value: string;
  /** '' when the value has no unit. */
  unit: string;
  items: number;
}

/**
 * How many parts of a category carry a spec value together with another spec's value, in both
 * orders, kept exact by triggers (migration 0016).
 */
export interface SpecPairCountsTable {
  category_id: number;
  name: string;
  value: string;
  other_name: string;
  other_value: string;
  /** '' when the other value has no unit. */
  other_unit: string;
  items: number;
}

/** One row holding the number of items, kept exact by triggers (migration 0005). */
export interface ItemCountTable {
  id: number;
  items: number;
}

/**
 * One row whose number grows with every change a catalog search's answer depends on (not stock),
 * bumped by triggers (migration 0017). PostgreSQL returns a bigint as a string.
 */
export interface CatalogGenerationTable {
  id: number;
  generation: ColumnType<number | string, number, number>;
}

/**
 * Shards whose sum grows with every committed change an anonymous page shows (the public version),
 * bumped by triggers (migration 0018); the server's page cache follows it.
 */
export interface PublicVersionTable {
  shard: number;
  changes: ColumnType<number | string, number, number>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  items: ItemsTable;
  categories: CategoriesTable;
  item_specs: ItemSpecsTable;
  spec_counts: SpecCountsTable;
  spec_pair_counts: SpecPairCountsTable;
  stock_movements: StockMovementsTable;
  reviews: ReviewsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_status_changes: OrderStatusChangesTable;
  cart_lines: CartLinesTable;
  price_breaks: PriceBreaksTable;
  outbox: OutboxTable;
  email_tokens: EmailTokensTable;
  messages: MessagesTable;
  item_count: ItemCountTable;
  catalog_generation: CatalogGenerationTable;
  public_version: PublicVersionTable;
  api_keys: ApiKeysTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Item = Selectable<ItemsTable>;
export type NewItem = Insertable<ItemsTable>;
export type Category = Selectable<CategoriesTable>;
export type ItemSpec = Selectable<ItemSpecsTable>;
export type Review = Selectable<ReviewsTable>;
export type Order = Selectable<OrdersTable>;
export type OrderLine = Selectable<OrderLinesTable>;
export type PriceBreak = Selectable<PriceBreaksTable>;
export type Session = Selectable<SessionsTable>;
