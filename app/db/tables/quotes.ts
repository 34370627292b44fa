import type { Generated } from "kysely";

import type { StoredQuoteStatus } from "~/lib/quotes";

import type { Timestamp } from "./common";

/** The last number given per kind of document and year: the next is taken in the document's own transaction. */
export interface DocumentNumbersTable {
  kind: string;
  year: number;
  last: number;
}

/** A buyer's request for prices, and the offer staff make for it (migration 0029). */
export interface QuotesTable {
  id: Generated<number>;
  /** Q-2026-00042: per year, without gaps. */
  number: string;
  user_id: number;
  /** The company the asker was in (migration 0038): its members read the quote. */
  company_id: number | null;
  status: StoredQuoteStatus;
  /** What the buyer wrote with the request. */
  note: string | null;
  /** The last day the offer may be accepted, a calendar date (YYYY-MM-DD) in the store's zone. */
  valid_until: string | null;
  /** Moves on with every change: an acceptance holds only for the version it was priced at. */
  version: Generated<number>;
  /** The order the accepted quote became. */
  order_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
  accepted_at: Timestamp | null;
}

/** A line of a quote: the part as asked for, its list price then, and the unit price staff offer. */
export interface QuoteLinesTable {
  id: Generated<number>;
  quote_id: number;
  position: number;
  item_id: number | null;
  part_number: string;
  item_name: string;
  quantity: number;
  /** The unit price the cart showed for this quantity when the quote was asked for. */
  list_price_cents: number;
  /** The unit price offered; null until staff price the line. */
  quoted_price_cents: number | null;
}
