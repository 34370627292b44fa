import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { getOrder } from "~/models/order";
import * as manageOrderPage from "~/routes/dashboard.manage-order_.$id";
import * as myOrderPage from "~/routes/dashboard.my-order_.$id";

import { newItem } from "../support/builders";
import { call, fieldErrors, getRequest, postRequest } from "../support/http";
import { orderById, placePending } from "../support/orders";
import { createSignedInUser } from "../support/users";

// Staff record how a shipment travels (issue 27): the carrier, and a tracking number that the order
// pages and the shipped mail link to the carrier's own tracking page.

async function pendingOrder() {
  const admin = await createSignedInUser({ role: "admin" });
  const buyer = await createSignedInUser();
  const item = await newItem({ quantity: 10 });
  const orderId = await placePending(buyer.user.id, item.id, 2);
  return { admin, buyer, orderId };
}

function ship(orderId: number, cookie: string, fields: Record<string, string>) {
  return call(
    manageOrderPage.action,
    postRequest(
      `/dashboard/manage-order/${orderId}`,
      { intent: "ship", orderId: String(orderId), ...fields },
      { cookie },
    ),
    { id: String(orderId) },
  );
}

async function shipmentRows(orderId: number) {
  return db.selectFrom("shipments").select(["carrier", "tracking_number"]).where("order_id", "=", orderId).execute();
}

describe("shipping with a carrier", () => {
  test("a tracked carrier: the number is kept as printed-clean, and the order page links to the carrier", async () => {
    const { admin, buyer, orderId } = await pendingOrder();
    const shipped = await ship(orderId, admin.cookie, { carrier: "dpd", trackingNumber: " 1550-1234 5678 90 " });
    expect(shipped.status).toBe(302);
    expect(await shipmentRows(orderId)).toEqual([{ carrier: "dpd", tracking_number: "15501234567890" }]);

    const tracking = {
      carrier: "DPD",
      trackingNumber: "15501234567890",
      trackingUrl: "https://track.dpd.co.uk/parcels/15501234567890",
    };
    const staffPage = await call(
      manageOrderPage.loader,
      getRequest(`/dashboard/manage-order/${orderId}`, { cookie: admin.cookie }),
      { id: String(orderId) },
    );
    expect(staffPage.data.order.shipments.map((shipment: { tracking: unknown }) => shipment.tracking)).toEqual([
      tracking,
    ]);
    const buyerPage = await call(
      myOrderPage.loader,
      getRequest(`/dashboard/my-order/${orderId}`, { cookie: buyer.cookie }),
      { id: String(orderId) },
    );
    expect(buyerPage.data.order.shipments[0].tracking).toEqual(tracking);

    // The shipped mail says how it travels and where to follow it.
    const [mail] = await db
      .selectFrom("outbox")
      .select(["subject", "text_body", "html_body"])
      .where("order_id", "=", orderId)
      .where("kind", "=", "order-shipped")
      .execute();
    expect(mail.text_body).toContain("Sent with DPD, tracking number 15501234567890.");
    expect(mail.text_body).toContain("Follow it: https://track.dpd.co.uk/parcels/15501234567890");
    expect(mail.html_body).toContain('href="https://track.dpd.co.uk/parcels/15501234567890"');
  });

  test("a delivery nobody tracks needs no number, and links nowhere", async () => {
    const { admin, orderId } = await pendingOrder();
    expect((await ship(orderId, admin.cookie, { carrier: "own-van", trackingNumber: "" })).status).toBe(302);
    expect(await shipmentRows(orderId)).toEqual([{ carrier: "own-van", tracking_number: null }]);
    const order = await getOrder(orderId);
    expect(order!.shipments[0].tracking).toEqual({ carrier: "Our own van", trackingNumber: null, trackingUrl: null });
  });

  test.each([
    ["no carrier", {}, "carrier", "Choose the carrier the parcel goes with"],
    [
      "a carrier we do not know",
      { carrier: "pigeon", trackingNumber: "ABC123456" },
      "carrier",
      "Choose the carrier the parcel goes with",
    ],
    [
      "a tracked carrier without its number",
      { carrier: "royal-mail", trackingNumber: "  " },
      "trackingNumber",
      "Enter Royal Mail's tracking number",
    ],
    [
      "a number with other characters",
      { carrier: "ups", trackingNumber: "1Z<script>" },
      "trackingNumber",
      "A tracking number is 6 to 40 letters and digits",
    ],
    [
      "a number too short",
      { carrier: "evri", trackingNumber: "12345" },
      "trackingNumber",
      "A tracking number is 6 to 40 letters and digits",
    ],
  ])("%s: 400 on that field, and nothing ships", async (_label, fields: Record<string, string>, field, message) => {
    const { admin, orderId } = await pendingOrder();
    const refused = await ship(orderId, admin.cookie, fields);
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)[field]).toEqual([message]);
    expect(await shipmentRows(orderId)).toEqual([]);
    expect((await orderById(orderId))?.status).toBe("pending");
    const mail = await db.selectFrom("outbox").select("kind").where("order_id", "=", orderId).execute();
    expect(mail.map((message) => message.kind)).not.toContain("order-shipped");
  });
});
