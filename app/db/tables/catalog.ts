import type { ColumnType, Generated } from "kysely";

import type { CatalogImportStatus } from "~/lib/statuses";

import type { Timestamp } from "./common";

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
  /** Stock at or below this is low: the product list and the admin home say so. */
  reorder_point: Generated<number>;
  /** 1 while the part is a draft or off sale: absent from every public page, search, count and the API. */
  hidden: Generated<0 | 1>;
  /** 1: more than stock may be ordered, the rest waiting for stock (a backorder); 0: stock only. */
  allow_backorder: Generated<0 | 1>;
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

/** A quantity price: from `min_quantity` units up, each costs `price_cents`. */
export interface PriceBreaksTable {
  item_id: number;
  min_quantity: number;
  price_cents: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  /** How many items are in the category, kept exact by triggers (migration 0010). */
  item_count: Generated<number>;
  /** Its UNSPSC class ("31171500"), which procurement systems file lines under (migration 0047). */
  unspsc: ColumnType<string | null, string | null | undefined, string | null>;
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

/** A category's spec: its name, its fixed unit (or none), the values it allows (one per line; "" for any). */
export interface SpecTemplatesTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  unit: string | null;
  allowed_values: Generated<string>;
  /** 1: a comma between digits is the decimal point; 0: it is refused. */
  decimal_comma: Generated<0 | 1>;
  position: number;
}

/** An uploaded catalog file, its check and its apply (migration 0026). */
export interface CatalogImportsTable {
  id: Generated<number>;
  user_id: number | null;
  file_name: string;
  file_bytes: number;
  status: CatalogImportStatus;
  bytes_done: Generated<number>;
  rows_done: Generated<number>;
  rows_total: Generated<number>;
  /** JSON: what the check (or the apply) found; see app/models/catalog-import. */
  summary: string | null;
  error: string | null;
  /** The process running it (host, pid and a random id), while it runs. */
  runner: string | null;
  heartbeat_at: Timestamp | null;
  created_at: Timestamp;
  checked_at: Timestamp | null;
  applied_at: Timestamp | null;
}

/** A slice of an uploaded catalog file, in order. */
export interface CatalogImportChunksTable {
  import_id: number;
  seq: number;
  bytes: Uint8Array;
}

/** A checked file's row, as the part it asks for (JSON), for the apply. */
export interface CatalogImportRowsTable {
  import_id: number;
  line: number;
  wanted: string;
}
