import type { Generated } from "kysely";

import type { Timestamp } from "./common";

/** An agreement's prices for the customers and companies it is assigned to (migration 0043). */
export interface PriceListsTable {
  id: Generated<number>;
  name: string;
  /** The first and last day it prices (YYYY-MM-DD in the store's zone); null: open. */
  valid_from: string | null;
  valid_until: string | null;
  /** 1: its prices stand even where list price with breaks would be lower. */
  fixed_even_if_higher: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A fixed net unit price for a part, or a percentage off for a category or (neither set) every part. */
export interface PriceListRulesTable {
  id: Generated<number>;
  price_list_id: number;
  item_id: number | null;
  category_id: number | null;
  unit_price_cents: number | null;
  /** Hundredths of a percent: 12.5% off is 1250. */
  percent_off_bp: number | null;
}

/** A part rule's own quantity break: from `min_quantity` units, `price_cents` each. */
export interface PriceListRuleBreaksTable {
  rule_id: number;
  min_quantity: number;
  price_cents: number;
}

/** A list priced for one customer or one company; a higher priority is consulted first. */
export interface PriceListAssignmentsTable {
  id: Generated<number>;
  price_list_id: number;
  user_id: number | null;
  company_id: number | null;
  priority: Generated<number>;
}

/** A CSV file's rules for a list, checked and waiting to be applied (migration 0044). */
export interface PriceListImportsTable {
  id: Generated<number>;
  price_list_id: number;
  user_id: number | null;
  file_name: string;
  /** JSON: the rules as read, each with its part's or category's id. */
  rules: string;
  /** JSON: what applying changes (counts and a sample), as the preview shows it. */
  summary: string;
  /** The list's updated_at when checked: a list changed since refuses the Apply. */
  list_updated_at: string;
  status: Generated<"checked" | "applied" | "discarded">;
  created_at: Timestamp;
  applied_at: string | null;
}
