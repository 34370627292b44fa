import type { ColumnType, Generated } from "kysely";

import type { InvoiceKind } from "~/lib/invoices";

import type { Timestamp } from "./common";

export type { InvoiceKind };

/**
 * A VAT invoice (one per shipment) or a credit note, as issued (migration 0034): everything the
 * document prints is copied in, so nothing that changes later rewrites it. Never deleted.
 */
export interface InvoicesTable {
  id: Generated<number>;
  /** INV-2026-000123 or CN-2026-000007: per kind and year, without gaps. */
  number: string;
  kind: InvoiceKind;
  order_id: number;
  /** The shipment an invoice bills; null for a credit note. */
  shipment_id: number | null;
  /** The invoice a credit note credits; null for an invoice. */
  credits_invoice_id: number | null;
  /** The buyer: who may read it besides staff. */
  user_id: number;
  /** The tax point: when the goods left. */
  issued_at: Timestamp;
  customer_name: string;
  customer_email: string;
  billing_address: string;
  /** The billed address in its parts (PostalAddress as JSON), when the order had them (migration 0042). */
  billing_parts: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_address: string;
  po_number: string | null;
  /** STORE_VAT_NUMBER when it was issued. */
  seller_vat_number: string | null;
  tax_label: string;
  tax_rate_basis_points: number;
  goods_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  /** The company billed, for a company's order (its member is customer_name), and its VAT number. */
  buyer_company: string | null;
  buyer_vat_number: string | null;
  /** For an invoice on account: the day it falls due (a calendar date in the store's zone). */
  due_on: string | null;
  /** When staff recorded its payment. */
  paid_at: Timestamp | null;
}

/** What a document charges (or credits): a part, its quantity and its price, copied from the order line. */
export interface InvoiceLinesTable {
  invoice_id: number;
  position: number;
  order_line_id: number | null;
  part_number: string;
  item_name: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}
