import type { Transaction } from "kysely";

import { storePricingRules, storeToday, storeVatNumber } from "~/config/env.server";
import { db, type DbOptions } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { readDocumentNumber } from "~/lib/document-numbers";
import { totalsWithShipping } from "~/lib/pricing";
import { takeDocumentNumber } from "~/models/document-numbers.server";

// VAT invoices (issue 27, docs/decisions/0034-invoices.md): one per shipment, issued in the
// shipment's own transaction, numbered per year without gaps, and never changed after.

export type IssuedInvoice = { id: number; number: string };

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
    .select([
      "orders.id as order_id",
      "orders.user_id",
      "orders.address",
      "orders.po_number",
      "orders.shipping_cents",
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
  const year = Number(storeToday(issuedAt).slice(0, 4));
  const { number } = await takeDocumentNumber(trx, "invoice", year);

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
      // The order's one address is where it goes and whom it bills, until orders carry a billing address.
      billing_address: shipment.address,
      delivery_address: shipment.address,
      po_number: shipment.po_number,
      seller_vat_number: storeVatNumber(),
      tax_label: rules.taxLabel,
      tax_rate_basis_points: rules.taxRateBasisPoints,
      goods_cents: totals.subtotalCents,
      shipping_cents: totals.shippingCents,
      tax_cents: totals.taxCents,
      total_cents: totals.totalCents,
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
export type InvoiceReader = { id: number; role: string };

function readableBy(reader: InvoiceReader) {
  let query = db.selectFrom("invoices");
  if (reader.role !== "admin") query = query.where("invoices.user_id", "=", reader.id);
  return query;
}

/** How many documents a list shows at most; the search narrows it. */
export const INVOICES_PER_PAGE = 100;

/**
 * The invoices and credit notes a reader may see, newest first; `search` is a document number
 * ("INV-2026-000123", "2026-123", "123"), an order number ("#42") or a PO number.
 */
export async function listInvoices(reader: InvoiceReader, { search }: { search?: string } = {}) {
  let query = readableBy(reader).select(invoiceColumns);
  const text = search?.trim();
  if (text) {
    // "#42" is an order; a number without "#" is a document's.
    const orderNumber = /^#(\d{1,9})$/.exec(text)?.[1];
    const asInvoice = orderNumber ? null : readDocumentNumber("invoice", text);
    const asCreditNote = orderNumber ? null : readDocumentNumber("credit note", text);
    query = query.where((eb) => {
      const matches = [eb("invoices.po_number", "=", text)];
      if (orderNumber) matches.push(eb("invoices.order_id", "=", Number(orderNumber)));
      for (const [prefix, asNumber] of [
        ["INV", asInvoice],
        ["CN", asCreditNote],
      ] as const) {
        if (!asNumber) continue;
        const count = String(asNumber.sequence).padStart(6, "0");
        matches.push(
          asNumber.year === undefined
            ? eb("invoices.number", "like", `${prefix}-____-${count}`)
            : eb("invoices.number", "=", `${prefix}-${asNumber.year}-${count}`),
        );
      }
      return eb.or(matches);
    });
  }
  return query.orderBy("invoices.id", "desc").limit(INVOICES_PER_PAGE).execute();
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

/** An issued document with its lines, as it prints: by number for a reader, or by id for the mail that carries it. */
export async function getInvoiceDocument(
  find: { number: string; reader: InvoiceReader } | { id: number },
  { executor = db }: DbOptions = {},
) {
  let query = executor.selectFrom("invoices").selectAll("invoices");
  if ("id" in find) query = query.where("invoices.id", "=", find.id);
  else {
    query = query.where("invoices.number", "=", find.number);
    if (find.reader.role !== "admin") query = query.where("invoices.user_id", "=", find.reader.id);
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
