// Issuing VAT invoices and credit notes (issue 27, docs/decisions/0034-invoices.md): one invoice per
// shipment, in the shipment's own transaction, numbered per year without gaps, never changed after;
// a credit note per invoice a return takes units from.
import type { Selectable, Transaction } from "kysely";

import { storePricingRules, storeToday, storeVatNumber } from "~/config/env.server";
import type { Database, InvoicesTable } from "~/db/schema";
import { taxOn, totalsWithShipping } from "~/lib/pricing";
import { takeDocumentNumber } from "~/models/document-numbers.server";
import { dueDayOf } from "~/models/trade-terms.server";

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
