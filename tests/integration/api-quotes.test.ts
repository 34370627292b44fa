import { describe, expect, test } from "vitest";

import { storeToday } from "~/config/env.server";
import { db } from "~/db/db.server";
import { addCalendarDays } from "~/lib/quotes";
import { addLinesToCart } from "~/models/cart";
import { getQuote } from "~/models/quote";
import { updateProfile } from "~/models/user.server";
import * as quotes from "~/routes/api.quote";
import * as quoteOne from "~/routes/api.quote.$id";
import * as quoteAccept from "~/routes/api.quote.$id.accept";
import { requestQuote, sendQuote } from "~/services/quotes.server";

import { apiRequest, callApi, createKeyThroughDashboard, type Credentials } from "../support/api";
import { newItem } from "../support/builders";
import { BASE_URL } from "../support/http";
import { linesOf, SHIPPING } from "../support/orders";
import { createSignedInUser } from "../support/users";

// GET /api/quote, GET /api/quote/:id and POST /api/quote/:id/accept: the pages' quotes and their
// one-transaction accept, by session cookie or API key, with the API's statuses and JSON errors.

/** A quote of 20 gears at £9.00 and 2 belts at £30.00 (list £12.50 and £40.00), sent by staff. */
async function sentQuoteFor(userId: number) {
  const gear = await newItem({ price_cents: 1250, quantity: 500 });
  const belt = await newItem({ price_cents: 4000, quantity: 50 });
  await addLinesToCart(userId, [
    { itemId: gear.id, quantity: 20 },
    { itemId: belt.id, quantity: 2 },
  ]);
  const created = await requestQuote(userId, "For line 3");
  if (!created.ok) throw new Error(created.reason);
  const quote = (await getQuote(created.quoteId))!;
  const sent = await sendQuote(created.quoteId, {
    version: quote.version,
    validUntil: addCalendarDays(storeToday(), 14),
    prices: new Map([
      [quote.lines[0].lineId, 900],
      [quote.lines[1].lineId, 3000],
    ]),
  });
  if (!sent.ok) throw new Error(sent.reason);
  await db.deleteFrom("carts").where("user_id", "=", userId).execute();
  return { quoteId: created.quoteId, number: created.number, gear, belt };
}

function acceptCall(quoteId: number | string, credentials: Credentials, body: unknown = { ...SHIPPING }) {
  return callApi(quoteAccept, apiRequest("POST", `/api/quote/${quoteId}/accept`, { ...credentials, body }), {
    id: String(quoteId),
  });
}

describe("reading quotes", () => {
  test("GET /api/quote/:id: the buyer's quote with list and quoted prices and its bill; anyone else's is a 404", async () => {
    const buyer = await createSignedInUser();
    const { quoteId, number, gear } = await sentQuoteFor(buyer.user.id);
    const outcome = await callApi(quoteOne, apiRequest("GET", `/api/quote/${quoteId}`, { cookie: buyer.cookie }), {
      id: String(quoteId),
    });
    expect(outcome.status).toBe(200);
    // 20 × 9.00 + 2 × 30.00 = 240.00, under 250: 9.50 shipping; VAT 20% of 249.50 = 49.90.
    expect(outcome.data).toMatchObject({
      _id: quoteId,
      number,
      status: "sent",
      note: "For line 3",
      validUntil: addCalendarDays(storeToday(), 14),
      orderId: null,
      subtotal: 240,
      shipping: 9.5,
      tax: 49.9,
      total: 299.4,
    });
    expect(outcome.data.lines[0]).toEqual({
      itemId: gear.id,
      partNumber: gear.part_number,
      name: gear.name,
      quantity: 20,
      listPrice: 12.5,
      quotedPrice: 9,
      lineTotal: 180,
    });
    expect(outcome.headers.get("Cache-Control")).toBe("no-store");

    const stranger = await createSignedInUser();
    for (const path of [`/api/quote/${quoteId}`, "/api/quote/abc"]) {
      const refused = await callApi(quoteOne, apiRequest("GET", path, { cookie: stranger.cookie }), {
        id: path.split("/").at(-1)!,
      });
      expect(refused.status).toBe(404);
      expect(refused.data).toEqual({ error: "No quote of yours has this id.", code: "not_found" });
    }
    const admin = await createSignedInUser({ role: "admin" });
    const staff = await callApi(quoteOne, apiRequest("GET", `/api/quote/${quoteId}`, { cookie: admin.cookie }), {
      id: String(quoteId),
    });
    expect(staff.status).toBe(200);
    const signedOut = await callApi(quoteOne, apiRequest("GET", `/api/quote/${quoteId}`), { id: String(quoteId) });
    expect(signedOut.status).toBe(401);
  });

  test("GET /api/quote lists the caller's own, newest first; ?all=1 is for admins; a request has no totals yet", async () => {
    const buyer = await createSignedInUser();
    const { quoteId: first } = await sentQuoteFor(buyer.user.id);
    const item = await newItem();
    await addLinesToCart(buyer.user.id, [{ itemId: item.id, quantity: 1 }]);
    const second = await requestQuote(buyer.user.id, undefined);
    if (!second.ok) throw new Error(second.reason);
    const other = await createSignedInUser();
    await sentQuoteFor(other.user.id);

    const own = await callApi(quotes, apiRequest("GET", "/api/quote", { cookie: buyer.cookie }));
    expect(own.status).toBe(200);
    expect(own.data.map((quote: { _id: number }) => quote._id)).toEqual([second.quoteId, first]);
    expect(own.data[0]).toMatchObject({
      status: "requested",
      validUntil: null,
      subtotal: null,
      total: null,
      lines: [{ quotedPrice: null, listPrice: 12.5, lineTotal: 12.5 }],
    });
    const all = await callApi(quotes, apiRequest("GET", "/api/quote?all=1", { cookie: buyer.cookie }));
    expect(all.status).toBe(403);
    const admin = await createSignedInUser({ role: "admin" });
    const everyone = await callApi(quotes, apiRequest("GET", "/api/quote?all=1", { cookie: admin.cookie }));
    expect(everyone.data.length).toBeGreaterThanOrEqual(3);
    expect((await callApi(quotes, apiRequest("GET", "/api/quote"))).status).toBe(401);
  });
});

describe("accepting a quote", () => {
  test("201 with the order at the quoted prices and its Location; a repeat is a 409 naming that order", async () => {
    const buyer = await createSignedInUser();
    const { quoteId, gear, belt } = await sentQuoteFor(buyer.user.id);
    const outcome = await acceptCall(
      quoteId,
      { cookie: buyer.cookie },
      { ...SHIPPING, poNumber: "PO-77", expectedTotal: 299.4 },
    );
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(201);
    expect(outcome.headers.get("Location")).toBe(`/api/order/${outcome.data._id}`);
    expect(outcome.data).toMatchObject({ status: "pending", poNumber: "PO-77", subtotal: 240, total: 299.4 });
    expect(
      outcome.data.lines.map((line: { itemId: number; unitPrice: number }) => [line.itemId, line.unitPrice]),
    ).toEqual([
      [gear.id, 9],
      [belt.id, 30],
    ]);
    expect((await linesOf(outcome.data._id)).map((line) => Number(line.unit_price_cents))).toEqual([900, 3000]);

    const again = await acceptCall(quoteId, { cookie: buyer.cookie });
    expect(again.status).toBe(409);
    expect(again.data.error).toMatch(new RegExp(`already accepted as order #${outcome.data._id}`));
    expect(again.data.quote).toMatchObject({ _id: quoteId, status: "accepted", orderId: outcome.data._id });
    expect(await db.selectFrom("orders").select("id").where("user_id", "=", buyer.user.id).execute()).toHaveLength(1);
  });

  test("by API key: an admin's key accepts the admin's own quote, never a customer's (404)", async () => {
    const admin = await createSignedInUser({ role: "admin" });
    const key = await createKeyThroughDashboard(admin.cookie);
    const own = await sentQuoteFor(admin.user.id);
    const customer = await createSignedInUser();
    const theirs = await sentQuoteFor(customer.user.id);

    const read = await callApi(quoteOne, apiRequest("GET", `/api/quote/${own.quoteId}`, { key }), {
      id: String(own.quoteId),
    });
    expect(read.status).toBe(200);
    const listed = await callApi(quotes, apiRequest("GET", "/api/quote", { key }));
    expect(listed.data.map((quote: { _id: number }) => quote._id)).toEqual([own.quoteId]);
    expect((await acceptCall(theirs.quoteId, { key })).status).toBe(404);
    expect(await getQuote(theirs.quoteId)).toMatchObject({ status: "sent", orderId: null });
    expect((await acceptCall(own.quoteId, { key })).status).toBe(201);
  });

  test("expired: 410 with the quote; not priced yet, or a stale expectedTotal: 409; nothing ordered", async () => {
    const buyer = await createSignedInUser();
    const { quoteId } = await sentQuoteFor(buyer.user.id);
    const stale = await acceptCall(quoteId, { cookie: buyer.cookie }, { ...SHIPPING, expectedTotal: 100 });
    expect(stale.status).toBe(409);
    expect(stale.data.error).toMatch(/^Prices have changed since this page was shown: the total is now £299\.40/);
    expect(stale.data.quote.total).toBe(299.4);

    await db
      .updateTable("quotes")
      .set({ valid_until: addCalendarDays(storeToday(), -1) })
      .where("id", "=", quoteId)
      .execute();
    const expired = await acceptCall(quoteId, { cookie: buyer.cookie });
    expect(expired.status).toBe(410);
    expect(expired.data.error).toMatch(/expired on .+\. Nothing was ordered/);
    expect(expired.data.quote.status).toBe("expired");

    const item = await newItem();
    await addLinesToCart(buyer.user.id, [{ itemId: item.id, quantity: 1 }]);
    const requested = await requestQuote(buyer.user.id, undefined);
    if (!requested.ok) throw new Error(requested.reason);
    const early = await acceptCall(requested.quoteId, { cookie: buyer.cookie });
    expect(early.status).toBe(409);
    expect(early.data.quote.status).toBe("requested");
    expect(await db.selectFrom("orders").select("id").where("user_id", "=", buyer.user.id).execute()).toEqual([]);
  });

  test("address and phone default from the profile; without them a 400; not JSON 415; a cookie write from another site 403", async () => {
    const buyer = await createSignedInUser();
    const { quoteId } = await sentQuoteFor(buyer.user.id);
    const missing = await acceptCall(quoteId, { cookie: buyer.cookie }, {});
    expect(missing.status).toBe(400);
    expect(missing.data.issues).toMatchObject({
      address: ["Enter a shipping address"],
      phone: ["Enter your phone number"],
    });
    const notJson = await callApi(
      quoteAccept,
      apiRequest("POST", `/api/quote/${quoteId}/accept`, {
        cookie: buyer.cookie,
        body: "address=x",
        headers: { "Content-Type": "text/plain", "Sec-Fetch-Site": "same-origin", Origin: BASE_URL },
      }),
      { id: String(quoteId) },
    );
    expect(notJson.status).toBe(415);
    const crossSite = await callApi(
      quoteAccept,
      apiRequest("POST", `/api/quote/${quoteId}/accept`, {
        cookie: buyer.cookie,
        body: { ...SHIPPING },
        headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      }),
      { id: String(quoteId) },
    );
    expect(crossSite.status).toBe(403);
    expect(await getQuote(quoteId)).toMatchObject({ status: "sent" });

    await updateProfile(buyer.user.id, { displayName: "Buyer", ...SHIPPING });
    const fromProfile = await acceptCall(quoteId, { cookie: buyer.cookie }, {});
    expect(fromProfile.status).toBe(201);
    expect(fromProfile.data).toMatchObject({ address: SHIPPING.address, phone: SHIPPING.phone });
  });

  test("GET on the accept call is a 405 with Allow", async () => {
    const buyer = await createSignedInUser();
    const outcome = await callApi(quoteAccept, apiRequest("GET", "/api/quote/1/accept", { cookie: buyer.cookie }), {
      id: "1",
    });
    expect(outcome.status).toBe(405);
    expect(outcome.headers.get("Allow")).toBe("POST, OPTIONS");
  });
});
