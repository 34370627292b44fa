import type { ColumnType, Generated, Selectable } from "kysely";

import type { OutboxStatus } from "~/lib/statuses";

import type { Role, Timestamp } from "./common";

/** reset: choose a new password; verify: prove an address; cancel-email-change: the old address stops a change. */
export type EmailTokenPurpose = "reset" | "verify" | "cancel-email-change";

export type OutboxMessage = Selectable<OutboxTable>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  display_name: string;
  password_hash: string | null;
  google_sub: string | null;
  /** The address of the linked Google account, as Google gave it (null for links made before it was kept). */
  google_email: ColumnType<string | null, string | null | undefined, string | null>;
  role: Generated<Role>;
  phone: string | null;
  address: string | null;
  company: string | null;
  /** When the owner proved the email is theirs (a verification link, or Google's verified email). */
  email_verified_at: Timestamp | null;
  created_at: Timestamp;
  /** When the owner deleted the account (migration 0048): the row stays, emptied, for the documents on it. */
  erased_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
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
  /** Set when the browser shops for a procurement system (migration 0047): its punchout session. */
  punchout_session_id: ColumnType<number | null, number | null | undefined, number | null>;
}

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

export interface MessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  created_at: Timestamp;
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
  /** The invoice or credit note sent with the message as a PDF, made when it is sent. */
  invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * The customer whose own address `recipient` is: their mail is held until they have proven an
   * address. Null for the shop's own address and for the one-time links (proof, reset), sent at once.
   */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * The token of the message's one-time link, sealed with the server's secret (decision 43): the body
   * holds a marker in its place, filled in as the message is sent. Removed once it is sent.
   */
  link_token: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  sent_at: string | null;
}
