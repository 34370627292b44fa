import type { Selectable, SelectQueryBuilder, Transaction } from "kysely";

import { storePricingRules, storeToday, storeVatNumber } from "~/config/env.server";
import { db, type DbOptions, type Executor } from "~/db/db.server";
import type { Database, InvoiceLinesTable, InvoicesTable } from "~/db/schema";
import { csvAmount } from "~/lib/csv";
import { formatDocumentNumber, readDocumentNumber } from "~/lib/document-numbers";
import type { InvoicedAmounts } from "~/lib/invoices";
import { formatTaxRate, taxOn, totalsWithShipping } from "~/lib/pricing";
import { takeDocumentNumber } from "~/models/document-numbers.server";
import { dueDayOf } from "~/models/trade-terms.server";

// VAT invoices (issue 27, docs/decisions/0034-invoices.md): one per shipment, issued in the
// shipment's own transaction, numbered per year without gaps, and never changed after.

export type IssuedInvoice = { id: number; number: string };
/** A credit note as issued, with the number of the one invoice it credits. */
export type IssuedCreditNote = IssuedInvoice & { creditsNumber: string };

/**
 * Issues the invoice of a shipment just made, inside its transaction: the year's next number, and
 * a copy of what it bills. The order's shipping charge is billed once, on its first invoice; the tax
 * is worked out on what this invoice bills, as the order's was (rounded once, half up).
 */
export async function issueShipmentInvoice(
  trx: Transaction<Database>,
  shipmentId: number,
  issuedAt = new Date(),
): Promise<IssuedInvoice> {
  const shipment = await trx
    .selectFrom("shipments")
    .innerJoin("orders", "orders.id", "shipments.order_id")
    .innerJoin("users", "users.id", "orders.user_id")
    .leftJoin("companies", "companies.id", "orders.company_id")
    .select([
      "companies.name as company_name",
      "companies.vat_number as company_vat_number",
      "orders.id as order_id",
      "orders.user_id",
      "orders.address",
      "orders.billing_address",
      "orders.delivery_parts",
      "orders.billing_parts",
      "orders.po_number",
      "orders.shipping_cents",
      "orders.payment_method",
      "orders.paid_at",
      "users.display_name",
      "users.email",
    ])
    .where("shipments.id", "=", shipmentId)
    .executeTakeFirstOrThrow();
  const lines = await trx
    .selectFrom("shipment_lines")
    .innerJoin("order_lines", "order_lines.id", "shipment_lines.order_line_id")
    .select([
      "order_lines.id",
      "order_lines.part_number",
      "order_lines.item_name",
      "order_lines.unit_price_cents",
      "shipment_lines.quantity",
    ])
    .where("shipment_lines.shipment_id", "=", shipmentId)
    .orderBy("order_lines.position")
    .execute();
  const billedBefore = await trx
    .selectFrom("invoices")
    .select("id")
    .where("order_id", "=", shipment.order_id)
    .where("kind", "=", "invoice")
    .limit(1)
    .executeTakeFirst();

  const rules = storePricingRules();
  const billed = lines.map((line) => ({ ...line, lineTotalCents: Number(line.unit_price_cents) * line.quantity }));
  const goodsCents = billed.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const totals = totalsWithShipping(goodsCents, billedBefore ? 0 : Number(shipment.shipping_cents), rules);
  const issuedOn = storeToday(issuedAt);
  const year = Number(issuedOn.slice(0, 4));
  const { number } = await takeDocumentNumber(trx, "invoice", year);
  const dueOn = await dueDayOf(trx, shipment.order_id, issuedOn);

  const invoice = await trx
    .insertInto("invoices")
    .values({
      number,
      kind: "invoice",
      order_id: shipment.order_id,
      shipment_id: shipmentId,
      user_id: shipment.user_id,
      issued_at: issuedAt.toISOString(),
      customer_name: shipment.display_name,
      customer_email: shipment.email,
      // Without a billing address chosen at checkout, the order bills where it goes.
      billing_address: shipment.billing_address ?? shipment.address,
      billing_parts: shipment.billing_address ? shipment.billing_parts : shipment.delivery_parts,
      delivery_address: shipment.address,
      po_number: shipment.po_number,
      seller_vat_number: storeVatNumber(),
      tax_label: rules.taxLabel,
      tax_rate_basis_points: rules.taxRateBasisPoints,
      goods_cents: totals.subtotalCents,
      shipping_cents: totals.shippingCents,
      tax_cents: totals.taxCents,
      total_cents: totals.totalCents,
      due_on: dueOn,
      // A pro-forma order is paid before anything of it leaves: its invoices are paid as they are issued.
      paid_at: shipment.payment_method === "proforma" ? shipment.paid_at : null,
      buyer_company: shipment.company_name,
      buyer_vat_number: shipment.company_vat_number,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("invoice_lines")
    .values(
      billed.map((line, index) => ({
        invoice_id: invoice.id,
        position: index + 1,
        order_line_id: line.id,
        part_number: line.part_number,
        item_name: line.item_name,
        quantity: line.quantity,
        unit_price_cents: Number(line.unit_price_cents),
        line_total_cents: line.lineTotalCents,
      })),
    )
    .execute();
  return { id: invoice.id, number };
}

/**
 * Issues the credit notes for `quantity` returned units of an order line, inside the return's own
 * transaction (which has already taken the line's row, so two returns of it allocate one after the
 * other). Each credit note credits exactly one invoice: the units are credited against the invoices
 * that billed the line, oldest first, never more on an invoice than it billed less what earlier credit
 * notes took back from it, at the price and tax rate that invoice charged. So units billed on two
 * invoices come back as two credit notes. Shipping is not credited. Units no invoice billed (shipped
 * before invoices existed) are not credited: nothing was charged for them.
 */
export async function issueCreditNotes(
  trx: Transaction<Database>,
  { orderLineId, quantity, issuedAt = new Date() }: { orderLineId: number; quantity: number; issuedAt?: Date },
): Promise<IssuedCreditNote[]> {
  const [billing, credited] = await Promise.all([
    trx
      .selectFrom("invoice_lines")
      .innerJoin("invoices", "invoices.id", "invoice_lines.invoice_id")
      .selectAll("invoices")
      .select([
        "invoice_lines.part_number",
        "invoice_lines.item_name",
        "invoice_lines.unit_price_cents",
        "invoice_lines.quantity as billed_quantity",
      ])
      .where("invoice_lines.order_line_id", "=", orderLineId)
      .where("invoices.kind", "=", "invoice")
      .orderBy("invoices.id")
      .execute(),
    creditedUnitsByInvoice(trx, orderLineId),
  ]);
  const notes: IssuedCreditNote[] = [];
  let left = quantity;
  for (const billed of billing) {
    if (left === 0) break;
    const open = billed.billed_quantity - (credited.get(billed.id) ?? 0);
    const take = Math.min(open, left);
    if (take <= 0) continue;
    notes.push(await writeCreditNote(trx, billed, { orderLineId, quantity: take, issuedAt }));
    left -= take;
  }
  return notes;
}

/** How many units of an order line each invoice has had credited back so far, by invoice id. */
async function creditedUnitsByInvoice(trx: Transaction<Database>, orderLineId: number) {
  const rows = await trx
    .selectFrom("invoice_lines")
    .innerJoin("invoices", "invoices.id", "invoice_lines.invoice_id")
    .select(["invoices.credits_invoice_id", (eb) => eb.fn.sum<number>("invoice_lines.quantity").as("units")])
    .where("invoice_lines.order_line_id", "=", orderLineId)
    .where("invoices.kind", "=", "credit note")
    .groupBy("invoices.credits_invoice_id")
    .execute();
  return new Map(rows.map((row) => [Number(row.credits_invoice_id), Number(row.units)]));
}

/** One credit note for `quantity` units of a line `billed` charged, crediting that invoice alone. */
async function writeCreditNote(
  trx: Transaction<Database>,
  billed: Selectable<InvoicesTable> & { part_number: string; item_name: string; unit_price_cents: number },
  { orderLineId, quantity, issuedAt }: { orderLineId: number; quantity: number; issuedAt: Date },
): Promise<IssuedCreditNote> {
  const goodsCents = Number(billed.unit_price_cents) * quantity;
  const taxCents = taxOn(goodsCents, billed.tax_rate_basis_points);
  const year = Number(storeToday(issuedAt).slice(0, 4));
  const { number } = await takeDocumentNumber(trx, "credit note", year);
  const note = await trx
    .insertInto("invoices")
    .values({
      number,
      kind: "credit note",
      order_id: billed.order_id,
      shipment_id: null,
      credits_invoice_id: billed.id,
      user_id: billed.user_id,
      issued_at: issuedAt.toISOString(),
      customer_name: billed.customer_name,
      customer_email: billed.customer_email,
      billing_address: billed.billing_address,
      billing_parts: billed.billing_parts,
      buyer_company: billed.buyer_company,
      buyer_vat_number: billed.buyer_vat_number,
      delivery_address: billed.delivery_address,
      po_number: billed.po_number,
      seller_vat_number: billed.seller_vat_number,
      tax_label: billed.tax_label,
      tax_rate_basis_points: billed.tax_rate_basis_points,
      goods_cents: goodsCents,
      shipping_cents: 0,
      tax_cents: taxCents,
      total_cents: goodsCents + taxCents,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("invoice_lines")
    .values({
      invoice_id: note.id,
      position: 1,
      order_line_id: orderLineId,
      part_number: billed.part_number,
      item_name: billed.item_name,
      quantity,
      unit_price_cents: Number(billed.unit_price_cents),
      line_total_cents: goodsCents,
    })
    .execute();
  return { id: note.id, number, creditsNumber: billed.number };
}

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
] as const;

/** Who is asking: staff read every document, a buyer their own. */
/** Who reads invoices: staff read all; a customer their own and, in a company, its orders' invoices. */
export type InvoiceReader = { id: number; role: string; companyId?: number | null };

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
function readableInvoices(executor: Executor, reader: InvoiceReader, search?: string) {
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

/**
 * An accounting import's columns: one row per line billed (the shipping charge its own row), each
 * with its net, VAT and gross. A credit note's amounts are negative, and `credits_invoice` names the
 * one invoice it credits, so the import matches it against that invoice.
 */
export const INVOICE_CSV_COLUMNS = [
  "document",
  "kind",
  "issued_on",
  "order",
  "customer",
  "po_number",
  "part_number",
  "description",
  "quantity",
  "unit_price",
  "net",
  "vat_rate",
  "vat",
  "gross",
  "credits_invoice",
] as const;

/**
 * The documents a reader may see (narrowed by `search`), oldest first, as accounting rows. Each
 * row's VAT is its own net's, rounded half up, except the document's last row, which takes what is
 * left of the document's VAT: so the rows of a document add up to its totals to the penny.
 */
export async function* invoiceCsvBatches(
  reader: InvoiceReader,
  { search, executor = db, batch = 500 }: DbOptions & { search?: string; batch?: number } = {},
): AsyncGenerator<(string | number | null)[][], void, undefined> {
  let after = 0;
  for (;;) {
    const invoices = await readableInvoices(executor, reader, search)
      .leftJoin("invoices as credited", "credited.id", "invoices.credits_invoice_id")
      .selectAll("invoices")
      .select("credited.number as credits_number")
      .where("invoices.id", ">", after)
      .orderBy("invoices.id")
      .limit(batch)
      .execute();
    if (!invoices.length) return;
    after = invoices.at(-1)!.id;
    const lines = await executor
      .selectFrom("invoice_lines")
      .select(["invoice_id", "part_number", "item_name", "quantity", "unit_price_cents", "line_total_cents"])
      .where(
        "invoice_id",
        "in",
        invoices.map((invoice) => invoice.id),
      )
      .orderBy("invoice_id")
      .orderBy("position")
      .execute();
    yield invoices.flatMap((invoice) =>
      accountingRows(
        invoice,
        lines.filter((line) => line.invoice_id === invoice.id),
      ),
    );
  }
}

type InvoiceRow = Selectable<InvoicesTable> & { credits_number: string | null };
type InvoiceLineRow = Pick<
  Selectable<InvoiceLinesTable>,
  "part_number" | "item_name" | "quantity" | "unit_price_cents" | "line_total_cents"
>;

function accountingRows(invoice: InvoiceRow, lines: InvoiceLineRow[]) {
  const charges = [
    ...lines.map((line) => ({
      partNumber: line.part_number,
      description: line.item_name,
      quantity: line.quantity as number | null,
      unitCents: Number(line.unit_price_cents) as number | null,
      netCents: Number(line.line_total_cents),
    })),
    ...(Number(invoice.shipping_cents) > 0
      ? [
          {
            partNumber: "",
            description: "Shipping",
            quantity: null,
            unitCents: null,
            netCents: Number(invoice.shipping_cents),
          },
        ]
      : []),
  ];
  const sign = invoice.kind === "credit note" ? -1 : 1;
  let vatLeft = Number(invoice.tax_cents);
  return charges.map((charge, index) => {
    const vatCents = index === charges.length - 1 ? vatLeft : taxOn(charge.netCents, invoice.tax_rate_basis_points);
    vatLeft -= vatCents;
    return [
      invoice.number,
      invoice.kind,
      invoice.issued_at.slice(0, 10),
      invoice.order_id,
      invoice.customer_name,
      invoice.po_number,
      charge.partNumber,
      charge.description,
      charge.quantity,
      charge.unitCents === null ? null : csvAmount(charge.unitCents),
      csvAmount(sign * charge.netCents),
      formatTaxRate(invoice.tax_rate_basis_points),
      csvAmount(sign * vatCents),
      csvAmount(sign * (charge.netCents + vatCents)),
      invoice.credits_number,
    ];
  });
}

export type InvoiceSummary = Awaited<ReturnType<typeof listInvoices>>[number];

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

/** An issued document with its lines, as it prints: by number for a reader, or by id for the mail that carries it. */
export async function getInvoiceDocument(
  find: { number: string; reader: InvoiceReader } | { id: number },
  { executor = db }: DbOptions = {},
) {
  let query = executor.selectFrom("invoices").selectAll("invoices");
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
      .select(["part_number", "item_name", "quantity", "unit_price_cents", "line_total_cents"])
      .where("invoice_id", "=", invoice.id)
      .orderBy("position")
      .execute(),
    invoice.credits_invoice_id === null
      ? undefined
      : executor
          .selectFrom("invoices")
          .select("number")
          .where("id", "=", invoice.credits_invoice_id)
          .executeTakeFirst(),
  ]);
  return { ...invoice, lines, creditsNumber: credited?.number ?? null };
}

export type InvoiceDocument = NonNullable<Awaited<ReturnType<typeof getInvoiceDocument>>>;
