import type { Generated } from "kysely";

import type { Timestamp } from "./common";

export type PunchoutProtocol = "cxml" | "oci";

/** A company's procurement system, and how it proves itself (migration 0047). */
export interface PunchoutConnectionsTable {
  id: Generated<number>;
  company_id: number;
  protocol: PunchoutProtocol;
  /** The credential's domain ("NetworkId", "DUNS"); for OCI, the system's client or "OCI". */
  domain: string;
  /** The credential's identity; for OCI, the USERNAME the system sends. */
  identity: string;
  /** What the pages call it: "Transfer cart to <system_name>". */
  system_name: string;
  /** SHA-256 of the shared secret, hex: the secret is 32 random bytes, so no slow hash is needed. */
  secret_hash: string;
  /** The member a session acts as when the request names none of the company's members. */
  acting_user_id: number | null;
  /** 1: a requester's unknown email becomes a new buyer of the company. */
  members_from_email: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One setup request: its one-time start link, and where its cart goes back. */
export interface PunchoutSessionsTable {
  id: Generated<number>;
  connection_id: number;
  user_id: number;
  start_token_hash: string;
  start_expires_at: Timestamp;
  started_at: Timestamp | null;
  /** cXML's "create" or "edit", or "oci". */
  operation: string;
  /** cXML's BuyerCookie, returned with the cart; empty for OCI. */
  buyer_cookie: string;
  /** BrowserFormPost's URL, or OCI's HOOK_URL. */
  return_url: string;
  /** OCI's ~TARGET: the frame the cart is posted into. */
  return_target: string | null;
  transferred_at: Timestamp | null;
  created_at: Timestamp;
}

/** A line a session sent back, at the price it was sent with. */
export interface PunchoutTransferredLinesTable {
  punchout_session_id: number;
  item_id: number;
  quantity: number;
  unit_price_cents: number;
  price_list_id: number | null;
  price_list_name: string | null;
  /** The kind of rule the contract price came from: "part", "category" or "all". */
  price_rule: string | null;
}

/** A purchase order taken, by its orderID and its payloadID. */
export interface PunchoutPurchaseOrdersTable {
  connection_id: number;
  order_ref: string;
  payload_id: string;
  request_hash: string;
  order_id: number;
  created_at: Timestamp;
}
