import { describe, expect, test } from "vitest";

import { storeToday } from "~/config/env.server";
import { db } from "~/db/db.server";
import { DEFAULT_PRICING_RULES, totalsFor } from "~/lib/pricing";
import { addCalendarDays } from "~/lib/quotes";
import { addLinesToCart, cartLinesOf } from "~/models/cart";
import { updateItem } from "~/models/item";
import { getQuote, listAllQuotes } from "~/models/quote";
import * as cartPage from "~/routes/cart";
import * as manageQuotesPage from "~/routes/dashboard.manage-quotes";
import * as manageQuotePage from "~/routes/dashboard.manage-quotes_.$id";
import * as myQuotesPage from "~/routes/dashboard.quotes";
import * as myQuotePage from "~/routes/dashboard.quotes_.$id";
import { acceptQuote } from "~/services/quotes.server";

import { newItem } from "../support/builders";
import { call, fieldErrors, flashOf, formErrors, getRequest, postRequest } from "../support/http";
import { linesOf, SHIPPING, stockOf } from "../support/orders";
import { createSignedInUser } from "../support/users";

// Quotes (issue 26) through their pages' loaders and actions on a real database: asked for from the
// cart, priced and sent by staff, accepted once into an order at the quoted prices, or refused.

type Buyer = Awaited<ReturnType<typeof createSignedInUser>>;

/** A buyer whose cart holds 40 gears (a break at 25: £10.00 each instead of £12.50) and 3 belts. */
async function buyerWithCart() {
  const buyer = await createSignedInUser({ displayName: "Quinn Buyer" });
  const gear = await newItem(
    { price_cents: 1250, quantity: 500 },
    { priceBreaks: [{ minQuantity: 25, priceCents: 1000 }] },
  );
  const belt = await newItem({ price_cents: 4000, quantity: 50 });
  await addLinesToCart(buyer.user.id, [
    { itemId: gear.id, quantity: 40 },
    { itemId: belt.id, quantity: 3 },
  ]);
  return { buyer, gear, belt };
}

async function requestQuote(buyer: Buyer, note = "Needed by March; drawing GW-4471 rev C.") {
  const outcome = await call(
    cartPage.action,
    postRequest("/cart", { intent: "request-quote", note }, { cookie: buyer.cookie }),
  );
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(302);
  return { outcome, quoteId: Number(/^\/dashboard\/quotes\/(\d+)$/.exec(outcome.location!)![1]) };
}

/** Staff's Send, as the form posts it: a price per line (in the order the page lists them) and a date. */
async function send(
  staff: Buyer,
  quoteId: number,
  prices: string[],
  { validUntil = addCalendarDays(storeToday(), 30), version }: { validUntil?: string; version?: number } = {},
) {
  const quote = (await getQuote(quoteId))!;
  const fields: Record<string, string> = {
    intent: "send",
    version: String(version ?? quote.version),
    validUntil,
  };
  quote.lines.forEach((line, index) => {
    fields[`lines[${index}].lineId`] = String(line.lineId);
    fields[`lines[${index}].unitPrice`] = prices[index];
  });
  return call(
    manageQuotePage.action,
    postRequest(`/dashboard/manage-quotes/${quoteId}`, fields, { cookie: staff.cookie }),
    { id: String(quoteId) },
  );
}

async function accept(buyer: Buyer, quoteId: number, expectedTotal?: number, extra: Record<string, string> = {}) {
  const total = expectedTotal ?? (await getQuote(quoteId))!.totals.totalCents;
  return call(
    myQuotePage.action,
    postRequest(
      `/dashboard/quotes/${quoteId}`,
      { intent: "accept", ...SHIPPING, poNumber: "PO-Q-1", expectedTotal: String(total), ...extra },
      { cookie: buyer.cookie },
    ),
    { id: String(quoteId) },
  );
}

async function sentQuote() {
  const setup = await buyerWithCart();
  const staff = await createSignedInUser({ role: "admin" });
  const { quoteId } = await requestQuote(setup.buyer);
  const sent = await send(staff, quoteId, ["8.90", "35"]);
  expect(sent.status, JSON.stringify(sent.data)).toBe(302);
  return { ...setup, staff, quoteId };
}

function quoteRow(quoteId: number) {
  return db.selectFrom("quotes").selectAll().where("id", "=", quoteId).executeTakeFirstOrThrow();
}

function ordersOf(userId: number) {
  return db.selectFrom("orders").selectAll().where("user_id", "=", userId).execute();
}

describe("asking for a quote", () => {
  test("the cart's lines become a numbered request at the cart's prices; the cart stays as it is", async () => {
    const { buyer, gear, belt } = await buyerWithCart();
    const { outcome, quoteId } = await requestQuote(buyer);
    const quote = await quoteRow(quoteId);
    expect(quote).toMatchObject({
      status: "requested",
      user_id: buyer.user.id,
      note: "Needed by March; drawing GW-4471 rev C.",
    });
    expect(quote.number).toMatch(new RegExp(`^Q-${storeToday().slice(0, 4)}-\\d{5}$`));
    expect((await flashOf(outcome)).message).toBe(
      `Quote request ${quote.number} sent. We will email you when it is priced; your cart is as it was.`,
    );
    const lines = await db
      .selectFrom("quote_lines")
      .selectAll()
      .where("quote_id", "=", quoteId)
      .orderBy("position")
      .execute();
    expect(
      lines.map((line) => [
        line.item_id,
        line.part_number,
        line.item_name,
        line.quantity,
        Number(line.list_price_cents),
        line.quoted_price_cents,
      ]),
    ).toEqual([
      [gear.id, gear.part_number, gear.name, 40, 1000, null],
      [belt.id, belt.part_number, belt.name, 3, 4000, null],
    ]);
    const cart = await cartLinesOf(buyer.user.id);
    expect([...cart].sort((a, b) => a.itemId - b.itemId)).toEqual([
      { itemId: gear.id, quantity: 40 },
      { itemId: belt.id, quantity: 3 },
    ]);

    // The buyer's page: the lines at list prices, to be quoted.
    const page = await call(myQuotePage.loader, getRequest(`/dashboard/quotes/${quoteId}`, { cookie: buyer.cookie }), {
      id: String(quoteId),
    });
    expect(page.status).toBe(200);
    expect(page.data.quote).toMatchObject({ number: quote.number, status: "requested", priced: false });
    const list = await call(myQuotesPage.loader, getRequest("/dashboard/quotes", { cookie: buyer.cookie }));
    expect(list.data.quotes).toEqual([
      expect.objectContaining({ id: quoteId, status: "requested", totalCents: null, lineCount: 2 }),
    ]);
  });

  test("an empty cart asks for nothing (400); a note missing, too long or with control characters is refused (400)", async () => {
    const buyer = await createSignedInUser();
    const empty = await call(
      cartPage.action,
      postRequest("/cart", { intent: "request-quote", note: "Spares for line 2" }, { cookie: buyer.cookie }),
    );
    expect(empty.status).toBe(400);
    expect(formErrors(empty)).toEqual(["Your cart is empty: add the parts you want prices for first."]);

    const { buyer: other } = await buyerWithCart();
    const noNote = await call(
      cartPage.action,
      postRequest("/cart", { intent: "request-quote", note: "  " }, { cookie: other.cookie }),
    );
    expect(noNote.status).toBe(400);
    expect(fieldErrors(noNote).note).toEqual(["Enter what the quote is for"]);
    for (const note of ["x".repeat(2001), "drawing\u0000attached"]) {
      const refused = await call(
        cartPage.action,
        postRequest("/cart", { intent: "request-quote", note }, { cookie: other.cookie }),
      );
      expect(refused.status).toBe(400);
      expect(fieldErrors(refused).note?.[0]).toMatch(/at most 2000 characters|not allowed/);
    }
    expect(
      await db.selectFrom("quotes").select("id").where("user_id", "in", [buyer.user.id, other.user.id]).execute(),
    ).toEqual([]);
  });
});

describe("pricing, sending and accepting", () => {
  test("staff price and send; the buyer accepts: one order at the quoted prices, with the quote's lines", async () => {
    const { buyer, gear, belt, staff, quoteId } = await sentQuote();
    const quote = (await getQuote(quoteId))!;
    // 40 × £8.90 + 3 × £35.00 = £461.00: over £250, so shipping is free; VAT 20%.
    const expected = totalsFor([{ lineTotalCents: 35_600 }, { lineTotalCents: 10_500 }], DEFAULT_PRICING_RULES);
    expect(quote).toMatchObject({ status: "sent", priced: true, totals: expected });
    expect(quote.lines.map((line) => [line.listPriceCents, line.quotedPriceCents])).toEqual([
      [1000, 890],
      [4000, 3500],
    ]);
    const mail = await db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "quote-sent")
      .where("recipient", "=", buyer.user.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(quote.number);
    expect(mail.text_body).toContain(`/dashboard/quotes/${quoteId}`);
    expect(mail.text_body).toContain("40 × ");
    expect(mail.status).toBe("pending");

    const gearStock = (await stockOf(gear.id))!;
    const accepted = await accept(buyer, quoteId);
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(302);
    const [order] = await ordersOf(buyer.user.id);
    expect(accepted.location).toBe(`/dashboard/my-order/${order.id}`);
    expect((await flashOf(accepted)).message).toBe(`Quote ${quote.number} accepted. Order placed successfully.`);
    expect(order).toMatchObject({
      subtotal_cents: expected.subtotalCents,
      shipping_cents: 0,
      tax_cents: expected.taxCents,
      total_cents: expected.totalCents,
      po_number: "PO-Q-1",
      address: SHIPPING.address,
    });
    expect(
      (await linesOf(order.id)).map((line) => [
        line.item_id,
        line.quantity,
        Number(line.unit_price_cents),
        Number(line.line_total_cents),
      ]),
    ).toEqual([
      [gear.id, 40, 890, 35_600],
      [belt.id, 3, 3500, 10_500],
    ]);
    expect(await quoteRow(quoteId)).toMatchObject({ status: "accepted", order_id: order.id });
    expect(await stockOf(gear.id)).toBe(gearStock - 40);
    // The order's own mail; the quoted parts left the cart, as ordered parts do at checkout.
    expect(await db.selectFrom("outbox").select("kind").where("order_id", "=", order.id).execute()).toEqual([
      { kind: "order-placed" },
    ]);
    expect(await cartLinesOf(buyer.user.id)).toEqual([]);
    const staffPage = await call(
      manageQuotePage.loader,
      getRequest(`/dashboard/manage-quotes/${quoteId}`, { cookie: staff.cookie }),
      { id: String(quoteId) },
    );
    expect(staffPage.data.quote).toMatchObject({ status: "accepted", orderId: order.id });
  });

  test("a second accept is refused with 409 and orders nothing more", async () => {
    const { buyer, quoteId } = await sentQuote();
    expect((await accept(buyer, quoteId)).status).toBe(302);
    const [order] = await ordersOf(buyer.user.id);
    const again = await accept(buyer, quoteId);
    expect(again.status).toBe(409);
    expect(formErrors(again)[0]).toMatch(
      new RegExp(`^Quote Q-\\d{4}-\\d{5} was already accepted as order #${order.id}; nothing more was ordered\\.$`),
    );
    expect(again.data.quote).toMatchObject({ status: "accepted" });
    expect(await ordersOf(buyer.user.id)).toHaveLength(1);
  });

  test("20 accepts at once make one order; the others are told it was accepted", async () => {
    // The service itself: the page's rate limit (10 orders a minute) would answer most with 429.
    const { buyer, gear, quoteId } = await sentQuote();
    const stock = (await stockOf(gear.id))!;
    const { totalCents } = (await getQuote(quoteId))!.totals;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        acceptQuote(buyer.user.id, quoteId, { ...SHIPPING, expectedTotalCents: totalCents }),
      ),
    );
    const [order, ...none] = await ordersOf(buyer.user.id);
    expect(none).toEqual([]);
    expect(results.filter((result) => result.ok)).toEqual([
      { ok: true, orderId: order.id, number: expect.any(String) },
    ]);
    expect(results.filter((result) => !result.ok)).toEqual(
      Array(19).fill({ ok: false, reason: "accepted", number: expect.any(String), orderId: order.id }),
    );
    expect(await stockOf(gear.id)).toBe(stock - 40);
  });

  test("a requested quote cannot be accepted yet (409), nor a withdrawn one", async () => {
    const { buyer } = await buyerWithCart();
    const { quoteId } = await requestQuote(buyer);
    const early = await accept(buyer, quoteId, 1000);
    expect(early.status).toBe(409);
    expect(formErrors(early)[0]).toMatch(/has not been priced yet: you can accept it once we send it\.$/);

    const withdrawn = await call(
      myQuotePage.action,
      postRequest(`/dashboard/quotes/${quoteId}`, { intent: "withdraw" }, { cookie: buyer.cookie }),
      { id: String(quoteId) },
    );
    expect(withdrawn.status).toBe(302);
    expect(await quoteRow(quoteId)).toMatchObject({ status: "withdrawn" });
    const late = await accept(buyer, quoteId, 1000);
    expect(late.status).toBe(409);
    expect(formErrors(late)[0]).toMatch(/was withdrawn; it cannot be accepted\.$/);
    const again = await call(
      myQuotePage.action,
      postRequest(`/dashboard/quotes/${quoteId}`, { intent: "withdraw" }, { cookie: buyer.cookie }),
      { id: String(quoteId) },
    );
    expect(again.status).toBe(409);
    expect(await ordersOf(buyer.user.id)).toEqual([]);
  });

  test("a total changed by staff since the page was shown is refused (409); the new one is accepted", async () => {
    const { buyer, staff, quoteId } = await sentQuote();
    const shown = (await getQuote(quoteId))!.totals.totalCents;
    expect((await send(staff, quoteId, ["9.20", "35"])).status).toBe(302);
    const refused = await accept(buyer, quoteId, shown);
    expect(refused.status).toBe(409);
    expect(formErrors(refused)[0]).toMatch(/^Prices have changed since this page was shown: the total is now £/);
    expect(await ordersOf(buyer.user.id)).toEqual([]);
    const now = (await getQuote(quoteId))!.totals.totalCents;
    expect(refused.data.quote.totals.totalCents).toBe(now);
    expect((await accept(buyer, quoteId, now)).status).toBe(302);
    const [order] = await ordersOf(buyer.user.id);
    expect(Number((await linesOf(order.id))[0].unit_price_cents)).toBe(920);
  });

  test("staff sending from a version someone has since changed is refused (409) and saves nothing", async () => {
    const { staff, quoteId } = await sentQuote();
    const stale = (await getQuote(quoteId))!.version;
    expect((await send(staff, quoteId, ["9.00", "34"])).status).toBe(302);
    const refused = await send(staff, quoteId, ["1.00", "1.00"], { version: stale });
    expect(refused.status).toBe(409);
    expect(formErrors(refused)[0]).toMatch(/changed since this page was shown; nothing was saved/);
    expect((await getQuote(quoteId))!.lines.map((line) => line.quotedPriceCents)).toEqual([900, 3400]);
  });

  test("a part gone from the catalog since it was quoted cannot be ordered: 409 naming it, nothing ordered", async () => {
    const { buyer, belt, quoteId } = await sentQuote();
    await updateItem(belt.id, { hidden: 1 });
    const refused = await accept(buyer, quoteId);
    expect(refused.status).toBe(409);
    expect(formErrors(refused)[0]).toBe(
      `${belt.part_number} is no longer sold. Nothing was ordered; ask us for a new quote.`,
    );
    expect(await ordersOf(buyer.user.id)).toEqual([]);
    expect(await quoteRow(quoteId)).toMatchObject({ status: "sent" });
  });
});

describe("expiry", () => {
  test("past its valid-until date a quote is expired: accepting is refused with 410 and orders nothing", async () => {
    const { buyer, quoteId } = await sentQuote();
    const yesterday = addCalendarDays(storeToday(), -1);
    await db.updateTable("quotes").set({ valid_until: yesterday }).where("id", "=", quoteId).execute();
    const refused = await accept(buyer, quoteId);
    expect(refused.status).toBe(410);
    expect(formErrors(refused)[0]).toMatch(
      /^Quote Q-\d{4}-\d{5} expired on .+\. Nothing was ordered; ask us to renew it\.$/,
    );
    expect(refused.data.quote).toMatchObject({ status: "expired" });
    expect(await ordersOf(buyer.user.id)).toEqual([]);
    const page = await call(myQuotePage.loader, getRequest(`/dashboard/quotes/${quoteId}`, { cookie: buyer.cookie }), {
      id: String(quoteId),
    });
    expect(page.data.quote.status).toBe("expired");
  });

  test("by a fixed clock: valid through its date in the store's zone, expired the day after", async () => {
    const { buyer, quoteId } = await sentQuote();
    const { valid_until: lastDay } = await quoteRow(quoteId);
    const dayAfter = new Date(`${addCalendarDays(lastDay!, 1)}T12:00:00Z`);
    const late = await acceptQuote(buyer.user.id, quoteId, { ...SHIPPING }, { now: dayAfter });
    expect(late).toMatchObject({ ok: false, reason: "expired", validUntil: lastDay });
    const onTheDay = await acceptQuote(
      buyer.user.id,
      quoteId,
      { ...SHIPPING },
      { now: new Date(`${lastDay}T12:00:00Z`) },
    );
    expect(onTheDay).toMatchObject({ ok: true });
  });

  test("staff send an expired quote again with a new date; it can then be accepted", async () => {
    const { buyer, staff, quoteId } = await sentQuote();
    await db
      .updateTable("quotes")
      .set({ valid_until: addCalendarDays(storeToday(), -3) })
      .where("id", "=", quoteId)
      .execute();
    const expired = await call(
      manageQuotesPage.loader,
      getRequest("/dashboard/manage-quotes?status=expired", { cookie: staff.cookie }),
    );
    expect(expired.data.quotes.map((quote: { id: number }) => quote.id)).toContain(quoteId);
    expect((await send(staff, quoteId, ["8.90", "35"])).status).toBe(302);
    expect((await accept(buyer, quoteId)).status).toBe(302);
  });
});

describe("staff's form", () => {
  test("every price above zero, the date from today for at most a year: 400 beside the field, nothing saved", async () => {
    const { buyer } = await buyerWithCart();
    const staff = await createSignedInUser({ role: "admin" });
    const { quoteId } = await requestQuote(buyer);
    const today = storeToday();
    const zero = await send(staff, quoteId, ["0", "35"]);
    expect(zero.status).toBe(400);
    expect(fieldErrors(zero)["lines[0].unitPrice"]).toEqual(["Enter a price above 0"]);
    const words = await send(staff, quoteId, ["cheap", "35"]);
    expect(fieldErrors(words)["lines[0].unitPrice"]?.[0]).toMatch(/^Enter a price like/);
    const past = await send(staff, quoteId, ["9", "35"], { validUntil: addCalendarDays(today, -1) });
    expect(fieldErrors(past).validUntil).toEqual(["The quote must be valid until today or later"]);
    const far = await send(staff, quoteId, ["9", "35"], { validUntil: addCalendarDays(today, 366) });
    expect(fieldErrors(far).validUntil).toEqual(["A quote may be valid for at most 365 days"]);
    const notADate = await send(staff, quoteId, ["9", "35"], { validUntil: "2026-02-30" });
    expect(fieldErrors(notADate).validUntil).toEqual(["Enter a date such as 2026-12-31"]);
    const missing = await send(staff, quoteId, ["9"]);
    expect(missing.status).toBe(400);
    expect(await quoteRow(quoteId)).toMatchObject({ status: "requested", valid_until: null });
  });

  test("a line of another quote is not this quote's: 400, nothing saved", async () => {
    const first = await sentQuote();
    const { buyer } = await buyerWithCart();
    const { quoteId } = await requestQuote(buyer);
    const other = (await getQuote(first.quoteId))!;
    const own = (await getQuote(quoteId))!;
    const outcome = await call(
      manageQuotePage.action,
      postRequest(
        `/dashboard/manage-quotes/${quoteId}`,
        {
          intent: "send",
          version: String(own.version),
          validUntil: addCalendarDays(storeToday(), 10),
          "lines[0].lineId": String(other.lines[0].lineId),
          "lines[0].unitPrice": "1",
          "lines[1].lineId": String(own.lines[1].lineId),
          "lines[1].unitPrice": "1",
        },
        { cookie: first.staff.cookie },
      ),
      { id: String(quoteId) },
    );
    expect(outcome.status).toBe(400);
    expect((await getQuote(first.quoteId))!.lines[0].quotedPriceCents).toBe(890);
    expect(await quoteRow(quoteId)).toMatchObject({ status: "requested" });
  });

  test("decline a request: it is final, and an accepted quote cannot be declined or sent again (409)", async () => {
    const { buyer } = await buyerWithCart();
    const staff = await createSignedInUser({ role: "admin" });
    const { quoteId } = await requestQuote(buyer);
    const decline = (id: number) =>
      call(
        manageQuotePage.action,
        postRequest(`/dashboard/manage-quotes/${id}`, { intent: "decline" }, { cookie: staff.cookie }),
        { id: String(id) },
      );
    expect((await decline(quoteId)).status).toBe(302);
    expect(await quoteRow(quoteId)).toMatchObject({ status: "declined" });
    const resend = await send(staff, quoteId, ["9", "35"]);
    expect(resend.status).toBe(409);
    expect(formErrors(resend)[0]).toMatch(/is declined; it cannot be sent\.$/);

    const accepted = await sentQuote();
    expect((await accept(accepted.buyer, accepted.quoteId)).status).toBe(302);
    expect((await decline(accepted.quoteId)).status).toBe(409);
    const late = await send(accepted.staff, accepted.quoteId, ["1", "1"]);
    expect(late.status).toBe(409);
    expect(formErrors(late)[0]).toMatch(/is accepted; it cannot be sent\.$/);
  });
});

describe("who may see what", () => {
  test("another customer's quote is a 404 for the page, Accept and Withdraw; it stays as it was", async () => {
    const { quoteId } = await sentQuote();
    const stranger = await createSignedInUser();
    const page = await call(
      myQuotePage.loader,
      getRequest(`/dashboard/quotes/${quoteId}`, { cookie: stranger.cookie }),
      { id: String(quoteId) },
    );
    expect(page.status).toBe(404);
    expect((await accept(stranger, quoteId, 1)).status).toBe(404);
    const withdraw = await call(
      myQuotePage.action,
      postRequest(`/dashboard/quotes/${quoteId}`, { intent: "withdraw" }, { cookie: stranger.cookie }),
      { id: String(quoteId) },
    );
    expect(withdraw.status).toBe(404);
    expect(await quoteRow(quoteId)).toMatchObject({ status: "sent", order_id: null });
    const list = await call(myQuotesPage.loader, getRequest("/dashboard/quotes", { cookie: stranger.cookie }));
    expect(list.data.quotes).toEqual([]);
  });

  test("the staff pages are 403 for customers, page and form, and send visitors to sign in", async () => {
    const { buyer, quoteId } = await sentQuote();
    for (const outcome of [
      await call(manageQuotesPage.loader, getRequest("/dashboard/manage-quotes", { cookie: buyer.cookie })),
      await call(manageQuotePage.loader, getRequest(`/dashboard/manage-quotes/${quoteId}`, { cookie: buyer.cookie }), {
        id: String(quoteId),
      }),
      await send(buyer, quoteId, ["0.01", "0.01"]),
    ]) {
      expect(outcome.status).toBe(403);
    }
    expect((await getQuote(quoteId))!.lines[0].quotedPriceCents).toBe(890);
    const visitor = await call(manageQuotesPage.loader, getRequest("/dashboard/manage-quotes"));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/sign-in?redirectTo=%2Fdashboard%2Fmanage-quotes");
  });
});

describe("Manage Quotes' list", () => {
  test("filters by status, by number (whole, or its count) and by customer", async () => {
    const sent = await sentQuote();
    const { buyer } = await buyerWithCart();
    const { quoteId: requestedId } = await requestQuote(buyer);
    const requested = (await getQuote(requestedId))!;
    const idsOf = (quotes: { id: number }[]) => quotes.map((quote) => quote.id);

    expect(idsOf(await listAllQuotes({ status: "requested" }))).toContain(requestedId);
    expect(idsOf(await listAllQuotes({ status: "requested" }))).not.toContain(sent.quoteId);
    expect(idsOf(await listAllQuotes({ status: "sent" }))).toContain(sent.quoteId);
    expect(idsOf(await listAllQuotes({ search: requested.number }))).toEqual([requestedId]);
    expect(idsOf(await listAllQuotes({ search: requested.number.toLowerCase().replaceAll("-", " ") }))).toEqual([
      requestedId,
    ]);
    const count = String(Number(requested.number.split("-")[2]));
    expect(idsOf(await listAllQuotes({ search: count }))).toContain(requestedId);
    expect(idsOf(await listAllQuotes({ search: buyer.user.email }))).toEqual([requestedId]);

    const page = await call(
      manageQuotesPage.loader,
      getRequest(`/dashboard/manage-quotes?q=${encodeURIComponent(requested.number)}&status=bogus`, {
        cookie: sent.staff.cookie,
      }),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ status: "", search: requested.number });
    expect(idsOf(page.data.quotes)).toEqual([requestedId]);
  });
});
