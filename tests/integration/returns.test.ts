import { describe, expect, test } from "vitest";

import { storeToday } from "~/config/env.server";
import { db } from "~/db/db.server";
import { renderInvoicePdf } from "~/documents/invoice-pdf.server";
import { getInvoiceDocument, listInvoices } from "~/models/invoice";
import * as manageOrderPage from "~/routes/dashboard.manage-order_.$id";
import { shipReadyParts } from "~/services/order-status.server";

import { newItem } from "../support/builders";
import { call, fieldErrors, flashOf, formErrors, postRequest } from "../support/http";
import { placeTestOrder, stockOf, TEST_SHIPMENT } from "../support/orders";
import { pdfText } from "../support/pdf";
import { createSignedInUser } from "../support/users";

// Returns and credit notes (issue 27): staff record parts of a shipped line that came back; the
// buyer is credited by a credit note numbered per year without gaps (CN-2026-000007) that credits
// the invoice which billed them, at its price and rate, mailed with the PDF attached; the parts go
// back into stock when staff say so.

const year = storeToday().slice(0, 4);

async function shippedOrder({ quantity = 4, price_cents = 2500 } = {}) {
  const admin = await createSignedInUser({ role: "admin" });
  const buyer = await createSignedInUser({ displayName: "Riley Returns" });
  const part = await newItem({ quantity: 10, price_cents, part_number: `RET-${Date.now() % 100000}` });
  const placed = await placeTestOrder(buyer.user.id, { itemId: part.id, quantity }, { poNumber: "PO-RET" });
  if (!placed.ok) throw new Error(placed.reason);
  const shipped = await shipReadyParts(placed.orderId, TEST_SHIPMENT);
  if (!shipped.ok) throw new Error(shipped.reason);
  const [line] = await db.selectFrom("order_lines").select("id").where("order_id", "=", placed.orderId).execute();
  return { admin, buyer, part, orderId: placed.orderId, lineId: line.id, invoice: shipped.invoice };
}

function recordReturn(
  orderId: number,
  cookie: string,
  fields: { lineId: number; quantity: string; reason: string; restock?: boolean },
) {
  return call(
    manageOrderPage.action,
    postRequest(
      `/dashboard/manage-order/${orderId}`,
      {
        intent: "return",
        orderId: String(orderId),
        lineId: String(fields.lineId),
        quantity: fields.quantity,
        reason: fields.reason,
        ...(fields.restock ? { restock: "on" } : {}),
      },
      { cookie },
    ),
    { id: String(orderId) },
  );
}

describe("returns and credit notes", () => {
  test("a return credits the invoice that billed it, puts the parts back in stock and mails the credit note", async () => {
    const { admin, buyer, part, orderId, lineId, invoice } = await shippedOrder();
    const stockBefore = await stockOf(part.id);
    const returned = await recordReturn(orderId, admin.cookie, {
      lineId,
      quantity: "2",
      reason: "Wrong bore",
      restock: true,
    });
    expect(returned.status).toBe(302);
    const note = await db
      .selectFrom("invoices")
      .selectAll()
      .where("order_id", "=", orderId)
      .where("kind", "=", "credit note")
      .executeTakeFirstOrThrow();
    expect(note.number).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));
    expect(await flashOf(returned)).toEqual({
      kind: "success",
      message: `2 returned and back in stock; credit note ${note.number} (for ${invoice.number}) is sent to the buyer.`,
    });
    // Two at £25.00, no shipping, VAT at the invoice's rate.
    expect(note).toMatchObject({
      credits_invoice_id: invoice.id,
      goods_cents: 5000,
      shipping_cents: 0,
      tax_cents: 1000,
      total_cents: 6000,
      customer_name: "Riley Returns",
      po_number: "PO-RET",
    });
    expect(await stockOf(part.id)).toBe(stockBefore! + 2);
    const line = await db
      .selectFrom("order_lines")
      .select(["shipped", "returned"])
      .where("id", "=", lineId)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ shipped: 4, returned: 2 });

    const text = pdfText(await renderInvoicePdf((await getInvoiceDocument({ id: note.id }))!));
    expect(text).toContain("CREDIT NOTE");
    expect(text).toMatch(new RegExp(`Credit note number\\s+${note.number}`));
    expect(text).toMatch(new RegExp(`Credits invoice\\s+${invoice.number}`));
    expect(text).toMatch(/Total credited\s+-£60\.00/);

    const mail = await db
      .selectFrom("outbox")
      .select(["subject", "text_body", "invoice_id"])
      .where("order_id", "=", orderId)
      .where("kind", "=", "order-return-credited")
      .executeTakeFirstOrThrow();
    expect(mail.invoice_id).toBe(note.id);
    expect(mail.subject).toContain(`order #${orderId} return credited`);
    expect(mail.text_body).toContain(`Credit note ${note.number} for them is attached`);
    // The buyer finds it beside the invoice.
    expect((await listInvoices(buyer.user)).map((row) => row.number)).toEqual([note.number, invoice.number]);
  });

  test("damaged parts stay out of stock; credit note numbers follow one another", async () => {
    const { admin, part, orderId, lineId } = await shippedOrder();
    const stockBefore = await stockOf(part.id);
    await recordReturn(orderId, admin.cookie, { lineId, quantity: "1", reason: "Damaged in transit" });
    await recordReturn(orderId, admin.cookie, { lineId, quantity: "1", reason: "Damaged in transit" });
    expect(await stockOf(part.id)).toBe(stockBefore);
    const notes = await db
      .selectFrom("invoices")
      .select("number")
      .where("order_id", "=", orderId)
      .where("kind", "=", "credit note")
      .orderBy("id")
      .execute();
    const [first, second] = notes.map((note) => Number(note.number.slice(-6)));
    expect(second).toBe(first + 1);
  });

  test("more back than shipped is a 409 that says how many can come back, and nothing is written", async () => {
    const { admin, orderId, lineId } = await shippedOrder({ quantity: 3 });
    await recordReturn(orderId, admin.cookie, { lineId, quantity: "2", reason: "Spare" });
    const refused = await recordReturn(orderId, admin.cookie, { lineId, quantity: "2", reason: "Spare" });
    expect(refused.status).toBe(409);
    expect(formErrors(refused)).toEqual([
      "Only 1 of this line can come back: the rest has not shipped or is back already.",
    ]);
    const notes = await db
      .selectFrom("invoices")
      .select("id")
      .where("order_id", "=", orderId)
      .where("kind", "=", "credit note")
      .execute();
    expect(notes).toHaveLength(1);
  });

  test.each([
    ["no reason", { quantity: "1", reason: " " }, "reason", "Enter why they came back"],
    ["no units", { quantity: "0", reason: "Spare" }, "quantity", "Enter how many came back"],
  ])("%s: 400 on that field", async (_label, fields, field, message) => {
    const { admin, orderId, lineId } = await shippedOrder();
    const refused = await recordReturn(orderId, admin.cookie, { lineId, ...fields });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)[field]).toEqual([message]);
  });

  test("a customer cannot record a return", async () => {
    const { buyer, orderId, lineId } = await shippedOrder();
    const refused = await recordReturn(orderId, buyer.cookie, { lineId, quantity: "1", reason: "Spare" });
    expect(refused.status).toBe(403);
  });
});
