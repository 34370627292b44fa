import { describe, expect, test } from "vitest";

import { storePricingRules, storeToday } from "~/config/env.server";
import { db } from "~/db/db.server";
import { renderInvoicePdf } from "~/documents/invoice-pdf.server";
import { totalsWithShipping } from "~/lib/pricing";
import { getInvoiceDocument, listInvoices } from "~/models/invoice";
import * as invoicesPage from "~/routes/dashboard.invoices";
import * as invoicePdf from "~/routes/dashboard.invoices_.$file";
import * as myOrderPage from "~/routes/dashboard.my-order_.$id";
import { shipReadyParts } from "~/services/order-status.server";
import { adjustStockAndFill } from "~/services/stock-arrivals.server";

import { newItem } from "../support/builders";
import { call, getRequest } from "../support/http";
import { placePending, placeTestOrder, TEST_SHIPMENT } from "../support/orders";
import { pdfPageCount, pdfText } from "../support/pdf";
import { createSignedInUser } from "../support/users";

// VAT invoices (issue 27): one per shipment, issued in the shipment's transaction, numbered per year
// without gaps, copied as issued, and drawn as a PDF that says what the order page says.

const year = storeToday().slice(0, 4);

async function shipAll(orderId: number) {
  const shipped = await shipReadyParts(orderId, TEST_SHIPMENT);
  if (!shipped.ok) throw new Error(`could not ship order ${orderId}: ${shipped.reason}`);
  return shipped;
}

function sequenceOf(number: string) {
  const match = new RegExp(`^INV-${year}-(\\d{6})$`).exec(number);
  if (!match) throw new Error(`${number} is not an invoice number of ${year}`);
  return Number(match[1]);
}

describe("VAT invoices", () => {
  test("shipping an order issues its invoice: the year's next number, the lines shipped, shipping and VAT", async () => {
    const buyer = await createSignedInUser({ displayName: "Ada Turner" });
    const part = await newItem({ price_cents: 1234, quantity: 10, part_number: "BRG-6204" });
    const result = await placeTestOrder(buyer.user.id, { itemId: part.id, quantity: 3 }, { poNumber: "PO-7781" });
    if (!result.ok) throw new Error(result.reason);

    const shipped = await shipAll(result.orderId);
    expect(shipped.invoice.number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));

    const invoice = await getInvoiceDocument({ id: shipped.invoice.id });
    const order = await db.selectFrom("orders").selectAll().where("id", "=", result.orderId).executeTakeFirstOrThrow();
    // One shipment of the whole order: the invoice bills what the order charged, to the cent.
    expect(invoice).toMatchObject({
      kind: "invoice",
      order_id: result.orderId,
      customer_name: "Ada Turner",
      po_number: "PO-7781",
      goods_cents: 3702,
      shipping_cents: order.shipping_cents,
      tax_cents: order.tax_cents,
      total_cents: order.total_cents,
      tax_rate_basis_points: storePricingRules().taxRateBasisPoints,
    });
    expect(invoice!.lines).toEqual([
      {
        position: 1,
        part_number: "BRG-6204",
        item_name: part.name,
        quantity: 3,
        unit_price_cents: 1234,
        line_total_cents: 3702,
        price_list_name: null,
        customer_part_number: null,
      },
    ]);
  });

  test("numbers follow one another without a gap, and an order shipped in parts has one invoice per shipment", async () => {
    const buyer = await createSignedInUser();
    // Three in stock, five ordered: two wait for stock, and leave in a second shipment.
    const part = await newItem({ price_cents: 4000, quantity: 3 });
    const first = await placePending(buyer.user.id, part.id, 5);
    const other = await placePending(buyer.user.id, (await newItem({ price_cents: 500, quantity: 9 })).id, 1);

    const firstShipment = await shipAll(first);
    const otherShipment = await shipAll(other);
    await adjustStockAndFill(part.id, { change: 2, reason: "Received PO-11", userId: null });
    const secondShipment = await shipAll(first);
    const numbers = [firstShipment, otherShipment, secondShipment].map((shipped) => sequenceOf(shipped.invoice.number));
    expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2]);

    const rules = storePricingRules();
    const order = await db.selectFrom("orders").selectAll().where("id", "=", first).executeTakeFirstOrThrow();
    const [partOne, partTwo] = await Promise.all(
      [firstShipment, secondShipment].map((shipped) => getInvoiceDocument({ id: shipped.invoice.id })),
    );
    // Shipping is billed once, on the first invoice; each invoice's VAT is on what it bills.
    expect(partOne).toMatchObject({ goods_cents: 12_000, ...totalsOf(12_000, order.shipping_cents, rules) });
    expect(partTwo).toMatchObject({ goods_cents: 8_000, ...totalsOf(8_000, 0, rules) });
    expect(partOne!.lines.map((line) => line.quantity)).toEqual([3]);
    expect(partTwo!.lines.map((line) => line.quantity)).toEqual([2]);

    // The order page links each shipment's invoice.
    const page = await call(myOrderPage.loader, getRequest(`/dashboard/my-order/${first}`, { cookie: buyer.cookie }), {
      id: String(first),
    });
    expect(page.data.order.shipments.map((shipment: { invoiceNumber: string }) => shipment.invoiceNumber)).toEqual([
      firstShipment.invoice.number,
      secondShipment.invoice.number,
    ]);
  });

  test("the shipped mail names its invoice and carries it", async () => {
    const buyer = await createSignedInUser();
    const orderId = await placePending(buyer.user.id, (await newItem({ quantity: 5 })).id, 1);
    const shipped = await shipAll(orderId);
    const mail = await db
      .selectFrom("outbox")
      .select(["invoice_id", "text_body", "html_body"])
      .where("order_id", "=", orderId)
      .where("kind", "=", "order-shipped")
      .executeTakeFirstOrThrow();
    expect(mail.invoice_id).toBe(shipped.invoice.id);
    expect(mail.text_body).toContain(`Your VAT invoice ${shipped.invoice.number} for this shipment is attached`);
    expect(mail.html_body).toContain(shipped.invoice.number);
  });

  test("an issued invoice keeps what it said when the order, the buyer and the part change after", async () => {
    const buyer = await createSignedInUser({ displayName: "Before Rename" });
    const part = await newItem({ price_cents: 1000, quantity: 5, name: "Old name" });
    const orderId = await placePending(buyer.user.id, part.id, 1);
    const shipped = await shipAll(orderId);
    await db.updateTable("users").set({ display_name: "After Rename" }).where("id", "=", buyer.user.id).execute();
    await db.updateTable("items").set({ name: "New name", price_cents: 99_00 }).where("id", "=", part.id).execute();
    const invoice = await getInvoiceDocument({ id: shipped.invoice.id });
    expect(invoice).toMatchObject({ customer_name: "Before Rename", goods_cents: 1000 });
    expect(invoice!.lines[0]).toMatchObject({ item_name: "Old name", unit_price_cents: 1000 });
  });
});

function totalsOf(goodsCents: number, shippingCents: number, rules: ReturnType<typeof storePricingRules>) {
  const totals = totalsWithShipping(goodsCents, shippingCents, rules);
  return { shipping_cents: totals.shippingCents, tax_cents: totals.taxCents, total_cents: totals.totalCents };
}

describe("the invoice PDF", () => {
  test("reads back with the seller, the buyer, the address, the lines and the totals", async () => {
    const buyer = await createSignedInUser({ displayName: "Grace Hopper" });
    const part = await newItem({ price_cents: 1250, quantity: 10, part_number: "GR-M1-20T", name: "Spur gear M1 20T" });
    const result = await placeTestOrder(buyer.user.id, { itemId: part.id, quantity: 4 }, { poNumber: "PO-555" });
    if (!result.ok) throw new Error(result.reason);
    const shipped = await shipAll(result.orderId);
    const invoice = (await getInvoiceDocument({ id: shipped.invoice.id }))!;

    const text = pdfText(await renderInvoicePdf(invoice));
    expect(text).toContain("VAT INVOICE");
    expect(text).toContain("Gearwright Parts Ltd.");
    expect(text).toMatch(new RegExp(`Invoice number\\s+${invoice.number}`));
    expect(text).toMatch(new RegExp(`Order\\s+#${result.orderId}`));
    expect(text).toMatch(/Your PO number\s+PO-555/);
    expect(text).toContain("Grace Hopper");
    expect(text).toContain("1 Mill Road, Sheffield S1 2AB");
    expect(text).toMatch(/GR-M1-20T\s+Spur gear M1 20T\s+4\s+£12\.50\s+£50\.00/);
    expect(text).toMatch(/Goods\s+£50\.00/);
    expect(text).toMatch(/Shipping\s+£9\.50/);
    expect(text).toMatch(/Total excl\. VAT\s+£59\.50/);
    expect(text).toMatch(/VAT at 20%\s+£11\.90/);
    expect(text).toMatch(/Total due\s+£71\.40/);
    expect(text).toContain(`Page 1 of 1`);
  });

  test("a long invoice runs onto more pages, each with the table's heading and its page number", async () => {
    const buyer = await createSignedInUser();
    const parts = await Promise.all(
      Array.from({ length: 45 }, (_, index) =>
        newItem({ price_cents: 200, quantity: 5, part_number: `LONG-${index + 1}` }),
      ),
    );
    const result = await placeTestOrder(
      buyer.user.id,
      parts.map((part) => ({ itemId: part.id, quantity: 1 })),
    );
    if (!result.ok) throw new Error(result.reason);
    const shipped = await shipAll(result.orderId);
    const pdf = await renderInvoicePdf((await getInvoiceDocument({ id: shipped.invoice.id }))!);
    const pages = pdfText(pdf)
      .split("\f")
      .filter((page) => page.trim());
    expect(pdfPageCount(pdf)).toBe(pages.length);
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toMatch(/Part number\s+Description\s+Qty\s+Unit price/);
    }
    for (const part of parts) expect(pages.join("\n")).toMatch(new RegExp(`${part.part_number}\\s`));
    expect(pages.at(-1)).toMatch(/Total due\s+£\d+\.\d\d/);
  });
});

describe("who reads invoices", () => {
  async function invoicedOrder() {
    const buyer = await createSignedInUser();
    const orderId = await placePending(buyer.user.id, (await newItem({ quantity: 5 })).id, 1);
    const shipped = await shipAll(orderId);
    return { buyer, orderId, number: shipped.invoice.number };
  }

  function download(number: string, cookie: string) {
    return invoicePdf.loader({
      request: getRequest(`/dashboard/invoices/${number}.pdf`, { cookie }),
      params: { file: `${number}.pdf` },
      context: {},
    } as never) as Promise<Response>;
  }

  function refusal(file: string, cookie: string) {
    return call(invoicePdf.loader, getRequest(`/dashboard/invoices/${file}`, { cookie }), { file });
  }

  test("the buyer downloads their own invoice as a PDF; another buyer gets a 404, staff get it", async () => {
    const { buyer, number } = await invoicedOrder();
    const own = await download(number, buyer.cookie);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(own.headers.get("Content-Disposition")).toBe(`inline; filename="${number}.pdf"`);
    expect(pdfText(new Uint8Array(await own.arrayBuffer()))).toContain(number);

    const stranger = await createSignedInUser();
    expect((await refusal(`${number}.pdf`, stranger.cookie)).status).toBe(404);

    const admin = await createSignedInUser({ role: "admin" });
    expect((await download(number, admin.cookie)).status).toBe(200);
  });

  test.each(["INV-2026-1.pdf", "../../etc/passwd", "INV-2026-000001.txt", "Q-2026-00001.pdf"])(
    "a file name that is not a document's (%s) is a 404",
    async (file) => {
      const { buyer } = await invoicedOrder();
      expect((await refusal(file, buyer.cookie)).status).toBe(404);
    },
  );

  test("the invoices page lists a buyer's own, and everyone's for staff; a search finds by number, order or PO", async () => {
    const mine = await invoicedOrder();
    const theirs = await invoicedOrder();
    const page = await call(invoicesPage.loader, getRequest("/dashboard/invoices", { cookie: mine.buyer.cookie }));
    expect(page.data.invoices.map((invoice: { number: string }) => invoice.number)).toEqual([mine.number]);

    const admin = await createSignedInUser({ role: "admin" });
    const all = await listInvoices({ id: admin.user.id, role: "admin" });
    expect(all.map((invoice) => invoice.number)).toEqual(expect.arrayContaining([mine.number, theirs.number]));

    const sequence = String(sequenceOf(theirs.number));
    for (const search of [theirs.number, `${year}-${sequence}`, sequence, `#${theirs.orderId}`]) {
      const found = await listInvoices({ id: admin.user.id, role: "admin" }, { search });
      expect(
        found.map((invoice) => invoice.number),
        search,
      ).toEqual([theirs.number]);
    }
    // A buyer's search never reaches another buyer's invoice.
    expect(await listInvoices(mine.buyer.user, { search: theirs.number })).toEqual([]);
  });
});
