import { describe, expect, test } from "vitest";

import { db } from "~/db/db.server";
import { DEFAULT_PRICING_RULES, totalsWithShipping } from "~/lib/pricing";
import { getOrder } from "~/models/order";
import * as managePartPage from "~/routes/dashboard.manage-product_.$id";
import { cancelLine, changeOrderStatus, shipReadyParts } from "~/services/order-status.server";
import { adjustStockAndFill } from "~/services/stock-arrivals.server";

import { newItem } from "../support/builders";
import { call, getRequest } from "../support/http";
import { linesOf, orderById, placeTestOrder, stockOf, TEST_SHIPMENT } from "../support/orders";
import { createSignedInUser } from "../support/users";

// Backorders (docs/decisions/0031-backorders.md), on whichever database TEST_DATABASE names: what
// stock there is is allocated at checkout and the rest waits; arrivals fill waiting lines oldest
// order first in the transaction that brought them; a cancellation gives back what it held.

async function mailKinds(orderId: number) {
  const rows = await db.selectFrom("outbox").select("kind").where("order_id", "=", orderId).orderBy("id").execute();
  return rows.map((row) => row.kind);
}

async function lineOf(orderId: number) {
  const [line] = await linesOf(orderId);
  return { allocated: line.allocated, waiting: line.waiting, shipped: line.shipped, due: line.backorder_due };
}

async function placed(userId: number, itemId: number, quantity: number) {
  const result = await placeTestOrder(userId, { itemId, quantity });
  if (!result.ok) throw new Error(`order refused: ${result.reason}`);
  return result.orderId;
}

/** What the part's units add up to: in stock plus taken by order lines (shipped ones too). */
async function unitsAccountedFor(itemId: number) {
  const row = await db
    .selectFrom("order_lines")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("allocated"), eb.lit(0)).as("allocated"))
    .where("item_id", "=", itemId)
    .executeTakeFirstOrThrow();
  return (await stockOf(itemId))! + Number(row.allocated);
}

describe("backorders", () => {
  test("an order beyond stock takes what there is and the rest waits, promised after the lead time; stock never goes below zero", async () => {
    const { user } = await createSignedInUser();
    const part = await newItem({ quantity: 8, lead_time_days: 5 });
    const orderId = await placed(user.id, part.id, 25);
    expect(await stockOf(part.id)).toBe(0);
    const line = await lineOf(orderId);
    expect(line).toMatchObject({ allocated: 8, waiting: 17, shipped: 0 });
    expect(line.due).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await unitsAccountedFor(part.id)).toBe(8);
    // Nothing in stock at all: all of it waits.
    const second = await placed(user.id, part.id, 3);
    expect(await lineOf(second)).toMatchObject({ allocated: 0, waiting: 3 });
    expect(await stockOf(part.id)).toBe(0);
  });

  test("a stock-only part refuses more than its stock, and nothing is written", async () => {
    const { user } = await createSignedInUser();
    const part = await newItem({ quantity: 4, allow_backorder: 0 });
    const result = await placeTestOrder(user.id, { itemId: part.id, quantity: 5 });
    expect(result.ok).toBe(false);
    expect(await stockOf(part.id)).toBe(4);
    expect(await db.selectFrom("order_lines").select("id").where("item_id", "=", part.id).execute()).toEqual([]);
  });

  test("arriving stock fills waiting lines oldest order first, in the same transaction, and mails whose line completed", async () => {
    const buyers = [await createSignedInUser(), await createSignedInUser(), await createSignedInUser()];
    const staff = await createSignedInUser({ role: "admin" });
    const part = await newItem({ quantity: 0 });
    const [first, second, third] = [
      await placed(buyers[0].user.id, part.id, 5),
      await placed(buyers[1].user.id, part.id, 4),
      await placed(buyers[2].user.id, part.id, 6),
    ];

    // 7 arrive: the first order's 5, then 2 of the second's 4; the third waits on.
    const adjusted = await adjustStockAndFill(part.id, { change: 7, reason: "Received PO-9", userId: staff.user.id });
    expect(adjusted.ok).toBe(true);
    expect(await lineOf(first)).toMatchObject({ allocated: 5, waiting: 0 });
    expect(await lineOf(second)).toMatchObject({ allocated: 2, waiting: 2 });
    expect(await lineOf(third)).toMatchObject({ allocated: 0, waiting: 6 });
    expect(await stockOf(part.id)).toBe(0);
    expect(await mailKinds(first)).toEqual(["order-placed", "order-backorder-filled"]);
    expect(await mailKinds(second)).toEqual(["order-placed"]);

    // Staff see who is owed what, oldest first.
    const page = await call(
      managePartPage.loader,
      getRequest(`/dashboard/manage-product/${part.id}`, { cookie: staff.cookie }),
      { id: String(part.id) },
    );
    expect(page.data.owed.map((line: { order_id: number; waiting: number }) => [line.order_id, line.waiting])).toEqual([
      [second, 2],
      [third, 6],
    ]);
    expect(page.data.owed[0].customer_email).toBe(buyers[1].user.email);

    // More than is owed: every line completes and the rest is stock.
    await adjustStockAndFill(part.id, { change: 10, reason: "Received PO-10", userId: staff.user.id });
    expect(await lineOf(second)).toMatchObject({ allocated: 4, waiting: 0 });
    expect(await lineOf(third)).toMatchObject({ allocated: 6, waiting: 0 });
    expect(await stockOf(part.id)).toBe(2);
    expect(await mailKinds(third)).toEqual(["order-placed", "order-backorder-filled"]);
    expect(await unitsAccountedFor(part.id)).toBe(17);
  });

  test("cancelling gives back what was allocated, which fills the next waiting order; what waited waits no more", async () => {
    const [early, late] = [await createSignedInUser(), await createSignedInUser()];
    const part = await newItem({ quantity: 6 });
    const earlyOrder = await placed(early.user.id, part.id, 10);
    const lateOrder = await placed(late.user.id, part.id, 4);
    expect(await lineOf(earlyOrder)).toMatchObject({ allocated: 6, waiting: 4 });
    expect(await lineOf(lateOrder)).toMatchObject({ allocated: 0, waiting: 4 });

    const cancelled = await changeOrderStatus(earlyOrder, "cancelled", { ownerId: early.user.id });
    expect(cancelled.ok).toBe(true);
    expect(await lineOf(earlyOrder)).toMatchObject({ allocated: 0, waiting: 0 });
    expect(await lineOf(lateOrder)).toMatchObject({ allocated: 4, waiting: 0 });
    expect(await stockOf(part.id)).toBe(2);
    expect(await mailKinds(lateOrder)).toEqual(["order-placed", "order-backorder-filled"]);
    expect(await unitsAccountedFor(part.id)).toBe(6);
    // A second cancel changes nothing.
    expect((await changeOrderStatus(earlyOrder, "cancelled")).ok).toBe(false);
    expect(await stockOf(part.id)).toBe(2);
  });

  test("Ship sends what is ready: partly shipped, then shipped once the rest arrives; each shipment listed and mailed", async () => {
    const { user } = await createSignedInUser();
    const part = await newItem({ quantity: 3 });
    const orderId = await placed(user.id, part.id, 5);

    const firstShipment = await shipReadyParts(orderId, TEST_SHIPMENT);
    expect(firstShipment).toMatchObject({ ok: true, status: "partly shipped" });
    expect(await lineOf(orderId)).toMatchObject({ allocated: 3, waiting: 2, shipped: 3 });
    // Nothing is ready now: a second Ship is refused.
    expect((await shipReadyParts(orderId, TEST_SHIPMENT)).ok).toBe(false);

    await adjustStockAndFill(part.id, { change: 2, reason: "Received", userId: null });
    const secondShipment = await shipReadyParts(orderId, TEST_SHIPMENT);
    expect(secondShipment).toMatchObject({ ok: true, status: "shipped" });
    const order = (await getOrder(orderId))!;
    expect(order.status).toBe("shipped");
    expect(order.shipments.map((shipment) => shipment.lines.map((line) => line.quantity))).toEqual([[3], [2]]);
    expect(await mailKinds(orderId)).toEqual([
      "order-placed",
      "order-partly-shipped",
      "order-backorder-filled",
      "order-shipped",
    ]);
    // A shipped order cannot be cancelled, and its units stay shipped.
    expect((await changeOrderStatus(orderId, "cancelled")).ok).toBe(false);
    expect(await unitsAccountedFor(part.id)).toBe(5);
  });
  test("cancelling one line gives back what it held (filling the next waiting order), drops what waited, and charges only the rest", async () => {
    const [buyer, other] = [await createSignedInUser(), await createSignedInUser()];
    const gear = await newItem({ quantity: 6, price_cents: 1000 });
    const belt = await newItem({ quantity: 5, price_cents: 2500 });
    const result = await placeTestOrder(buyer.user.id, [
      { itemId: gear.id, quantity: 10 },
      { itemId: belt.id, quantity: 2 },
    ]);
    if (!result.ok) throw new Error("order refused");
    const orderId = result.orderId;
    const waitingOrder = await placed(other.user.id, gear.id, 3);
    const placedTotals = await orderById(orderId);
    const gearLine = (await linesOf(orderId)).find((line) => line.item_id === gear.id)!;
    expect(gearLine).toMatchObject({ allocated: 6, waiting: 4, cancelled: 0 });

    // Another buyer's order is not found; the buyer's own line is cancelled once.
    expect(await cancelLine(orderId, gearLine.id, { ownerId: other.user.id })).toEqual({
      ok: false,
      reason: "not-found",
    });
    const cancelled = await cancelLine(orderId, gearLine.id, { ownerId: buyer.user.id });
    expect(cancelled).toMatchObject({ ok: true, status: "pending" });
    // Money columns are bigint: PostgreSQL's driver answers them as strings.
    const [gearAfter, beltAfter] = (await linesOf(orderId)).map((row) => ({
      ...row,
      line_total_cents: Number(row.line_total_cents),
    }));
    expect(gearAfter).toMatchObject({ allocated: 0, waiting: 0, shipped: 0, cancelled: 10, line_total_cents: 0 });
    expect(beltAfter).toMatchObject({ allocated: 2, waiting: 0, cancelled: 0, line_total_cents: 5000 });
    // The 6 it held fill the other order's 3, and 3 are left in stock.
    expect(await lineOf(waitingOrder)).toMatchObject({ allocated: 3, waiting: 0 });
    expect(await stockOf(gear.id)).toBe(3);
    expect(await unitsAccountedFor(gear.id)).toBe(6);
    // Goods are the belt's £50 now; shipping stays as charged, and VAT is on both again.
    const order = (await orderById(orderId))!;
    const expected = totalsWithShipping(5000, Number(placedTotals!.shipping_cents), DEFAULT_PRICING_RULES);
    expect({
      subtotalCents: Number(order.subtotal_cents),
      shippingCents: Number(order.shipping_cents),
      taxCents: Number(order.tax_cents),
      totalCents: Number(order.total_cents),
    }).toEqual(expected);
    expect(await mailKinds(orderId)).toEqual(["order-placed", "order-line-cancelled"]);
    expect(await mailKinds(waitingOrder)).toEqual(["order-placed", "order-backorder-filled"]);
    // Nothing of it is left: a second cancel is refused and changes nothing.
    expect(await cancelLine(orderId, gearLine.id)).toEqual({ ok: false, reason: "nothing-left" });
    expect(await stockOf(gear.id)).toBe(3);
  });

  test("the waiting rest of a partly shipped order cancelled leaves it shipped; the last line of an unshipped one cancels the order", async () => {
    const { user } = await createSignedInUser();
    const part = await newItem({ quantity: 3, price_cents: 400 });
    const partly = await placed(user.id, part.id, 5);
    await shipReadyParts(partly, TEST_SHIPMENT);
    const [line] = await linesOf(partly);
    expect(await cancelLine(partly, line.id)).toMatchObject({ ok: true, status: "shipped" });
    const [partlyLine] = await linesOf(partly);
    expect(partlyLine).toMatchObject({ allocated: 3, waiting: 0, shipped: 3, cancelled: 2 });
    expect(Number(partlyLine.line_total_cents)).toBe(1200);
    expect((await orderById(partly))!.status).toBe("shipped");
    expect(await mailKinds(partly)).toEqual(["order-placed", "order-partly-shipped", "order-line-cancelled"]);
    // A shipped order's lines are past cancelling.
    expect(await cancelLine(partly, line.id)).toEqual({ ok: false, reason: "not-allowed", from: "shipped" });

    await adjustStockAndFill(part.id, { change: 4, reason: "Received", userId: null });
    const single = await placed(user.id, part.id, 2);
    const before = (await orderById(single))!;
    const [only] = await linesOf(single);
    expect(await cancelLine(single, only.id, { ownerId: user.id })).toMatchObject({ ok: true, status: "cancelled" });
    const after = (await orderById(single))!;
    expect(after.status).toBe("cancelled");
    // Cancelled as a whole: the totals stay as placed, like any cancelled order's.
    expect(Number(after.total_cents)).toBe(Number(before.total_cents));
    expect((await linesOf(single))[0]).toMatchObject({ allocated: 0, waiting: 0, cancelled: 2 });
    expect(await stockOf(part.id)).toBe(4);
    expect(await mailKinds(single)).toEqual(["order-placed", "order-cancelled"]);
  });

  test("a whole order cancelled records every unshipped unit as cancelled", async () => {
    const { user } = await createSignedInUser();
    const part = await newItem({ quantity: 2 });
    const orderId = await placed(user.id, part.id, 7);
    expect((await changeOrderStatus(orderId, "cancelled")).ok).toBe(true);
    expect((await linesOf(orderId))[0]).toMatchObject({ allocated: 0, waiting: 0, cancelled: 7 });
  });
});
