import type { ColumnType, Generated } from "kysely";

import type { CompanyRole } from "~/lib/companies";

import type { Timestamp } from "./common";

/** A firm that buys: its members order for it, within its trade terms (migration 0036). */
export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  /** GB VAT number, cleaned (GB123456789). */
  vat_number: string | null;
  /** Its Peppol participant identifier, "0088:5790000435968" (migration 0045); null: none known. */
  peppol_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: the shipped mail carries each invoice's e-invoice (XML) beside its PDF (migration 0045). */
  e_invoice_by_mail: Generated<number>;
  /** Days an invoice on account has before it is due; null: not on account (pro-forma invoices). */
  payment_terms_days: number | null;
  /** What its orders on account may owe at once: open orders plus unpaid invoices. */
  credit_limit_cents: Generated<number>;
  created_at: Timestamp;
}

/** An account's place in its company (at most one), with its role and spending limits. */
export interface CompanyMembersTable {
  user_id: number;
  company_id: number;
  role: CompanyRole;
  /** Above this an order waits for approval; null: no limit. */
  order_limit_cents: number | null;
  /** Above this, with the member's other orders of the calendar month, an order waits for approval. */
  monthly_limit_cents: number | null;
  created_at: Timestamp;
}

/** An emailed invitation to join a company, with the role and limits it gives. */
export interface CompanyInvitationsTable {
  id: Generated<number>;
  company_id: number;
  email: string;
  role: CompanyRole;
  order_limit_cents: number | null;
  monthly_limit_cents: number | null;
  token_hash: string;
  invited_by: number | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  created_at: Timestamp;
}
