import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { renderInvoicePdf } from "~/documents/invoice-pdf.server";
import { getInvoiceDocument } from "~/models/invoice";
import { creditUsed, recordPayment } from "~/models/trade-terms.server";
import * as myOrder from "~/routes/dashboard.my-order_.$id";
import { shipReadyParts } from "~/services/order-status.server";
import { adjustStockAndFill } from "~/services/stock-arrivals.server";

import { newItem } from "../support/builders";
import { newCompany } from "../support/companies";
import { call, getRequest } from "../support/http";
import { placeTestOrder, TEST_SHIPMENT } from "../support/orders";
import { pdfText } from "../support/pdf";

// Issue 57, finding 9 (decision 44): an order shipped in parts is billed by invoices that each round
// their own VAT, so they may come to a penny more than the order said. The order page and the mail
// say so, the credit a company has used counts the invoices once there is nothing left to invoice,
// and an invoice for an order paid in advance says it is paid.

/** The order: 4 × £2.51 in stock and 4 × £1.03 with 3 in stock (VAT 20 %, shipping £9.50). */
async function orderShippedInTwoParts(userId: number) {
  const plenty = await newItem({ price_cents: 251, quantity: 10 });
  const short = await newItem({ price_cents: 103, quantity: 3 });
  const placed = await placeTestOrder(userId, [
    { itemId: plenty.id, quantity: 4 },
    { itemId: short.id, quantity: 4 },
  ]);
  if (!placed.ok) throw new Error(`the order was refused: ${placed.reason}`);
  return { orderId: placed.orderId, short };
}

async function shipTheRest(orderId: number, shortItemId: number) {
  const first = await shipReadyParts(orderId, TEST_SHIPMENT);
  if (!first.ok) throw new Error(`first shipment: ${first.reason}`);
  await adjustStockAndFill(shortItemId, { change: 1, reason: "goods in", userId: null });
  const second = await shipReadyParts(orderId, TEST_SHIPMENT);
  if (!second.ok) throw new Error(`second shipment: ${second.reason}`);
  return [first.invoice, second.invoice];
}

async function invoiceTotals(orderId: number) {
  return (
    await db
      .selectFrom("invoices")
      .select(["goods_cents", "shipping_cents", "tax_cents", "total_cents"])
      .where("order_id", "=", orderId)
      .orderBy("id")
      .execute()
  ).map((row) => [row.goods_cents, row.shipping_cents, row.tax_cents, row.total_cents].map(Number));
}

describe("an order invoiced in two shipments", () => {
  test("each invoice rounds its own VAT; the order keeps what it said, and its page and mail say what the invoices come to", async () => {
    const { companyId, admin } = await newCompany({ paymentTermsDays: 30 });
    const { orderId, short } = await orderShippedInTwoParts(admin.user.id);
    const order = await db
      .selectFrom("orders")
      .select(["tax_cents", "total_cents"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect([Number(order.tax_cents), Number(order.total_cents)]).toEqual([473, 2839]);

    const [, second] = await shipTheRest(orderId, short.id);
    expect(await invoiceTotals(orderId)).toEqual([
      [1313, 950, 453, 2716],
      [103, 0, 21, 124],
    ]);

    const page = await call(myOrder.loader, getRequest(`/dashboard/my-order/${orderId}`, { cookie: admin.cookie }), {
      id: String(orderId),
    });
    expect(page.data.order.invoiced).toEqual({
      invoiceCount: 2,
      invoicedCents: 2840,
      creditNoteCount: 0,
      creditedCents: 0,
    });
    const mail = await db
      .selectFrom("outbox")
      .select("text_body")
      .where("order_id", "=", orderId)
      .where("invoice_id", "=", second.id)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(
      "Your invoices come to £28.40: each works out its own VAT to the penny, so together they are £0.01 more than the order's total.",
    );

    // What the company owes is what the invoices ask, to the penny; once paid, nothing.
    expect(await creditUsed(companyId)).toBe(2840);
    expect((await recordPayment(orderId)).ok).toBe(true);
    expect(await creditUsed(companyId)).toBe(0);
  });

  test("partly shipped, the order's total still counts against credit, and the first shipment's mail has no note", async () => {
    const { companyId, admin } = await newCompany({ paymentTermsDays: 30 });
    const { orderId } = await orderShippedInTwoParts(admin.user.id);
    const first = await shipReadyParts(orderId, TEST_SHIPMENT);
    expect(first.ok).toBe(true);
    expect(await creditUsed(companyId)).toBe(2839);
    const mail = await db.selectFrom("outbox").select("text_body").where("order_id", "=", orderId).execute();
    expect(mail.map((row) => row.text_body).join("\n")).not.toContain("Your invoices come to");
  });

  test("an order paid before dispatch: its invoices say they are paid, not that payment is due", async () => {
    const { admin } = await newCompany({ paymentTermsDays: null });
    const { orderId, short } = await orderShippedInTwoParts(admin.user.id);
    expect((await recordPayment(orderId)).ok).toBe(true);
    const invoices = await shipTheRest(orderId, short.id);
    for (const issued of invoices) {
      const document = (await getInvoiceDocument({ id: issued.id }))!;
      expect(document.paid_at).not.toBeNull();
      const text = pdfText(await renderInvoicePdf(document));
      expect(text).toContain("nothing is due on this invoice");
      expect(text).not.toContain("Payment is due on receipt");
    }
  });
});
