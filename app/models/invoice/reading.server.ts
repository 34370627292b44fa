// Reading invoices and credit notes: who may read which, the list staff and buyers search, an order's
// invoices and what they billed, and one document as its PDF draws it.
import type { SelectQueryBuilder } from "kysely";

import { db, type DbOptions, type Executor } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { formatDocumentNumber, readDocumentNumber } from "~/lib/document-numbers";
import type { InvoicedAmounts } from "~/lib/invoices";
import { membershipOf } from "~/models/company";

const invoiceColumns = [
  "invoices.id",
  "invoices.number",
  "invoices.kind",
  "invoices.order_id",
  "invoices.user_id",
  "invoices.issued_at",
  "invoices.customer_name",
  "invoices.po_number",
  "invoices.total_cents",
  // What the e-invoice's check reads (app/documents/e-invoice-parties.server.ts).
  "invoices.seller_vat_number",
  "invoices.tax_rate_basis_points",
] as const;

/** Who is asking: staff read every document, a buyer their own. */
/** Who reads invoices: staff read all; a customer their own and, in a company, its orders' invoices. */
export type InvoiceReader = { id: number; role: string; companyId?: number | null };

/** A signed-in caller as a reader of documents: with their company, whose orders' documents they read too. */
export async function invoiceReaderOf(user: { id: number; role: string }): Promise<InvoiceReader> {
  return { id: user.id, role: user.role, companyId: (await membershipOf(user.id))?.company_id ?? null };
}

/** Only the documents the reader may see (nothing narrower for staff). */
function readableBy<Query extends SelectQueryBuilder<Database, "invoices", object>>(
  query: Query,
  reader: InvoiceReader,
) {
  if (reader.role === "admin") return query;
  const { companyId } = reader;
  return query.where((eb) =>
    companyId
      ? eb.or([
          eb("invoices.user_id", "=", reader.id),
          eb(
            "invoices.order_id",
            "in",
            eb.selectFrom("orders").select("orders.id").where("orders.company_id", "=", companyId),
          ),
        ])
      : eb("invoices.user_id", "=", reader.id),
  ) as Query;
}

/** How many documents a list shows at most; the search narrows it, the CSV export has them all. */
export const INVOICES_PER_PAGE = 100;

/**
 * The invoices and credit notes a reader may see; `search` is a document number ("INV-2026-000123",
 * "2026-123", "123"), an order number ("#42") or a PO number.
 */
export function readableInvoices(executor: Executor, reader: InvoiceReader, search?: string) {
  const query = readableBy(executor.selectFrom("invoices"), reader);
  const text = search?.trim();
  if (!text) return query;
  // "#42" is an order; a number without "#" is a document's.
  const orderNumber = /^#(\d{1,9})$/.exec(text)?.[1];
  const asInvoice = orderNumber ? null : readDocumentNumber("invoice", text);
  const asCreditNote = orderNumber ? null : readDocumentNumber("credit note", text);
  return query.where((eb) => {
    const matches = [eb("invoices.po_number", "=", text)];
    if (orderNumber) matches.push(eb("invoices.order_id", "=", Number(orderNumber)));
    for (const [kind, asNumber] of [
      ["invoice", asInvoice],
      ["credit note", asCreditNote],
    ] as const) {
      if (!asNumber) continue;
      matches.push(
        asNumber.year === undefined
          ? eb("invoices.number", "like", formatDocumentNumber(kind, 0, asNumber.sequence).replace("-0-", "-____-"))
          : eb("invoices.number", "=", formatDocumentNumber(kind, asNumber.year, asNumber.sequence)),
      );
    }
    return eb.or(matches);
  });
}

/** The invoices and credit notes a reader may see, newest first, narrowed by `search`. */
export function listInvoices(reader: InvoiceReader, { search }: { search?: string } = {}) {
  return readableInvoices(db, reader, search)
    .select(invoiceColumns)
    .orderBy("invoices.id", "desc")
    .limit(INVOICES_PER_PAGE)
    .execute();
}

export type InvoiceSummary = Awaited<ReturnType<typeof listInvoices>>[number];

/**
 * A page of the documents a reader may see, newest first, for the API: `below` an id (its cursor)
 * and after `offset` more; `everyone` (staff only) reads every buyer's, else staff read their own too.
 */
export function listInvoicesPage({
  reader,
  everyone,
  limit,
  offset,
  below,
}: {
  reader: InvoiceReader;
  everyone: boolean;
  limit: number;
  offset: number;
  below?: number;
}) {
  const asked = reader.role === "admin" && !everyone ? { ...reader, role: "user" } : reader;
  let query = readableBy(db.selectFrom("invoices"), asked)
    .select([...invoiceColumns, "invoices.due_on", "invoices.paid_at"])
    .select((eb) =>
      eb
        .selectFrom("invoices as credited")
        .select("credited.number")
        .whereRef("credited.id", "=", "invoices.credits_invoice_id")
        .as("credits_number"),
    )
    .orderBy("invoices.id", "desc")
    .limit(limit)
    .offset(offset);
  if (below !== undefined) query = query.where("invoices.id", "<", below);
  return query.execute();
}

/** An order's invoices and credit notes, oldest first (the order page links each). */
export function invoicesOfOrder(orderId: number, { executor = db }: DbOptions = {}) {
  return executor
    .selectFrom("invoices")
    .select(["id", "number", "kind", "shipment_id", "total_cents", "issued_at"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

/** What an order's invoices and credit notes came to, read with `executor` (a shipment's transaction). */
export async function invoicedAmountsOf(orderId: number, { executor = db }: DbOptions = {}): Promise<InvoicedAmounts> {
  const rows = await executor
    .selectFrom("invoices")
    .select([
      "kind",
      (eb) => eb.fn.countAll<number>().as("count"),
      (eb) => eb.fn.sum<number>("total_cents").as("cents"),
    ])
    .where("order_id", "=", orderId)
    .groupBy("kind")
    .execute();
  const of = (kind: string) => rows.find((row) => row.kind === kind);
  return {
    invoiceCount: Number(of("invoice")?.count ?? 0),
    invoicedCents: Number(of("invoice")?.cents ?? 0),
    creditNoteCount: Number(of("credit note")?.count ?? 0),
    creditedCents: Number(of("credit note")?.cents ?? 0),
  };
}

/**
 * An issued document with its lines, as it prints and as its e-invoice writes it: by number for a
 * reader, or by id for the mail that carries it.
 */
export async function getInvoiceDocument(
  find: { number: string; reader: InvoiceReader } | { id: number },
  { executor = db }: DbOptions = {},
) {
  let query = executor
    .selectFrom("invoices")
    .innerJoin("orders", "orders.id", "invoices.order_id")
    .leftJoin("companies", "companies.id", "orders.company_id")
    .selectAll("invoices")
    .select([
      "orders.created_at as order_placed_at",
      "orders.delivery_parts",
      // Where the buyer takes e-invoices on Peppol: read now, so one set later reaches documents issued before.
      "companies.peppol_id as buyer_peppol_id",
      "companies.e_invoice_by_mail as buyer_wants_e_invoice_by_mail",
    ]);
  if ("id" in find) query = query.where("invoices.id", "=", find.id);
  else {
    query = query.where("invoices.number", "=", find.number);
    query = readableBy(query, find.reader);
  }
  const invoice = await query.executeTakeFirst();
  if (!invoice) return undefined;
  const [lines, credited] = await Promise.all([
    executor
      .selectFrom("invoice_lines")
      .leftJoin("order_lines", "order_lines.id", "invoice_lines.order_line_id")
      .leftJoin("customer_part_numbers", (join) =>
        join
          .onRef("customer_part_numbers.item_id", "=", "order_lines.item_id")
          .on("customer_part_numbers.user_id", "=", invoice.user_id),
      )
      .select([
        "invoice_lines.position",
        "invoice_lines.part_number",
        "invoice_lines.item_name",
        "invoice_lines.quantity",
        "invoice_lines.unit_price_cents",
        "invoice_lines.line_total_cents",
        // The price list a line's price was agreed in, as the order kept it.
        "order_lines.price_list_name",
        "customer_part_numbers.customer_part_number",
      ])
      .where("invoice_lines.invoice_id", "=", invoice.id)
      .orderBy("invoice_lines.position")
      .execute(),
    invoice.credits_invoice_id === null
      ? undefined
      : executor
          .selectFrom("invoices")
          .select(["number", "issued_at"])
          .where("id", "=", invoice.credits_invoice_id)
          .executeTakeFirst(),
  ]);
  return {
    ...invoice,
    lines,
    creditsNumber: credited?.number ?? null,
    creditsIssuedAt: credited?.issued_at ?? null,
  };
}

export type InvoiceDocument = NonNullable<Awaited<ReturnType<typeof getInvoiceDocument>>>;
