import { describe, expect, test } from "vitest";

import { formatStoreDay, storeToday } from "~/config/env.server";
import { addCalendarDays } from "~/lib/quotes";
import { addLinesToCart } from "~/models/cart";
import { getQuote } from "~/models/quote";
import * as packingSlipPdf from "~/routes/dashboard.manage-order_.$id_.shipments.$shipmentId.packing-slip[.]pdf";
import * as quotePdf from "~/routes/dashboard.quotes_.$id_.quote[.]pdf";
import { shipReadyParts } from "~/services/order-status.server";
import { requestQuote, sendQuote } from "~/services/quotes.server";
import { adjustStockAndFill } from "~/services/stock-arrivals.server";

import { newItem } from "../support/builders";
import { call, getRequest } from "../support/http";
import { placeTestOrder, TEST_SHIPMENT } from "../support/orders";
import { pdfText } from "../support/pdf";
import { createSignedInUser } from "../support/users";

// The other documents (issue 27): a shipment's packing slip for staff, and a quote as a PDF for its
// buyer; each read back as text, from the same data as its page.

/** A document route's answer: its status, and its text when it is a PDF. */
async function fetchPdf(loader: typeof quotePdf.loader, path: string, params: Record<string, string>, cookie: string) {
  const response = (await loader({ request: getRequest(path, { cookie }), params, context: {} })) as Response;
  const type = response.headers.get("Content-Type");
  return {
    status: response.status,
    type,
    text: type === "application/pdf" ? pdfText(new Uint8Array(await response.arrayBuffer())) : await response.text(),
  };
}

describe("packing slips", () => {
  test("each shipment's slip says what is in the parcel and what is still to come, without prices", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const buyer = await createSignedInUser({ displayName: "Casey Stores" });
    const short = await newItem({ quantity: 2, part_number: "SLIP-SHORT", price_cents: 777 });
    const whole = await newItem({ quantity: 9, part_number: "SLIP-WHOLE" });
    const placed = await placeTestOrder(
      buyer.user.id,
      [
        { itemId: short.id, quantity: 5 },
        { itemId: whole.id, quantity: 1 },
      ],
      { poNumber: "PO-SLIP" },
    );
    if (!placed.ok) throw new Error(placed.reason);
    const first = await shipReadyParts(placed.orderId, { ...TEST_SHIPMENT, userId: admin.user.id });
    await adjustStockAndFill(short.id, { change: 3, reason: "Received", userId: null });
    const second = await shipReadyParts(placed.orderId, TEST_SHIPMENT);
    if (!first.ok || !second.ok) throw new Error("not shipped");

    const slip = (shipmentId: number, cookie = admin.cookie) =>
      fetchPdf(
        packingSlipPdf.loader,
        `/dashboard/manage-order/${placed.orderId}/shipments/${shipmentId}/packing-slip.pdf`,
        { id: String(placed.orderId), shipmentId: String(shipmentId) },
        cookie,
      );
    const one = await slip(first.shipmentId);
    expect(one.type).toBe("application/pdf");
    expect(one.text).toContain("PACKING SLIP");
    expect(one.text).toMatch(/Shipment\s+1 of 2/);
    expect(one.text).toMatch(/Your PO number\s+PO-SLIP/);
    expect(one.text).toMatch(/Tracking number\s+15501234567890/);
    expect(one.text).toContain("Casey Stores");
    expect(one.text).toMatch(/SLIP-SHORT\s+.+\s+5\s+2\s+3/);
    expect(one.text).toMatch(/SLIP-WHOLE\s+.+\s+1\s+1\s+0/);
    expect(one.text).toContain("3 more units follow in a later shipment.");
    expect(one.text).not.toContain("£");

    const two = await slip(second.shipmentId);
    expect(two.text).toMatch(/Shipment\s+2 of 2/);
    expect(two.text).toMatch(/SLIP-SHORT\s+.+\s+5\s+3\s+0/);
    expect(two.text).toMatch(/SLIP-WHOLE\s+.+\s+1\s+0\s+0/);
    expect(two.text).toContain("This parcel completes the order.");

    // Another order's shipment is not this order's; customers never print slips.
    const other = await fetchPdf(
      packingSlipPdf.loader,
      `/dashboard/manage-order/${placed.orderId + 1000}/shipments/${first.shipmentId}/packing-slip.pdf`,
      { id: String(placed.orderId + 1000), shipmentId: String(first.shipmentId) },
      admin.cookie,
    );
    expect(other.status).toBe(404);
    const customer = await call(
      packingSlipPdf.loader,
      getRequest(`/dashboard/manage-order/${placed.orderId}/shipments/${first.shipmentId}/packing-slip.pdf`, {
        cookie: buyer.cookie,
      }),
      { id: String(placed.orderId), shipmentId: String(first.shipmentId) },
    );
    expect(customer.status).toBe(403);
  });
});

describe("a quote as a PDF", () => {
  test("the buyer downloads the prices offered, the totals and the day they hold until; another buyer gets a 404", async () => {
    const buyer = await createSignedInUser({ displayName: "Quinn Buyer" });
    const part = await newItem({ quantity: 50, part_number: "QPDF-1", price_cents: 2400 });
    await addLinesToCart(buyer.user.id, [{ itemId: part.id, quantity: 10 }]);
    const requested = await requestQuote(buyer.user.id, "For the spring overhaul");
    if (!requested.ok) throw new Error(requested.reason);
    const quote = (await getQuote(requested.quoteId))!;
    const validUntil = addCalendarDays(storeToday(), 30);
    const sent = await sendQuote(requested.quoteId, {
      version: quote.version,
      validUntil,
      prices: new Map(quote.lines.map((line) => [line.lineId, 1999])),
    });
    if (!sent.ok) throw new Error(sent.reason);

    const path = `/dashboard/quotes/${requested.quoteId}/quote.pdf`;
    const own = await fetchPdf(quotePdf.loader, path, { id: String(requested.quoteId) }, buyer.cookie);
    expect(own.type).toBe("application/pdf");
    expect(own.text).toContain("QUOTATION");
    expect(own.text).toMatch(new RegExp(`Quote number\\s+${quote.number}`));
    expect(own.text).toMatch(new RegExp(`Valid until\\s+${formatStoreDay(validUntil)}`));
    expect(own.text).toContain("Quinn Buyer");
    expect(own.text).toMatch(/QPDF-1\s+.+\s+10\s+£19\.99\s+£199\.90/);
    // Goods under FREE_SHIPPING_OVER (£250) pay shipping; VAT is on both.
    expect(own.text).toMatch(/Goods\s+£199\.90/);
    expect(own.text).toMatch(/Shipping\s+£9\.50/);
    expect(own.text).toMatch(/VAT at 20%\s+£41\.88/);
    expect(own.text).toMatch(/Total\s+£251\.28/);
    expect(own.text).toContain(`These prices hold until ${formatStoreDay(validUntil)}.`);

    const stranger = await createSignedInUser();
    expect((await fetchPdf(quotePdf.loader, path, { id: String(requested.quoteId) }, stranger.cookie)).status).toBe(
      404,
    );
    const admin = await createSignedInUser({ role: "admin" });
    expect((await fetchPdf(quotePdf.loader, path, { id: String(requested.quoteId) }, admin.cookie)).status).toBe(200);
  });
});
