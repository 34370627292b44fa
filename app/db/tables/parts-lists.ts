import type { ColumnType, Generated } from "kysely";

import type { Timestamp } from "./common";

/** A buyer's saved, named parts list (migration 0030). */
export interface PartsListsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The name as compared: trimmed and in lower case, unique per buyer. */
  name_key: string;
  /** The company the list was made for or shared with; null: its keeper's alone (migration 0040). */
  company_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A part and its quantity on a list. */
export interface PartsListLinesTable {
  list_id: number;
  item_id: number;
  quantity: number;
  position: number;
}

/** The buyer's own number for one of our parts, shown beside ours wherever the part is. */
export interface CustomerPartNumbersTable {
  user_id: number;
  item_id: number;
  customer_part_number: string;
  /** As a search compares part numbers (partNumberKey): unique per buyer. */
  customer_part_number_key: string;
}
